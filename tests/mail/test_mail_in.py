"""Mail in: a season's messages read from real mbox and Maildir mailboxes into letters, each
case as mail programs send it (multipart/alternative, quoted-printable, latin-1, a forwarded
letter, HTML only, an attachment, an unknown sender, a duplicate, a late one)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.mail.conftest import (
    CONTACTS,
    GAME,
    SENT,
    alternative,
    html_only,
    plain,
    season_messages,
    with_attachment,
    write_maildir,
    write_mbox,
)


def _orders(store, power: str | None = None):
    from gm.game.intake import list_orders

    _, listed = list_orders(store, GAME)
    return {(o.power, o.detail) for o in listed if o.status == "accepted"
            and power in (None, o.power)}


def _letters(store) -> int:
    return store.conn.execute("SELECT count(*) FROM letters").fetchone()[0]


def test_a_season_from_a_maildir_stores_seven_letters_and_again_none(league, tmp_path):
    from gm.mail.inbox import DUPLICATE, read_mail
    from gm.mail.mailboxes import maildir_messages

    box = write_maildir(tmp_path / "Maildir", season_messages())
    first = read_mail(league, GAME, maildir_messages(box))
    assert [o.status for o in first.outcomes] == ["stored"] * 7, \
        [(o.status, o.note) for o in first.outcomes]
    assert {o.power for o in first.outcomes} == set(CONTACTS)
    assert _letters(league) == 7
    orders = _orders(league)
    assert len(orders) == 22  # every unit on the board has its order
    again = read_mail(league, GAME, maildir_messages(box))
    assert [o.status for o in again.outcomes] == [DUPLICATE] * 7
    assert _letters(league) == 7
    assert _orders(league) == orders


def test_each_kind_of_message_gives_the_orders_written(league, tmp_path):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    box = write_mbox(tmp_path / "season.mbox", season_messages())
    done = read_mail(league, GAME, mbox_messages(box))
    by_power = {o.power: o for o in done.outcomes}
    # multipart/alternative, quoted-printable: the text part, the quoted reply ignored
    assert _orders(league, "England") == {("England", "F Lon - Nth"), ("England", "F Edi - Nrg"),
                                          ("England", "A Lvp - Yor")}
    assert not by_power["England"].message.from_html
    # latin-1, quoted-printable: decoded, accents and all
    assert "À bientôt" in by_power["France"].message.text
    assert ("France", "A Mar S A Par - Bur") in _orders(league, "France")
    # HTML only: turned into text, the style sheet left out
    assert by_power["Germany"].message.from_html
    assert "Grüße" in by_power["Germany"].message.text
    assert "{" not in by_power["Germany"].message.text
    assert ("Germany", "F Kie - Den") in _orders(league, "Germany")
    # an attachment: listed, not read
    assert by_power["Italy"].message.attachments == ("my-plan.png (image/png)",)
    # a forwarded letter: its header lines are ignored, its orders read
    assert ("Russia", "F Stp/sc - Bot") in _orders(league, "Russia")
    # a subject naming the game in capitals, inside brackets
    assert len(_orders(league, "Turkey")) == 3


def test_unknown_sender_other_games_and_duplicates_store_nothing(league, tmp_path):
    from gm.mail.inbox import ASIDE, DUPLICATE, UNKNOWN, read_mail
    from gm.mail.mailboxes import mbox_messages

    letter = plain(CONTACTS["France"], "A Par - Bur\n", message_id="<same@paris.example>")
    box = write_mbox(tmp_path / "in.mbox", [
        plain("stranger@nowhere.example", "A Par - Pic\n"),
        plain(CONTACTS["France"], "A Par - Gas\n", subject="another game entirely"),
        plain("stranger@nowhere.example", "A Par - Gas\n", subject="another game entirely"),
        letter,
        plain(CONTACTS["France"], "A Par - Bur\n", message_id="<same@paris.example>"),
    ])
    done = read_mail(league, GAME, mbox_messages(box))
    assert [o.status for o in done.outcomes] == [UNKNOWN, ASIDE, "stored", DUPLICATE]
    assert "stranger@nowhere.example is no player's contact" in done.outcomes[0].note
    assert done.not_for_game == 1  # a stranger's message for another game: not ours to list
    assert _letters(league) == 1
    assert _orders(league) == {("France", "A Par - Bur")}


def test_the_gms_own_messages_in_the_folder_are_left_alone(league, tmp_path):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages
    from gm.mail.settings import set_up

    set_up(league, GAME, "The GM <GM@zine.example>")
    box = write_mbox(tmp_path / "in.mbox", [
        plain("gm@zine.example", "Orders received: A Par - Bur\n",
              subject=f"{GAME}: Spring 1901 orders received for France"),
        plain(CONTACTS["France"], "A Par - Bur\n")])
    done = read_mail(league, GAME, mbox_messages(box))
    assert [o.power for o in done.outcomes] == ["France"]
    assert done.not_for_game == 1


def test_the_gm_subject_pattern_chooses_the_messages(league, tmp_path):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    box = write_mbox(tmp_path / "in.mbox", [
        plain(CONTACTS["France"], "A Par - Bur\n", subject="Dip game 7: moves"),
        plain(CONTACTS["Italy"], "A Ven - Tyr\n", subject="lunch on Friday?"),
    ])
    done = read_mail(league, GAME, mbox_messages(box), subject="dip*7")
    assert [(o.power, o.status) for o in done.outcomes] == [("France", "stored"),
                                                            ("Italy", "aside")]
    assert _orders(league) == {("France", "A Par - Bur")}


def test_a_later_message_replaces_the_earlier_orders_whatever_the_mailbox_order(league,
                                                                                tmp_path):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import maildir_messages

    box = write_maildir(tmp_path / "Maildir", [
        plain(CONTACTS["France"], "A Par - Pic\n", when=SENT + timedelta(hours=5)),
        plain(CONTACTS["France"], "A Par - Bur\n", when=SENT),
    ])
    read_mail(league, GAME, maildir_messages(box))
    assert _orders(league) == {
        ("France", "A Par - Pic (replaces your earlier order in an earlier letter, A Par - Bur)")}


def test_a_late_message_is_held_until_the_gm_accepts_it(league, tmp_path):
    from gm.mail.held import held_letters
    from gm.mail.inbox import LATE, accept_held, read_mail
    from gm.mail.mailboxes import mbox_messages

    late = plain(CONTACTS["Italy"], "A Ven - Tyr\n", when=SENT + timedelta(days=5))
    box = write_mbox(tmp_path / "in.mbox", [late])
    done = read_mail(league, GAME, mbox_messages(box))
    assert done.outcomes[0].status == LATE
    assert _orders(league) == set() and _letters(league) == 0
    held = held_letters(league, GAME)
    assert [(h.power, h.sender) for h in held] == [("Italy", "carla@roma.example")]
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status == "already read"
    taken = accept_held(league, GAME, held[0].number)
    assert [line.detail for line in taken.lines] == ["A Ven - Tyr"]
    assert _orders(league) == {("Italy", "A Ven - Tyr")}
    assert held_letters(league, GAME) == []
    from gm.game.workflow_errors import WorkflowError

    with pytest.raises(WorkflowError, match="not held as late"):
        accept_held(league, GAME, held[0].number)


def test_a_message_on_the_deadline_day_is_in_time(league, tmp_path):
    # the deadline is a day without a zone: it ends at midnight UTC, as `gm deadline` reads it
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    last_minute = datetime(2026, 11, 21, 23, 59, tzinfo=UTC)
    too_late = datetime(2026, 11, 22, 0, 30, tzinfo=timezone(timedelta(hours=1)))  # 23:30 UTC
    box = write_mbox(tmp_path / "in.mbox", [
        plain(CONTACTS["Italy"], "A Ven - Tyr\n", when=last_minute),
        plain(CONTACTS["France"], "A Par - Bur\n", when=too_late)])
    assert [o.status for o in read_mail(league, GAME, mbox_messages(box)).outcomes] == [
        "stored", "stored"]


def test_a_deadline_with_a_time_and_zone_holds_what_comes_after_it(league, tmp_path):
    from gm.deadline_time import read_due
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages
    from gm.store.deadline_rows import set_deadline

    with league.transaction():
        set_deadline(league, 1, "Spring 1901", read_due("2026-11-21 18:00 CET"))
    before = datetime(2026, 11, 21, 17, 59, tzinfo=timezone(timedelta(hours=1)))
    after = datetime(2026, 11, 21, 17, 1, tzinfo=UTC)  # 18:01 CET
    box = write_mbox(tmp_path / "in.mbox", [
        plain(CONTACTS["Italy"], "A Ven - Tyr\n", when=before),
        plain(CONTACTS["France"], "A Par - Bur\n", when=after)])
    done = read_mail(league, GAME, mbox_messages(box))
    assert [o.status for o in done.outcomes] == ["stored", "late"]
    assert "Saturday 21 November 2026, 18:00 CET" in done.outcomes[1].note


def test_html_quotes_and_alternatives_are_read_as_the_player_wrote_them():
    from gm.mail.messages import parse_message

    message = alternative(CONTACTS["England"], "", "<div>F Lon - Nth</div><blockquote>"
                          "<div>F Edi - Nwg</div></blockquote>")
    read = parse_message(message.as_bytes())
    assert read.from_html  # the text part is empty: the HTML is the letter
    assert read.text.splitlines() == ["F Lon - Nth", "> F Edi - Nwg"]
    assert read.sender == "ed@london.example"
    bare = html_only("Some One <ONE@Example.COM>", "<p>A&nbsp;Par&nbsp;-&nbsp;Bur</p>")
    assert parse_message(bare.as_bytes()).sender == "one@example.com"
    assert parse_message(bare.as_bytes()).text == "A Par - Bur\n"


def test_a_message_without_message_id_is_still_read_once(league, tmp_path):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    message = plain(CONTACTS["France"], "A Par - Bur\n")
    del message["Message-ID"]
    box = write_mbox(tmp_path / "in.mbox", [message])
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status == "stored"
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status == "already read"


def test_an_attached_forwarded_message_is_listed_not_read(league, tmp_path):
    from gm.mail.messages import parse_message

    inner = plain(CONTACTS["France"], "A Par - Pic\n", subject="old orders")
    outer = with_attachment(CONTACTS["France"], "A Par - Bur\n")
    outer.add_attachment(inner)
    read = parse_message(outer.as_bytes())
    assert read.text == "A Par - Bur\n"
    assert "forwarded message 'old orders'" in read.attachments


def test_a_missing_mailbox_is_one_clear_error(tmp_path):
    from gm.mail.mailboxes import MailError, maildir_messages, mbox_messages

    with pytest.raises(MailError, match="no mbox file"):
        list(mbox_messages(tmp_path / "nope.mbox"))
    with pytest.raises(MailError, match="is not a Maildir"):
        list(maildir_messages(tmp_path))


def test_an_empty_message_is_refused_and_read_again_next_time(league, tmp_path):
    from gm.mail.inbox import REFUSED, read_mail
    from gm.mail.mailboxes import mbox_messages

    box = write_mbox(tmp_path / "in.mbox", [plain(CONTACTS["France"], "\n\n")])
    done = read_mail(league, GAME, mbox_messages(box))
    assert [(o.status, o.note) for o in done.outcomes] == [(REFUSED, "the message has no text")]
    assert _letters(league) == 0
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status == REFUSED


def test_a_contact_may_hold_several_addresses(league, tmp_path):
    from gm.game.players import set_player
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    set_player(league, GAME, "Italy", None, "Carla <carla@roma.example>, carla@work.example")
    box = write_mbox(tmp_path / "in.mbox", [plain("Carla <Carla@Work.example>", "A Ven H\n")])
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].power == "Italy"


def _carries(charset: str, text: str) -> bool:
    try:
        text.encode(charset)
    except UnicodeEncodeError:
        return False
    return True


CHARSETS = ("utf-8", "latin-1", "cp1252", "iso-8859-15", "koi8-r")


@settings(max_examples=60, deadline=None)
@given(body=st.text(st.characters(min_codepoint=32, max_codepoint=0x44F,
                                  exclude_characters="\x7f"), min_size=1),
       charset=st.sampled_from(CHARSETS), cte=st.sampled_from(["quoted-printable", "base64"]),
       html=st.booleans())
def test_any_text_in_any_charset_and_encoding_reads_back_as_written(body, charset, cte, html):
    from email.message import EmailMessage

    from gm.mail.messages import parse_message

    assume(_carries(charset, body))  # else a mail program would pick another charset
    message = EmailMessage()
    message["From"] = CONTACTS["France"]
    message["Subject"] = f"{GAME} ordres"
    if html:
        from html import escape

        message.set_content(f"<p>{escape(body)}</p>", subtype="html", charset=charset, cte=cte)
    else:
        message.set_content(body, charset=charset, cte=cte)
    read = parse_message(message.as_bytes())
    expected = " ".join(body.split()) if html else body.strip()
    assert read.text.strip() == expected.strip()


def test_a_message_whose_phase_was_discarded_is_read_again(league, tmp_path):
    from gm.game.adjudication import adjudicate
    from gm.game.corrections import correct
    from gm.game.history import undo
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import mbox_messages

    adjudicate(league, GAME, no_orders=True)  # to Autumn 1901
    box = write_mbox(tmp_path / "in.mbox", [plain(CONTACTS["France"], "A Par - Bur\n",
                                                  subject=f"{GAME} autumn")])
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status == "stored"
    undo(league, GAME)  # back to Spring: Autumn is set aside, its letter with it
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status == "already read"
    correct(league, GAME, "remove", ["Par"], "a test")  # a change: Autumn is discarded
    assert read_mail(league, GAME, mbox_messages(box)).outcomes[0].status != "already read"
