"""A line that gives the same order as an earlier line of the player's is a repeat, not a
replacement: nothing changed, and every place that tells what became of the two lines says so
(the echo of `gm orders`, `gm orders --list`, the confirmation, the replay of an export). A
different order for the same unit is still a replacement, in those words."""

from __future__ import annotations

import re

from tests.cli.conftest import Gm

# line 7 changes the fleet's order; lines 4 and 6 give again the orders of lines 2 and 3 (line
# 6 through a guessed name that reads as the place line 3 wrote)
LETTER = "France\nA Par - Bur\nA Mar - Spa\nA Par - Bur\nF Bre - Mid\nA Mar - Spx\nF Bre - Eng\n"


def _echo(gm, text: str) -> list[str]:
    return [" ".join(line.split()) for line in gm("orders", "demo", input=text).output
            .splitlines()]


def test_a_line_repeated_in_one_letter_is_echoed_as_the_same_order(gm):
    gm("new", "demo")
    echo = _echo(gm, LETTER)
    assert echo[1:] == [
        "ignored France France orders below are for France",
        "repeated France A Par - Bur A Par - Bur (repeated by your later order on line 4, "
        "'A Par - Bur')",
        "repeated France A Mar - Spa A Mar - Spa (repeated by your later order on line 6, "
        "'A Mar - Spx')",
        "ok France A Par - Bur A Par - Bur (repeats your earlier order on line 2, A Par - Bur)",
        "replaced France F Bre - Mid F Bre - Mid (replaced by your later order on line 7, "
        "'F Bre - Eng')",
        "ok France A Mar - Spx A Mar - Spa (read 'Spx' as Spain (spa); repeats your earlier "
        "order on line 3, A Mar - Spa)",
        "ok France F Bre - Eng F Bre - Eng (replaces your earlier order on line 5, F Bre - Mid)",
        "Stored: 3 accepted, 1 ignored, 1 superseded, 2 repeated."]
    assert _listed(gm.db) == [  # what `gm orders --list` prints, in the echo's words
        ("repeated", "A Par - Bur (repeated by your later order on line 4, 'A Par - Bur')"),
        ("repeated", "A Mar - Spa (repeated by your later order on line 6, 'A Mar - Spx')"),
        ("ok", "A Par - Bur (repeats your earlier order on line 2, A Par - Bur)"),
        ("replaced", "F Bre - Mid (replaced by your later order on line 7, 'F Bre - Eng')"),
        ("ok", "A Mar - Spa (read 'Spx' as Spain (spa); repeats your earlier order on line 3, "
               "A Mar - Spa)"),
        ("ok", "F Bre - Eng (replaces your earlier order on line 5, F Bre - Mid)")]


def _listed(db) -> list[tuple[str, str]]:
    """Each order line of the phase as `gm orders --list` shows it: its status word and what
    gm read (`intake.list_orders`, the rows the command's table prints)."""
    from gm.cli.output import STATUS_WORD, stored_as
    from gm.game.intake import list_orders
    from gm.store.database import open_store

    store = open_store(db)
    try:
        _, listed = list_orders(store, "demo")
    finally:
        store.close()
    return [(STATUS_WORD[stored_as(o.status, o.category)], o.detail) for o in listed]


def test_the_confirmation_lists_repeated_lines_apart_from_replaced_ones(gm):
    gm("new", "demo")
    gm("orders", "demo", input=LETTER)
    text = gm("confirm", "demo", "-P", "France").output
    will = text.split("Orders to be adjudicated:\n", 1)[1].split("\n\n", 1)[0]
    assert will.splitlines() == [
        "  A Par - Bur", "    repeats your earlier order on line 2, A Par - Bur",
        "  A Mar - Spa",
        "    read 'Spx' as Spain (spa); repeats your earlier order on line 3, A Mar - Spa",
        "  F Bre - Eng", "    replaces your earlier order on line 5, F Bre - Mid"]
    replaced = text.split("Replaced or withdrawn:\n", 1)[1].split("\n\n", 1)[0]
    assert replaced.splitlines() == [
        "  F Bre - Mid  (replaced by your later order on line 7, 'F Bre - Eng')"]
    repeated = text.split("Repeated (the same order stands):\n", 1)[1].split("\n\n", 1)[0]
    assert repeated.splitlines() == [
        "  A Par - Bur  (repeated by your later order on line 4, 'A Par - Bur')",
        "  A Mar - Spa  (repeated by your later order on line 6, 'A Mar - Spx')"]


def test_a_later_letter_that_repeats_an_order_replaces_nothing(gm):
    """The same order in a later letter, written with or without the piece's kind: the
    earlier line is repeated, the later one says nothing; a different order still replaces."""
    gm("new", "demo")
    gm("orders", "demo", input="France\nA Par - Bur\nA Mar - Spa\nF Bre - Mid\n")
    echo = _echo(gm, "France\nPar - Bur\nA Mar - Gas\nF Bre - Mid\n")
    assert "ok France Par - Bur A Par - Bur" in echo  # no note: nothing changed
    assert "ok France F Bre - Mid F Bre - Mid" in echo
    assert "ok France A Mar - Gas A Mar - Gas (replaces your earlier order in an earlier " \
           "letter, A Mar - Spa)" in echo
    assert "These earlier orders were replaced: A Mar - Spa." in echo
    assert "These earlier orders were repeated (the same order stands): A Par - Bur; " \
           "F Bre - Mid." in echo
    text = gm("confirm", "demo", "-P", "France").output
    assert "Repeated (the same order stands):\n" \
           "  A Par - Bur  (repeated by your later order in a later letter, 'Par - Bur')\n" \
           "  F Bre - Mid  (repeated by your later order in a later letter, 'F Bre - Mid')\n" \
           in text
    assert "  A Mar - Spa  (replaced by your later order in a later letter, 'A Mar - Gas')" \
           in text


def test_a_guessed_name_that_repeats_an_earlier_order_is_not_asked_about(gm):
    """Reading rule 9 asks before a line gm is not sure of replaces a different order; a
    guessed line that reads as the very order given before changes nothing, and is taken."""
    gm("new", "demo")
    gm("orders", "demo", input="France\nA Mar - Spa\n")
    echo = _echo(gm, "France\nMar - Spx\n")
    assert "ok France Mar - Spx A Mar - Spa (read 'Spx' as Spain (spa))" in echo
    echo = _echo(gm, "France\nA Mar - Spa\nMar - Spx\n")
    assert "ok France Mar - Spx A Mar - Spa (read 'Spx' as Spain (spa); repeats your earlier " \
           "order on line 2, A Mar - Spa)" in echo


def test_dropping_the_repeating_letter_puts_the_repeated_order_back_in_force(gm):
    gm("new", "demo")
    gm("orders", "demo", input="France\nA Par - Bur\n")
    gm("orders", "demo", input="France\nA Par - Bur\n")
    assert "In force again: A Par - Bur" in gm("letters", "demo", "--drop", "2").output
    assert _listed(gm.db)[0] == ("ok", "A Par - Bur (in force again: letter 2 was dropped)")
    from gm.store.database import open_store

    store = open_store(gm.db)
    try:  # in force again, it is no longer a repeated line
        assert store.db.execute("SELECT status, category FROM orders WHERE line = 2 ORDER BY id"
                                ).fetchone() == ("accepted", "")
    finally:
        store.close()


def test_the_replay_of_an_export_says_the_same_of_repeated_lines(gm, tmp_path):
    gm("new", "demo")
    gm("orders", "demo", input=LETTER)
    gm("orders", "demo", input="France\nF Bre - Eng\n")
    before = _listed(gm.db)
    assert ("repeated", "F Bre - Eng (repeated by your later order in a later letter, "
                        "'F Bre - Eng')") in before
    archive = tmp_path / "demo.txt"
    for private in (["--private"], []):  # the public archive leaves out the heading line
        archive.write_text(gm("export", "demo", *private).output, encoding="utf-8")
        again = Gm(tmp_path / f"again{len(private)}.db")
        assert "no differences" in again("replay", str(archive), "--check").output
        assert _said(_listed(again.db)) == _said(before)


def _said(listed: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each line's status word and what gm read and said of it (a guessed name's note, what
    it says of the other line for its unit), the line's number left out (a replay files the
    archive's lines as recorded, numbered from its first line kept)."""
    return [(word, re.sub(r"line \d+", "line N", why)) for word, why in listed]
