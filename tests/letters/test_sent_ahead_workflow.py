"""Workflow traps around orders sent ahead: a power whose only orders for a phase came with
its moves has ordered; a retreat phase nobody can retreat in is not played."""

from __future__ import annotations


def test_a_power_whose_only_orders_were_sent_ahead_has_ordered(gm):
    gm("new", "demo")
    gm("orders", "demo", input="France:\nA Par - Bur\nGermany:\nA Mun - Ruh\nA Ber - Mun\n")
    gm("adjudicate", "demo")
    gm("orders", "demo", input="France:\nA Bur H\nIf dislodged: A Bur R Pic\n"
                               "Germany:\nA Ruh - Bur\nA Mun S A Ruh - Bur\n")
    gm("adjudicate", "demo")  # Autumn 1901: the French army in Burgundy is dislodged
    status = gm("status", "demo").output
    assert "Autumn 1901 Retreat" in status
    assert "France      1 order\n" in status  # the retreat sent ahead
    assert "France" not in gm("nmr", "demo").output
    report = gm("adjudicate", "demo").output
    assert "France (NMR)" not in report and "A Bur R Pic" in report


def test_a_retreat_phase_with_no_retreat_possible_is_not_played(gm):
    gm("new", "demo")
    for unit in (["Germany", "A", "Tyr"], ["Austria", "A", "Boh"], ["Italy", "A", "Pie"]):
        gm("edit", "demo", "add", *unit, "--reason", "a test position")
    gm("orders", "demo", input="Italy:\nA Ven - Tyr\nA Pie S A Ven - Tyr\nGermany:\nA Tyr H\n")
    report = gm("adjudicate", "demo").output
    assert "A Tyr disbanded (no retreat possible)" in report
    assert "Next: Autumn 1901" in report
    assert "Autumn 1901" in gm("status", "demo").output.splitlines()[0]
