"""A mailbox as a careless world fills it (issue 28, "The mailbox and the terminal", and issue
29's player writing under another game's subject): a message gm cannot read is set aside with
the reason and the other letters are read; a reused Message-ID is not "read before"; a
message too big is read no further than the limit; control characters never reach the
terminal; a player's message for another game is listed and taken with --accept."""

from __future__ import annotations

from email.message import EmailMessage

from tests.mail.conftest import CONTACTS, GAME, plain, write_maildir, write_mbox


def _nested(depth: int, sender: str = CONTACTS["France"]) -> bytes:
    """A message of `depth` multipart/mixed parts, each inside the last, a letter at the
    bottom: the 1,500-deep one ended `gm mail read` in a RecursionError."""
    inner = "Content-Type: text/plain\r\n\r\nA Par - Pic\r\n"
    for level in range(depth):
        inner = (f'Content-Type: multipart/mixed; boundary="b{level}"\r\n\r\n--b{level}\r\n'
                 f"{inner}\r\n--b{level}--\r\n")
    return (f"From: {sender}\r\nSubject: {GAME} orders\r\nMessage-ID: <deep@paris.example>\r\n"
            f"Date: Wed, 18 Nov 2026 08:00:00 +0100\r\nMIME-Version: 1.0\r\n{inner}").encode()


def _orders(store) -> set[tuple[str, str]]:
    from gm.game.intake import list_orders

    _, listed = list_orders(store, GAME)
    return {(o.power, o.detail.split(" (")[0]) for o in listed if o.status == "accepted"}


def test_a_message_nested_1500_deep_is_set_aside_and_the_others_are_read(league, tmp_path):
    from gm.mail.held import held_letters
    from gm.mail.inbox import UNREADABLE, read_mail
    from gm.mail.mailboxes import maildir_messages

    box = write_maildir(tmp_path / "Maildir", [
        plain(CONTACTS["England"], "F Lon - Nth\n"), plain(CONTACTS["Italy"], "A Ven - Tyr\n")])
    (box / "new" / "0000.deep").write_bytes(_nested(1500))
    done = read_mail(league, GAME, maildir_messages(box))
    statuses = sorted(o.status for o in done.outcomes)
    assert statuses == ["stored", "stored", UNREADABLE]
    aside = next(o for o in done.outcomes if o.status == UNREADABLE)
    assert "1,500 multipart parts" in aside.note and aside.power == "France"
    assert _orders(league) == {("England", "F Lon - Nth"), ("Italy", "A Ven - Tyr")}
    # kept for the GM: listed with the phase's waiting messages, its bytes in the store
    [held] = held_letters(league, GAME)
    assert held.status == UNREADABLE and not held.acceptable
    kept = league.conn.execute("SELECT text FROM mail_in WHERE status = 'unreadable'")
    assert "A Par - Pic" in kept.fetchone()[0]
    again = read_mail(league, GAME, maildir_messages(box))
    assert {o.status for o in again.outcomes} == {"already read"}


def test_parts_nested_deeper_than_gm_reads_are_refused_before_and_after_parsing():
    from gm.mail.messages import MAX_DEPTH, parse_message

    assert parse_message(_nested(3)).text == "A Par - Pic\n"
    deep = parse_message(_nested(MAX_DEPTH + 2))  # few enough to parse, too deep to read
    assert deep.unreadable == f"its parts are nested more than {MAX_DEPTH} deep"
    assert deep.sender == "jeanne@paris.example" and deep.subject == f"{GAME} orders"


def test_a_reused_message_id_from_another_player_is_not_read_before(league, tmp_path):
    from gm.mail.inbox import DUPLICATE, read_mail
    from gm.mail.mailboxes import mbox_messages

    box = write_mbox(tmp_path / "in.mbox", [
        plain(CONTACTS["France"], "A Par - Bur\n", message_id="<1@same.example>"),
        plain(CONTACTS["Italy"], "A Ven - Tyr\n", message_id="<1@same.example>"),
        plain(CONTACTS["France"], "A Par - Bur\n", message_id="<1@same.example>"),  # a copy
    ])
    done = read_mail(league, GAME, mbox_messages(box))
    assert [o.status for o in done.outcomes] == ["stored", "stored", DUPLICATE]
    assert _orders(league) == {("France", "A Par - Bur"), ("Italy", "A Ven - Tyr")}


def test_the_same_message_id_with_other_text_is_a_message_of_its_own(league, tmp_path):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    first = write_mbox(tmp_path / "a.mbox", [
        plain(CONTACTS["France"], "A Par - Bur\n", message_id="<x@paris.example>")])
    second = write_mbox(tmp_path / "b.mbox", [
        plain(CONTACTS["France"], "A Par - Pic\n", message_id="<x@paris.example>")])
    read_mail(league, GAME, mbox_messages(first))
    done = read_mail(league, GAME, mbox_messages(second))
    assert [o.status for o in done.outcomes] == ["stored"]
    assert _orders(league) == {("France", "A Par - Pic")}


def test_a_message_over_the_limit_is_read_no_further(league, tmp_path, monkeypatch):
    from gm.mail import mailboxes
    from gm.mail.inbox import UNREADABLE, read_mail

    monkeypatch.setattr(mailboxes, "MAX_MESSAGE_BYTES", 20_000)
    big = plain(CONTACTS["France"], "A Par - Bur\n")
    big.add_attachment(b"x" * 50_000, maintype="application", subtype="zip",
                       filename="big.zip")
    box = write_maildir(tmp_path / "Maildir", [big, plain(CONTACTS["Italy"], "A Ven - Tyr\n")])
    read: list[int] = []
    real = mailboxes._bounded
    monkeypatch.setattr(mailboxes, "_bounded",
                        lambda data, size=None: read.append(len(data)) or real(data, size))
    done = read_mail(league, GAME, mailboxes.maildir_messages(box))
    assert max(read) == 20_001  # the limit and one byte, never the whole 50 KB
    outcome = next(o for o in done.outcomes if o.status == UNREADABLE)
    assert outcome.power == "France"
    assert "it is more than 20,000 bytes, more than gm reads" in outcome.note
    assert _orders(league) == {("Italy", "A Ven - Tyr")}


def test_a_players_message_for_another_game_is_listed_and_accepted(gm, tmp_path):
    box = write_mbox(tmp_path / "in.mbox", [
        plain(CONTACTS["France"], "A Par - Bur\n", subject="rome2 orders"),
        plain(CONTACTS["Italy"], "A Ven - Tyr\n", subject="see you friday"),
        plain("someone@else.example", "hello\n", subject="rome2 orders"),
    ])
    out = gm("mail", "read", GAME, "--mbox", str(box)).output
    assert ("not stored: from France's player, subject 'rome2 orders': not read (it names "
            f"another game, or none); 'gm letters {GAME} --accept 1' reads it") in out
    assert "subject 'see you friday': not read" in out
    assert "2 from players, for another game or none: not read" in out
    assert "1 other message(s) left alone" in out
    status = gm("status", GAME).output
    assert "Not read, its subject naming another game or none: message 1" in status
    taken = gm("mail", "read", GAME, "--accept", "1").output
    assert "ok        France   A Par - Bur" in taken
    letters = gm("letters", GAME).output
    assert "message 2, not read" in letters and "message 1," not in letters
    assert "not held as late or set aside" in gm("letters", GAME, "--accept", "1",
                                                   ok=False).output
    again = gm("mail", "read", GAME, "--mbox", str(box)).output
    assert "read before, skipped" in again and "not stored" not in again


def test_control_characters_in_a_message_never_reach_the_terminal(gm, tmp_path):
    message = EmailMessage()
    message.set_content("A Par - Bur\n\x1b[2Jhello\x07 there\nF Bre - Mid \x1b]0;pwned\x07\n")
    message["From"] = CONTACTS["France"]
    message["Subject"] = f"{GAME} orders \x1b[2J"
    message["Date"] = "Wed, 18 Nov 2026 09:00:00 +0100"
    box = write_mbox(tmp_path / "in.mbox", [message])
    out = gm("mail", "read", GAME, "--mbox", str(box)).output
    assert "ok        France   A Par - Bur" in out
    assert "\x1b" not in out and "\x07" not in out
    assert "␛[2Jhello␇ there" in out  # shown, so the GM sees what the player sent
    listed = gm("orders", GAME, "--list").output + gm("confirm", GAME, "-P", "France").output
    assert "\x1b" not in listed and "\x07" not in listed


def test_a_rich_report_shows_a_players_control_characters_never_obeys_them():
    """Press by mail reaches a rich report as rich text, not through a plain print: the
    report's console shows its escapes too, and keeps its own colours."""
    import io

    from rich.table import Table
    from rich.text import Text

    from gm.report.rich_render import terminal
    from gm.visible_console import ShownConsole

    assert isinstance(terminal(), ShownConsole)
    console = ShownConsole(file=io.StringIO(), force_terminal=True, highlight=False)
    table = Table("press")
    table.add_row(Text("Hello \x1b[2Jall", style="bold red"))
    console.print(table)
    console.print(Text("\x1b]0;pwned\x07"))
    out = console.file.getvalue()
    assert "\x1b[2J" not in out and "\x07" not in out and "\x1b]0" not in out
    assert "Hello ␛[2J" in out and "␛]0;pwned" in out
    assert "\x1b[1;31m" in out  # rich's own style, untouched


def test_a_players_control_characters_in_a_table_cell_keep_every_letter():
    """rich counts an escape as no column and its sign as one: a cell is shown before the
    table measures it, so the text after the escape is printed whole, its style kept."""
    import io

    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from gm.visible_console import ShownConsole

    console = ShownConsole(file=io.StringIO(), width=60, highlight=False)
    table = Table("press", "note")
    cell = Text("ab\x1b[2Jcd", style="bold")
    table.add_row(cell, Group(Text("x\x1by\x1bz")))
    console.print(table)
    out = console.file.getvalue()
    assert "ab␛[2Jcd" in out and "x␛y␛z" in out
    assert cell.plain == "ab\x1b[2Jcd"  # the table printed is not changed
    widths = {len(line) for line in out.splitlines() if line.strip()}
    assert len(widths) == 1  # every row as wide as the frame
