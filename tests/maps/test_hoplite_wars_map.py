"""The Hoplite Wars map holds every fact its rulebook states (powers, home cities, 29 cities,
23 towns, Delphi's double value, the named links, Corinth's one coast, the calendar), and with
its rules built it is listed as playable and starts a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gm.engine.position import Phase, starting_position
from gm.engine.season import following_phase
from gm.maps import load_map
from tests.maps.map_files import file_problems, named

ROOT = Path(__file__).resolve().parents[2]
MAP_FILE = ROOT / "maps" / "hoplite-wars.toml"

# Rule 1, as printed: each Major's three home cities, then its Minor State's one.
RULEBOOK_HOMES = {
    "Achea": (["Aegium", "Patrae", "Pellene"], "Chalcis"),
    "Aetolia": (["Agrinion", "Callion", "Thermos"], "Mantinea"),
    "Argolis": (["Argos", "Corinth", "Hermione"], "Pherea"),
    "Athens": (["Athens", "Marathon", "Thoricus"], "Anactorium"),
    "Boeotia": (["Aulis", "Orchomenos", "Thebes"], "Elis"),
    "Sparta": (["Sparta", "Prasiae", "Zarax"], "Elatea"),
    "Thessaly": (["Cierion", "Larissa", "Pelinna"], "Messene"),
}
COLONIES = ["Chios", "Phocaea", "Cos", "Rhodes", "Lesbos", "Samos", "Miletos"]
NAMED_TOWNS = [*COLONIES, "Tegea", "Lepreon"]
# The issue's names for the 14 towns the rulebook leaves unnamed.
RECONSTRUCTED_TOWNS = ["Plataea", "Eretria", "Aegina", "Epidaurus", "Sicyon", "Naupactus",
                       "Amphissa", "Leucas", "Zacynthus", "Pharsalus", "Histiaea", "Opus",
                       "Troezen", "Cephallenia"]


@pytest.fixture(scope="module")
def hoplite():
    return load_map("hoplite-wars")


def names(game_map, ids) -> set[str]:
    return {game_map.provinces[i].name for i in ids}


def test_the_map_file_passes_gm_map_check():
    assert file_problems(MAP_FILE) == []


def test_gm_map_check_on_the_command_line():
    from gm.cli import app

    result = CliRunner().invoke(app, ["map", "check", "hoplite-wars"])
    assert result.exit_code == 0, result.output
    assert "ok — 82 provinces, 53 supply centres, 14 powers" in result.output
    # the issue's check: 29 cities, 23 towns and Delphi, each at its value
    assert "centres by value: 1 worth 2, 29 worth 1, 23 worth ½" in result.output


def test_fourteen_powers_with_the_rulebooks_home_cities(hoplite):
    assert len(hoplite.powers) == 14
    for major, (homes, minor) in RULEBOOK_HOMES.items():
        major_id, minor_id = hoplite.power_id(major), hoplite.power_id(minor)
        assert major_id and minor_id and major_id != minor_id
        assert names(hoplite, hoplite.powers[major_id].home) == set(homes)
        assert names(hoplite, hoplite.powers[minor_id].home) == {minor}


def test_twenty_nine_cities_are_the_homes_and_megara(hoplite):
    cities = [p for p in hoplite.provinces.values() if p.supply == 1]
    assert len(cities) == 29
    homes = {h for power in hoplite.powers.values() for h in power.home}
    assert {p.id for p in cities} == homes | {named(hoplite, "Megara")}
    assert named(hoplite, "Megara") not in homes


def test_twenty_three_towns_worth_half(hoplite):
    towns = [p for p in hoplite.provinces.values() if p.supply == 0.5]
    assert len(towns) == 23
    assert names(hoplite, (p.id for p in towns)) == set(NAMED_TOWNS + RECONSTRUCTED_TOWNS)


def test_delphi_is_a_double_centre_and_the_total_is_forty_and_a_half_without_it(hoplite):
    delphi = hoplite.provinces[named(hoplite, "Delphi")]
    assert delphi.supply == 2
    assert len(hoplite.centres) == hoplite.declared_centres == 29 + 23 + 1
    without_delphi = sum(hoplite.provinces[c].supply for c in hoplite.centres if c != delphi.id)
    assert without_delphi == 40.5  # rule 13: "equivalent to some 40 1/2 supply centres"


def test_pylos_is_a_space_and_no_centre(hoplite):
    pylos = hoplite.provinces[named(hoplite, "Pylos")]
    assert not pylos.is_centre
    assert pylos.kind == "coast"


def test_sparta_tegea_and_tegea_lepreon_are_neighbours(hoplite):
    spa, teg, lep = (named(hoplite, n) for n in ("Sparta", "Tegea", "Lepreon"))
    assert hoplite.army_can_move(spa, teg) and hoplite.army_can_move(teg, spa)
    assert hoplite.army_can_move(teg, lep) and hoplite.army_can_move(lep, teg)


def test_corinth_has_one_coast_that_fleets_pass_through(hoplite):
    corinth = hoplite.provinces[named(hoplite, "Corinth")]
    assert corinth.canal
    assert hoplite.locations(corinth.id) == (corinth.id,)  # one coast, no nc/sc
    gulf, saronic = named(hoplite, "Alcyonian Gulf"), named(hoplite, "Saronic Gulf")
    assert hoplite.fleet_can_move(gulf, corinth.id) and hoplite.fleet_can_move(corinth.id, saronic)
    assert hoplite.fleet_can_move(saronic, corinth.id) and hoplite.fleet_can_move(corinth.id, gulf)
    assert not hoplite.fleet_can_move(gulf, saronic)  # round the Peloponnese otherwise


def test_the_seas_the_issue_names_are_on_the_board(hoplite):
    for sea in ("Corinthian Gulf", "Saronic Gulf", "Euboean Strait", "Aegean Sea",
                "Ionian Sea"):
        assert hoplite.provinces[named(hoplite, sea)].is_sea, sea


def test_the_colonies_are_aegean_towns_reached_by_sea(hoplite):
    for town in COLONIES:
        province = hoplite.provinces[named(hoplite, town)]
        assert province.kind == "coast"
        assert any(hoplite.provinces[x].is_sea for x in hoplite.fleet_adj[province.id]), town


def test_every_province_is_placed_at_its_real_longitude_and_latitude(hoplite):
    assert hoplite.projection == "lonlat"
    for province in hoplite.provinces.values():
        lon, lat = province.pos
        assert 19.5 < lon < 29 and 35.5 < lat < 40.5, province.id  # Greece and the Aegean
    athens, sparta = (hoplite.provinces[named(hoplite, n)].pos for n in ("Athens", "Sparta"))
    assert athens[0] > sparta[0] and athens[1] > sparta[1]  # Athens lies NE of Sparta


def test_the_game_opens_with_the_winter_451_set_up_and_no_units(hoplite):
    position = starting_position(hoplite)
    assert position.phase == Phase(451, "Winter", "Adjustment")
    assert position.units == []
    homes = {h for power in hoplite.powers.values() for h in power.home}
    assert set(position.owners) == homes  # Megara and every town start neutral
    assert hoplite.calendar.year_label(451) == "451 BC"
    first_move = following_phase(position.phase, hoplite)
    assert first_move == Phase(450, "Spring", "Movement")


def test_the_start_draws_no_pieces_and_every_centre_at_its_value(hoplite):
    from gm.draw import draw_phase
    from gm.draw.board_maker import make_board
    from tests.draw.svg_structure import parse, with_class

    start = starting_position(hoplite)
    root = parse(draw_phase(hoplite, make_board(hoplite, start, game="start")))
    assert with_class(root, "piece") == []
    centres = {e.get("data-province"): (e.get("data-owner"), e.get("data-value"))
               for e in with_class(root, "centre")}
    assert set(centres) == set(hoplite.centres)
    assert {p: owner for p, (owner, _) in centres.items() if owner} == start.owners
    values = [value for _, value in centres.values()]
    assert (values.count("1"), values.count("0.5"), values.count("2")) == (29, 23, 1)
    assert centres[named(hoplite, "Delphi")] == ("", "2")


def test_the_map_is_listed_as_playable_and_starts_a_game(tmp_path):
    from gm.cli import app

    runner = CliRunner()
    listed = runner.invoke(app, ["variants"])
    line = next(row for row in listed.output.splitlines() if row.startswith("hoplite-wars"))
    assert line.endswith("14 powers, 53 supply centres worth 42½")  # 29 cities, 23 towns, Delphi

    db = tmp_path / "gm.db"
    started = runner.invoke(app, ["new", "g1", "--variant", "hoplite-wars", "--db", str(db)])
    assert started.exit_code == 0, started.output
    assert "Started g1 (Hoplite Wars) at Winter 451 BC" in started.output
