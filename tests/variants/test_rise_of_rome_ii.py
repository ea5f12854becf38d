"""Rise of Rome II beyond what the case file can say: the words intake gives each refusal of
issue 20's "Bad input", the notation, and the demo archive. The board rules themselves are in
tests/cases/rise-of-rome-ii.txt; a GM's session through the command line is in
tests/cli/test_cli_rise_of_rome_ii.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engine.position import Phase, Position, Unit, starting_position
from gm.engine.season import Season
from gm.maps import load_map
from gm.notation import piece_shown
from gm.orders.letters import read_orders
from gm.orders.parse import parse_order
from gm.orders.variants import map_forms
from gm.rules import RuleSet
from tests.variants.gm_session import replay_checked

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "rise-of-rome-ii-demo.txt"
MAP_ID = "rise-of-rome-ii"
SPRING_220 = Phase(220, "Spring", "Movement")
SPRING_219 = Phase(219, "Spring", "Movement")
WINTER_219 = Phase(219, "Winter", "Adjustment")
RETREAT_219 = Phase(219, "Spring", "Retreat")


@pytest.fixture(scope="module")
def rome():
    return load_map(MAP_ID)


def leader(power: str, name: str, where: str) -> Unit:
    return Unit(power, "L", where, 0.5, name)


def intake(game_map, position: Position, power: str, text: str) -> str:
    """What intake says of one line: the refusal, or the note that it will be void."""
    letter = read_orders(text, game_map, power, phase_kind=position.phase.kind,
                         board=position, forms=map_forms(game_map),
                         rules=RuleSet.for_map(game_map))
    if letter.rejected:
        return letter.rejected[0].error.message
    assert letter.orders, text
    return "; ".join(letter.orders[0].notes)


# --- every refusal of "Bad input" names its rule ------------------------------------------

HOMES = {"aqu": "barbarians", "cel": "barbarians", "car": "carthage", "hip": "carthage",
         "rom": "rome", "umb": "rome", "ill": "rome", "pon": "seleucid", "ant": "seleucid"}

BAD_INPUT = [
    # (phase, pieces, power, line, words of the refusal)
    (WINTER_219, [Unit("barbarians", "A", "aqu")], "barbarians", "Build F Caucasus",
     "rule 4.1 (Barbarians): the Barbarians never build fleets"),
    (WINTER_219, [Unit("barbarians", "A", "aqu")], "barbarians", "Build A Celtiberia",
     "rule 4.2 (Barbarians): the Barbarians build only in the vacant build areas"),
    (WINTER_219, [Unit("seleucid", "A", "ant")], "seleucid", "Build A Caucasus",
     "rule 4.2 (Barbarians): Caucasus is a Barbarian build area"),
    (WINTER_219, [Unit("carthage", "A", "car")], "carthage", "Build A Saguntum",
     "rule 5.2 (builds): Carthage builds in the vacant centres it owns"),
    (WINTER_219, [Unit("carthage", "A", "car")], "carthage", "Build F Carthage",
     "rule 5.2 (builds): Carthage is occupied (a Carthaginian army stands there); Carthage "
     "builds only in the vacant centres it owns"),
    (SPRING_219, [Unit("rome", "A", "cis")], "rome", "A Cisalpine Gaul - Gaul",
     "rule 4.2 (Barbarians): Gaul is a Barbarian build area, which no other power's piece "
     "may enter"),
    (SPRING_219, [Unit("seleucid", "A", "bit"), Unit("seleucid", "F", "bla")], "seleucid",
     "A Bithynia - Caucasus via convoy", "rule 4.2 (Barbarians): Caucasus"),
    (SPRING_219, [leader("carthage", "Hannibal", "syr")], "carthage", "Hannibal sacks",
     "rule 6.1 (sacking): Hannibal is a leader"),
    (SPRING_219, [leader("carthage", "Hannibal", "ibs"), Unit("carthage", "A", "car")],
     "carthage", "Hannibal C A Carthage - Sardinia",
     "rule 3.1 (leaders): a leader never convoys"),
    (SPRING_219, [leader("egypt", "Ptolemy IV", "ale")], "egypt",
     "Ptolemy IV - Raphia via convoy", "rule 3.1 (leaders): a leader is never convoyed"),
    (SPRING_219, [Unit("carthage", "F", "new")], "carthage", "F New Carthage - Mauretania",
     "rule 7.2 (land bridges): a fleet cannot cross the land bridge from New Carthage to "
     "Mauretania"),
    (SPRING_219, [Unit("greeks", "F", "ach"), Unit("greeks", "A", "boe")], "greeks",
     "F Achea C A Boeotia - Sparta",
     "rule 8.1 (map oddities): a fleet in Achea cannot convoy: fleets only pass through its "
     "coast"),
    (SPRING_219, [Unit("rome", "A", "ill")], "rome", "A Illyria sacks",
     "rule 6.1 (sacking): Illyria is a Barbarian home centre, which cannot be sacked"),
    (SPRING_219, [Unit("rome", "A", "sic")], "rome", "A Sicily sacks",
     "rule 6.1 (sacking): Sicily is not a supply centre"),
    (SPRING_219, [Unit("rome", "2A", "mas")], "rome", "2A Massilia sacks",
     "rule 6.1 (sacking): the 2A Mas is double already"),
    (SPRING_219, [Unit("rome", "2A", "syr")], "rome", "2A Syracuse split A - Sicily & A H",
     "rule 6.2 (sacking): a double unit never splits"),
    (WINTER_219, [Unit("rome", "A", "umb")], "rome", "Build Publius Scipio",
     "rule 3.1 (leaders): Publius Scipio is a leader; leaders are not built"),
    (WINTER_219, [Unit("rome", "A", "umb")], "rome", "Build L Rome",
     "rule 3.1 (leaders): leaders are not built"),
    (WINTER_219, [Unit("carthage", "A", "car"), Unit("carthage", "A", "new"),
                  Unit("carthage", "F", "tha"), leader("carthage", "Hannibal", "car")],
     "carthage", "Remove Hannibal",
     "rule 3.1 (leaders): Hannibal Car needs no supply centre, so removing it does not make up "
     "for a missing centre"),
    (SPRING_219, [Unit("carthage", "F", "car")], "carthage", "Place Hannibal in Carthage",
     "rule 3.3 (leaders): a leader is placed only with the first Spring's orders "
     "(Spring 220 BC)"),
    (SPRING_220, [Unit("rome", "A", "rom")], "rome", "Scipio S A Rome",
     "rule 3.1 (leaders): Publius Scipio is not on the board"),
    (SPRING_220, [Unit("carthage", "F", "car")], "carthage", "Place Hannibal in Syracuse",
     "rule 3.3 (leaders): Hannibal starts on a home centre of Carthage (Carthage, New "
     "Carthage, Thapsus), not in Syracuse"),
]


@pytest.mark.parametrize("phase, pieces, power, line, words", BAD_INPUT,
                         ids=[case[3] for case in BAD_INPUT])
def test_each_refusal_names_its_rule(rome, phase, pieces, power, line, words):
    pieces = [Unit(u.power, "A", u.location, 2.0) if u.kind == "2A" else u for u in pieces]
    position = Position(phase, pieces, dict(HOMES))
    assert words in intake(rome, position, power, line)


def test_a_placement_anywhere_in_the_letter_places_the_leader_for_every_line(rome):
    """Rule 3.3: the leader is placed before the Spring is adjudicated, so an order for it
    written above its placement is read with the leader on the board."""
    start = starting_position(rome)
    letter = read_orders("Scipio - Etruria\nPlace Publius Scipio in Rome\n", rome, "rome",
                         phase_kind="Movement", board=start, forms=map_forms(rome),
                         rules=RuleSet.for_map(rome))
    assert not letter.rejected
    assert [str(o.order) for o in letter.orders] == ["Publius Scipio - Etu",
                                                     "Place Publius Scipio in Rom"]


def test_a_leader_supporting_its_own_province_is_void_at_intake_as_in_the_engine(rome):
    """Rule 3.4 as gm reads it: a leader does not support the unit it stands with, since it
    leads it; the letter reader says so with the engine's words, naming the rule and quoting
    it (issue 29)."""
    position = Position(SPRING_219, [Unit("rome", "A", "rom"),
                                     leader("rome", "Publius Scipio", "rom")], {"rom": "rome"})
    words = ("rule 3.4 (leaders): Publius Scipio shares Rome with A Rom, so it leads it, and "
             "'the unit being led moves with the combined strength of the unit concerned and "
             "the Leader Unit'")
    assert intake(rome, position, "rome", "Scipio S A Rome").startswith(
        f"void when adjudicated: {words}")
    orders = [parse_order("Scipio S A Rome", rome, "rome")]
    results = Season.for_map(rome).adjudicate(position, orders).results
    assert any(r.void and r.detail.startswith(words) for r in results)


def test_the_barbarians_are_spoken_of_in_the_plural(rome):
    position = Position(WINTER_219, [Unit("barbarians", "A", h) for h in HOMES
                                     if HOMES[h] == "barbarians"], dict(HOMES))
    assert intake(rome, position, "barbarians", "Build A Gaul") == \
        "void when adjudicated: The Barbarians have no builds"


def test_a_sacked_centre_cannot_be_sacked_again(rome):
    position = Position(SPRING_219, [Unit("rome", "A", "syr")], dict(HOMES),
                        state={"sacking": {"destroyed": ["syr"]}})
    assert "rule 6.1 (sacking): Syracuse was sacked already" in \
        intake(rome, position, "rome", "A Syracuse sacks")


def test_a_retreat_into_a_build_area_is_refused_under_rule_4_2(rome):
    from gm.engine.position import Dislodged

    position = Position(RETREAT_219, [Unit("barbarians", "A", "cis")], dict(HOMES),
                        dislodged=[Dislodged(Unit("rome", "A", "cis"), "ill")])
    assert "rule 4.2 (Barbarians): Gaul is a build area of another power" in \
        intake(rome, position, "rome", "A Cisalpine Gaul R Gaul")


# --- reports and notation ----------------------------------------------------------------

def test_a_power_left_with_only_its_leader_stays_in_the_game(rome):
    """Rule 3.1's reading: a leader is a unit, so a power with no army, fleet or centre but its
    leader is not eliminated; without the leader it is."""
    from gm.report.report_builder import build_report

    before = Position(WINTER_219, [Unit("rome", "A", "umb"), leader("rome", "Publius Scipio",
                                                                   "etu")], {"umb": "rome"})

    def eliminated(units):
        after = Position(Phase(218, "Spring", "Movement"), units, {})
        return build_report(game="g", game_map=rome, phase_label="Winter 219 BC",
                            phase_kind="Adjustment", results=[], events=[], edits=[],
                            next_position=after, next_label="Spring 218 BC",
                            start_position=before).eliminated

    assert eliminated([leader("rome", "Publius Scipio", "etu")]) == []
    assert eliminated([]) == ["Rome"]


def test_a_leader_is_shown_by_name_and_place():
    assert piece_shown(Unit("rome", "L", "rom", 0.5, "Publius Scipio")) == "Publius Scipio Rom"


RULEBOOK_ORDERS = [  # (power, as the rulebook writes it, as gm reads it back)
    ("carthage", "F(AFRICAN SEA)-Syracuse", "F Afr - Syr"),
    ("carthage", "F(AFRICAN SEA) S F(IBERIAN SEA)-Sicily", "F Afr S F Ibs - Sic"),
    ("rome", "A(Syracuse)-Zama", "A Syr - Zam"),
    ("seleucid", "F(Rhodes) C A(Phyrgia)-Pergammon", "F Rho C A Phy - Per"),
    ("seleucid", "A(Pergammon)-Phrygia", "A Per - Phy"),
    ("rome", "2A(Syracuse)-Zama", "2A Syr - Zam"),
    ("carthage", "Hannibal - Sardinia", "Hannibal - Sar"),
    ("rome", "Scipio S A Rome", "Publius Scipio S A Rom"),
    ("carthage", "Place Hannibal in Carthage", "Place Hannibal in Car"),
    ("rome", "A Syracuse sacks", "A Syr sacks"),
    ("rome", "Sack Syracuse", "Sack Syr"),
    ("macedonia", "Build F Epirus", "Build F Epi"),
]


@pytest.mark.parametrize("power, text, read", RULEBOOK_ORDERS,
                         ids=[case[1] for case in RULEBOOK_ORDERS])
def test_the_rulebook_orders_read_as_written(rome, power, text, read):
    assert str(parse_order(text, rome, power)) == read


# --- the demo archive -------------------------------------------------------------------------

def test_the_demo_archive_replays_and_shows_every_rule():
    replayed = replay_checked(DEMO)
    assert replayed.exit_code == 0, replayed.output
    stdout = replayed.output
    assert "no differences" in stdout
    out = " ".join(stdout.split())  # report lines wrap
    for event in ("Carthage: Hannibal starts in New Carthage, rule 3.3 (leaders)",
                  "Hannibal - Cel", "Publius Scipio S A Syr (*cut",
                  "Philopoemen, alone in Sparta, takes no centre, rule 3.5 (leaders)",
                  "Build A Dac", "F Pro C A Thr - Bit", "A Thr - Bit via convoy",
                  "Eliminated: The Barbarians.", "Celtiberia rebels against Carthage",
                  "Rome sacked Syracuse",
                  "supports with 1 of 2", "is single again", "A Mem - Ara",
                  "rule 7.3 (land bridges)", "F Goc - Ach", "F Rho C A Phy - Per",
                  "Build F Sag", "Build F Epi", "more than half of the 36 supply centres"):
        assert event in out, event
