"""Fixtures for the mail tests: a standard game with seven players' contacts, and a season's
messages as mail programs send them, written into real mbox and Maildir mailboxes by the
standard library's `mailbox` module."""

from __future__ import annotations

import mailbox
from datetime import datetime, timedelta, timezone
from email.charset import QP, Charset
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest

from tests.cli.conftest import Gm
from tests.conftest import copy_store
from tests.game.conftest import store  # noqa: F401,F811  (a fresh database)

GAME = "autumnleague"
CONTACTS = {
    "Austria": "Anna Berger <anna@wien.example>",
    "England": "ed@london.example",
    "France": "Jeanne <jeanne@paris.example>",
    "Germany": "gunter@berlin.example",
    "Italy": "Carla Rossi <carla@roma.example>",
    "Russia": "ivan@moskva.example",
    "Turkey": "Tarik <tarik@istanbul.example>",
}
GM_ADDRESS = "The GM <gm@zine.example>"
SENT = datetime(2026, 11, 18, 9, 0, tzinfo=timezone(timedelta(hours=1)))
DEADLINE = "2026-11-21"  # a Saturday; SENT is before it


def _headers(message, sender: str, subject: str, when: datetime, message_id: str | None = None):
    message["From"] = sender
    message["To"] = "gm@zine.example"
    message["Subject"] = subject
    message["Date"] = format_datetime(when)
    message["Message-ID"] = message_id or make_msgid(domain="mail.example")
    return message


def plain(sender: str, body: str, subject: str = f"{GAME} orders", when: datetime = SENT,
          charset: str = "utf-8", cte: str | None = None, message_id: str | None = None):
    message = EmailMessage()
    message.set_content(body, charset=charset, cte=cte)
    return _headers(message, sender, subject, when, message_id)


def alternative(sender: str, body: str, html: str, subject: str = f"Re: {GAME} S1901",
                when: datetime = SENT):
    """multipart/alternative with a quoted-printable text part, as Thunderbird sends."""
    charset = Charset("utf-8")
    charset.body_encoding = QP
    message = MIMEMultipart("alternative")
    message.attach(MIMEText(body, "plain", charset))
    message.attach(MIMEText(html, "html", charset))
    return _headers(message, sender, subject, when)


def html_only(sender: str, html: str, subject: str = f"{GAME}: moves", when: datetime = SENT):
    message = EmailMessage()
    message.set_content(html, subtype="html")
    return _headers(message, sender, subject, when)


def with_attachment(sender: str, body: str, when: datetime = SENT):
    message = plain(sender, body, when=when)
    message.add_attachment(b"\x89PNG\r\n\x1a\nfake", maintype="image", subtype="png",
                           filename="my-plan.png")
    return message


def season_messages() -> list:
    """Seven players' Spring 1901 letters, each as a different mail program writes it."""
    return [
        plain(CONTACTS["Austria"], "Hi GM,\n\nAustria:\nA Vie - Gal\nA Bud - Ser\n"
              "F Tri - Alb\n\nThanks,\nAnna\n-- \nAnna Berger, Wien\n"),
        alternative(CONTACTS["England"], "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n\n"
                    "On Mon, 16 Nov 2026, GM wrote:\n> Orders for Spring 1901 are due.\n",
                    "<p>F Lon - Nth<br>F Edi - Nwg<br>A Lvp - Yor</p>"
                    "<blockquote>Orders for Spring 1901 are due.</blockquote>"),
        plain(CONTACTS["France"], "Ordres pour la France, élan!\n\nA Par - Bur\nA Mar S A Par"
              " - Bur\nF Bre - Mid\n\nÀ bientôt, Jeanne\n", charset="latin-1",
              cte="quoted-printable"),
        html_only(CONTACTS["Germany"], "<html><head><style>p {}</style></head><body>"
                  "<div>A Ber - Kie</div><div>A Mun - Ruh</div><div>F Kie - Den</div>"
                  "<p>Gr&uuml;&szlig;e</p></body></html>"),
        with_attachment(CONTACTS["Italy"], "A Ven H\nA Rom - Apu\nF Nap - Ion\n"),
        plain(CONTACTS["Russia"], "---------- Forwarded message ---------\n"
              "From: Ivan <ivan@moskva.example>\nDate: Tue, 17 Nov 2026\n"
              f"Subject: {GAME} Russia\nTo: gm@zine.example\n\nRussia:\nA Mos - Ukr\n"
              "A War - Gal\nF Sev - Bla\nF Stp/sc - Bot\n", subject=f"Fwd: {GAME} Russia"),
        plain(CONTACTS["Turkey"], "Turkey\nF Ank - Bla\nA Con - Bul\nA Smy - Con\n",
              subject=f"[{GAME.upper()}] Turkey S1901"),
    ]


def write_mbox(path: Path, messages) -> Path:
    box = mailbox.mbox(str(path), create=True)
    for message in messages:
        box.add(message)
    box.flush()
    box.close()
    return path


def write_maildir(path: Path, messages) -> Path:
    box = mailbox.Maildir(str(path), create=True)
    for message in messages:
        box.add(message)
    box.close()
    return path


@pytest.fixture()
def league(store):  # noqa: F811
    """The game, with every power's player and contact named, and a deadline."""
    from datetime import date

    from gm.deadline_time import Due
    from gm.game.games import new_game
    from gm.game.players import set_player
    from gm.store.deadline_rows import set_deadline

    view = new_game(store, GAME, "standard")
    for power, contact in CONTACTS.items():
        set_player(store, GAME, power, f"{power} Player", contact)
    with store.transaction():
        set_deadline(store, view.game.id, "Spring 1901", Due(date.fromisoformat(DEADLINE)))
    return store


def _league(db: Path) -> Gm:
    gm = Gm(db)
    gm("new", GAME)
    for power, contact in CONTACTS.items():
        gm("players", GAME, power, f"{power} Player", "--contact", contact)
    return gm


@pytest.fixture()
def gm(tmp_path):
    return _league(tmp_path / "gm.db")


@pytest.fixture(scope="session")
def season_db(tmp_path_factory) -> Path:
    """The game with a season's letters read from a Maildir and the GM's mail set up, made
    once for the session: `season` gives each test a copy."""
    folder = tmp_path_factory.mktemp("season")
    gm = _league(folder / "gm.db")
    box = write_maildir(folder / "Maildir", season_messages())
    gm("mail", "setup", GAME, "--from", GM_ADDRESS)
    out = gm("mail", "read", GAME, "--maildir", str(box)).output
    assert "7 stored" in out
    return gm.db


@pytest.fixture()
def season(season_db, tmp_path):
    """The game with a season's letters read from a Maildir and the GM's mail set up (a copy
    of `season_db` for this test alone)."""
    return Gm(copy_store(season_db, tmp_path / "gm.db"))


def set_smtp(gm, controller, *extra):
    gm("mail", "setup", GAME, "--smtp", controller.hostname, "--port", str(controller.port),
       "--security", "none", *extra)
