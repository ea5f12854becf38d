"""Hoplite Wars beyond what the case file can say: a GM's session through the command line in
the rulebook's own notation, the words of the refusals at intake, the seed stored at the game's
creation, Delphi's units that no removal touches, and the demo archive. The board rules
themselves are in tests/cases/hoplite-wars.txt."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gm.cli import app
from gm.engine.position import Phase, Position, Unit
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders import legality
from gm.orders.parse import parse_order
from gm.rules import RuleSet
from gm.rules.colonies import seed_for
from tests.variants.gm_session import Gm, replay_checked

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "hoplite-wars-demo.txt"
MAP_ID = "hoplite-wars"
SPRING_450 = Phase(450, "Spring", "Movement")
WINTER_449 = Phase(449, "Winter", "Adjustment")


@pytest.fixture(scope="module")
def hoplite():
    return load_map(MAP_ID)


# the rulebook's two set-ups, each as one player's one letter (rules 1 and 5)
SET_UP = """\
SPARTA: 2A(Sparta), G(Prasiae), G(Zarax), A(Elatea)
ATHENS: 2F(Athens), A(Marathon) and A(Anactorium)
"""


def test_a_session_in_the_rulebook_notation(tmp_path):
    """`gm new`, the rulebook's set-ups, its Tegea move, adjudicate, report, show and draw."""
    gm = Gm(tmp_path / "gm.db")
    assert "Started G (Hoplite Wars) at Winter 451 BC" in gm("new", "G", "--variant", MAP_ID)
    echo = gm("orders", "G", letter=SET_UP)
    assert "Build 2A Spa" in echo and "Build G Zar" in echo and "REJECTED" not in echo
    assert "Build A Ela (for Elatea)" in echo and "Build A Ana (for Anactorium)" in echo
    assert "Build A Mar (for" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "Build G Pra" in report and "Next: Spring 450 BC" in report
    athens = report.split("\nAthens:\n", 1)[1].split("\n\n", 1)[0].split("\n")
    assert [line.strip() for line in athens] == ["Build F Ath", "Build F Ath", "Build A Mar"]
    assert "Elatea (NMR)" not in report and "Anactorium (NMR)" not in report
    shown = gm("show", "G")
    assert "2A Spa" in shown and "2F Ath" in shown
    assert {("elatea", "ela"), ("anactorium", "ana")} <= {
        (u.power, u.province) for u in _position(tmp_path).units}
    echo = gm("orders", "G", letter="SPARTA: 2A(Sparta)-Tegea\nATHENS: 2F(Athens) split "
                                    "F-Saronic Gulf & F H\n")
    assert "REJECTED" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert report.count("2A Spa - Teg") == 1  # one line for the multiple
    assert "Sparta gains Tegea" in report  # a town changes hands after Spring
    sparta = next(line for line in gm("show", "G").splitlines() if "Sparta " in line)
    assert "3½" in sparta and "3.5" not in sparta  # the centres column counts towns as ½
    assert "20½ supply centres (Delphi not counted) per player" in " ".join(report.split())
    assert gm("report", "G") == report
    chart = " ".join(gm("chart", "G").split())  # rule 13: what the chart counts
    assert "supply centres (Delphi not counted) at the end of each year" in chart
    out = tmp_path / "board.svg"
    gm("draw", "G", "--output", str(out))
    assert out.read_text(encoding="utf-8").lstrip().startswith("<")


def test_a_multiple_without_an_order_is_named_as_it_is_written(tmp_path):
    """Rule 3 (a): Sparta's two armies in Sparta are one unit, `2A Spa`, wherever gm says it
    has no order yet (`gm status`, the confirmation), not `A Spa, A Spa`."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", letter=SET_UP)
    gm("adjudicate", "G", "--no-orders")
    gm("orders", "G", letter="SPARTA: G Zar H\n")
    assert "Sparta      1 order; no order yet for 2A Spa, G Pra\n" in gm("status", "G")
    told = gm("confirm", "G", "--power", "Sparta")
    assert "No order yet for (they will hold):\n  2A Spa\n  G Pra\n" in told


def _position(tmp_path):
    from gm.game.games import position_at
    from gm.store.database import open_store
    return position_at(open_store(str(tmp_path / "gm.db")), "G")[2]


def test_the_seed_of_the_colonies_draw_is_stored_when_the_game_is_created(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    exported = gm("export", "G")
    assert "Variant: hoplite-wars" in exported
    from gm.game.games import position_at
    from gm.store.database import open_store
    store = open_store(str(tmp_path / "gm.db"))
    _, _, position = position_at(store, "G")
    assert position.state["colonies"] == {"seed": seed_for("G")}


# --- the refusals at intake, each naming its rule ---------------------------------------------

def refusal(game_map, text: str, power: str, units: list[Unit], phase: Phase = SPRING_450,
            state: dict | None = None) -> str:
    position = Position(phase, units, {}, state=state or {})
    order = parse_order(text, game_map, power)
    verdict = legality.check(order, position, game_map, phase.kind, RuleSet.for_map(game_map))
    assert not verdict.legal, text
    return verdict.problem.message


def test_a_minor_set_up_of_a_multiple_is_refused_under_rule_1(hoplite):
    message = refusal(hoplite, "Build 2A Ela", "elatea", [], Phase(451, "Winter", "Adjustment"))
    assert message.startswith("rule 1 (set-up): Elatea is a Minor State")


def test_a_minors_build_written_under_its_major_is_read_for_the_minor(hoplite):
    """The rulebook's one-line set-up `2F(Athens), A(Marathon) and A(Anactorium)` puts the
    Minor's piece in the Major's list: the build is Anactorium's (its site), when read and
    when adjudicated; under another player's name it stays that player's, and is void."""
    rules = RuleSet.for_map(hoplite)
    position = Position(Phase(451, "Winter", "Adjustment"), [],
                        {"ath": "athens", "ana": "anactorium", "spa": "sparta"})
    order = parse_order("Build A Ana", hoplite, "athens")
    verdict = legality.check(order, position, hoplite, "Adjustment", rules)
    assert verdict.legal and verdict.order.power == "anactorium"
    after = Season(hoplite, rules).adjudicate(position, [order]).position
    assert [(u.power, u.kind, u.province) for u in after.units] == [("anactorium", "A", "ana")]
    foreign = parse_order("Build A Ana", hoplite, "sparta")
    verdict = legality.check(foreign, position, hoplite, "Adjustment", rules)
    assert verdict.order.power == "sparta" and not verdict.problem.refused
    assert verdict.problem.message == ("rule 9 (builds): Sparta builds in the cities and towns "
                                       "it owns, and Anactorium is not one of them")


def test_the_count_hint_for_a_mixed_multiple_reads_as_written(hoplite):
    """Rule 3 (a): the hint's `A/G Spa` is an order gm reads, and the one it accepts."""
    mixed = [Unit("sparta", "A", "spa"), Unit("sparta", "G", "spa")]
    assert refusal(hoplite, "A Spa - Teg", "sparta", mixed).startswith(
        "rule 3 (Multiplicity II): Sparta holds A/G; write A/G Spa, or split it")
    position = Position(SPRING_450, mixed, {})
    order = parse_order("A/G Spa - Teg", hoplite, "sparta")
    assert legality.check(order, position, hoplite, "Movement",
                          RuleSet.for_map(hoplite)).legal


def test_a_count_that_does_not_fit_the_multiple_is_refused_with_a_hint(hoplite):
    two = [Unit("sparta", "A", "spa"), Unit("sparta", "A", "spa")]
    assert refusal(hoplite, "A Spa - Teg", "sparta", two).startswith(
        "rule 3 (Multiplicity II): Sparta holds 2A; write 2A Spa, or split it")


def test_a_merge_of_a_piece_not_next_to_the_target_is_refused_under_rule_3(hoplite):
    units = [Unit("sparta", "A", "zar"), Unit("sparta", "A", "pra")]
    message = refusal(hoplite, "A Zar & A Pra merge 2A Teg", "sparta", units)
    assert message.startswith("rule 3 (Multiplicity II): a merging piece must be next to")


def test_a_merge_by_convoy_is_refused_under_rule_3(hoplite):
    """Aegina is an island: an army in Athens could reach it only by convoy, never in a merge."""
    units = [Unit("athens", "A", "ath"), Unit("athens", "F", "sar")]
    message = refusal(hoplite, "A Ath & F Sar merge Agn", "athens", units)
    assert message == "rule 3 (Multiplicity II): a merging piece must be next to or in the " \
                      "target, never convoyed; A Athens is not next to Aegina"


def test_a_merge_of_another_players_piece_is_refused(hoplite):
    units = [Unit("sparta", "A", "spa"), Unit("mantinea", "A", "man")]
    assert "belongs to Mantinea, not Sparta" in refusal(hoplite, "A Spa & A Man merge 2A Teg",
                                                        "sparta", units)


def test_a_lone_garrison_move_and_its_support_are_refused_under_rule_4(hoplite):
    units = [Unit("sparta", "G", "pra"), Unit("sparta", "A", "spa")]
    assert refusal(hoplite, "G Pra - Arg", "sparta", units).startswith(
        "rule 4 (garrisons): a garrison never moves")
    assert refusal(hoplite, "G Pra S A Spa - Teg", "sparta", units).startswith(
        "rule 4 (garrisons): a garrison supports only a merge into its own province")


DRAW = ["Chios=Athens,", "Phocaea=Sparta,", "Cos=Argolis,", "Rhodes=Achea,", "Lesbos=Aetolia,",
        "Samos=Boeotia,", "Miletos=Thessaly"]


def test_the_gm_sets_the_colonies_draw_before_it_is_made(tmp_path):
    """Rule 6: `gm edit G colonies ...` sets the draw; the colonies declare as set after
    Autumn 450 BC, the archive keeps the edit and replays it, and once the colonies have
    declared the draw can no longer be set."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    done = gm("edit", "G", "colonies", *DRAW, "--reason", "dice at the table")
    assert "the colonies' draw is set: Chios for Athens, Phocaea for Sparta" in done
    for _ in range(3):  # Winter 451, Spring 450, Autumn 450
        report = gm("adjudicate", "G", "--no-orders")
    flat = " ".join(report.split())
    assert ("rule 6 (colonies): the colonies declare: Chios for Athens, Cos for Argolis, "
            "Lesbos for Aetolia, Miletos for Thessaly, Phocaea for Sparta, Rhodes for Achea, "
            "Samos for Boeotia") in flat
    exported = gm("export", "G")
    assert "GM edit: colonies Chios=Athens, Phocaea=Sparta, Cos=Argolis" in exported
    archive = tmp_path / "g.txt"
    archive.write_text(exported, encoding="utf-8")
    assert "no differences" in Gm(tmp_path / "again.db")("replay", str(archive), "--check")
    runner = CliRunner()
    refused = runner.invoke(app, ["edit", "G", "colonies", "seed", "7", "--reason", "late",
                                  "--db", str(tmp_path / "gm.db")])
    assert refused.exit_code == 1
    assert "rule 6 (colonies): the colonies have declared already (Chios for Athens" \
        in refused.output and "Nothing was changed." in refused.output


def test_a_draw_that_is_not_whole_is_refused_and_a_seed_may_be_set(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    runner = CliRunner()
    half = runner.invoke(app, ["edit", "G", "colonies", "Chios=Athens,", "Cos=Athens",
                               "--reason", "r", "--db", str(tmp_path / "gm.db")])
    assert half.exit_code == 1
    assert "rule 6 (colonies): every colony declares; name the Major for Phocaea, Rhodes" \
        in " ".join(half.output.split())
    done = gm("edit", "G", "colonies", "seed", "1234", "--reason", "the players' choice")
    assert "the colonies will be drawn from seed 1234" in done
    from gm.game.games import position_at
    from gm.store.database import open_store
    _, _, position = position_at(open_store(str(tmp_path / "gm.db")), "G")
    assert position.state["colonies"] == {"seed": 1234}


def test_a_letter_is_refused_at_intake_as_the_engine_voids_it(tmp_path):
    """Rules 3, 4 and 10 when a letter is read: a lone garrison's move and an order for
    another player's piece are rejected in the rule's words; the count hint's mixed unit
    (`A/G Spa`) is an order gm reads and accepts."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", letter="SPARTA: A/G(Sparta), G(Prasiae)\nELATEA: A(Elatea)\n"
                             "ATHENS: A(Marathon)\nANACTORIUM: A(Anactorium)\n")
    gm("adjudicate", "G", "--no-orders")
    echo = gm("orders", "G", letter="SPARTA:\nG Pra - Arg\nA Mar - Ath\nA Spa - Teg\n")
    assert "rule 4 (garrisons): a garrison never moves" in echo
    assert "rule 10 (signing units over): the army in Marathon belongs to Athens" in echo
    assert "rule 3 (Multiplicity II): Sparta holds A/G; write A/G Spa, or split it" in echo
    echo = gm("orders", "G", letter="SPARTA: A/G Spa - Teg\n")
    assert "REJECTED" not in echo and "A/G Spa - Teg" in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "A/G Spa - Teg" in report
    shown = gm("show", "G")
    assert "A Teg" in shown and "G Spa" in shown  # the garrison stayed


def test_builds_over_the_allowance_across_lines_are_void_when_read(tmp_path):
    """Rule 2 at intake, as the engine counts: each line fits alone (2A Spa, A Pra, then
    G Zar in a second letter), together they are worth 3½ of Sparta's 3."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    echo = gm("orders", "G", letter="SPARTA: 2A(Sparta)\nA(Prasiae)\n")
    assert "void when adjudicated" not in echo
    echo = gm("orders", "G", letter="SPARTA: G(Zarax)\n")
    why = "rule 2 (cities and towns): Sparta has 0 to build, and G Zar costs ½"
    assert f"Build G Zar (void when adjudicated: {why})" in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert f"Build G Zar (*void*: {why})" in " ".join(report.split())


def test_a_minors_second_set_up_piece_is_void_when_read(hoplite):
    """Rule 1 at intake: the builds in force before a line are passed to the rule, as the
    engine passes them (`gm.game.surplus`)."""
    from gm.game.surplus import note_surplus
    from gm.store.order_rows import NewOrder

    setup = Position(Phase(451, "Winter", "Adjustment"), [], {"ela": "elatea"})
    first = parse_order("Build A Ela", hoplite, "elatea")
    second = parse_order("Build G Ela", hoplite, "elatea")
    rows = note_surplus([(NewOrder(1, "elatea", "A(Elatea)", "accepted"), first)],
                        [(NewOrder(1, "elatea", "G(Elatea)", "accepted"), second)],
                        setup, hoplite, RuleSet.for_map(hoplite))
    assert rows[0].reason == ("void when adjudicated: rule 1 (set-up): Elatea is a Minor "
                              "State and places exactly one piece")
    outcome = Season.for_map(hoplite).adjudicate(setup, [first, second])
    assert [r.detail for r in outcome.results if r.code == "void"] == [
        "rule 1 (set-up): Elatea is a Minor State and places exactly one piece"]


def test_a_second_sack_of_delphi_is_refused_under_rule_7(hoplite):
    state = {"delphi": {"sacked_by": "boeotia", "shunned": ["boeotia", "elis"]}}
    assert refusal(hoplite, "Sack Delphi", "sparta", [Unit("sparta", "A", "del")],
                   state=state).startswith("rule 7 (Delphi): Delphi was sacked already")


def test_an_order_for_another_players_piece_is_refused(hoplite):
    """Rule 10: no letter makes a piece another player's; an order for it is refused."""
    assert refusal(hoplite, "A Mar - Ath", "sparta", [Unit("athens", "A", "mar")]) == (
        "rule 10 (signing units over): the army in Marathon belongs to Athens, not Sparta")
    # a merge that names another player's piece, and a support of a mix: the same words
    assert refusal(hoplite, "A Spa & A Man merge 2A Teg", "sparta",
                   [Unit("sparta", "A", "spa"), Unit("mantinea", "A", "man")]).startswith(
        "rule 10 (signing units over): the army in Mantinea belongs to Mantinea, not Sparta")


def test_a_conversion_in_spring_is_refused_under_rule_9(hoplite):
    assert "rule 9 (conversion)" in refusal(hoplite, "A Ath - F Ath", "athens",
                                            [Unit("athens", "A", "ath")])


def test_a_conversion_inland_or_outside_a_centre_is_refused_under_rule_9(hoplite):
    winter = Phase(450, "Winter", "Adjustment")
    assert refusal(hoplite, "A Ela - F Ela", "elatea", [Unit("elatea", "A", "ela")],
                   winter).startswith("rule 9 (conversion): only a piece in a coastal city")
    assert refusal(hoplite, "A Pyl - F Pyl", "messene", [Unit("messene", "A", "pyl")],
                   winter).startswith("rule 9 (conversion): a piece converts only in a city")


# --- Delphi's units need no centre ------------------------------------------------------------

def test_delphis_units_are_never_removed_for_supply(hoplite):
    """Boeotia owns one city and keeps two armies, one of them raised from Delphi: no removal
    is due, and an order to remove the free one is void."""
    units = [Unit("boeotia", "A", "thb", tag="W450A:thb:delphi"), Unit("boeotia", "A", "aul")]
    state = {"delphi": {"sacked_by": "boeotia", "shunned": ["boeotia", "elis"]}}
    position = Position(WINTER_449, units, {"aul": "boeotia"}, state=state)
    outcome = Season.for_map(hoplite).adjudicate(
        position, [parse_order("Remove A Thb", hoplite, "boeotia")])
    assert len(outcome.position.units) == 2
    assert [r.code for r in outcome.results if r.order is not None] == ["void"]


def test_the_units_built_from_delphi_are_marked_free(hoplite):
    state = {"delphi": {"sacked_by": "boeotia", "shunned": ["boeotia", "elis"],
                        "owed": {"boeotia": 2}}}
    position = Position(Phase(450, "Winter", "Adjustment"), [], {"thb": "boeotia"}, state=state)
    orders = [parse_order(t, hoplite, "boeotia") for t in ("Build A Thb", "Build F Thb",
                                                            "Build A Thb")]
    outcome = Season.for_map(hoplite).adjudicate(position, orders)
    tags = sorted(u.tag or "" for u in outcome.position.units)
    assert [t.endswith(":delphi") for t in tags].count(True) == 2 and len(tags) == 3
    assert "owed" not in outcome.position.state["delphi"]


# --- the demo archive -------------------------------------------------------------------------

def test_the_demo_archive_replays_without_differences():
    replayed = replay_checked(DEMO)
    assert replayed.exit_code == 0, replayed.output
    stdout = replayed.output
    assert "no differences" in stdout
    out = " ".join(stdout.split())
    for event in ("2A Spa - Teg", "Sparta gains Tegea", "the colonies declare",
                  "A Mar becomes a fleet", "Build G Teg", "A Lep merge 2A Eli",
                  "Boeotia sacked Delphi", "G Pra S merge Pra", "from Delphi's offerings",
                  "garrison in Zarax disbanded", "the player who sacked Delphi is shunned",
                  "G Pra disbanded at once when dislodged",
                  "Eliminated: Elis.", "Elis gains Elis", "Build A Eli"):
        assert event in out, event



# --- removals from a multiple, read as the engine reads them ----------------------------------

def test_a_removal_from_a_multiple_is_accepted_at_intake_as_the_engine_does_it(hoplite):
    """Rule 3 (f) and rule 4: `Remove A Spa` takes one army of a 2A, `Disband G Pra` the
    garrison of a 2A/G; neither is an order to the whole multiple, so no count hint."""
    winter = Position(WINTER_449, [Unit("sparta", "A", "spa"), Unit("sparta", "A", "spa"),
                                   Unit("sparta", "A", "pra"), Unit("sparta", "A", "pra"),
                                   Unit("sparta", "G", "pra")], {"spa": "sparta"})
    for text in ("Remove A Spa", "Disband G Pra", "Remove A/G Pra"):
        order = parse_order(text, hoplite, "sparta")
        assert legality.check(order, winter, hoplite, "Adjustment",
                              RuleSet.for_map(hoplite)).legal, text


def test_a_garrison_disbanded_from_a_multiple_frees_its_half_build_at_intake(tmp_path):
    """Rule 4 in Winter, through `gm orders` and `gm adjudicate`: the echo of `Disband G Pra`
    (from Sparta's 2A/G) and of the build its half pays for is what the engine does."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", letter="SPARTA: 2A(Sparta), G(Prasiae), G(Zarax)\n")
    gm("adjudicate", "G", "--no-orders")  # Winter 451 BC
    gm("orders", "G", letter="SPARTA: 2A Spa split A - Teg & A H\n")
    gm("adjudicate", "G", "--no-orders")  # Spring 450 BC: Tegea is Sparta's
    gm("orders", "G", letter="SPARTA: A Teg & A Spa MERGE 2A Pra\nG Pra S MERGE Pra\n")
    gm("adjudicate", "G", "--no-orders")  # Autumn 450 BC: 2A/G Pra; 3½ centres, 3 to keep
    echo = gm("orders", "G", letter="SPARTA: Disband G Pra\nBuild A Spa\n")
    assert "void when adjudicated" not in echo and "REJECTED" not in echo
    report = " ".join(gm("adjudicate", "G", "--no-orders").split())
    assert "Sparta: 1 garrison in Prasiae disbanded" in report
    assert "Build A Spa" in report and "*void*" not in report
    shown = gm("show", "G")
    assert "2A Pra" in shown and "A Spa" in shown and "G Pra" not in shown


def test_a_multiples_change_of_kind_reads_as_one_unit_in_the_report(hoplite):
    """Rule 9: `2A Ath - 2F Ath` is reported as the multiple it is, not as one army."""
    assert parse_order("2A Ath - 2F Ath", hoplite, "athens",
                       phase_kind="Adjustment").in_words() == "2A Ath becomes 2F"
    assert parse_order("A Ath - F Ath", hoplite, "athens",
                       phase_kind="Adjustment").in_words() == "A Ath becomes a fleet"


def test_delphis_two_units_are_named_as_orders_write_them(hoplite):
    """Rule 7's event names the units raised from Delphi as a report writes pieces."""
    state = {"delphi": {"sacked_by": "boeotia", "shunned": ["boeotia", "elis"],
                        "owed": {"boeotia": 2}}}
    position = Position(Phase(450, "Winter", "Adjustment"), [], {"thb": "boeotia",
                                                                  "aul": "boeotia"},
                        state=state)
    orders = [parse_order(t, hoplite, "boeotia") for t in ("Build A Thb", "Build F Aul")]
    outcome = Season.for_map(hoplite).adjudicate(position, orders)
    assert "rule 7 (Delphi): Boeotia raised A Thb, F Aul from Delphi's offerings" \
        in outcome.events


def test_the_picture_draws_each_part_of_a_merge_and_a_split(tmp_path):
    """Rule 3 on the board: the engine resolves each piece's part of a merge or a split, which
    is no stored order; `gm draw` still draws every part's arrow, as the report lists it."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", letter="SPARTA: 2A(Sparta)\nBOEOTIA: A(Thebes), A(Aulis)\n")
    gm("adjudicate", "G", "--no-orders")
    gm("orders", "G", letter="SPARTA: 2A Spa split A - Teg & A H\n"
                             "BOEOTIA: A Thb & A Aul MERGE 2A Pla\n")
    gm("adjudicate", "G", "--no-orders")
    out = tmp_path / "board.svg"
    gm("draw", "G", "--phase", "Spring 450 BC", "--output", str(out))
    svg = out.read_text(encoding="utf-8")
    for power, start, end in (("boeotia", "thb", "pla"), ("boeotia", "aul", "pla"),
                              ("sparta", "spa", "teg")):
        assert (f'class="order move succeeded" data-power="{power}" data-from="{start}" '
                f'data-to="{end}"') in svg, (start, end)


def test_a_minors_set_up_with_no_piece_is_void_when_read(tmp_path):
    """Rule 1 at intake: `CHALCIS: Waive` at the set-up gets the engine's words at once."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    echo = " ".join(gm("orders", "G", letter="CHALCIS: Waive\n").split())
    why = "rule 1 (set-up): Chalcis is a Minor State and places exactly one single piece"
    assert f"Waive (void when adjudicated: {why}" in echo
    report = " ".join(gm("adjudicate", "G", "--no-orders").split())
    assert f"Waive (*void*: {why}" in report


def test_a_minors_piece_ordered_under_its_major_is_ordered_for_the_minor(hoplite):
    """The player plays both powers: the Major's letter orders the Minor's piece, for the
    Minor; another player's letter may not (rule 10)."""
    rules = RuleSet.for_map(hoplite)
    units = [Unit("elatea", "A", "ela"), Unit("athens", "A", "mar"), Unit("sparta", "A", "orc")]
    position = Position(SPRING_450, units, {})
    for text in ("A Ela - Del", "A Orc & A Ela merge 2A Opu"):
        verdict = legality.check(parse_order(text, hoplite, "sparta"), position, hoplite,
                                 "Movement", rules)
        assert verdict.legal, (text, verdict.problem)
    assert verdict.order.power == "sparta"  # the merge is the first piece's power's
    assert legality.check(parse_order("A Ela - Del", hoplite, "sparta"), position, hoplite,
                          "Movement", rules).order.power == "elatea"
    assert refusal(hoplite, "A Ela - Del", "athens", units).startswith("rule 10 (signing")
    assert refusal(hoplite, "A Mar - Ath", "sparta", units).startswith("rule 10 (signing")


def test_full_names_spell_a_garrison_out():
    """`--names full` writes a garrison as the judges write an army (`Garrison Prasiae`)."""
    from gm.report.report_builder import written_in_full

    names = {"pra": "Prasiae", "spa": "Sparta"}
    assert written_in_full("G Pra S merge Pra", names) == "Garrison Prasiae SUPPORT merge Prasiae"
    assert written_in_full("A Spa - Pra", names) == "Army Sparta -> Prasiae"


SET_UP_450 = ("SPARTA: A/G(Sparta), G(Prasiae)\nELATEA: A(Elatea)\n"
              "ATHENS: A(Marathon)\nANACTORIUM: A(Anactorium)\n")


def test_a_letter_naming_no_power_is_read_as_its_one_players_letter(tmp_path):
    """Reading rule 2: a letter with no heading and no --power naming pieces of a Major and
    its Minor is the player's letter, read for the Major and each line for its piece's power;
    pieces of two players still make it refused, and nothing is stored."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", letter=SET_UP_450)
    gm("adjudicate", "G", "--no-orders")
    echo = gm("orders", "G", letter="A/G Spa - Teg\nA Ela - Del\n")
    assert "Read as Sparta's letter: it orders pieces of one player's powers only " \
           "(Sparta, Elatea)" in echo
    assert "REJECTED" not in echo
    assert any("Elatea" in line and "A Ela - Del" in line for line in echo.splitlines())
    assert any("Sparta" in line and "A/G Spa - Teg" in line for line in echo.splitlines())
    refused = CliRunner().invoke(app, ["orders", "G", "-", "--db", str(tmp_path / "gm.db")],
                                 input="A/G Spa - Teg\nA Mar - Ath\n", env={"COLUMNS": "200"})
    assert refused.exit_code != 0
    assert "several powers (Athens, Sparta)" in " ".join(refused.output.split())
    listed = gm("orders", "G", "--list")
    assert "A Mar" not in listed and "A Ela - Del" in listed


def in_force(listed: str) -> set[str]:
    """The orders `gm orders G --list` shows as in force ("ok"), by their text."""
    cells = [[c.strip() for c in line.split("│")] for line in listed.splitlines()]
    return {c[2] for c in cells if len(c) > 4 and c[3] == "ok"}


def test_replacing_a_majors_orders_withdraws_what_its_letters_gave_the_minor(tmp_path):
    """Reading rule 3 for one player's powers: `--replace -P Sparta` withdraws what Sparta's
    letters gave, the Minor's pieces' orders too; a letter headed for Elatea stays."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("orders", "G", letter=SET_UP_450)
    gm("adjudicate", "G", "--no-orders")
    gm("orders", "G", letter="SPARTA: A/G Spa - Teg\nA Ela - Del\n")
    assert in_force(gm("orders", "G", "--list")) == {"A/G Spa - Teg", "A Ela - Del"}
    echo = gm("orders", "G", "--replace", "-P", "Sparta", letter="SPARTA: G Pra H\n")
    assert "2 earlier orders withdrawn" in echo
    assert in_force(gm("orders", "G", "--list")) == {"G Pra H"}
    gm("orders", "G", letter="ELATEA: A Ela - Del\n")
    echo = gm("orders", "G", "--replace", "-P", "Sparta", letter="SPARTA: A/G Spa - Arg\n")
    assert "1 earlier order withdrawn" in echo
    assert in_force(gm("orders", "G", "--list")) == {"A/G Spa - Arg", "A Ela - Del"}
    gm("orders", "G", letter="ELATEA: A/G Spa - Teg\n")  # the Minor's letter, Sparta's piece
    echo = gm("orders", "G", "--replace", "-P", "Sparta", letter="SPARTA: G Pra H\n")
    assert "withdrawn" not in echo  # A/G Spa - Arg was replaced by the Minor's letter
    assert in_force(gm("orders", "G", "--list")) == {"G Pra H", "A Ela - Del", "A/G Spa - Teg"}
