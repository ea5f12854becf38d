"""The calendar: phase names as GMs write them, on the standard calendar and on a BC one,
and phases in the order they are played."""

from __future__ import annotations

import copy

import pytest

from gm.calendar import (
    Phase,
    PhaseNameError,
    following_phase,
    label_key,
    parse_phase_name,
    phase_key,
    phase_name,
    require_phase,
    season_title,
)
from gm.maps.gamemap import Calendar


@pytest.mark.parametrize("phase, name", [
    (Phase(1901, "Spring", "Movement"), "Spring 1901"),
    (Phase(1901, "Spring", "Retreat"), "Spring 1901 Retreat"),
    (Phase(1901, "Autumn", "Retreat"), "Autumn 1901 Retreat"),
    (Phase(1902, "Winter", "Adjustment"), "Winter 1902"),
])
def test_standard_names_round_trip(standard_map, phase, name):
    assert phase_name(phase, standard_map) == name
    assert parse_phase_name(name, standard_map) == phase


@pytest.mark.parametrize("text, phase", [
    ("S1901M", Phase(1901, "Spring", "Movement")),
    ("a1903r", Phase(1903, "Autumn", "Retreat")),
    ("W1901A", Phase(1901, "Winter", "Adjustment")),
    ("Fall 1901", Phase(1901, "Autumn", "Movement")),
    ("Fall of 1901", Phase(1901, "Autumn", "Movement")),
    ("F1901M", Phase(1901, "Autumn", "Movement")),
    ("f1901r", Phase(1901, "Autumn", "Retreat")),
    ("Autumn, 1901", Phase(1901, "Autumn", "Movement")),
    ("Spring of 1902 Retreat", Phase(1902, "Spring", "Retreat")),
    ("spring 1901 movement", Phase(1901, "Spring", "Movement")),
    ("Winter 1901 Adjustment", Phase(1901, "Winter", "Adjustment")),
])
def test_other_spellings(standard_map, text, phase):
    assert parse_phase_name(text, standard_map) == phase


@pytest.mark.parametrize("text", ["A Par - Bur", "Summer 1901", "Spring", "Winter 1901 Retreat",
                                  "France:"])
def test_things_that_are_not_phases(standard_map, text):
    assert parse_phase_name(text, standard_map) is None


def test_require_phase_explains_the_form(standard_map):
    with pytest.raises(PhaseNameError, match="write it like 'Spring 1901' or 'S1901M'"):
        require_phase("Sprung 1901", standard_map)


@pytest.fixture()
def bc_map(standard_map):
    game_map = copy.copy(standard_map)
    game_map.calendar = Calendar(first_year=601, step=-1, year_format="{year} BC",
                                 phases=(("Summer", "Movement"), ("Autumn", "Retreat"),
                                         ("Winter", "Adjustment")),
                                 start=("Summer", "Movement"), ownership_after=("Summer",))
    return game_map


def test_bc_calendar(bc_map):
    assert phase_name(Phase(601, "Summer", "Movement"), bc_map) == "Summer 601 BC"
    assert phase_name(Phase(600, "Autumn", "Retreat"), bc_map) == "Autumn 600 BC"
    assert parse_phase_name("Summer 601 BC", bc_map) == Phase(601, "Summer", "Movement")
    assert parse_phase_name("Autumn 600 BC Retreat", bc_map) == Phase(600, "Autumn", "Retreat")
    assert parse_phase_name("summer 601", bc_map) == Phase(601, "Summer", "Movement")


def test_ambiguous_short_id_is_an_error(bc_map):
    bc_map.calendar = Calendar(first_year=601, step=-1, year_format="{year} BC",
                               phases=(("Spring", "Movement"), ("Summer", "Movement"),
                                       ("Winter", "Adjustment")),
                               start=("Spring", "Movement"), ownership_after=("Summer",))
    with pytest.raises(PhaseNameError, match="write the season in full"):
        parse_phase_name("S601M", bc_map)


def test_worded_years_are_read_and_titled():
    from gm.maps import load_map

    middle_earth = load_map("middle-earth-viii")
    summer = Phase(3000, "Summer", "Movement")
    assert season_title(summer, middle_earth) == "Summer 3000 (Third Age)"
    assert phase_name(summer, middle_earth) == "Summer Third Age 3000"
    for text in ("Summer Third Age 3000", "Summer, Third Age 3000", "summer 3000", "S3000M"):
        assert parse_phase_name(text, middle_earth) == summer, text


def test_phases_sort_as_played_on_a_bc_calendar(bc_map):
    played = [Phase(601, "Summer", "Movement")]
    for _ in range(5):
        played.append(following_phase(played[-1], bc_map))
    assert [p.year for p in played] == [601, 601, 601, 600, 600, 600]
    assert sorted(played, key=lambda p: phase_key(p, bc_map)) == played
    assert label_key("Autumn 601 BC", bc_map) < label_key("Summer 600 BC", bc_map)
    assert label_key("Sprung 601", bc_map) is None
