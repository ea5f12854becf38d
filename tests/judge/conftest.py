"""Fixtures for the judge's tests: a clock the test moves (`GM_NOW`), a standard game with its
seven players' contacts, its mail going to a real SMTP server (aiosmtpd on 127.0.0.1), and its
letters coming into a Maildir the test writes as the players' mail programs would."""

from __future__ import annotations

import mailbox
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest

from tests.cli.conftest import Gm
from tests.mail.conftest import CONTACTS, GAME, GM_ADDRESS
from tests.mail.smtp_server import Inbox, start

START = datetime(2026, 10, 19, 11, 0, tzinfo=UTC)  # Monday 12:00 in London (BST)
SCHEDULE = ["movement", "2d", "18:00", "Europe/London", "retreat", "1d", "adjustment", "1d"]


class Clock:
    """The judge's clock (`GM_NOW`), moved by the test."""

    def __init__(self, monkeypatch, start: datetime):
        self.monkeypatch = monkeypatch
        self.set(start)

    def set(self, moment: datetime) -> None:
        self.now = moment
        self.monkeypatch.setenv("GM_NOW", moment.isoformat())

    def advance(self, **delta) -> datetime:
        self.set(self.now + timedelta(**delta))
        return self.now


def address(power: str) -> str:
    return CONTACTS[power].split("<")[-1].strip(">")


def letter(power: str, body: str, when: datetime, subject: str = f"{GAME} orders",
           sender: str | None = None, message_id: str | None = None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender or CONTACTS[power]
    message["To"] = GM_ADDRESS
    message["Subject"] = subject
    message["Date"] = format_datetime(when)
    message["Message-ID"] = message_id or make_msgid(domain="player.example")
    message.set_content(body)
    return message


@dataclass
class Judged:
    """A judged game: the command line, its Maildir, and what the SMTP server received."""

    gm: Gm
    clock: Clock
    maildir: Path
    inbox: Inbox

    def post(self, power: str, body: str, **kwargs) -> EmailMessage:
        """A player's letter, dated by the clock, delivered into the game's mailbox."""
        message = letter(power, body, kwargs.pop("when", self.clock.now), **kwargs)
        box = mailbox.Maildir(str(self.maildir), create=True)
        box.add(message)
        box.close()
        return message

    def judge(self, *args: str, ok: bool = True) -> str:
        return self.gm("judge", *args, ok=ok).output

    def received(self, kind: str | None = None, to: str | None = None) -> list:
        """The messages the server took: by subject word, and by recipient."""
        return [got for got in self.inbox.received
                if (kind is None or kind in got.message["Subject"])
                and (to is None or to in got.recipients)]


@pytest.fixture()
def clock(monkeypatch):
    return Clock(monkeypatch, START)


@pytest.fixture()
def smtp():
    controller, inbox = start()
    yield controller, inbox
    controller.stop()


@pytest.fixture()
def judged(tmp_path, clock, smtp):
    controller, inbox = smtp
    gm = Gm(tmp_path / "gm.db")
    gm("new", GAME)
    for power, contact in CONTACTS.items():
        gm("players", GAME, power, f"{power} Player", "--contact", contact)
    gm("mail", "setup", GAME, "--from", GM_ADDRESS, "--smtp", controller.hostname, "--port",
       str(controller.port), "--security", "none")
    maildir = tmp_path / "Maildir"
    mailbox.Maildir(str(maildir), create=True).close()
    gm("schedule", GAME, *SCHEDULE, "--remind", "24h", "--maildir", str(maildir),
       "--no-picture")
    return Judged(gm, clock, maildir, inbox)
