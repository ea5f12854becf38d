"""Rise of Rome II through the command line: a GM starts a game, reads the first Spring's
letters in the rulebook's notation (leaders placed and ordered in one letter), adjudicates,
reports, shows and draws; `gm edit` keeps a leader with at most one unit of its own power."""

from __future__ import annotations

import json

CARTHAGE = """CARTHAGE: Place Hannibal in New Carthage
Hannibal - Mauretania
A(New Carthage)-Saguntum
F(Carthage)-Iberian Sea
"""
ROME = """ROME: Place Publius Scipio in Rome
Scipio - Campania
F(Campania)-Sicily
A(Rome)-Campania
"""


def flat(result) -> str:
    return " ".join(result.output.split())  # lines wrap in reports and tables


def test_a_first_spring_from_letters_to_report_and_picture(gm, tmp_path):
    assert "Started G (Rise of Rome II) at Spring 220 BC" in \
        flat(gm("new", "G", "--variant", "rise-of-rome-ii"))
    echo = flat(gm("orders", "G", "-", "--power", "Carthage", input=CARTHAGE))
    # the placement puts Hannibal on the board the letter's later lines are read against
    assert "Hannibal - Mau" in echo and "Stored: 4 accepted" in echo
    echo = flat(gm("orders", "G", "-", "--power", "Rome", input=ROME))
    assert "Stored: 4 accepted" in echo
    report = gm("adjudicate", "G", "--no-orders").output
    text = " ".join(report.split())
    assert "Place Hannibal in New (*placed*)" in text
    assert "Carthage: Hannibal starts in New Carthage, rule 3.3 (leaders)" in text
    assert "Macedonia: Philip V starts in Lysimacheia (no placement was sent)" in text
    assert "A Lys with Philip V H (*no order*)" in text  # a stack on one line
    assert "Publius Scipio - Cam" in text and "Hannibal - Mau" in text
    assert "more than half of the 37 supply centres" in text
    assert gm("report", "G").output == report
    shown = json.loads(gm("show", "G", "--format", "json").output)
    stacks = {p["power"]: p["stacks"] for p in shown["powers"]}
    assert "Hannibal Mau" in stacks["Carthage"]
    assert "A Lys with Philip V" in stacks["Macedonia"]
    picture = tmp_path / "g.svg"
    assert "Drew G" in flat(gm("draw", "G", "-o", str(picture)))
    assert picture.stat().st_size > 0


def test_gm_edit_keeps_one_army_or_fleet_with_a_leader_of_its_own_power(gm):
    gm("new", "G", "--variant", "rise-of-rome-ii")
    added = flat(gm("edit", "G", "add", "Carthage", "Hannibal", "Car", "--reason", "late"))
    assert "Hannibal" in added
    foreign = flat(gm("edit", "G", "add", "Rome", "Publius Scipio", "Car", "--reason", "test",
                      ok=False))
    assert "rule 3.4 (leaders): a leader shares a province only with a unit of its own " \
           "power" in foreign
    two = flat(gm("edit", "G", "add", "Carthage", "A", "Car", "--reason", "test", ok=False))
    assert "rule 3.4 (leaders): only one army or fleet may stand in a province" in two




def test_victory_is_judged_at_the_end_of_the_winter_and_dated_winter(gm):
    """Rule 10, as issue 29 settles it: 'at the end of Autumn Adjustments'. Macedonia takes its
    nineteenth of 37 centres in the Autumn: no winner until the Winter is adjudicated, and the
    victory is dated Winter."""
    gm("new", "G", "--variant", "rise-of-rome-ii")
    gm("adjudicate", "G", "--no-orders")  # Spring 220 BC: every piece holds
    for barbarian in ("Ill", "Moe"):
        gm("edit", "G", "remove", barbarian, "--reason", "test")
    for centre in "ill moe coe cre cyr epi hip lig mas per pon rho sag spa syr".split():
        gm("edit", "G", "own", centre, "Macedonia", "--reason", "test")  # 18 centres
    gm("orders", "G", "-", "--power", "Macedonia", input="A Pella - Thessaly\n")
    autumn = flat(gm("adjudicate", "G"))
    assert "wins" not in autumn and "Next: Winter 220 BC" in autumn
    status = flat(gm("status", "G"))
    assert "Winter 220 BC" in status and "over" not in status
    winter = flat(gm("adjudicate", "G", "--no-orders"))
    assert "Macedonia wins (Winter 220 BC) with 19 supply centres" in winter
    assert "Macedonia wins (Winter 220 BC)" in flat(gm("games"))
