"""IMAP against a real server: dovecot on 127.0.0.1 over TLS (skipped, saying so, where
dovecot is not installed; `make test` installs Debian's dovecot-imapd where it can)."""

from __future__ import annotations

import ssl

import pytest

from tests.mail.conftest import GAME, season_messages
from tests.mail.imap_server import PASSWORD, USER, dovecot, start

pytestmark = pytest.mark.skipif(dovecot() is None, reason="dovecot is not installed (Debian: "
                                "apt-get install dovecot-imapd); the IMAP test needs it")


@pytest.fixture(scope="module")
def imap(tmp_path_factory):
    """One server for the file: gm reads IMAP read-only (the first test proves it), so each
    test finds the same seven messages, unseen, in 'new'."""
    server = start(tmp_path_factory.mktemp("imap"), season_messages())
    yield server
    server.stop()


def test_a_season_read_from_imap_over_tls_stores_seven_letters(imap, league):
    from gm.mail.inbox import read_mail
    from gm.mail.mailboxes import imap_messages

    context = ssl.create_default_context(cafile=str(imap.certificate))
    messages = imap_messages("127.0.0.1", USER, PASSWORD, port=imap.port, context=context)
    done = read_mail(league, GAME, messages)
    assert [o.status for o in done.outcomes] == ["stored"] * 7
    again = read_mail(league, GAME, imap_messages("127.0.0.1", USER, PASSWORD,
                                                  port=imap.port, context=context))
    assert [o.status for o in again.outcomes] == ["already read"] * 7
    # read-only: no message was marked as seen or moved out of 'new'
    assert len(list((imap.maildir / "new").iterdir())) == 7


def test_gm_mail_read_imap_takes_the_password_from_the_environment(imap, gm, monkeypatch):
    monkeypatch.setenv("SSL_CERT_FILE", str(imap.certificate))
    monkeypatch.setenv("GM_IMAP_PASSWORD", "wrong")
    refused = gm("mail", "read", GAME, "--imap", "127.0.0.1", "--port", str(imap.port),
                 "--user", USER, ok=False).output
    assert "refused user 'gm'" in refused
    monkeypatch.setenv("GM_IMAP_PASSWORD", PASSWORD)
    out = gm("mail", "read", GAME, "--imap", "127.0.0.1", "--port", str(imap.port),
             "--user", USER).output
    assert "7 stored" in out


def test_an_untrusted_certificate_is_refused(imap, gm, monkeypatch):
    monkeypatch.setenv("GM_IMAP_PASSWORD", PASSWORD)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    out = gm("mail", "read", GAME, "--imap", "127.0.0.1", "--port", str(imap.port),
             "--user", USER, ok=False).output
    assert "cannot reach the IMAP server" in out and "CERTIFICATE_VERIFY_FAILED" in out
