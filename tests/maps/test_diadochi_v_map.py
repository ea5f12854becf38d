"""The Diadochi V map holds what the rulebook says: every space of its key with its
abbreviation, the powers, homes and starting units of rule 2, 240 BC counting down, Rome's
triple centre, the special build sites, rebel centres, impassable spaces, canals, two-coast
provinces and direct passages; a supply total that lets two powers reach 25 together; and, while
its rules are still to be built, it is a draft that `gm new` refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gm.engine.position import Phase, Position, Unit, starting_position
from gm.engine.results import CentreChanged
from gm.engine.season import update_ownership
from gm.maps import load_map
from gm.maps.map_check import check_text
from gm.rules import RuleSet
from tests.maps.map_files import file_problems, named

ROOT = Path(__file__).resolve().parents[2]
MAP_FILE = ROOT / "maps" / "diadochi-v.toml"

# The rulebook's key, as printed: capitalised codes are seas, the others land.
KEY = """\
AEG Aegean Sea; AFR African Sea; AIO Aiolic Sea; Alx Alexandria; Ant Antioch; Aqu Aquitania;
Arb Arbela; Arm Armenia; Asp Aspis; Ath Athens; Atr Atrophene; BAR Barca Sea; Bel Belgica;
Ben Beneventum; Bru Brudisium; Cha Charax; Cil Cilicia; Cis Cisalpine Gaul; Col Colchis;
Com Commagene; Cre Crete; Cyp Cyprus; Cyr Cyrene; Dur Dura; ECe East Celtica; EEU East Euxine;
EGY Egyptian Sea; Eph Ephesus; Epi Epirus; Ete Etruria; Fre Fretus; Gad Gades; Gal Galatia;
Had Hadrumetum; HEL Hellespont; Ibe Iberia; IBS Iberian Sea; ION Ionian Sea; Ill Illyria;
ISS Gulf of Issus; Jer Jerusalem; Khe Kherson; Kor Korinth; Lar Larissa; LEV Levantine Sea;
LGr Lower Germany; Lib Libya; LIG Ligurian Sea; LpM Leptis Magna; Lug Lugendensis;
Lus Lusitania; Lyc Lycaonia; Mae Maeotis; Mal Malacca; Mau Mauretania; Mel Melitene;
Moe Moesia; MTA Melita Sea; Nab Nabathea; NAD North Adriatic Sea; Nea Neapolis;
New New Carthage; Nor Noricum; NTY North Tyrrhenian Sea; Num Numidia; OAT Oceanus Atlanticus;
Pal Palermo; PAM Pamphyllian Sea; Pan Pannonia; Pap Paphlagonia; Pel Pella; Per Pergamum;
Phi Philadelphia; Phr Phrygia; PIT Pityusean Sea; Pmy Palmyra; Pon Pontus; Pto Ptolemais;
Rav Ravenna; RED Red Sea; Rha Rhaetia; Rom Rome; Sag Sagumtum; Sah Sahara; Sar Sardinia;
Scy Scythia; Sel Seleukia; Sid Sidon; Sin Sinai; SRT Syrtis Gulf; STY South Tyrrhenian Sea;
Syr Syracuse; Thr Thrace; Tyr Tyre; UGr Upper Germany; Ven Venetia; WCe West Celtica;
WEU West Euxine"""
ENTRIES = [entry.strip().split(" ", 1) for entry in KEY.replace("\n", " ").split(";")]

# Rule 2, as printed.
PLACEMENT = {
    "carthage": ["F Carthage", "A Hadrumetum", "A New Carthage", "A Gades"],
    "egypt": ["F Alexandria", "F Cyprus", "A Ptolemais"],
    "macedonia": ["F Korinth", "A Larissa", "A Pella"],
    "rome": ["F Neapolis", "F Rome", "A Brudisium", "A Ravenna"],
    "syria": ["F Antioch", "A Arbela", "A Seleukia"],
}
# Rule 12: "Pergamum or Nicea and Thrace" is two passages; "Colohis" is Colchis.
PASSAGES = [("Gades", "Mauretania"), ("Neapolis", "Syracuse"), ("Pergamum", "Thrace"),
            ("Nicea", "Thrace"), ("Kherson", "Colohis"), ("Sinai", "Ptolemais")]


@pytest.fixture(scope="module")
def dv():
    return load_map("diadochi-v")


@pytest.fixture(scope="module")
def spec():
    return check_text(MAP_FILE.read_text(encoding="utf-8"), str(MAP_FILE)).spec


def test_gm_map_check_passes():
    assert file_problems(MAP_FILE) == []
    result = CliRunner().invoke(_app(), ["map", "check", "diadochi-v"])
    assert result.exit_code == 0, result.output
    assert "ok — 102 provinces, 46 supply centres, 5 powers" in result.output


def _app():
    from gm.cli import app

    return app


def test_the_key_has_22_seas_and_76_land_spaces():
    seas = [code for code, _ in ENTRIES if code.isupper()]
    assert len(ENTRIES) == 98
    assert len(seas) == 22


@pytest.mark.parametrize("code,name", ENTRIES, ids=[code for code, _ in ENTRIES])
def test_every_space_of_the_key_is_there_by_its_abbreviation_and_name(dv, code, name):
    pid = code.lower()
    assert pid in dv.provinces
    assert dv.province_id(code) == pid  # in any case: `F Alx - EGY`, `f alx - egy`
    assert dv.province_id(code.lower()) == pid
    assert dv.province_id(name) == pid
    kind = dv.provinces[pid].kind
    assert (kind == "sea") == code.isupper(), f"{code} is {kind}"


def test_the_spaces_the_key_omits(dv):
    assert dv.provinces["car"].name == "Carthage" and dv.provinces["car"].kind == "coast"
    assert named(dv, "Nicea") == "nic" and named(dv, "Bithynia") == "nic"
    assert dv.provinces["nic"].kind == "coast"
    assert len(dv.provinces) == 98 + 2 + 2  # the key, Carthage and Nicea, Britain and Dacia


@pytest.mark.parametrize("printed,pid", [("Brudisium", "bru"), ("Sagumtum", "sag"),
                                         ("Malacca", "mal"), ("Lugendensis", "lug"),
                                         ("Colohis", "col"), ("Jar", "jer")])
def test_the_rulebooks_spellings_are_aliases(dv, printed, pid):
    assert dv.province_id(printed) == pid
    assert printed in dv.provinces[pid].aliases


def test_britain_and_dacia_are_impassable_and_nothing_leads_into_them(dv):
    for name in ("Britain", "Dacia"):
        pid = named(dv, name)
        assert dv.provinces[pid].kind == "impassable"
        assert not dv.army_adj.get(pid) and pid not in dv.fleet_adj
        assert all(pid not in links for links in dv.army_adj.values())
        assert all(pid not in {x.split("/")[0] for x in links}
                   for links in dv.fleet_adj.values())
    assert [p for p, prov in dv.provinces.items() if prov.kind == "impassable"] == ["bri", "dac"]


def test_powers_home_centres_and_starting_units_are_rule_2s(dv):
    assert set(dv.powers) == set(PLACEMENT)
    homes = []
    for power, units in PLACEMENT.items():
        expected = sorted(f"{u[0]} {named(dv, u[2:])}" for u in units)
        assert sorted(dv.powers[power].units) == expected
        assert sorted(dv.powers[power].home) == sorted(u.split()[1] for u in expected)
        homes += dv.powers[power].home
    assert len(homes) == len(set(homes)) == 17
    start = starting_position(dv)
    assert len(start.units) == 17
    assert {c: p for c, p in start.owners.items()} == {
        h: p for p, pw in dv.powers.items() for h in pw.home}


def test_the_game_starts_in_spring_240_bc_and_the_years_count_down(dv):
    cal = dv.calendar
    assert (cal.first_year, cal.start) == (240, ("Spring", "Movement"))
    assert cal.step == -1
    assert cal.year_label(cal.first_year) == "240 BC"
    assert cal.year_label(cal.first_year + cal.step) == "239 BC"


def test_rome_is_triple_for_rome_and_single_for_anyone_else(dv):
    rome = dv.provinces["rom"]
    assert rome.value_for("rome") == 3
    assert all(rome.value_for(p) == 1 for p in ("carthage", "egypt", "macedonia", "syria"))


def test_the_double_centres_and_the_supply_total(dv):
    doubles = {p for p in dv.centres if dv.provinces[p].supply == 2}
    assert doubles == {"alx", "ant", "car", "kor", "syr", "eph"}
    assert len(dv.centres) == dv.declared_centres == 46
    total = sum(dv.provinces[c].supply for c in dv.centres)
    assert total == 52  # Rome counted single
    assert sum(dv.provinces[c].value_for("rome") for c in dv.centres) == 54  # Rome Roman
    assert total >= 2 * dv.victory_count  # two powers can reach 25 together (rule 13)


def test_every_centre_counts_at_its_value_for_its_owner(dv):
    rules = RuleSet.for_map(dv)
    start = starting_position(dv)
    supply = {p: rules.supply.of(p, start, dv) for p in dv.powers}
    assert supply == {"carthage": 5, "egypt": 4, "macedonia": 4, "rome": 6, "syria": 4}


def test_the_rebel_centres_are_neutral_centres(dv):
    for name in ("Armenia", "Belgica", "Illyria", "Scythia"):
        pid = named(dv, name)
        assert dv.provinces[pid].supply == 1
        assert dv.home_power(pid) is None


def test_special_build_sites_are_not_centres_and_their_holder_builds_there(dv):
    sites = [p for p, prov in dv.provinces.items() if prov.build_site]
    assert sorted(sites) == ["ath", "jer", "sid"]
    assert not any(dv.provinces[p].is_centre for p in sites)
    rules = RuleSet.for_map(dv)
    start = starting_position(dv)
    winter = Position(Phase(240, "Winter", "Adjustment"), [], {**start.owners, "jer": "egypt"})
    assert "jer" in rules.build_sites("egypt", winter, dv)
    assert "jer" not in rules.build_sites("syria", winter, dv)
    assert "ath" not in rules.build_sites("macedonia", winter, dv)  # nobody holds it yet


def test_a_special_build_site_changes_hands_like_a_centre(dv):
    autumn = Position(Phase(240, "Autumn", "Movement"), [Unit("syria", "A", "jer")], {})
    assert update_ownership(autumn, "Autumn", dv) == [CentreChanged("jer", None, "syria")]
    assert autumn.owners == {"jer": "syria"}


def test_alexandria_and_athens_are_one_coast_canals_between_two_seas(dv):
    canals = {p for p, prov in dv.provinces.items() if prov.canal}
    assert canals == {"alx", "ath"}
    for pid, seas in (("alx", {"egy", "red"}), ("ath", {"aeg", "ion"})):
        assert dv.locations(pid) == (pid,)
        assert seas <= dv.fleet_adj[pid]
        for sea in seas:
            assert pid in dv.fleet_adj[sea]
    # the Red Sea is reached from the Mediterranean only through Alexandria's canal
    red_coast = {x for x in dv.fleet_adj["red"]}
    assert red_coast == {"alx", "sin", "pto", "nab"}
    assert not any(dv.provinces[p].kind == "sea" for p in red_coast)


def test_aquitania_scythia_and_larissa_have_two_coasts(dv):
    multi = {p: dv.locations(p) for p in dv.provinces if len(dv.locations(p)) > 1}
    assert multi == {"aqu": ("aqu/sc", "aqu/wc"), "scy": ("scy/ec", "scy/wc"),
                     "lar": ("lar/ec", "lar/sc")}
    assert dv.fleet_can_move("oat", "aqu/wc") and not dv.fleet_can_move("oat", "aqu/sc")
    assert dv.fleet_can_move("lig", "aqu/sc") and not dv.fleet_can_move("lig", "aqu/wc")
    assert dv.fleet_can_move("weu", "scy/wc") and dv.fleet_can_move("eeu", "scy/ec")
    assert dv.fleet_can_move("aeg", "lar/ec") and dv.fleet_can_move("ion", "lar/sc")
    assert not dv.fleet_can_move("ion", "lar/ec")


def test_the_direct_passages_of_rule_12(dv, spec):
    pairs = {frozenset((named(dv, a), named(dv, b))) for a, b in PASSAGES}
    assert {frozenset(link.ends) for link in spec.passages} == pairs
    assert len(spec.passages) == 6
    for pair in pairs:
        a, b = sorted(pair)
        assert dv.army_can_move(a, b) and dv.army_can_move(b, a)
        # a passage is not also an ordinary border: without it, the ends do not touch
        assert b not in spec.provinces[a].army and b not in spec.provinces[a].fleet
        # any unit may use it: a fleet too, between two coasts
        assert dv.fleet_can_move(a, b) and dv.fleet_can_move(b, a)


def adjudicate(game_map, units: list[Unit], orders: dict[str, list[str]]):
    """One Spring 240 BC movement on this map: {unit location: (succeeded, code)}."""
    from gm.engine.season import Season
    from gm.orders.parse import parse_order

    position = Position(Phase(240, "Spring", "Movement"), units, {})
    typed = [parse_order(text, game_map, power) for power, lines in orders.items()
             for text in lines]
    outcome = Season.for_map(game_map).adjudicate(position, typed)
    return {r.unit.location: (r.succeeded, r.code) for r in outcome.results if r.unit}


def test_orders_in_the_keys_abbreviations_in_any_case(dv):
    from gm.orders.parse import parse_order

    assert parse_order("F Alx - EGY", dv, "egypt") == parse_order("f alx - egy", dv, "egypt")
    assert str(parse_order("F Alx - EGY", dv, "egypt")) == "F Alx - Egy"
    assert str(parse_order("A Brudisium - Neapolis", dv, "rome")) == "A Bru - Nea"


def test_a_passage_is_crossed_while_a_fleet_below_goes_about_its_business(dv):
    units = [Unit("rome", "A", "nea"), Unit("carthage", "F", "ion"),
             Unit("carthage", "A", "gad"), Unit("rome", "F", "ibs"), Unit("egypt", "F", "red"),
             Unit("egypt", "A", "sin")]
    results = adjudicate(dv, units, {
        "rome": ["A Nea - Syr", "F Ibs - Mal"],
        "carthage": ["F Ion - Mta", "A Gad - Mau"],
        "egypt": ["F Red S A Sin - Pto", "A Sin - Pto"],
    })
    assert results == {"nea": (True, "moved"), "ion": (True, "moved"),
                       "gad": (True, "moved"), "ibs": (True, "moved"),
                       "red": (True, "supported"), "sin": (True, "moved")}


def test_fleets_pass_through_the_canals_on_a_later_move(dv):
    into = adjudicate(dv, [Unit("egypt", "F", "egy"), Unit("macedonia", "F", "aeg")],
                      {"egypt": ["F Egy - Alx"], "macedonia": ["F Aeg - Ath"]})
    assert into == {"egy": (True, "moved"), "aeg": (True, "moved")}
    out = adjudicate(dv, [Unit("egypt", "F", "alx"), Unit("macedonia", "F", "ath")],
                     {"egypt": ["F Alx - Red"], "macedonia": ["F Ath - Ion"]})
    assert out == {"alx": (True, "moved"), "ath": (True, "moved")}
    # nowhere else does a Mediterranean fleet reach the Red Sea
    no_way = adjudicate(dv, [Unit("egypt", "F", "lev")], {"egypt": ["F Lev - Red"]})
    assert no_way["lev"][0] is False


def test_every_province_has_its_place_in_longitude_and_latitude(dv):
    assert dv.projection == "lonlat"
    for pid, prov in dv.provinces.items():
        lon, lat = prov.pos
        assert -12 <= lon <= 50 and 25 <= lat <= 55, pid
    # a few that must be where they are, to read the map right
    assert dv.provinces["oat"].pos[0] < dv.provinces["gad"].pos[0] < dv.provinces["mal"].pos[0]
    assert dv.provinces["fre"].pos[1] > dv.provinces["syr"].pos[1]  # Messana north of Syracuse
    assert dv.provinces["asp"].pos[0] > dv.provinces["car"].pos[0]  # Cape Bon east of Carthage


def test_the_rules_are_switched_on_with_their_numbers_and_victory_is_25_units(dv):
    assert list(dv.rules) == ["impassable", "rebels", "destruction", "loans",
                              "fleet_build_limit", "self_supporting"]
    assert {name: params["rule"] for name, params in dv.rules.items()} == {
        "impassable": "6", "rebels": "6", "destruction": "7", "loans": "9",
        "fleet_build_limit": "10", "self_supporting": "13"}
    assert sorted(dv.rules["rebels"]["centres"]) == ["arm", "bel", "ill", "scy"]
    assert sorted(dv.rules["destruction"]["protected"]) == ["alx", "ant", "rom"]
    assert (dv.victory_kind, dv.victory_count) == ("units", 25)


def test_the_start_is_drawn_with_every_unit_centre_and_build_site(dv):
    from gm.draw import draw_phase
    from gm.draw.board_maker import make_board
    from tests.draw.svg_structure import parse, with_class

    start = starting_position(dv)
    root = parse(draw_phase(dv, make_board(dv, start, game="start")))
    pieces = sorted((e.get("data-power"), e.get("data-location"))
                    for e in with_class(root, "piece"))
    assert pieces == sorted((u.power, u.location) for u in start.units)
    centres = {e.get("data-province"): e for e in with_class(root, "centre")}
    assert set(centres) == set(dv.centres) | {"ath", "jer", "sid"}
    assert centres["rom"].get("data-owner") == "rome"
    assert len(with_class(root, "label")) == 102


def test_it_is_no_draft_any_more_and_gm_new_starts_it(tmp_path):
    runner = CliRunner()
    listed = runner.invoke(_app(), ["variants"], env={"COLUMNS": "300"})
    assert listed.exit_code == 0, listed.output
    line = next(row for row in listed.output.splitlines() if row.startswith("diadochi-v"))
    assert "draft" not in line
    db = tmp_path / "gm.db"
    started = runner.invoke(_app(), ["new", "g1", "--variant", "diadochi-v", "--db", str(db)])
    assert started.exit_code == 0, started.output
    assert "Spring 240 BC" in started.output
