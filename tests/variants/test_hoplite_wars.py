"""Hoplite Wars beyond what the case file can say: a GM's session through the command line in
the rulebook's own notation, the words of the refusals at intake, the seed stored at the game's
creation, Delphi's units that no removal touches, and the demo archive. The board rules
themselves are in tests/cases/hoplite-wars.txt."""

from __future__ import annotations

import subprocess
import sys
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
from tests.variants.gm_session import Gm

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "hoplite-wars-demo.txt"
MAP_ID = "hoplite-wars"
SPRING_450 = Phase(450, "Spring", "Movement")
WINTER_449 = Phase(449, "Winter", "Adjustment")


@pytest.fixture(scope="module")
def hoplite():
    return load_map(MAP_ID)


SET_UP = """\
SPARTA: 2A(Sparta), G(Prasiae), G(Zarax)
ELATEA: A(Elatea)
ATHENS: 2F(Athens), A(Marathon)
ANACTORIUM: A(Anactorium)
"""


def test_a_session_in_the_rulebook_notation(tmp_path):
    """`gm new`, the rulebook's set-ups, its Tegea move, adjudicate, report, show and draw."""
    gm = Gm(tmp_path / "gm.db")
    assert "Started G (Hoplite Wars) at Winter 451 BC" in gm("new", "G", "--variant", MAP_ID)
    echo = gm("orders", "G", letter=SET_UP)
    assert "Build 2A Spa" in echo and "Build G Zar" in echo and "REJECTED" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "Build G Pra" in report and "Next: Spring 450 BC" in report
    shown = gm("show", "G")
    assert "2A Spa" in shown and "2F Ath" in shown
    echo = gm("orders", "G", letter="SPARTA: 2A(Sparta)-Tegea\nATHENS: 2F(Athens) split "
                                    "F-Saronic Gulf & F H\n")
    assert "REJECTED" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert report.count("2A Spa - Teg") == 1  # one line for the multiple
    assert "Sparta gains Tegea" in report  # a town changes hands after Spring
    assert "20½ supply centres per player" in report
    assert gm("report", "G") == report
    out = tmp_path / "board.svg"
    gm("draw", "G", "--output", str(out))
    assert out.read_text(encoding="utf-8").lstrip().startswith("<")


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


def test_a_minors_build_written_under_its_major_is_refused_with_the_fix(hoplite):
    """The rulebook's one-line set-up `2F(Athens), A(Marathon) and A(Anactorium)` puts the
    Minor's piece in the Major's list; gm asks for it under the Minor's own name."""
    position = Position(Phase(451, "Winter", "Adjustment"), [],
                        {"ath": "athens", "ana": "anactorium"})
    order = parse_order("Build A Ana", hoplite, "athens")
    verdict = legality.check(order, position, hoplite, "Adjustment", RuleSet.for_map(hoplite))
    assert verdict.problem.message == (
        "rule 5 (Minor States): Anactorium is owned by Anactorium, and only Anactorium builds "
        "there: write the build in Anactorium's orders ('ANACTORIUM: ...')")


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
    proc = subprocess.run([sys.executable, "-m", "gm", "replay", str(DEMO), "--check",
                           "--dry-run"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no differences" in proc.stdout
    out = " ".join(proc.stdout.split())
    for event in ("2A Spa - Teg", "Sparta gains Tegea", "the colonies declare",
                  "A Mar becomes a fleet", "Build G Teg", "A Lep merge 2A Eli",
                  "Boeotia sacked Delphi", "G Pra S merge Pra", "from Delphi's offerings",
                  "garrison in Zarax disbanded", "the player who sacked Delphi is shunned",
                  "G Pra disbanded at once when dislodged",
                  "Eliminated: Elis.", "Elis gains Elis", "Build A Eli"):
        assert event in out, event

