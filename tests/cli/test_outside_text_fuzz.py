"""Fuzzing what comes from outside (issue 28, "Done when"): any letter given to `gm orders`
and any mail body and subject given to `gm mail read` end without a traceback, print no
control character (a player's escapes are shown, never obeyed), and take a time bounded per
byte of input."""

from __future__ import annotations

import mailbox
import re
import time
from email.message import EmailMessage

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.conftest import Gm

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SECONDS, SECONDS_A_BYTE = 5.0, 1e-3  # generous: a shared machine; the point is the bound

_SEEDS = ["A Par - Bur", "F Bre - Mid", "A Mar S A Par - Bur", "France:", "Orders for Italy",
          "Winter:", "If dislodged, A Par - Gas", "Build F Bre", "1. A Vie - Gal 2. A Bud - Ser",
          "Hi GM,", "-- ", "> A Par - Pic", "Subject: orders", "F Brest - Mid-Atlantik",
          "\x1b[2J", "\x1b]0;title\x07", "\u202etxet", "\x00", "\r", "\t\t"]
_RUNS = st.builds(lambda piece, n: piece * n,
                  st.sampled_from([" ", "a", "A-", "if ", ", ", "(", "1. ", "\x1b[", "é"]),
                  st.integers(1, 400))
LINES = st.lists(st.one_of(st.sampled_from(_SEEDS), _RUNS,
                           st.text(max_size=80), st.text(alphabet="AFSCH-,.:;() /0123456789"
                                                         "abcdefghijklmnopqrstuvwxyz\x1b",
                                                         max_size=60)),
                 max_size=25)


def _bounded(started: float, data_size: int) -> None:
    spent = time.process_time() - started
    assert spent < SECONDS + SECONDS_A_BYTE * data_size, f"{spent:.2f} s for {data_size} bytes"


def _clean(output: str) -> None:
    found = CONTROL.search(output)
    assert found is None, f"control character {found.group()!r} in {output[:300]!r}"


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    gm = Gm(folder / "gm.db")
    gm("new", "league")
    gm("players", "league", "France", "Jeanne", "--contact", "jeanne@paris.example")
    return gm, folder


@SETTINGS
@given(lines=LINES, crlf=st.booleans(), raw=st.one_of(st.none(), st.binary(max_size=300)))
def test_any_letter_ends_without_a_traceback_or_a_control_character(league, lines, crlf, raw):
    gm, folder = league
    data = raw if raw is not None else ("\r\n" if crlf else "\n").join(lines).encode()
    letter = folder / "letter.txt"
    letter.write_bytes(data)
    started = time.process_time()
    result = _run(gm, "orders", "league", str(letter), "-P", "France", "--replace")
    _bounded(started, len(data))
    _clean(result.output)


_COUNT = iter(range(10**9))


@SETTINGS
@given(lines=LINES, subject=st.text(max_size=60), html=st.booleans())
def test_any_mail_body_and_subject_end_without_a_traceback_or_a_control_character(
        league, lines, subject, html):
    gm, folder = league
    body = "\n".join(lines)
    message = EmailMessage()
    if html:
        message.set_content(f"<p>{body}</p>", subtype="html")
    else:
        message.set_content(body)
    message["From"] = "Jeanne <jeanne@paris.example>"
    message["Subject"] = " ".join(f"league {subject}".split())  # headers hold no line ends
    message["Message-ID"] = f"<{next(_COUNT)}@paris.example>"
    path = folder / f"box{next(_COUNT)}.mbox"
    box = mailbox.mbox(str(path))
    box.add(message)
    box.close()
    started = time.process_time()
    result = _run(gm, "mail", "read", "league", "--mbox", str(path))
    _bounded(started, path.stat().st_size)
    _clean(result.output)


def _run(gm: Gm, *args: str):
    """A command that may refuse its input (exit 1), never crash (an exception or a
    traceback)."""
    from gm.cli import app

    result = gm.runner.invoke(app, [*args, "--db", str(gm.db)])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1), result.output
    return result
