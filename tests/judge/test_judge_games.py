"""Whole games run by the judge with real parts: scripted players send the letters of a demo
game (`games/*-demo.txt`) by mail to a real IMAP server (dovecot on 127.0.0.1, over TLS), the
judge reads them there, and its mail arrives at a real SMTP server (aiosmtpd), while the test
moves the clock. Along the way: reminders, NMRs and civil disorder with a standby taking
over, press by mail, early adjudication, results held for the GM and approved, a judge killed
between adjudicating and sending, two runs at once, and the change from summer time. At the
end every outcome is the demo's, and the game's archive replays with `--check`.

Skipped, saying so, where dovecot is not installed (`make test` installs it where it can)."""

from __future__ import annotations

import imaplib
import os
import ssl
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest

from gm.store.faults import ENV as CHECKPOINT
from tests.cli.conftest import Gm
from tests.judge.conftest import Clock
from tests.mail.imap_server import PASSWORD, USER, dovecot
from tests.mail.imap_server import start as start_imap
from tests.mail.smtp_server import start as start_smtp

pytestmark = pytest.mark.skipif(dovecot() is None, reason="dovecot is not installed (Debian: "
                                "apt-get install dovecot-imapd); the judge's games need it")

ROOT = Path(__file__).resolve().parents[2]
GM_ADDRESS = "The Judge <judge@zine.example>"
GM_COMMAND = [sys.executable, "-c", "from gm.cli import main; main()"]


class Table:
    """A judged game played from a demo archive: the players, their mail, the judge."""

    def __init__(self, tmp_path: Path, monkeypatch, demo: str, game: str, start: datetime):
        from gm.maps import load_map
        from gm.store.archive import read_archive

        self.demo = read_archive((ROOT / "games" / demo).read_text(), demo)
        self.map = load_map(self.demo.variant)
        self.game = game
        self.clock = Clock(monkeypatch, start)
        self.imap = start_imap(tmp_path / "imap", [])
        self.smtp, self.inbox = start_smtp()
        self.gm = Gm(tmp_path / "gm.db")
        self.senders: dict[str, str] = {}  # power id -> who writes for it, if not its player
        monkeypatch.setenv("GM_IMAP_PASSWORD", PASSWORD)
        monkeypatch.setenv("SSL_CERT_FILE", str(self.imap.certificate))
        self.gm("new", game, "--variant", self.demo.variant)
        for power, spec in self.map.powers.items():
            self.gm("players", game, spec.name, f"{spec.name} Player", "--contact",
                    self.contact(power))
        self.gm("mail", "setup", game, "--from", GM_ADDRESS, "--smtp", "127.0.0.1", "--port",
                str(self.smtp.port), "--security", "none")

    def schedule(self, *words: str) -> None:
        """The judge's schedule, reading the letters from the IMAP server."""
        self.gm("schedule", self.game, *words, "--imap", "127.0.0.1", "--imap-port",
                str(self.imap.port), "--imap-user", USER)

    def stop(self) -> None:
        self.smtp.stop()
        self.imap.stop()

    @staticmethod
    def contact(power: str) -> str:
        return f"{power}@players.example"

    def phase(self, heading: str):
        return next(p for p in self.demo.phases if p.heading == heading)

    def send(self, heading: str, subject: str = "") -> int:
        """Each power's letter of the demo's phase, by mail, dated now; returns how many."""
        letters = self.phase(heading).letters
        self.deliver(*[(self.senders.get(letter.power) or self.contact(letter.power),
                        subject or f"{self.game} orders", letter.text) for letter in letters])
        return len(letters)

    def deliver(self, *mail: tuple[str, str, str]) -> None:
        """Messages (sender, subject, text) into the judge's INBOX, by IMAP APPEND over TLS,
        one after the other on one connection (as a mail server delivers a batch)."""
        context = ssl.create_default_context(cafile=str(self.imap.certificate))
        with imaplib.IMAP4_SSL("127.0.0.1", self.imap.port, ssl_context=context) as conn:
            conn.login(USER, PASSWORD)
            for sender, subject, text in mail:
                message = EmailMessage()
                message["From"], message["To"] = sender, GM_ADDRESS
                message["Subject"], message["Date"] = subject, format_datetime(self.clock.now)
                message["Message-ID"] = make_msgid(domain="players.example")
                message.set_content(text)
                conn.append("INBOX", None, None, message.as_bytes())

    def judge(self, *args: str) -> str:
        return self.gm("judge", *args).output

    def process(self, *args: str, checkpoint: str = "") -> subprocess.Popen:
        """`gm judge` in a process of its own (to be killed, or to overlap another)."""
        env = dict(os.environ, GM_DB=str(self.gm.db))
        if checkpoint:
            env[CHECKPOINT] = checkpoint
        return subprocess.Popen([*GM_COMMAND, "judge", *args], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def at(self, when: datetime) -> None:
        self.clock.set(when)

    def received(self, words: str) -> list:
        return [got for got in self.inbox.received if words in got.message["Subject"]]

    def open_phase(self) -> str:
        from gm.store import game_rows as rows
        from gm.store.database import open_store

        with open_store(self.gm.db) as store:
            return rows.open_phase(store, rows.get_game(store, self.game)).label

    def check_outcomes(self, count: int) -> None:
        """The first `count` phases ended as the demo's did; the export replays exactly."""
        from gm.store.archive import read_archive

        exported = self.gm("export", self.game).output
        mine = read_archive(exported, "export")
        for played, demo in zip(mine.phases[:count], self.demo.phases[:count], strict=True):
            assert played.heading == demo.heading
            assert played.outcome.model_dump(exclude={"line"}) == \
                demo.outcome.model_dump(exclude={"line"}), played.heading
        path = self.gm.db.parent / "export.txt"
        path.write_text(exported)
        replayed = self.gm("replay", str(path), "--as", "again", "--check").output
        assert f"Checked {count} recorded outcomes: no differences." in replayed


def _utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def _once_each(table: Table) -> None:
    """No message went twice to anyone: every (subject, recipient) once."""
    sent = Counter((got.message["Subject"], r) for got in table.inbox.received
                   for r in got.recipients)
    assert [(key, n) for key, n in sent.items() if n > 1] == []


@pytest.fixture()
def table(tmp_path, monkeypatch):
    """Makes the table of a demo game (its servers stopped at the end of the test)."""
    made = []

    def make(demo: str, game: str, start: datetime) -> Table:
        made.append(Table(tmp_path, monkeypatch, demo, game, start))
        return made[-1]

    yield make
    for each in made:
        each.stop()


def test_two_game_years_on_the_standard_map_run_by_the_judge(table, tmp_path):
    t = table("standard-demo.txt", "league",
              _utc(2026, 10, 19, 11, 0))  # Monday 12:00 in London, summer time
    gm, game = t.gm, t.game
    t.schedule("movement", "2d", "18:00", "Europe/London", "retreat", "1d", "adjustment",
               "1d", "--remind", "12h", "--nmr", "civil-disorder", "--civil-disorder-after",
               "2", "--press", "publish")
    assert "Spring 1901  deadline: Wednesday 21 October 2026, 18:00 BST" in t.judge()

    # Spring 1901: six letters by mail (France sends none), press, a reminder to France
    t.at(_utc(2026, 10, 19, 13, 0))
    assert t.send("Spring 1901") == 6
    t.deliver((t.contact("turkey"), f"{game} press", "The Sultan sends his regards."))
    out = t.judge()
    assert out.count("letter: from") == 6 and out.count("confirm:") == 6
    assert "press: press from Turkey, printed in the report of Spring 1901" in out
    t.at(_utc(2026, 10, 21, 5, 0))  # 06:00 BST, 12 hours before the deadline
    assert "remind: France: orders due Wednesday 21 October 2026, 18:00 BST" in t.judge()
    t.at(_utc(2026, 10, 21, 6, 0))
    assert t.judge() == ""
    assert [got.recipients for got in t.received("orders, a reminder")] == \
        [["france@players.example"]]

    # the deadline: adjudicated, France's NMR, the results with the board as PNG
    t.at(_utc(2026, 10, 21, 17, 5))
    out = t.judge()
    assert "adjudicated: the deadline (Wednesday 21 October 2026, 18:00 BST) passed" in out
    assert "nmr: France sent no orders (1 phase running)" in out
    assert "Autumn 1901  deadline: Friday 23 October 2026, 18:00 BST" in out
    assert "the board: PNG" in out
    spring = t.received("Spring 1901 results")
    assert len(spring) == 7
    attachment = next(spring[0].message.iter_attachments())
    assert attachment.get_content().startswith(b"\x89PNG")
    body = spring[0].message.get_body(("plain",)).get_content()
    assert "The Sultan sends his regards." in body
    assert "Orders for Autumn 1901 are due Friday 23 October 2026, 18:00 BST" in body
    gm("schedule", game, "--no-picture")

    # Autumn 1901: a judge killed between adjudicating and sending; the next run sends
    t.at(_utc(2026, 10, 22, 9, 0))
    t.send("Autumn 1901")
    t.judge()
    t.at(_utc(2026, 10, 23, 17, 5))
    killed = t.process(checkpoint="judge:adjudicated=kill")
    killed.communicate(timeout=120)
    assert killed.returncode == -9
    assert t.open_phase() == "Autumn 1901 Retreat" and not t.received("Autumn 1901 results")
    out = t.judge()
    assert "civil disorder: France (France Player) after 2 missed phases; nobody plays it " \
           "from Autumn 1901 Retreat" in out
    assert "Autumn 1901 Retreat  deadline: Saturday 24 October 2026, 18:05 BST" in out
    assert len(t.received("Autumn 1901 results")) == 7
    assert [got.recipients for got in t.received("France is in civil disorder")] == \
        [["judge@zine.example"]]

    # the retreat: Russia alone owes one, and sends it: adjudicated early; the winter
    # deadline falls on the day summer time ends
    t.at(_utc(2026, 10, 24, 9, 0))
    t.send("Autumn 1901 Retreat")
    out = t.judge()
    assert "adjudicated: early: every power has complete orders" in out
    assert "Winter 1901  deadline: Sunday 25 October 2026, 10:00 GMT" in out

    # Winter 1901: the builds adjudicated early, the results held for the GM
    t.at(_utc(2026, 10, 24, 12, 0))
    t.send("Winter 1901")
    out = t.judge("--hold-for-gm")
    assert "Winter 1901  adjudicated: early" in out and "held: the results wait" in out
    assert not t.received("Winter 1901 results") and t.received("results wait for you")
    t.at(_utc(2026, 10, 25, 18, 0))
    assert t.judge() == ""
    assert "Build F Lvp" in gm("report", game).output  # the GM reads the report
    gm("players", game, "France", "Stan Standby", "--contact", "stan@standby.example",
       "--standby")  # ... and names a standby for France, from Spring 1902 on
    t.senders["france"] = "Stan Standby <stan@standby.example>"
    t.at(_utc(2026, 10, 26, 9, 0))  # Monday, winter time
    out = gm("approve", game).output
    assert "the results of Winter 1901 go out" in out
    assert "Spring 1902  deadline: Wednesday 28 October 2026, 18:00 GMT" in out
    assert len(t.received("Winter 1901 results")) == 6  # France had nobody

    # Spring 1902: the standby orders France; two runs at once at the deadline
    t.at(_utc(2026, 10, 26, 12, 0))
    t.send("Spring 1902")
    t.at(_utc(2026, 10, 28, 18, 5))
    gate = tmp_path / "gate"
    first = t.process(checkpoint=f"judge:leased=wait:{gate}")
    deadline = time.monotonic() + 60
    while not Path(f"{gate}.{first.pid}").exists():
        assert time.monotonic() < deadline, "the first judge never took the game"
        time.sleep(0.05)
    # the second run meanwhile, here in the test's own process (a process apart from the
    # first all the same; a new one would only add its start-up)
    assert "league: left alone: another gm is at work on it" in t.judge()
    gate.touch()
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert "Spring 1902  adjudicated" in out and "Spring 1902  letter: from France" in out
    assert "nmr: England sent no orders" in out
    spring = t.received("Spring 1902 results")
    assert len(spring) == 7 and any("stan@standby.example" in got.recipients
                                    for got in spring)

    # Autumn 1902 at its deadline, Winter 1902 early
    t.at(_utc(2026, 10, 29, 9, 0))
    t.send("Autumn 1902")
    t.at(_utc(2026, 10, 30, 18, 5))
    assert "Autumn 1902  adjudicated: the deadline" in t.judge()
    t.at(_utc(2026, 10, 31, 9, 0))
    t.send("Winter 1902")
    assert "Winter 1902  adjudicated: early" in t.judge()
    assert t.open_phase() == "Spring 1903"

    # nothing twice; every outcome the demo's; the archive replays
    _once_each(t)
    assert len(t.received("orders, a reminder")) >= 1
    log = gm("log", game).output
    assert log.count("adjudicated:") == 7, log
    t.check_outcomes(7)


def test_a_rise_of_rome_ii_year_run_by_the_judge(table, tmp_path):
    t = table("rise-of-rome-ii-demo.txt", "punic",
              _utc(2027, 1, 4, 8, 0))  # Monday 09:00 in Rome
    gm, game = t.gm, t.game
    t.schedule("movement", "3d", "12:00", "Europe/Rome", "retreat", "1d", "adjustment", "1d",
               "--remind", "1d", "--no-picture")
    assert "Spring 220 BC  deadline: Thursday 7 January 2027, 12:00 CET" in t.judge()
    heading_times = [
        ("Spring 220 BC", _utc(2027, 1, 7, 11, 5)),
        ("Autumn 220 BC", _utc(2027, 1, 10, 11, 10)),
        ("Winter 220 BC", _utc(2027, 1, 11, 11, 15)),
        ("Spring 219 BC", _utc(2027, 1, 14, 11, 20)),
    ]
    early = []
    for heading, deadline in heading_times:
        t.at(deadline - timedelta(hours=30))
        if heading == "Spring 219 BC":
            gm("schedule", game, "--publish", str(tmp_path / "site"))
        count = t.send(heading)
        out = t.judge()
        assert out.count("letter: from") == count, out
        if f"{heading}  adjudicated: early" in out:
            early.append(heading)
        else:
            t.at(deadline)
            out = t.judge()
            assert f"{heading}  adjudicated: the deadline" in out, out
        assert len(t.received(f"{heading} results")) == len(t.map.powers)
    assert early == ["Winter 220 BC"]
    assert "published: " in out and (tmp_path / "site" / "index.html").exists()
    # the Barbarians' retreat: the only order owed, sent, adjudicated early
    assert t.open_phase() == "Spring 219 BC Retreat"
    t.at(_utc(2027, 1, 14, 12, 0))
    t.send("Spring 219 BC Retreat")
    assert "Spring 219 BC Retreat  adjudicated: early" in t.judge()
    assert t.received("orders, a reminder")
    _once_each(t)
    t.check_outcomes(5)
