"""Rise of Rome II's map holds what the rulebook says about it (rules 1, 2, 3.2, 4.2, 7, 8, 9, 10),
and switches on the variant's five rule modules, so that `gm new` plays it.

The rest of the map is reconstructed (docs/variants/rise-of-rome-ii.md); these tests pin the
rulebook's facts and the few consistency rules the reconstruction promises, not its choices.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gm.engine.position import Phase, Position, Unit, starting_position
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders.check import check_order
from gm.orders.errors import OrderError
from gm.orders.parse import parse_order, read_order
from tests.maps.map_files import file_problems, named

ROOT = Path(__file__).resolve().parents[2]
MAP_FILE = ROOT / "maps" / "rise-of-rome-ii.toml"
SPRING_220 = Phase(220, "Spring", "Movement")


@pytest.fixture(scope="module")
def rome():
    return load_map("rise-of-rome-ii")


# --- the file and its counts (rules 2 and 10) ------------------------------------------------

def test_the_map_file_passes_gm_map_check():
    assert file_problems(MAP_FILE) == []


def test_thirty_seven_centres_and_seven_powers(rome):
    assert len(rome.centres) == 37 == rome.declared_centres
    assert list(rome.powers) == ["carthage", "rome", "macedonia", "egypt", "seleucid",
                                 "greeks", "barbarians"]


def test_the_fourteen_neutral_centres_of_rule_2(rome):
    neutrals = ["Coele Syria", "Crete", "Cyrene", "Epirus", "Hippo Regius", "Liguria",
                "Massilia", "Pergammon", "Pontus", "Rhodes", "Saguntum", "Sparta", "Syracuse",
                "Thessaly"]
    ids = {named(rome, name) for name in neutrals}
    assert len(ids) == 14
    homes = {h for p in rome.powers.values() for h in p.home}
    assert ids == set(rome.centres) - homes
    assert all(rome.provinces[c].supply == 1 for c in rome.centres)


# --- rule 1.1: homes and starting units ------------------------------------------------------

START = {
    "carthage": ["F Carthage", "A New Carthage", "A Thapsus"],
    "rome": ["A Umbria", "F Campania", "A Rome"],
    "macedonia": ["A Lysimacheia", "F Cassandreia", "A Pella"],
    "egypt": ["A Alexandria", "F Cyprus", "A Memphis"],
    "seleucid": ["A Antioch", "A Mesopotamia", "F Phrygia"],
    "greeks": ["F Achea", "F Aetolia", "A Boeotia"],
    "barbarians": ["A Aquitania", "A Celtiberia", "A Galatia", "A Illyria", "A Moesia"],
}


@pytest.mark.parametrize("power", list(START))
def test_each_power_starts_as_rule_1_1_lists(rome, power):
    wanted = {(text[0], named(rome, text[2:])) for text in START[power]}
    units = {(u.kind, u.location) for u in starting_position(rome).units if u.power == power}
    assert units == wanted
    assert set(rome.powers[power].home) == {loc for _, loc in wanted}
    assert all(u.strength == 1 for u in starting_position(rome).units)


def test_every_home_starts_owned_by_its_power_and_nothing_else_does(rome):
    owners = starting_position(rome).owners
    assert owners == {h: p.id for p in rome.powers.values() for h in p.home}
    assert len(owners) == 23


# --- rule 3.2: the leaders -------------------------------------------------------------------

def test_each_civilised_power_has_its_leader(rome):
    leaders = {pid: list(p.leaders) for pid, p in rome.powers.items()}
    assert leaders == {
        "carthage": ["Hannibal"], "rome": ["Publius Scipio"], "macedonia": ["Philip V"],
        "egypt": ["Ptolemy IV"], "seleucid": ["Antiochus III"], "greeks": ["Philopoemen"],
        "barbarians": [],
    }


def test_leaders_are_read_by_name_and_by_surname(rome):
    order = parse_order("Hannibal - Sardinia", rome)
    assert (order.leader, order.power, order.dest) == ("Hannibal", "carthage", "sar")
    support = parse_order("Scipio S A Rome", rome)
    assert (support.leader, support.power, support.target) == ("Publius Scipio", "rome", "rom")


# --- rule 4.2: the Barbarian build areas -----------------------------------------------------

def test_the_four_build_areas_belong_to_the_barbarians_and_supply_nothing(rome):
    areas = [named(rome, name) for name in ("Gaul", "Germania", "Dacia", "Caucasus")]
    assert list(rome.powers["barbarians"].build_sites) == areas
    for area in areas:
        province = rome.provinces[area]
        assert province.kind in ("land", "coast")
        assert not province.is_centre and not province.build_site
        assert area not in starting_position(rome).owners
    assert all(not p.build_sites for pid, p in rome.powers.items() if pid != "barbarians")


def test_the_barbarians_start_on_five_homes_none_at_sea(rome):
    barbarians = rome.powers["barbarians"]
    assert len(barbarians.home) == 5
    assert all(text.startswith("A ") for text in barbarians.units)


# --- the spaces and seas the rules name ------------------------------------------------------

@pytest.mark.parametrize("name", ["Mauretania", "Sardinia", "Zama", "Libya", "Thrace",
                                  "Bithynia", "Arabia", "Sicily", "Balearic Islands"])
def test_the_named_land_spaces_exist_and_are_no_centres(rome, name):
    province = rome.provinces[named(rome, name)]
    assert province.kind in ("land", "coast")
    assert not province.is_centre


def test_sicily_is_a_space_apart_from_syracuse(rome):
    assert named(rome, "Sicily") != named(rome, "Syracuse")
    assert rome.army_can_move("sic", "syr")


@pytest.mark.parametrize("name", ["African Sea", "Iberian Sea", "Ionian Sea", "Adriatic",
                                  "the Adriatic"])
def test_the_named_seas_are_seas(rome, name):
    assert rome.provinces[named(rome, name)].kind == "sea"


def test_the_start_draws_every_unit_and_centre(rome):
    from gm.draw import draw_phase
    from gm.draw.board_maker import make_board
    from tests.draw.svg_structure import parse, with_class

    start = starting_position(rome)
    root = parse(draw_phase(rome, make_board(rome, start, game="start")))
    pieces = {(e.get("data-power"), e.get("data-caption"), e.get("data-location"))
              for e in with_class(root, "piece")}
    assert pieces == {(u.power, u.kind, u.location) for u in start.units}
    centres = {e.get("data-province"): e.get("data-owner") for e in with_class(root, "centre")}
    assert {p for p in centres} == set(rome.centres)
    assert {p: o for p, o in centres.items() if o} == start.owners


def test_every_province_has_a_real_longitude_and_latitude(rome):
    assert rome.projection == "lonlat"
    for province in rome.provinces.values():
        lon, lat = province.pos
        assert -11 < lon < 45 and 27 < lat < 49, province.id


# --- rule 7: the thirteen land bridges -------------------------------------------------------

BRIDGES = [
    ("New Carthage", "Mauretania", "Iberian Sea"), ("Massilia", "Sardinia", "Ligurian Sea"),
    ("Liguria", "Sardinia", "Ligurian Sea"), ("Hippo Regius", "Sardinia", "Iberian Sea"),
    ("Zama", "Syracuse", "African Sea"), ("Sparta", "Crete", "Cretan Sea"),
    ("Rhodes", "Crete", "Cretan Sea"), ("Crete", "Cyrene", "Libyan Sea"),
    ("Crete", "Libya", "Libyan Sea"), ("Lysimacheia", "Pergammon", "Propontis"),
    ("Thrace", "Bithynia", "Propontis"), ("Thrace", "Pergammon", "Propontis"),
    ("Memphis", "Arabia", "Red Sea"),
]


def test_exactly_the_thirteen_bridges_of_rule_7_1(rome):
    listed = {frozenset((named(rome, a), named(rome, b))) for a, b, _ in BRIDGES}
    assert len(listed) == 13
    assert set(rome.bridges) == listed


@pytest.mark.parametrize("a, b, sea", BRIDGES, ids=[f"{a}-{b}" for a, b, _ in BRIDGES])
def test_each_bridge_is_for_armies_only_across_a_sea_touching_both_ends(rome, a, b, sea):
    end_a, end_b, water = named(rome, a), named(rome, b), named(rome, sea)
    assert rome.bridge_sea(end_a, end_b) == water
    assert rome.army_can_move(end_a, end_b) and rome.army_can_move(end_b, end_a)
    assert not any(rome.fleet_can_move(x, y) for x in rome.locations(end_a)
                   for y in rome.locations(end_b))  # rule 7.2: no fleet crosses
    # rule 7.3 needs a fleet in the sea to be able to strike at either end
    assert all(rome.fleet_destinations(water, end) for end in (end_a, end_b))


def test_the_zama_syracuse_bridge_crosses_the_african_sea_of_rule_7_3(rome):
    afr, ibs = named(rome, "African Sea"), named(rome, "Iberian Sea")
    assert rome.bridge_sea("zam", "syr") == afr
    assert rome.fleet_can_move(afr, "syr") and rome.fleet_can_move(afr, "sic")
    assert rome.fleet_can_move(ibs, "sic")


def test_the_rulebook_examples_read_on_this_map_without_guessing(rome):
    for text in ("F(AFRICAN SEA)-Syracuse", "F(AFRICAN SEA) S F(IBERIAN SEA)-Sicily",
                 "A(Syracuse)-Zama", "F(Rhodes) C A(Phyrgia)-Pergammon", "A(Pergammon)-Phrygia",
                 "Build F Epirus"):
        phase = "Adjustment" if text.startswith("Build") else "Movement"
        reading = read_order(text, rome, phase_kind=phase)
        assert reading.notes == (), text


# --- rule 8: the map oddities ----------------------------------------------------------------

def test_achea_has_one_coast_fleets_pass_through_but_cannot_convoy_from(rome):
    achea = rome.provinces["ach"]
    assert achea.canal and not achea.coasts and not achea.convoys
    assert rome.fleet_can_move("goc", "ach") and rome.fleet_can_move("ach", "crs")
    with pytest.raises(OrderError) as refused:
        check_order(parse_order("F Achea C A Boeotia - Sparta", rome, "greeks"), rome)
    assert "a fleet in Achea cannot convoy" in str(refused.value)


@pytest.mark.parametrize("name, convoy", [
    ("Rhodes", "F Rhodes C A Phrygia - Pergammon"),
    ("Sardinia", "F Sardinia C A Liguria - Hippo Regius"),
    ("Balearic Islands", "F Balearic Islands C A Saguntum - Mauretania"),
])
def test_the_islands_fleets_sail_through_and_convoy_from(rome, name, convoy):
    island = named(rome, name)
    assert rome.provinces[island].convoys
    seas = [x for x in rome.fleet_adj[island] if rome.provinces[x].is_sea]
    assert len(seas) >= 2  # a fleet can come in from one sea and go out to another
    order = parse_order(convoy, rome)
    assert check_order(order, rome) == order  # no refusal: a fleet there may convoy


@pytest.mark.parametrize("convoy", ["F Crete C A Sparta - Cyrene",
                                    "F Cyprus C A Raphia - Cilicia"])
def test_crete_and_cyprus_are_ordinary_islands(rome, convoy):
    with pytest.raises(OrderError) as refused:
        check_order(parse_order(convoy, rome), rome)
    assert "cannot convoy" in str(refused.value)
    for island in ("cre", "cyp"):  # an army reaches them only by convoy or a bridge
        bridged = {b for k in rome.bridges if island in k for b in k} - {island}
        assert rome.army_adj[island] == bridged


def test_rhodes_borders_phrygia_and_pergammon_which_border_each_other(rome):
    assert rome.fleet_can_move("rho", "phy") and rome.fleet_can_move("rho", "per")
    assert rome.army_can_move("per", "phy")


def test_rule_8_2s_example_swaps_phrygia_and_pergammon_through_rhodes(rome):
    units = [Unit("seleucid", "F", "rho"), Unit("seleucid", "A", "phy"),
             Unit("macedonia", "A", "per")]
    orders = [parse_order("F(Rhodes) C A(Phyrgia)-Pergammon", rome, "seleucid"),
              parse_order("A(Phyrgia)-Pergammon", rome, "seleucid"),
              parse_order("A(Pergammon)-Phrygia", rome, "macedonia")]
    outcome = Season.for_map(rome).adjudicate(Position(SPRING_220, units, {}), orders)
    assert all(r.succeeded for r in outcome.results)
    after = {(u.power, u.location) for u in outcome.position.units}
    assert {("seleucid", "per"), ("macedonia", "phy")} <= after


def test_sicily_and_campania_border_each_other_across_the_ionian_sea(rome):
    ionian = named(rome, "Ionian Sea")
    assert rome.army_can_move("sic", "cam") and rome.army_can_move("cam", "sic")
    assert rome.fleet_can_move("sic", "cam") and rome.fleet_can_move("cam", "sic")
    assert rome.fleet_can_move(ionian, "sic") and rome.fleet_can_move(ionian, "cam")
    assert rome.fleet_can_move(ionian, named(rome, "Adriatic"))


def test_boeotia_has_an_east_and_a_west_coast(rome):
    assert rome.locations("boe") == ("boe/ec", "boe/wc")
    assert parse_order("F Aegean Sea - Boeotia (ec)", rome).dest == "boe/ec"
    assert parse_order("F Gulf of Corinth - Boeotia (wc)", rome).dest == "boe/wc"
    assert not rome.fleet_can_move("goc", "boe/ec")


# --- rule 9 and 10: calendar and victory -----------------------------------------------------

def test_spring_220_bc_counting_down(rome):
    calendar = rome.calendar
    assert (calendar.first_year, calendar.step, calendar.start) == (220, -1, ("Spring", "Movement"))
    assert calendar.year_label(219) == "219 BC"


def test_victory_is_a_majority_of_the_centres_on_the_board(rome):
    assert (rome.victory_kind, rome.victory_count) == ("majority", None)


# --- names the rulebook spells its own way ---------------------------------------------------

def test_the_rulebooks_spellings_are_names_of_the_map(rome):
    assert rome.province_id("Pergammon") == rome.province_id("Pergamon") == "per"
    assert rome.province_id("Phyrgia") == rome.province_id("Phrygia") == "phy"
    assert rome.power_id("Selucid") == rome.power_id("Seleucid Persia") == "seleucid"
    assert rome.power_id("Egyptians") == "egypt" and rome.power_id("Persians") == "seleucid"


# --- playable: the rules are switched on ---------------------------------------------------

def test_the_map_is_no_draft_and_switches_on_its_five_rules(rome):
    assert rome.draft == ""
    assert list(rome.rules) == ["leaders", "barbarians", "build_anywhere", "sacking",
                                "land_bridges"]


def test_gm_variants_lists_it_as_playable_and_gm_new_starts_it(tmp_path):
    from gm.cli import app

    db = str(tmp_path / "gm.db")
    runner = CliRunner()
    listed = runner.invoke(app, ["variants"], env={"COLUMNS": "300"})
    line = next(x for x in listed.output.splitlines() if x.startswith("rise-of-rome-ii"))
    assert "37 supply centres" in line and "draft" not in line

    started = runner.invoke(app, ["new", "G", "--variant", "rise-of-rome-ii", "--db", db])
    assert started.exit_code == 0, started.output
    assert "Started G (Rise of Rome II) at Spring 220 BC" in started.output
