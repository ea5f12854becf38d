"""A GM's session through the command line: new game, orders, status, adjudication, reports,
undo and redo, corrections, a draw, export and replay."""

from __future__ import annotations

import re

from gm.store.archive import read_archive

FRANCE = """\
Hello GM,
France:
A Par - Bur
A Mar S A Par - Bur
F Bre - Mid
Regards, Pierre
"""


def test_start_a_game_and_list_it(gm):
    out = gm("variants", db=False).output
    assert "standard  Standard: 7 powers, 34 supply centres" in out
    assert "Started demo (Standard) at Spring 1901" in gm("new", "demo").output
    listed = gm("games").output
    assert "demo" in listed and "Spring 1901" in listed
    shown = gm("show", "demo").output
    assert "France" in shown and "A Par" in shown and "Neutral centres: Bel" in shown


def test_a_season_from_letters_to_report(gm, tmp_path):
    gm("new", "demo")
    letter = tmp_path / "france.txt"
    letter.write_text(FRANCE)
    echo = gm("orders", "demo", str(letter)).output
    assert "ok        France   A Par - Bur" in echo
    assert "Stored: 3 accepted" in echo
    echo = gm("orders", "demo", "-", "--power", "Germany", input="A Mun - Bur\n").output
    assert "Germany  A Mun - Bur" in echo
    listed = gm("orders", "demo", "--list").output
    assert "A Mar S A Par - Bur" in listed and "A Mun - Bur" in listed
    status = gm("status", "demo").output
    assert re.search(r"Germany\s+1 order; no order yet for A Ber, F Kie", status)
    assert "18 unit(s) without orders will hold." in status
    preview = gm("adjudicate", "demo", "--no-orders", "--preview").output
    assert "[PREVIEW: nothing stored]" in preview and "A Mun - Bur (*bounce*)" in preview
    assert "demo: Spring 1901 (Standard)" in gm("status", "demo").output
    report = gm("adjudicate", "demo", "--no-orders").output
    assert "A Mun - Bur (*bounce*)" in report
    assert "A Vie H (*no order*)" in report
    assert "Next: Autumn 1901" in report
    assert gm("report", "demo").output == report
    assert gm("report", "demo", "--phase", "S1901M").output == report
    assert "Autumn 1901" in gm("status", "demo").output
    # a phase is read the same way by every command that asks for one
    assert gm("show", "demo", "--phase", "F1901M").output == \
        gm("show", "demo", "--phase", "Fall of 1901").output == gm("show", "demo").output
    assert gm("nmr", "demo", "--phase", "Spring, 1901").output == \
        gm("nmr", "demo", "--phase", "S1901M").output


def test_undo_redo_and_corrections(gm):
    gm("new", "demo")
    gm("orders", "demo", "--power", "France", input="A Par - Pic\n")
    gm("adjudicate", "demo", "--no-orders")
    undone = gm("undo", "demo").output
    assert "back from Autumn 1901 to Spring 1901" in undone
    assert "A Par - Pic" in gm("orders", "demo", "--list").output
    assert "would restore" in gm("status", "demo").output
    assert "forward again from Spring 1901 to Autumn 1901" in gm("redo", "demo").output
    gm("redo", "demo", ok=False)
    done = gm("edit", "demo", "add", "Germany", "A", "Ruh", "--reason", "lost letter").output
    assert "Added German A Ruh (reason: lost letter)" in done
    gm("edit", "demo", "move", "Pic", "Bel", "-r", "misplaced on the map")
    report = gm("adjudicate", "demo", "--no-orders").output
    assert "GM corrections" in report
    assert "Moved French A Pic to Bel (reason: misplaced on the map)" in report
    shown = gm("show", "demo").output
    assert "A Ruh" in shown and "A Bel" in shown


def test_draw_export_and_replay_round_trip(gm, tmp_path):
    gm("new", "demo", "--notes", "a short game")
    gm("orders", "demo", input="France:\nA Par - Bur\nGermany:\nA Mun - Bur\nA Ber - Kie\n"
                               "F Kie - Den\n")
    gm("adjudicate", "demo", "--no-orders")
    gm("edit", "demo", "own", "Bel", "France", "--reason", "agreed by both players")
    gm("orders", "demo", input="England: F Lon - Nth\nA Mar - Spa\n")
    gm("adjudicate", "demo", "--no-orders")
    refused = gm("agree-draw", "demo", "England,", "France", "Germany", ok=False).output
    assert "Austria, Italy, Russia and Turkey are missing" in refused
    for edit in (["remove", "Vie"], ["remove", "Bud"], ["remove", "Tri"], ["own", "Vie", "Russia"],
                 ["own", "Bud", "Russia"], ["own", "Tri", "Italy"]):
        gm("edit", "demo", *edit, "--reason", "Austria is gone")
    every = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    assert "Austria has been eliminated; give --include-eliminated" in \
        gm("agree-draw", "demo", *every, ok=False).output
    assert "The game was declared a draw between England, France, Germany, Italy, Russia and " \
        "Turkey (Winter 1901)." in gm("agree-draw", "demo", "England,", "France", "Germany",
                                      "Italy", "Russia", "Turkey").output
    archive = tmp_path / "demo.txt"
    gm("export", "demo", str(archive))
    text = archive.read_text()
    assert "GM edit: own Bel France (reason: agreed by both players)" in text
    assert text.rstrip().endswith("Result: Draw: England, France, Germany, Italy, Russia, Turkey")
    other = tmp_path / "other.db"
    replayed = gm("replay", str(archive), "--check", "--db", str(other), db=False).output
    assert "no differences" in replayed
    for phase in ("Spring 1901", "Autumn 1901"):
        mine = gm("report", "demo", "--phase", phase).output
        theirs = gm("report", "demo", "--phase", phase, "--db", str(other), db=False).output
        assert mine == theirs
    assert gm("export", "demo", "--db", str(other), db=False).output == text


def test_a_whole_game_typed_command_by_command(gm, demo_archive):
    """The demo game, typed in as a GM would: every letter pasted, every phase adjudicated,
    then the draw. The export must be the archive itself."""
    archive = read_archive(demo_archive.read_text(), str(demo_archive))
    gm("new", archive.game, "--notes", "\n".join(archive.notes))
    for i, phase in enumerate(archive.phases):
        assert f"{archive.game}: {phase.heading} " in gm("status", archive.game).output
        for letter in phase.letters:
            gm("orders", archive.game, "--power", letter.power, input=letter.text)
        if i < len(archive.phases) - 1:
            gm("adjudicate", archive.game, "--phase", phase.heading)
    powers = archive.result.split(":", 1)[1].split(",")
    gm("agree-draw", archive.game, *[p.strip() for p in powers])
    assert gm("export", archive.game).output == demo_archive.read_text()


def test_lines_the_report_prints_survive_export_and_replay(gm, tmp_path):
    gm("new", "demo")
    gm("orders", "demo", input="Hello GM,\nFrance:\nA Mar - Mos\nA Par - Bur\n"
                               "I hold everything else\nRegards, Pierre\n")
    gm("adjudicate", "demo", "--no-orders")
    report = gm("report", "demo", "--phase", "Spring 1901").output
    assert "A Mar - Mos" in report  # shown: meant as an order and refused, with the reason
    assert "I hold everything else" not in report  # a remark: the GM's, not the zine's
    assert "Regards, Pierre" not in report     # chatter stays out of the zine
    archive = tmp_path / "demo.txt"
    gm("export", "demo", str(archive))
    assert "A Mar - Mos" in archive.read_text()
    other = tmp_path / "other.db"
    gm("replay", str(archive), "--db", str(other), db=False)
    theirs = gm("report", "demo", "--phase", "Spring 1901", "--db", str(other), db=False).output
    assert theirs == report


def test_an_order_less_second_adjudication_needs_no_orders(gm):
    gm("new", "demo")
    gm("orders", "demo", input="France:\nA Par - Bur\n")
    gm("adjudicate", "demo")
    again = gm("adjudicate", "demo", ok=False)
    assert "no power has sent any order for Autumn 1901" in again.output
    assert "--no-orders" in again.output
    assert "Autumn 1901" in gm("status", "demo").output  # nothing was adjudicated
    assert "Autumn 1901" in gm("adjudicate", "demo", "--no-orders").output
