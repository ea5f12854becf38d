"""Diadochi V beyond what the case file can say: a GM's session through the command line in
the rulebook's notation, the words of every refusal the issue lists (at intake and when
adjudicated), the reports in each format, and the demo archive. The board rules themselves
are in tests/cases/diadochi-v.txt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders import legality
from gm.orders.letters import read_orders
from gm.orders.parse import parse_order
from gm.rules import RuleSet
from tests.draw.svg_structure import parse, texts, with_class
from tests.variants.gm_session import Gm, replay_checked

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "diadochi-v-demo.txt"
MAP_ID = "diadochi-v"
SPRING = Phase(240, "Spring", "Movement")
WINTER = Phase(240, "Winter", "Adjustment")


@pytest.fixture(scope="module")
def dv():
    return load_map(MAP_ID)


def flat(text: str) -> str:
    return " ".join(text.split())


# --- a GM's session in the rulebook's notation ------------------------------------------------

def test_a_game_from_new_to_draw_in_the_rulebooks_notation(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    assert "Started G (Diadochi V) at Spring 240 BC" in gm("new", "G", "--variant", MAP_ID)
    echo = gm("orders", "G", "--power", "Egypt",
              letter="F Alx - EGY\nA Pto - Sin\nF Cyp - PAM\n")
    assert "F Alx - Egy" in echo and "REJECTED" not in echo
    echo = gm("orders", "G", "--power", "Carthage", letter="A Had - LpM\nF Car - AFR\n")
    assert "REJECTED" not in echo
    echo = gm("orders", "G", "--power", "Macedonia",
              letter="Loan Korinth to Egypt\nLoan Pella to Egypt\n")
    assert "Loan Kor to Egypt" in echo and "REJECTED" not in echo
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "Loan Kor to Egypt (*declared*: takes effect at the next adjustments)" in report
    assert "Loans, rule 9 (loans): Korinth to be lent by Macedonia to Egypt at the next " \
           "adjustments; Pella to be lent by Macedonia to Egypt at the next adjustments." \
           in report
    assert "Victory: 25 self-supporting units." in report
    assert "Next: Autumn 240 BC" in report
    assert flat(gm("report", "G")) == report

    echo = gm("orders", "G", "--power", "Carthage", letter="A LpM Z\n")
    assert "A Lpm destroys" in echo and "REJECTED" not in echo
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "Carthage destroyed Leptis Magna" in report
    # Korinth would leave Macedonia 2 for its 3 units; Pella leaves 3
    assert "the loan of Korinth does not take effect: rule 9 (loans): units may not be " \
           "disbanded to make a loan (Macedonia would have 2 for 3 units)" in report
    assert "Macedonia lends Pella to Egypt, rule 9 (loans)" in report
    assert "Pella 1 lent by Macedonia" in report
    assert "Next: Winter 240 BC" in report

    gm("orders", "G", "--power", "Egypt", letter="Build F Alx\n")
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "Build F Alx" in report and "Next: Spring 239 BC" in report
    svg = tmp_path / "board.svg"
    gm("draw", "G", "-p", "Winter 240", "-o", str(svg))
    assert 'data-destroyed="yes"' in svg.read_text(encoding="utf-8")
    # the loans of Spring 240 command no unit: no order is drawn at F Kor or A Pel
    gm("draw", "G", "-p", "Spring 240", "-o", str(svg))
    drawn = svg.read_text(encoding="utf-8")
    assert 'data-from="alx"' in drawn
    assert 'data-from="kor"' not in drawn and 'data-from="pel"' not in drawn
    gm("draw", "G", "-o", str(tmp_path / "now.svg"))
    assert (tmp_path / "now.svg").stat().st_size > 0
    # the chart counts self-supporting units (rule 13), and its heading says so
    chart = gm("chart", "G")
    assert chart.splitlines()[0] == "G: self-supporting units at the end of each year " \
        "(Diadochi V)"
    assert "supply centres" not in chart
    assert json.loads(gm("chart", "G", "-f", "json"))["counted"] == "self-supporting units"
    assert "# G: self-supporting units at the end of each year" in gm("chart", "G", "-f",
                                                                      "markdown")


def test_the_reports_in_every_format_show_loans_destroyed_centres_and_the_victory_line(
        tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", "--power", "Macedonia", letter="A Pel - Ill\nLoan Korinth to Egypt\n")
    gm("orders", "G", "--power", "Carthage", letter="A Had - LpM\n")
    gm("adjudicate", "G", "--no-orders")
    gm("orders", "G", "--power", "Carthage", letter="A LpM Z\n")
    gm("orders", "G", "--power", "Macedonia", letter="A Ill - Epi\n")
    gm("adjudicate", "G", "--no-orders")
    document = json.loads(gm("report", "G", "-p", "Autumn 240", "-f", "json"))
    events = " ".join(document["events"])
    assert "Loans, rule 9 (loans): Korinth (Macedonia's) lent to Egypt." in events
    assert "Destroyed centres, supplying nothing, rule 7 (destruction): Leptis Magna " \
           "(Carthage's)." in events
    assert "Rome: supply 6 (Ravenna 1, Rome 3, Neapolis 1, Brundisium 1)" in events
    assert document["standing"]["condition"] == "25 self-supporting units"
    markdown = flat(gm("report", "G", "-p", "Autumn 240", "-f", "markdown"))
    assert "Korinth (Macedonia's) lent to Egypt" in markdown
    assert "25 self-supporting units" in markdown
    rich = flat(gm("report", "G", "-p", "Autumn 240", "-f", "rich"))
    assert "Leptis Magna" in rich and "self-supporting units" in rich


def test_a_rebel_centre_left_without_garrison_is_reported_as_not_counted(dv):
    position = Position(WINTER, [Unit("macedonia", "A", "epi")],
                        {"ill": "macedonia", "pel": "macedonia"})
    notes = RuleSet.for_map(dv).board_notes(position, dv)
    assert "Rebel centres not counted, no garrison, rule 6 (rebel centres): Illyria " \
           "(Macedonia)." in notes
    assert RuleSet.for_map(dv).supply.of("macedonia", position, dv) == 1


# --- bad input: every refusal names its rule -----------------------------------------------

def _intake(dv, position, power: str, text: str):
    order = parse_order(text, dv, power)
    return legality.check(order, position, dv, position.phase.kind, RuleSet.for_map(dv))


@pytest.mark.parametrize("units, owners, state, power, text, reason", [
    ([Unit("egypt", "F", "alx")], {}, {}, "egypt", "F Alx Z",
     "rule 7 (destruction): Alexandria may not be destroyed; Alexandria, Antioch and Rome are "
     "spared"),
    ([Unit("syria", "F", "ant")], {}, {}, "syria", "F Ant Z",
     "rule 7 (destruction): Antioch may not be destroyed; Alexandria, Antioch and Rome are "
     "spared"),
    ([Unit("carthage", "A", "rom")], {}, {}, "carthage", "A Rom destroys",
     "rule 7 (destruction): Rome may not be destroyed; Alexandria, Antioch and Rome are "
     "spared"),
    ([Unit("egypt", "A", "sin")], {}, {}, "egypt", "A Sin Z",
     "rule 7 (destruction): Sinai is not a supply centre; only a centre is destroyed"),
    ([Unit("egypt", "A", "cyr")], {}, {"destruction": {"destroyed": ["cyr"]}}, "egypt",
     "A Cyr Z", "rule 7 (destruction): Cyrene was destroyed already; order R to rebuild it"),
    ([Unit("egypt", "A", "cyr")], {}, {}, "egypt", "A Cyr R",
     "rule 8 (rebuilding): Cyrene is not a destroyed centre; only a destroyed centre is "
     "rebuilt"),
])
def test_a_bad_z_or_r_is_void_with_its_rule_at_intake_and_when_adjudicated(
        dv, units, owners, state, power, text, reason):
    position = Position(SPRING, units, owners, state=state)
    verdict = _intake(dv, position, power, text)
    assert verdict.problem is not None and verdict.problem.message == reason
    outcome = Season.for_map(dv).adjudicate(position, [parse_order(text, dv, power)])
    result = next(r for r in outcome.results if r.order == parse_order(text, dv, power))
    assert (result.code, result.detail) == ("void", reason)


def test_an_r_without_destination_in_a_retreat_phase_is_refused_naming_rule_8(dv):
    """`A Cyr R` is a rebuilding, an order of movement phases: in a retreat phase it is refused
    under the rebuilding rule (8), not the destruction rule (7) of the module that carries
    both; `A Cyr R Lpm` is still a retreat."""
    position = Position(Phase(240, "Spring", "Retreat"), [Unit("syria", "A", "cyr")], {},
                        dislodged=[Dislodged(Unit("egypt", "A", "cyr"), "lib")])
    reason = "rule 8 (rebuilding): rebuilding a centre is not allowed in a retreat phase"
    for text in ("A Cyr R", "A Cyr rebuilds"):
        assert _intake(dv, position, "egypt", text).problem.message == reason
    assert _intake(dv, position, "egypt", "A Cyr Z").problem.message == \
        "rule 7 (destruction): destroying a centre is not allowed in a retreat phase"
    letter = read_orders("A Cyr R\nA Cyr R Lpm\n", dv, "egypt", phase_kind="Retreat",
                         board=position, rules=RuleSet.for_map(dv))
    assert [str(r.error) for r in letter.rejected] == [
        f"'A Cyr R': {reason}. In a retreat phase a dislodged unit retreats ('A Bur R Par') "
        "or disbands ('A Bur D')."]
    assert [r.order.dest for r in letter.orders] == ["lpm"]
    outcome = Season.for_map(dv).adjudicate(position, [parse_order("A Cyr R", dv, "egypt")])
    assert [(r.code, r.detail) for r in outcome.results] == [
        ("void", f"{reason}; the unit disbands")]


def test_a_loan_and_its_end_with_an_adjustment_phases_orders_pass_intake_and_take_effect(dv):
    """Rule 9: 'Loans may be ended at any time'; declared with a Winter's orders they take
    effect in that phase. Intake takes them without a note, as the engine carries them out."""
    winter = Position(WINTER, [Unit("rome", "A", "bru"), Unit("carthage", "A", "had")],
                      {"rom": "rome", "nea": "rome", "bru": "rome", "car": "carthage",
                       "kor": "macedonia", "pel": "macedonia", "alx": "egypt"},
                      state={"loans": {"in_force": {"kor": ["macedonia", "egypt"]}}})
    for power, text in (("rome", "Loan Rome to Carthage"), ("macedonia", "End loan Korinth")):
        verdict = _intake(dv, winter, power, text)
        assert verdict.problem is None, verdict.problem
    orders = [parse_order("Loan Rome to Carthage", dv, "rome"),
              parse_order("End loan Korinth", dv, "macedonia")]
    outcome = Season.for_map(dv).adjudicate(winter, orders)
    assert [r.code for r in outcome.results if r.order in orders] == ["lent", "ended"]
    assert outcome.position.state["loans"] == {"in_force": {"rom": ["rome", "carthage"]}}


@pytest.mark.parametrize("owners, text, reason", [
    ({"kor": "macedonia", "alx": "egypt", "ant": "syria"}, "Loan Korinth to Syria",
     "rule 9 (loans): Egypt does not hold Korinth (Macedonia does); a power lends only a "
     "centre it controls"),
    ({"alx": "egypt"}, "Loan Alexandria to Syria",
     "rule 9 (loans): Syria owns no centre; a loan is made only to a power that owns at "
     "least one centre"),
    ({"alx": "egypt"}, "Loan Alexandria to Egypt",
     "rule 9 (loans): Egypt cannot lend Alexandria to itself"),
])
def test_a_bad_loan_is_refused_at_intake_and_void_when_adjudicated(dv, owners, text, reason):
    position = Position(SPRING, [], owners)
    verdict = _intake(dv, position, "egypt", text)
    assert verdict.problem.refused and verdict.problem.message == reason
    order = parse_order(text, dv, "egypt")
    outcome = Season.for_map(dv).adjudicate(position, [order])
    assert [(r.code, r.detail) for r in outcome.results if r.order == order] == [
        ("void", reason)]
    assert "loans" not in outcome.position.state


def test_a_bad_loan_is_refused_by_the_letter_reader(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    echo = flat(gm("orders", "G", "--power", "Egypt",
                   letter="Loan Korinth to Syria\nLoan Alexandria to Egypt\n"))
    assert "REJECTED Egypt Loan Korinth to Syria 'Loan Korinth to Syria': rule 9 (loans): " \
           "Egypt does not hold Korinth (Macedonia does)" in echo
    assert "'Loan Alexandria to Egypt': rule 9 (loans): Egypt cannot lend Alexandria to " \
           "itself" in echo
    assert "Stored: 2 rejected." in echo


@pytest.mark.parametrize("text, place", [("A Bel - Bri", "Britain"), ("F Moe - Dac", "Dacia"),
                                         ("A Moe - Dac", "Dacia")])
def test_a_move_into_britain_or_dacia_is_refused_under_rule_6(dv, text, place):
    unit = parse_order(text, dv, "rome")
    position = Position(SPRING, [Unit("rome", unit.unit_kind, unit.location)], {})
    verdict = _intake(dv, position, "rome", text)
    assert verdict.problem.refused
    assert verdict.problem.message == f"rule 6 (impassable spaces): {place} is impassable"


def test_a_loan_stands_beside_the_order_of_the_unit_in_the_centre_lent(tmp_path):
    """A loan commands no unit: a fleet's order in the centre lent, in the same letter or a
    later one, never replaces it (and the loan never replaces the fleet's order)."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    echo = flat(gm("orders", "G", "--power", "Egypt",
                   letter="Loan Alexandria to Syria\nF Alx - EGY\n"))
    assert "replaced" not in echo and "Stored: 2 accepted." in echo
    gm("orders", "G", "--power", "Egypt", letter="F Alx H\n")
    listed = flat(gm("orders", "G", "--list", "-P", "Egypt"))
    assert "Loan Alx to Syria" in listed  # the fleet's later order replaced its own only
    assert "F Alx H (replaces your earlier order in an earlier letter, F Alx - Egy)" in listed


def test_a_move_into_britain_is_refused_by_the_letter_reader(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    echo = flat(gm("orders", "G", "--power", "Macedonia", letter="A Pel - Dac\n"))
    assert "REJECTED Macedonia A Pel - Dac 'A Pel - Dac': rule 6 (impassable spaces): Dacia " \
           "is impassable" in echo


def test_a_third_fleet_build_is_void_naming_rule_10(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", "--power", "Rome",
       letter="F Rom - NTY\nF Nea - ION\nA Rav - Cis\nA Bru - Ben\n")
    gm("adjudicate", "G", "--no-orders")
    gm("orders", "G", "--power", "Rome", letter="F NTY - Ete\nF ION - Syr\n")
    gm("adjudicate", "G", "--no-orders")
    gm("orders", "G", "--power", "Rome",
       letter="Build F Rom\nBuild F Nea\nBuild F Bru\nBuild A Rav\n")
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "Build F Bru (*void*: rule 10 (fleet limit): Rome has built 2 fleets in this " \
           "phase already; no power builds more than 2 fleets in one adjustment phase)" in report
    assert "Build F Rom" in report and "Build A Rav" in report


# --- the demo archive -------------------------------------------------------------------------

def test_the_demo_archive_replays_without_differences():
    replayed = replay_checked(DEMO)
    assert replayed.exit_code == 0, replayed.output
    stdout = replayed.output
    assert "no differences" in stdout
    text = DEMO.read_text(encoding="utf-8")
    assert "Spring 240 BC" in text and "Winter 236 BC" in text
    for line in ("A LpM Z", "A LpM R", "Loan Korinth to Egypt", "Loan Korinth to Syria",
                 "End loan Korinth", "Build F Bru", "F Alx - RED", "A Gad - Mau",
                 "A Pto - Sin", "A Thr - Per", "Build A Jer", "Build A Sid", "Build F Ath"):
        assert line in text, line


# Each rule the issue asks the demo to use, and the words of the report that shows it used.
DEMO_SHOWS = {
    "Autumn 240": ["Carthage destroyed Leptis Magna: it supplies nothing until it is rebuilt, "
                   "rule 7 (destruction)"],
    "Winter 240": ["Carthage 2", "Syracuse 2",  # double centres, one of them captured
                   "Build F Bru (*void*: rule 10 (fleet limit): Rome has built 2 fleets in "
                   "this phase already"],
    "Spring 239": ["A Lpm rebuilds (*rebuilding*: 1 of 2 seasons)", "F Alx - Red"],
    "Autumn 239": ["Carthage rebuilt Leptis Magna: it counts again from the next adjustments, "
                   "rule 8 (rebuilding)", "Macedonia lends Korinth to Egypt, rule 9 (loans)"],
    "Winter 239": ["Rebel centres not counted, no garrison, rule 6 (rebel centres): Illyria "
                   "(Macedonia).", "Rome 1,", "Leptis Magna 1", "Korinth 2 lent by Macedonia",
                   "Egypt: Build A Jer Waive", "Syria: Build A Sid Events"],
    "Autumn 238": ["Egypt lends Korinth to Syria, rule 9 (loans)",
                   "Korinth (Macedonia's) lent to Syria, passed on by Egypt"],
    "Winter 238": ["Macedonia: Build F Ath Syria:"],  # built: no reason follows
    "Spring 237": ["End loan Kor (*declared*: takes effect at the next adjustments)",
                   "A Thr - Per"],
    "Autumn 237": ["the loan of Korinth is ended by Macedonia: it supplies Macedonia again, "
                   "rule 9 (loans)"],
}


def test_the_demo_reports_show_every_rule_used(tmp_path):
    """The demo uses every rule the issue lists: a double centre, Rome single for its captor,
    builds at Athens, Jerusalem and Sidon, a rebel centre not counted, Z and R, a loan, its
    passing on and its end, the fleet limit, Alexandria's canal and the direct passages (the
    moves and builds stand in the replayed outcomes; the reports say what the rules did)."""
    gm = Gm(tmp_path / "gm.db")
    assert "no differences" in gm("replay", str(DEMO), "--check")
    for phase, shown in DEMO_SHOWS.items():
        report = flat(gm("report", "diadochi-v-demo", "-p", phase))
        for words in shown:
            assert words in report, (phase, words)
    # the picture marks Rome single for Carthage, Antioch double and Athens a build site, and
    # prints under the map what its marks cannot show: the loan, the rebel centre not counted
    svg = tmp_path / "w239.svg"
    gm("draw", "diadochi-v-demo", "-p", "Winter 239", "-o", str(svg))
    root = parse(svg.read_text(encoding="utf-8"))
    centres = {e.get("data-province"): (e.get("data-owner"), e.get("data-value"))
               for e in with_class(root, "centre")}
    assert centres["rom"] == ("carthage", "1") and centres["ant"] == ("syria", "2")
    assert centres["ath"] == ("macedonia", "0")
    notes = texts(with_class(root, "notes")[0])
    assert "Loans, rule 9 (loans): Korinth (Macedonia's) lent to Egypt." in notes
    assert "Rebel centres not counted, no garrison, rule 6 (rebel centres): Illyria " \
           "(Macedonia)." in notes
    assert any(n.startswith("Carthage: supply 9 (") and "Rome 1," in n for n in notes)


def test_the_letter_reader_marks_a_bad_z_or_r_void_naming_its_rule(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    echo = flat(gm("orders", "G", "--power", "Egypt", letter="F Alx Z\nA Pto R\nF Cyp Z\n"))
    assert "F Alx destroys Alx (void when adjudicated: rule 7 (destruction): Alexandria may " \
           "not be destroyed; Alexandria, Antioch and Rome are spared)" in echo
    assert "A Pto rebuilds (void when adjudicated: rule 8 (rebuilding): Ptolemais is not a " \
           "destroyed centre; only a destroyed centre is rebuilt)" in echo
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "F Alx destroys Alx (*void*: rule 7 (destruction): Alexandria may not be " \
           "destroyed" in report
    assert "Egypt destroyed Cyprus" in report
