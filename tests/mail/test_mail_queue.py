"""Sending through the queue (issue 28, "Sending"): a server that drops the connection half-way,
refuses a message or stops answering leaves the rest queued, never marked sent; the retry
sends exactly what did not go, the same message under the same Message-ID, and `--again` alone
sends a batch a second time. A real SMTP server (aiosmtpd on 127.0.0.1) misbehaves on purpose.
The results go without the board (`--no-picture`): the queue keeps and sends a message's bytes
whatever they carry, and test_mail_out proves that the board goes with the results."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

from gm.store.faults import ENV as CHECKPOINT
from tests.mail.conftest import CONTACTS, GAME, plain, set_smtp, write_maildir
from tests.mail.smtp_server import Dropping, Hanging, Refusing, start

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ("mail", "results", GAME, "--no-picture")
ADDRESSES = sorted(c.split("<")[-1].strip(">") for c in CONTACTS.values())


def _server(inbox):
    controller, _ = start(inbox=inbox)
    return controller


@contextmanager
def _results_to(gm, inbox):
    """The phase adjudicated, its results to go to a server that answers as `inbox` says."""
    controller = _server(inbox)
    try:
        gm("adjudicate", GAME)
        set_smtp(gm, controller)
        yield
    finally:
        controller.stop()


def _received(inbox) -> Counter:
    return Counter(r for got in inbox.received for r in got.recipients)


def _queued(db) -> list[tuple]:
    from gm.store.database import open_store

    with open_store(db) as store:
        return store.conn.execute("SELECT recipients, status, last_error FROM mail_queue "
                                  "WHERE status = 'queued' ORDER BY id").fetchall()


def test_a_dropped_connection_leaves_the_rest_queued_and_the_retry_sends_only_them(season):
    gm = season
    inbox = Dropping(after=3)
    with _results_to(gm, inbox):
        failed = gm(*RESULTS, "--send", ok=False).output
        assert "the server closed the connection after 3 message(s)" in failed
        assert "refused" not in failed
        assert "3 of 7 message(s) were sent and recorded, the other 4 stay queued" in failed
        first = [got.message["Message-ID"] for got in inbox.received]
        assert len(first) == 3 and len(_queued(gm.db)) == 4
        listed = gm("mail", "sent", GAME).output
        assert listed.count("queued:") == 4 and "closed the connection" in listed
        inbox.after = None  # the server is back
        retried = gm(*RESULTS, "--send").output
        assert "4 message(s) sent and recorded; 3 sent before, not sent again" in retried
        assert _received(inbox) == Counter(ADDRESSES)  # each player once
        assert len(set(got.message["Message-ID"] for got in inbox.received)) == 7
        assert not _queued(gm.db)
        again = gm(*RESULTS, "--send", ok=False).output
        assert "were sent already (7 message(s)" in again and "--again" in again
        gm(*RESULTS, "--send", "--again")
        assert _received(inbox) == Counter({a: 2 for a in ADDRESSES})


def test_a_refused_message_stays_queued_and_the_others_go(season):
    gm = season
    inbox = Refusing(refused={"carla@roma.example"})
    with _results_to(gm, inbox):
        failed = gm(*RESULTS, "--send", ok=False).output
        assert "the server refused the message for carla@roma.example (carla@roma.example: " \
               "550 no such user here)" in failed
        assert "6 of 7 message(s) were sent and recorded, the other 1 stay queued" in failed
        assert [row[0] for row in _queued(gm.db)] == ["carla@roma.example"]
        inbox.refused.clear()
        gm(*RESULTS, "--send")
        assert _received(inbox) == Counter(ADDRESSES)


def test_a_server_that_stops_answering_is_given_up_and_nothing_is_marked_sent(
        season, monkeypatch):
    gm = season
    # long enough for a busy machine to take a message (under -n 2 and a load of 8, 0.5 s was
    # not), far shorter than the server's silence
    monkeypatch.setenv("GM_SMTP_TIMEOUT", "2")
    inbox = Hanging(after=2, seconds=30)
    with _results_to(gm, inbox):
        failed = gm(*RESULTS, "--send", ok=False).output
        assert "the server did not answer within 2 s, after 2 message(s)" in failed
        assert len(_queued(gm.db)) == 5
    assert len(inbox.received) == 2


def test_confirmations_go_once_per_letter_and_a_new_letter_is_confirmed_again(season,
                                                                               tmp_path):
    gm = season
    inbox = Dropping(after=5)
    controller = _server(inbox)
    try:
        set_smtp(gm, controller)
        failed = gm("mail", "confirm", GAME, "--send", ok=False).output
        assert "closed the connection after 5 message(s)" in failed
        inbox.after = None
        gm("mail", "confirm", GAME, "--send")
        assert len(inbox.received) == 7 and len(_received(inbox)) == 7
        assert "were sent already" in gm("mail", "confirm", GAME, "--send", ok=False).output
        box = write_maildir(tmp_path / "second", [
            plain(CONTACTS["France"], "A Par - Pic\n", message_id="<second@paris.example>")])
        gm("mail", "read", GAME, "--maildir", str(box))
        out = gm("mail", "confirm", GAME, "--send").output
        assert "1 message(s) sent and recorded; 6 sent before, not sent again" in out
        assert inbox.received[-1].recipients == ["jeanne@paris.example"]
        assert "A Par - Pic" in inbox.received[-1].message.get_content()
        gm("mail", "confirm", GAME, "--send", "-P", "France", "--again")
        assert _received(inbox)["jeanne@paris.example"] == 3
    finally:
        controller.stop()


def test_a_sending_killed_half_way_is_finished_by_the_retry_and_none_goes_twice(season):
    gm = season
    inbox = Dropping()
    with _results_to(gm, inbox):
        env = dict(os.environ, **{CHECKPOINT: "mail:sent=kill"}, GM_DB=str(gm.db))
        killed = subprocess.run([sys.executable, "-c", "from gm.cli import main; main()",
                                 *RESULTS, "--send"], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=120)
        assert killed.returncode == -9
        assert len(inbox.received) == 1 and len(_queued(gm.db)) == 6
        gm(*RESULTS, "--send")  # the lease of the dead process is given up
        assert _received(inbox) == Counter(ADDRESSES)


@pytest.mark.parametrize("kind", ["results", "confirm"])
def test_without_a_server_nothing_is_queued(season, kind):
    gm = season
    if kind == "results":
        gm("adjudicate", GAME)
    command = RESULTS if kind == "results" else ("mail", "confirm", GAME)
    assert "no SMTP server is set" in gm(*command, "--send", ok=False).output
    assert not _queued(gm.db)



def test_a_retried_sending_draws_the_board_only_for_messages_not_queued_before(
        season, monkeypatch, tmp_path):
    """The board is most of the work of the results; a retry sends each message queued before
    as it was stored, board and all, so it draws the board only if a message is new."""
    import gm.draw as drawing

    gm, drawn, draw_phase = season, [], drawing.draw_phase

    def counted(*args, **kwargs):
        drawn.append(args)
        return draw_phase(*args, **kwargs)

    monkeypatch.setattr(drawing, "draw_phase", counted)
    inbox = Dropping(after=3)
    with _results_to(gm, inbox):
        gm("mail", "results", GAME, "--send", ok=False)
        assert len(drawn) == 1  # the first try draws it once, for all seven messages
        inbox.after = None  # the server is back
        retried = gm("mail", "results", GAME, "--send").output
        assert "4 message(s) sent and recorded; 3 sent before" in retried
        assert len(drawn) == 1  # every message was queued with its board: none drawn
        boards = [got.message.get_payload()[-1] for got in inbox.received]
        assert len(boards) == 7 and all(b.get_content_type() == "image/png" for b in boards)
        assert "were sent already" in gm("mail", "results", GAME, "--send", ok=False).output
        assert len(drawn) == 1
        gm("mail", "results", GAME, "--send", "--again")
        assert len(drawn) == 2  # sent anew: drawn anew
        gm("mail", "results", GAME, "--outbox", str(tmp_path / "outbox"))  # drawn for files
        assert len(drawn) == 3
