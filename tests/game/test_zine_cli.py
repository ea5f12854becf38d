"""The zine commands on the command line: gm players, gm deadline, gm press, gm nmr. Every
mistake is one `gm:` line naming the input, and a failed command stores nothing."""

from __future__ import annotations

import pytest


@pytest.fixture()
def started(gm):
    gm("new", "league")
    return gm


def test_players_are_set_listed_and_changed(started):
    gm = started
    out = gm("players", "league", "France", "Jane", "Smith", "--contact", "jane@example.com")
    assert "France is played by Jane Smith from Spring 1901 on." in out.output
    listing = gm("players", "league").output
    assert "Jane Smith" in listing and "jane@example.com" in listing
    gm("orders", "league", "-", "--power", "Austria", input="A Vie - Gal\n")
    gm("adjudicate", "league")
    out = gm("players", "league", "France", "Bob [red]Jones[/]", "--standby")
    assert "Bob [red]Jones[/] (standby) from Autumn 1901 on (until now: Jane Smith)" in \
        out.output
    history = gm("players", "league", "--history").output
    assert history.index("Jane Smith") < history.index("Bob [red]Jones[/]")
    assert "Jane Smith" in gm("players", "league", "--phase", "Spring 1901").output
    gm("players", "league", "Italy", "--vacant")
    assert "(vacant)" in gm("players", "league").output


@pytest.mark.parametrize("args, message", [
    (["players", "league", "Prussia", "Jane"], "gm: 'Prussia' is not a power of Standard"),
    (["players", "league", "France"], "gm: say who plays France"),
    (["players", "league", "--standby"], "gm: say which power"),
    (["players", "league", "France", "Vacant"], "use --vacant"),
    (["players", "nowhere"], "gm: no game called 'nowhere'"),
    (["deadline", "league", "the", "fifth", "of", "Smarch"],
     "gm: 'the fifth of Smarch' is not a deadline"),
    (["deadline", "league", "Saturday", "--clear"], "gm: give a date or --clear, not both"),
    (["press", "league", "-"], "gm: say who wrote it"),
    (["press", "league", "missing.txt", "--from", "France"], "gm: there is no file missing.txt"),
    (["press", "league", "-", "--from", "France", "--grey"], "does not allow grey press"),
    (["press", "league", "--withdraw", "7"], "gm: league has no press item 7 to withdraw"),
    (["press", "league", "-", "--allow-grey", "--from", "France"], "change the game's setting"),
    (["nmr", "league", "--phase", "Autumn 1930"], "gm: league has no phase 'Autumn 1930'"),
])
def test_mistakes_are_one_line_and_store_nothing(started, args, message):
    gm = started
    before = gm("export", "league").output
    result = gm(*args, input="Some press.\n", ok=False)
    assert message in result.output
    assert result.output.count("gm: ") == 1
    assert gm("export", "league").output == before


def test_deadline_is_set_shown_and_cleared(started, fixed_today):
    gm = started
    out = gm("deadline", "league", "in", "2", "weeks").output
    assert out.strip() == "league: Orders for Spring 1901 are due Friday 4 December 2026."
    assert "Friday 4 December 2026" in gm("deadline", "league").output
    assert "already passed" in gm("deadline", "league", "2026-01-01").output
    assert "no deadline for Spring 1901 now" in gm("deadline", "league", "--clear").output
    assert "No deadline is set for Spring 1901." in gm("deadline", "league").output


def test_press_from_a_file_or_stdin_and_the_grey_setting(started, tmp_path):
    gm = started
    letter = tmp_path / "letter.txt"
    letter.write_text("Dear Kaiser,\n  beware.\n", encoding="utf-8")
    out = gm("press", "league", str(letter), "--from", "France").output
    assert "stored press (2 lines, signed France) for the report of Spring 1901" in out
    gm("press", "league", "--allow-grey")
    gm("press", "league", "-", "--from", "Italy", "--grey", input="Who?\n")
    gm("press", "league", "-", "--gm", input="Orders by email only.\n")
    listing = gm("press", "league", "--list").output
    for text in ("Dear Kaiser,", "Anonymous", "Italy", "GM note", "Orders by email only."):
        assert text in listing
    gm("press", "league", "--withdraw", "1")
    assert "Dear Kaiser" not in gm("press", "league", "--list").output
    assert "not allowed" in gm("press", "league", "--forbid-grey").output


def test_nmr_lists_who_has_not_ordered(started):
    gm = started
    for power in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey"):
        gm("orders", "league", "-", "--power", power, input="\n".join(
            {"Austria": ["A Vie H"], "England": ["F Lon H"], "Germany": ["A Ber H"],
             "Italy": ["A Rom H"], "Russia": ["A War H"], "Turkey": ["A Con H"]}[power]) + "\n")
    out = gm("nmr", "league").output
    assert "Spring 1901: 1 power(s) have not ordered yet." in out
    assert "France  no orders yet" in out
    gm("adjudicate", "league")
    out = gm("nmr", "league", "--phase", "Spring 1901").output
    assert "1 power(s) sent no orders" in out and "France  NMR" in out
    gm("orders", "league", "-", "--power", "France", input="A Par H\n")
    for power, order in (("Austria", "A Vie H"), ("England", "F Lon H"),
                         ("Germany", "A Ber H"), ("Italy", "A Rom H"), ("Russia", "A War H"),
                         ("Turkey", "A Con H")):
        gm("orders", "league", "-", "--power", power, input=order + "\n")
    assert "every power that owes orders has ordered so far" in gm("nmr", "league").output


def test_the_commands_are_listed_in_help(gm):
    out = gm("--help", db=False).output
    for command in ("players", "deadline", "press", "nmr"):
        assert command in out
