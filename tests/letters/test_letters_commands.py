"""Workflow trap 'Letters' and the confirmation per power: `gm orders --list -P`, `gm letters`
(`--drop N`) and `gm confirm`."""

from __future__ import annotations

FIRST = "France:\nA Par - Bur\nF Bre - Mid\nIf dislodged, A Mar - Gas\nI really hate Paris\n"
SECOND = "France:\nA Par - Pic\nBuild A Par\nParis is a nice place\n"


def test_list_shows_one_powers_orders(gm):
    gm("new", "demo")
    gm("orders", "demo", input=FIRST)
    gm("orders", "demo", input="Germany:\nA Mun - Ruh\n")
    listed = gm("orders", "demo", "--list", "-P", "France").output
    assert "A Par - Bur" in listed and "A Mun - Ruh" not in listed
    assert "A Mun - Ruh" in gm("orders", "demo", "--list").output


def test_the_echo_shows_a_replaced_line_as_read_and_what_replaced_it(gm):
    """A second order for the same unit: the first line's echo (and the listing) shows the
    order gm read from it and why it is not in force; the second says what it replaced."""
    gm("new", "demo")
    letter = "France:\narmy paris to burgundy\nA Paris - Picardy\n"
    echo = [line.split() for line in gm("orders", "demo", input=letter).output.splitlines()]
    assert ["replaced", "France", "army", "paris", "to", "burgundy", "A", "Par", "-", "Bur",
            "(replaced", "by", "your", "later", "order", "on", "line", "3,", "'A", "Paris",
            "-", "Picardy')"] in echo
    assert ["ok", "France", "A", "Paris", "-", "Picardy", "A", "Par", "-", "Pic", "(replaces",
            "your", "earlier", "order", "on", "line", "2,", "A", "Par", "-", "Bur)"] in echo
    from gm.game.intake import list_orders
    from gm.store.database import open_store

    _, listed = list_orders(open_store(gm.db), "demo")  # what `gm orders --list` prints
    assert listed[0].detail == "A Par - Bur (replaced by your later order on line 3, " \
                               "'A Paris - Picardy')"


def test_letters_lists_and_drops_a_letter_with_everything_it_gave(gm):
    gm("new", "demo")
    gm("orders", "demo", input=FIRST)
    gm("orders", "demo", input=SECOND)
    listed = gm("letters", "demo").output
    assert "1  " in listed and "2  " in listed and "France" in listed and " UTC " in listed
    dropped = gm("letters", "demo", "--drop", "2").output
    assert "letter 2 dropped; 4 line(s) withdrawn" in dropped
    assert "In force again: A Par - Bur" in dropped
    assert "dropped" in gm("letters", "demo").output.splitlines()[-1]
    report = gm("adjudicate", "demo", "--lines", "all").output
    assert "A Par - Bur" in report and "A Par - Pic" not in report
    assert "Paris is a nice place" not in report and "Build A Par" not in report
    assert "I really hate Paris" in report  # from letter 1, which stays


def test_drop_needs_a_letter_that_exists(gm):
    gm("new", "demo")
    assert "has 0 letter(s)" in gm("letters", "demo", "--drop", "1", ok=False).output


def test_confirm_says_what_will_be_adjudicated_kept_and_rejected(gm, tmp_path):
    gm("new", "demo")
    gm("orders", "demo", input=FIRST)
    gm("orders", "demo", input=SECOND)
    text = gm("confirm", "demo", "-P", "France").output
    assert text.startswith("Order confirmation: demo (Standard), Spring 1901\nPower: France\n")
    will = text.split("Orders to be adjudicated:\n", 1)[1].split("\n\n", 1)[0]
    assert will.split("\n") == ["  F Bre - Mid", "  A Par - Pic",
                                 "    replaces your earlier order in an earlier letter, A Par - Bur"]
    assert "Kept for a later phase:\n  A Mar R Gas  (kept for Spring 1901 Retreat" in text
    assert "Rejected:\n  Build A Par\n    'Build A Par': a build is not allowed" in text
    assert "Replaced or withdrawn:\n  A Par - Bur  (replaced by your later order in a later letter, 'A Par - Pic')" in text
    assert "No order yet for (they will hold):\n  A Mar" in text
    folder = tmp_path / "confirmations"
    gm("confirm", "demo", "--all", "--out", str(folder))
    assert sorted(p.name for p in folder.iterdir()) == [
        "austria.txt", "england.txt", "france.txt", "germany.txt", "italy.txt", "russia.txt",
        "turkey.txt"]
    assert (folder / "france.txt").read_text() == text
    assert "No orders received." in (folder / "italy.txt").read_text()
    missing = tmp_path / "no" / "such"
    assert "there is no folder" in gm("confirm", "demo", "--all", "-o", str(missing),
                                      ok=False).output
