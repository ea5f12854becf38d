"""Players, deadlines, press and GM notes in the archive: read and written line for line,
contacts and grey senders only in an archive made for the GM, and export -> replay giving
the same game and the same reports."""

from __future__ import annotations

from datetime import date

import pytest

from gm.store.archive import ArchiveError, read_archive, write_archive

SAMPLE = """\
Game: zine-7
Variant: standard
Grey press: allowed

Spring 1901
Player France: Jane Smith
Contact France: jane@example.com
Standby Italy: Ann Lee
Player England: vacant
Deadline: Saturday 5 December 2026
France:
  A Par - Bur
Press from France:
  |   Spring 1901
  | # not a comment
  |
  | Germany: A Mun - Bur
Grey press from Italy:
  | Guess who.
Grey press: Nobody knows.
GM note: One line is enough.
Germany:
  A Mun - Ruh

Autumn 1901
Deadline: 2026-12-19
"""


def test_the_zine_lines_are_read_into_the_phase():
    archive = read_archive(SAMPLE, "sample.txt")
    assert archive.grey_press
    spring, autumn = archive.phases
    assert [(p.power, p.name, p.standby, p.contact) for p in spring.players] == [
        ("france", "Jane Smith", False, "jane@example.com"), ("italy", "Ann Lee", True, ""),
        ("england", "", False, "")]
    assert spring.deadline.day == date(2026, 12, 5) and autumn.deadline.day == date(2026, 12, 19)
    assert [(p.kind, p.power, p.grey, p.text) for p in spring.press] == [
        ("press", "france", False, "  Spring 1901\n# not a comment\n\nGermany: A Mun - Bur"),
        ("press", "italy", True, "Guess who."), ("press", None, True, "Nobody knows."),
        ("note", None, False, "One line is enough.")]
    assert [(letter.power, letter.text) for letter in spring.letters] == [
        ("france", "A Par - Bur"), ("germany", "A Mun - Ruh")]


def test_a_private_archive_keeps_everything_and_a_public_one_hides_contacts_and_senders(
        standard_map):
    archive = read_archive(SAMPLE, "sample.txt")
    private = write_archive(archive, standard_map, private=True)
    again = read_archive(private, "private.txt")
    for a, b in zip(archive.phases, again.phases, strict=True):
        assert _without_lines(a.model_dump(mode="json")) == \
            _without_lines(b.model_dump(mode="json"))
    public = write_archive(archive, standard_map)
    assert "jane@example.com" not in public and "Grey press from" not in public
    assert "Grey press:\n  | Guess who." in public
    assert "Deadline: Saturday 5 December 2026" in public
    assert "  |   Spring 1901\n  | # not a comment\n  |\n  | Germany: A Mun - Bur" in public


def _without_lines(value):
    if isinstance(value, dict):
        return {k: _without_lines(v) for k, v in value.items()
                if k not in ("line", "deadline_line")}
    if isinstance(value, list):
        return [_without_lines(v) for v in value]
    return value


@pytest.mark.parametrize("text, line, message", [
    ("Player Prussia: Jane", 3, "'Prussia' is not a power of Standard"),
    ("Contact France: jane@example.com", 3, "a contact belongs under a 'Player France:'"),
    ("Player France:", 3, "give the player's name, or 'vacant'"),
    ("Standby France: vacant", 3, "a standby is somebody"),
    ("Deadline: next Friday", 3, "'next Friday' is not a deadline gm can read"),
    ("Deadline: 2026-12-05\nDeadline: 2026-12-06", 4, "a second deadline"),
    ("Press from France:\nFrance: A Par H", 3, "the press has no text"),
    ("Press:\n  | hello", 3, "say whose press it is"),
    ("Press from Prussia:\n  | hello", 3, "'Prussia' is not a power"),
])
def test_mistakes_in_zine_lines_name_the_line(text, line, message):
    with pytest.raises(ArchiveError) as caught:
        read_archive(f"Variant: standard\nSpring 1901\n{text}\n", "bad.txt")
    assert f"bad.txt:{line}: " in str(caught.value) and message in str(caught.value)


def test_the_grey_press_header_must_say_allowed_or_not():
    assert not read_archive("Variant: standard\nGrey press: not allowed\nSpring 1901\n",
                            "a.txt").grey_press
    with pytest.raises(ArchiveError, match="'Grey press: allowed'"):
        read_archive("Variant: standard\nGrey press: sometimes\nSpring 1901\n", "a.txt")


def test_grey_press_in_a_game_that_does_not_allow_it_stops_the_replay(store):
    from gm.game.archives import replay
    from gm.game.workflow_errors import WorkflowError
    from gm.store.game_rows import find_game

    text = "Game: g\nVariant: standard\n\nSpring 1901\nGrey press:\n  | Boo.\n"
    with pytest.raises(WorkflowError, match=r"a.txt:5: g does not allow grey press"):
        replay(store, read_archive(text, "a.txt"), source="a.txt")
    assert find_game(store, "g") is None


def _zine_game(gm, tmp_path):
    """A game with every zine part, made through the commands a GM types."""
    gm("new", "league")
    gm("press", "league", "--allow-grey")
    gm("players", "league", "France", "Jane Smith", "--contact", "jane@example.com")
    gm("players", "league", "Germany", "Hans Müller")
    gm("deadline", "league", "Saturday")
    gm("orders", "league", "-", "--power", "Germany", input="A Mun - Bur\nA Ber - Kie\n")
    gm("press", "league", "-", "--from", "France", input="To Berlin:\n\n  # keep out\n")
    gm("press", "league", "-", "--from", "Italy", "--grey", input="| a pipe\nSpring 1902\n")
    gm("press", "league", "-", "--gm", input="All orders in but France's.\n")
    gm("adjudicate", "league", "--no-orders")
    gm("players", "league", "France", "Pierre Dupont", "--standby", "-c", "pierre@x.fr")
    gm("deadline", "league", "in 2 weeks")
    gm("orders", "league", "-", "--power", "Germany", input="A Bur - Par\n")
    gm("press", "league", "-", "--gm", "--phase", "Spring 1901", input="Late note.\n")
    gm("adjudicate", "league", "--no-orders")
    gm("players", "league", "Italy", "--vacant")
    gm("deadline", "league", "Dec 24")
    return tmp_path / "league.txt"


def test_export_then_replay_keeps_players_deadlines_press_and_reports(gm, tmp_path):
    from gm.game.reports import phase_report
    from gm.store.database import open_store

    exported = _zine_game(gm, tmp_path)
    gm("export", "league", str(exported))
    text = exported.read_text(encoding="utf-8")
    assert "jane@example.com" not in text and "Grey press from" not in text
    for line in ("Grey press: allowed", "Player France: Jane Smith",
                 "Standby France: Pierre Dupont", "Player Italy: vacant",
                 "Deadline: Saturday 21 November 2026", "Deadline: Thursday 24 December 2026",
                 "Press from France:", "  | To Berlin:", "  |   # keep out", "Grey press:",
                 "  | | a pipe", "  | Spring 1902", "GM note:", "  | Late note."):
        assert line in text.splitlines(), line
    copy = tmp_path / "copy.db"
    gm("replay", str(exported), "--db", str(copy), "-q", db=False)
    assert gm("export", "league", "--db", str(copy), db=False).output == text
    here, there = open_store(gm.db), open_store(copy)
    try:
        reports = {}
        for phase in ("Spring 1901", "Autumn 1901"):
            reports[phase] = phase_report(here, "league", phase)
            assert phase_report(there, "league", phase) == reports[phase]
        spring, autumn = reports["Spring 1901"], reports["Autumn 1901"]
        assert [(p.power, p.name) for p in spring.players] == [("France", "Jane Smith"),
                                                               ("Germany", "Hans Müller")]
        assert [p.author for p in spring.press] == ["France", "Anonymous"]
        assert spring.notes == [("All orders in but France's.",), ("Late note.",)]
        assert "Germany" not in [m.power for m in spring.missed]
        assert spring.deadline.due == "Friday 4 December 2026"
        assert ("France", "Pierre Dupont", True) in [
            (p.power, p.name, p.standby) for p in autumn.players]
        assert (autumn.deadline.phase, autumn.deadline.due) == ("Spring 1902",
                                                                "Thursday 24 December 2026")
    finally:
        here.close()
        there.close()
    assert "Pierre Dupont (standby)" in gm("players", "league", "--db", str(copy),
                                           db=False).output


def test_a_private_export_carries_contacts_and_grey_senders_through_a_replay(gm, tmp_path):
    from gm.game.archives import export_game, replay
    from gm.game.players import player_history
    from gm.game.press import list_press
    from gm.store.database import open_store

    _zine_game(gm, tmp_path)
    store = open_store(gm.db)
    try:
        private = export_game(store, "league", private=True)
        assert "Contact France: jane@example.com" in private
        assert "Contact France: pierre@x.fr" in private
        assert "Grey press from Italy:" in private
        replay(store, read_archive(private, "private.txt"), name="league-copy")
        assert [(s.name, s.contact) for s in player_history(store, "league-copy")
                if s.power == "France"] == [("Jane Smith", "jane@example.com"),
                                            ("Pierre Dupont", "pierre@x.fr")]
        grey = [i for i in list_press(store, "league-copy", "Spring 1901")[1]
                if i.signed == "Anonymous"]
        assert [i.sender for i in grey] == ["Italy"]
        assert export_game(store, "league-copy", private=True) == \
            private.replace("Game: league", "Game: league-copy")
    finally:
        store.close()


def test_a_change_of_player_for_an_undone_phase_is_not_exported(store, game):
    from gm.game.archives import export_game
    from gm.game.history import undo
    from gm.game.players import set_player
    from tests.game.conftest import play

    set_player(store, "demo", "France", "Jane Smith")
    play(store, "demo")
    set_player(store, "demo", "France", "Bob Jones")  # from Autumn 1901
    assert "Player France: Bob Jones" in export_game(store, "demo")
    undo(store, "demo")
    text = export_game(store, "demo")
    assert "Player France: Jane Smith" in text and "Bob Jones" not in text
