"""Retreats and builds written with the moves are kept for their phase (postal habit; in
Middle-Earth VIII rule 5 the GM calls for them with the Summer moves)."""

from __future__ import annotations


def spring_1901(gm):
    gm("new", "demo")
    gm("orders", "demo", input="France:\nA Par - Bur\nF Bre - Mid\nGermany:\nA Mun - Ruh\n"
                               "A Ber - Mun\n")
    gm("adjudicate", "demo", "--no-orders")


def test_a_retreat_sent_with_the_moves_is_used_when_the_unit_is_dislodged(gm):
    spring_1901(gm)
    echo = gm("orders", "demo", input="France:\nA Bur H\nA Bur R Pic\nBuild A Par\n"
                                      "Germany:\nA Ruh - Bur\nA Mun S A Ruh - Bur\n").output
    assert "later" in echo and "kept for Autumn 1901 Retreat" in echo
    assert "kept for Winter 1901" in echo
    report = gm("adjudicate", "demo", "--no-orders").output
    assert "Autumn 1901 Retreat" in report
    status = gm("status", "demo").output
    assert "no order yet for A Bur" not in status  # the retreat sent ahead is in force
    retreat = gm("adjudicate", "demo", "--no-orders").output
    assert "A Bur R Pic" in retreat
    assert "A Pic" in gm("show", "demo").output


def test_an_order_given_in_the_phase_itself_wins(gm):
    spring_1901(gm)
    gm("orders", "demo", input="France:\nA Bur H\nA Bur R Pic\nGermany:\nA Ruh - Bur\n"
                               "A Mun S A Ruh - Bur\n")
    gm("adjudicate", "demo", "--no-orders")
    gm("orders", "demo", input="France: A Bur R Gas\n")
    retreat = gm("adjudicate", "demo", "--no-orders").output
    assert "A Bur R Gas" in retreat and "A Bur R Pic" not in retreat


def test_without_it_the_unit_disbands(gm):
    spring_1901(gm)
    gm("orders", "demo", input="France:\nA Bur H\nGermany:\nA Ruh - Bur\nA Mun S A Ruh - Bur\n")
    gm("adjudicate", "demo", "--no-orders")
    retreat = gm("adjudicate", "demo", "--no-orders").output
    assert "disband" in retreat.lower() and "A Bur R" not in retreat


def test_orders_sent_ahead_survive_export_and_replay(gm, tmp_path):
    spring_1901(gm)
    gm("orders", "demo", input="France:\nA Bur H\nA Bur R Pic\nGermany:\nA Ruh - Bur\n"
                               "A Mun S A Ruh - Bur\n")
    gm("adjudicate", "demo", "--no-orders")
    gm("adjudicate", "demo", "--no-orders")
    archive = tmp_path / "demo.txt"
    gm("export", "demo", str(archive))
    assert "A Bur R Pic" in archive.read_text()
    other = tmp_path / "other.db"
    assert "no differences" in gm("replay", str(archive), "--check", "--db", str(other),
                                  db=False).output
