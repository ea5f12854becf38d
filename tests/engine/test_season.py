"""The season engine on real maps: phases follow the calendar, empty phases are skipped,
centres change hands when the calendar says, adjustments build and remove."""

from __future__ import annotations

import pytest

from gm.engine.position import Phase, Position, Unit, starting_position
from gm.engine.results import CentreChanged
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders.parse import parse_order


def play(season: Season, position: Position, *orders: str):
    """Adjudicate `orders` ('France: A par - bur') for the current phase."""
    parsed = []
    for text in orders:
        power, _, order = text.partition(":")
        parsed.append(parse_order(order.strip(), season.game_map,
                                  season.game_map.power_id(power)))
    return season.adjudicate(position, parsed)


@pytest.fixture()
def season(standard_map):
    return Season.for_map(standard_map)


def test_a_quiet_year_skips_retreats_and_adjustments(season, standard_map):
    position = starting_position(standard_map)
    assert position.phase == Phase(1901, "Spring", "Movement")
    spring = play(season, position)
    assert spring.position.phase == Phase(1901, "Autumn", "Movement")
    autumn = play(season, spring.position)
    assert autumn.position.phase == Phase(1902, "Spring", "Movement")
    assert all(r.code == "held" for r in autumn.results)


def test_centres_change_hands_after_autumn_only(season, standard_map):
    position = starting_position(standard_map)
    spring = play(season, position, "Germany: A mun - bur", "France: A par - pic")
    assert "bel" not in spring.position.owners
    spring.position.phase = Phase(1901, "Spring", "Movement")  # play another spring move
    moved = play(season, spring.position, "Germany: A bur - bel")
    assert moved.position.phase == Phase(1901, "Autumn", "Movement")
    assert "bel" not in moved.position.owners  # a spring capture counts for nothing yet
    autumn = play(season, moved.position, "Germany: A bel H")
    assert autumn.position.owners["bel"] == "germany"
    assert CentreChanged("bel", None, "germany") in autumn.events
    assert autumn.position.phase == Phase(1901, "Winter", "Adjustment")
    winter = play(season, autumn.position, "Germany: Build A mun")
    assert winter.position.phase == Phase(1902, "Spring", "Movement")
    assert Unit("germany", "A", "mun") in winter.position.units


def test_a_dislodgement_opens_a_retreat_phase(season):
    position = Position(Phase(1901, "Spring", "Movement"), [
        Unit("france", "A", "par"), Unit("france", "A", "gas"), Unit("germany", "A", "bur"),
    ], {})
    outcome = play(season, position, "France: A par - bur", "France: A gas S A par - bur")
    after = outcome.position
    assert after.phase == Phase(1901, "Spring", "Retreat")
    [dislodged] = after.dislodged
    assert dislodged.unit == Unit("germany", "A", "bur") and dislodged.attacker_from == "par"
    from gm.engine.retreat_phase import retreat_options

    assert "par" not in retreat_options(dislodged, after, season.game_map)
    retreat = play(season, after, "Germany: A bur - mun")
    assert retreat.position.phase == Phase(1901, "Autumn", "Movement")
    assert Unit("germany", "A", "mun") in retreat.position.units


def test_missing_removals_follow_civil_disorder(season):
    position = Position(Phase(1901, "Winter", "Adjustment"), [
        Unit("russia", "A", "mos"), Unit("russia", "A", "swe"), Unit("russia", "F", "bla"),
    ], {"mos": "russia", "sev": "russia"})
    outcome = play(season, position)
    assert [u.province for u in outcome.position.units] == ["mos", "bla"]
    [removal] = [r for r in outcome.results if r.code == "removed"]
    assert removal.unit.province == "swe" and "civil disorder" in removal.detail


def write_map(tmp_path, monkeypatch, text: str, name: str):
    (tmp_path / f"{name}.toml").write_text(text.replace('id = "standard"', f'id = "{name}"'))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    return load_map(name)


ENGLAND_ONE_REMOVAL = Position(Phase(1901, "Winter", "Adjustment"), [
    Unit("england", "F", "nrg"), Unit("england", "F", "nth"), Unit("england", "A", "swe"),
], {"edi": "england", "swe": "england"})


def test_civil_disorder_measures_from_home_centres_by_default(season):
    """The 1971/1982 rulebooks (DATC v2.4): A Swe is three moves from England's homes."""
    outcome = play(season, ENGLAND_ONE_REMOVAL.copy())
    assert [u.label() for u in outcome.position.units] == ["F nrg", "F nth"]


def test_a_map_may_measure_civil_disorder_from_owned_centres(tmp_path, monkeypatch,
                                                             standard_text):
    """`civil_disorder = "owned"` (the 2023 rulebook): A Swe stands on an owned centre, and of
    the two fleets one move away the North Sea comes first by name."""
    text = standard_text.replace("[victory]", '[rules]\ncivil_disorder = "owned"\n\n[victory]')
    game_map = write_map(tmp_path, monkeypatch, text, "owned")
    assert game_map.civil_disorder == "owned" and game_map.rules == {}
    outcome = play(Season.for_map(game_map), ENGLAND_ONE_REMOVAL.copy())
    assert [u.label() for u in outcome.position.units] == ["F nrg", "A swe"]


def test_an_unknown_civil_disorder_reading_is_refused(tmp_path, monkeypatch, standard_text):
    from gm.maps.loader import MapError

    text = standard_text.replace("[victory]", '[rules]\ncivil_disorder = "nearest"\n\n[victory]')
    with pytest.raises(MapError, match="civil_disorder must be one of 'home', 'owned'"):
        write_map(tmp_path, monkeypatch, text, "nearest")


def test_bc_years_count_down(tmp_path, monkeypatch, standard_text):
    text = standard_text.replace("first_year = 1901", "first_year = 601") \
        .replace('years = "up"', 'years = "down"') \
        .replace('year_format = "{year}"', 'year_format = "{year} BC"')
    game_map = write_map(tmp_path, monkeypatch, text, "bc")
    season = Season.for_map(game_map)
    position = starting_position(game_map)
    assert position.phase.label(game_map) == "Spring 601 BC Movement"
    autumn = play(season, play(season, position).position)
    assert autumn.position.phase.label(game_map) == "Spring 600 BC Movement"


def test_a_one_movement_year(tmp_path, monkeypatch, standard_text):
    text = standard_text.replace(
        'phases = ["Spring Movement", "Spring Retreat", "Autumn Movement", "Autumn Retreat", '
        '"Winter Adjustment"]',
        'phases = ["Summer Movement", "Autumn Retreat", "Winter Adjustment"]') \
        .replace('start = "Spring Movement"', 'start = "Summer Movement"') \
        .replace('ownership_after = ["Autumn"]', 'ownership_after = ["Summer"]') \
        .replace('year_format = "{year}"', 'year_format = "Third Age {year}"') \
        .replace("first_year = 1901", "first_year = 3000")
    game_map = write_map(tmp_path, monkeypatch, text, "summer")
    season = Season.for_map(game_map)
    position = starting_position(game_map)
    assert position.phase.label(game_map) == "Summer Third Age 3000 Movement"
    summer = play(season, position, "Germany: A mun - bur", "Germany: A ber - kie",
                  "Germany: F kie - hol")
    # Holland is taken after the single summer move; Germany builds in Winter
    assert summer.position.owners["hol"] == "germany"
    assert summer.position.phase == Phase(3000, "Winter", "Adjustment")
    winter = play(season, summer.position, "Germany: Build A ber")
    assert winter.position.phase == Phase(3001, "Summer", "Movement")
    # a dislodgement in summer is retreated in autumn, then winter adjusts
    position = Position(Phase(3001, "Summer", "Movement"), [
        Unit("france", "A", "par"), Unit("france", "A", "gas"), Unit("germany", "A", "bur"),
    ], {"par": "france", "bur": "germany"})
    attack = play(season, position, "France: A par - bur", "France: A gas S A par - bur")
    assert attack.position.phase.label(game_map) == "Autumn Third Age 3001 Retreat"
    retreat = play(season, attack.position, "Germany: A bur - mun")
    assert retreat.position.phase.label(game_map) == "Winter Third Age 3001 Adjustment"
