"""Mail out: confirmations and results received by a real SMTP server (aiosmtpd on
127.0.0.1), read back and checked, and the outbox's .eml files."""

from __future__ import annotations

import email
import email.policy

import pytest

from tests.mail.conftest import CONTACTS, GAME, GM_ADDRESS, set_smtp, write_maildir
from tests.mail.smtp_server import start


@pytest.fixture()
def smtp():
    controller, inbox = start()
    yield controller, inbox
    controller.stop()




def _well_formed(message, subject_words):
    assert message["Date"] and message["Message-ID"].startswith("<")
    assert message["Message-ID"].endswith("@zine.example>")
    assert message["From"] == GM_ADDRESS
    for word in subject_words:
        assert word in message["Subject"]


def test_confirmations_arrive_once_per_power_answering_its_letter(season, smtp):
    gm = season
    controller, inbox = smtp
    set_smtp(gm, controller)
    out = gm("mail", "confirm", GAME, "--send").output
    assert "7 message(s) sent and recorded" in out
    assert len(inbox.received) == 7
    sent_ids = {}
    for got in inbox.received:
        message = got.message
        _well_formed(message, [GAME, "Spring 1901", "orders received"])
        assert len(got.recipients) == 1  # one player each: no one sees another's address
        sent_ids[got.recipients[0]] = message
    france = sent_ids["jeanne@paris.example"]
    assert france["To"] == "Jeanne <jeanne@paris.example>" or "jeanne@paris.example" in \
        france["To"]
    body = france.get_content()
    assert "Power: France" in body
    assert "A Mar S A Par - Bur" in body.split("Orders to be adjudicated:")[1]
    # In-Reply-To is the Message-ID of France's letter as read from the mailbox
    from gm.store.database import open_store

    with open_store(gm.db) as store:
        letter_id = store.conn.execute("SELECT message_id FROM mail_in WHERE power = 'france'"
                                       ).fetchone()[0]
    assert france["In-Reply-To"] == letter_id
    listed = gm("mail", "sent", GAME).output
    assert listed.count("confirmation") == 7


def test_a_confirmation_names_rejected_orders_and_units_without_one(gm, tmp_path, smtp):
    from tests.mail.conftest import plain

    controller, inbox = smtp
    box = write_maildir(tmp_path / "Maildir", [
        plain(CONTACTS["France"], "A Par - Bur\nA Mar - Mos\n")])
    gm("mail", "setup", GAME, "--from", GM_ADDRESS)
    gm("mail", "read", GAME, "--maildir", str(box))
    set_smtp(gm, controller)
    gm("mail", "confirm", GAME, "--send", "-P", "France")
    body = inbox.received[0].message.get_content()
    rejected = body.split("Rejected:")[1]
    assert "A Mar - Mos" in rejected
    assert "F Bre" in body.split("No order yet")[1]


def test_results_arrive_with_text_html_and_the_board_once(season, smtp):
    gm = season
    controller, inbox = smtp
    gm("adjudicate", GAME)
    set_smtp(gm, controller)
    gm("mail", "results", GAME, "--send")
    assert sorted(r for got in inbox.received for r in got.recipients) == sorted(
        [c.split("<")[-1].strip(">") for c in CONTACTS.values()])
    message = inbox.received[0].message
    _well_formed(message, [GAME, "Spring 1901", "results"])
    assert message.get_content_type() == "multipart/mixed"
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "Movement results for Spring 1901." in text and "  A Par - Bur" in text
    html = message.get_body(preferencelist=("html",)).get_content()
    assert '<section class="report">' in html and "<style>" in html and "Spring 1901" in html
    kinds = [part.get_content_type() for part in message.walk()]
    assert kinds[:4] == ["multipart/mixed", "multipart/alternative", "text/plain",
                         "text/html"]
    attachment = next(message.iter_attachments())
    assert attachment.get_filename() == f"{GAME}-S1901M.png"
    assert attachment.get_content().startswith(b"\x89PNG")
    # the same phase twice: refused without --again, nothing sent
    refused = gm("mail", "results", GAME, "--send", ok=False).output
    assert "were sent already" in refused and "--again" in refused
    assert len(inbox.received) == 7
    gm("mail", "results", GAME, "--send", "--again")
    assert len(inbox.received) == 14
    assert gm("mail", "sent", GAME).output.count("results") == 14


def test_the_outbox_holds_one_eml_file_per_player(season, tmp_path):
    gm = season
    gm("adjudicate", GAME)
    out = tmp_path / "outbox"
    gm("mail", "results", GAME, "--outbox", str(out))
    files = sorted(out.glob("*.eml"))
    assert len(files) == 7
    message = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    _well_formed(message, [GAME, "Spring 1901", "results"])
    assert b"\r\n" in files[0].read_bytes()
    # writing to the outbox sends nothing, and records nothing
    assert "nothing sent" in gm("mail", "sent", GAME).output


def test_results_with_no_picture_carry_the_report_without_the_board(season, tmp_path):
    gm = season
    gm("adjudicate", GAME)
    out = tmp_path / "outbox"
    gm("mail", "results", GAME, "--no-picture", "--outbox", str(out))
    files = sorted(out.glob("*.eml"))
    assert len(files) == 7
    message = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    assert "Movement results for Spring 1901." in message.get_body(
        preferencelist=("plain",)).get_content()
    assert message.get_body(preferencelist=("html",)) is not None
    assert list(message.iter_attachments()) == []
    assert not any(part.get_content_maintype() == "image" for part in message.walk())


def test_sending_with_a_login_takes_the_password_from_the_environment(season, monkeypatch):
    controller, inbox = start("gm", "s3cret")
    try:
        gm = season
        set_smtp(gm, controller, "--user", "gm")
        monkeypatch.setenv("GM_SMTP_PASSWORD", "wrong")
        refused = gm("mail", "confirm", GAME, "--send", "-P", "France", ok=False).output
        assert "refused user 'gm'" in refused and not inbox.received
        monkeypatch.setenv("GM_SMTP_PASSWORD", "s3cret")
        gm("mail", "confirm", GAME, "--send", "-P", "France")
        assert len(inbox.received) == 1
    finally:
        controller.stop()
    from gm.store.database import open_store

    with open_store(gm.db) as store:
        stored = " ".join(str(v) for row in store.conn.execute("SELECT * FROM mail_settings")
                          for v in row)
    assert "s3cret" not in stored and "gm" in stored


def test_mistakes_are_one_line(gm, tmp_path):
    assert "give your address first" in gm("mail", "setup", GAME, "--smtp", "x", ok=False).output
    assert "gm mail setup" in gm("mail", "confirm", GAME, ok=False).output
    gm("mail", "setup", GAME, "--from", GM_ADDRESS)
    assert "no power has sent orders for Spring 1901" in gm("mail", "confirm", GAME,
                                                            ok=False).output
    assert "no adjudicated phase yet" in gm("mail", "results", GAME, ok=False).output
    gm("orders", GAME, "-", "-P", "France", input="A Par - Bur\n")
    assert "no SMTP server is set" in gm("mail", "confirm", GAME, "--send", ok=False).output
    assert "give one mailbox" in gm("mail", "read", GAME, ok=False).output
    assert "no mbox file" in gm("mail", "read", GAME, "--mbox", str(tmp_path / "x"),
                                ok=False).output
    assert "not an email address" in gm("mail", "setup", GAME, "--from", "nobody",
                                        ok=False).output


def test_setup_is_shown_and_changed_piece_by_piece(gm):
    assert "no mail settings yet" in gm("mail", "setup", GAME).output
    gm("mail", "setup", GAME, "--from", GM_ADDRESS)
    gm("mail", "setup", GAME, "--smtp", "smtp.zine.example", "--security", "tls", "--user", "gm")
    shown = gm("mail", "setup", GAME).output
    assert shown.strip() == ("autumnleague: mail from The GM <gm@zine.example>; SMTP server "
                             "smtp.zine.example:465 (tls, user gm).")
    assert "--security must be one of" in gm("mail", "setup", GAME, "--security", "ssl",
                                             ok=False).output


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_mail_is_sent_over_starttls_and_tls(season, tmp_path, monkeypatch, security):
    controller, inbox = start(security=security, folder=tmp_path / "tls")
    try:
        gm = season
        gm("mail", "setup", GAME, "--smtp", "127.0.0.1", "--port", str(controller.port),
           "--security", security)
        untrusted = gm("mail", "confirm", GAME, "--send", "-P", "France", ok=False).output
        assert "CERTIFICATE_VERIFY_FAILED" in untrusted and not inbox.received
        monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "tls" / "cert.pem"))
        gm("mail", "confirm", GAME, "--send", "-P", "France")
        assert [got.recipients for got in inbox.received] == [["jeanne@paris.example"]]
    finally:
        controller.stop()
