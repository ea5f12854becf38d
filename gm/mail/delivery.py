"""Where the season's mail goes: `.eml` files in an outbox folder for the GM to look at and
send from their own mail program, or straight to an SMTP server.

Every message sent is recorded (time, recipients, Message-ID) as soon as the server has taken
it, so a connection lost half-way leaves an exact record of who got what. The results of a
phase are sent once: sending them again needs `again=True` (`--again`).
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Callable
from email import policy
from pathlib import Path

from gm.game.games import open_game
from gm.game.workflow_errors import WorkflowError
from gm.mail.mailboxes import MailError
from gm.mail.outgoing import RESULTS, Mailing, Outgoing, settings_for
from gm.store import mail_rows
from gm.store.database import Store
from gm.store.mail_rows import MailSettings, SentRow


def write_outbox(mailing: Mailing, folder: str | Path) -> list[Path]:
    """Write each message as an `.eml` file (RFC 5322, CRLF line ends) into `folder`."""
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise MailError(f"{target} is a file; give --outbox a folder.")
    try:
        target.mkdir(parents=True, exist_ok=True)
        written = []
        for item in mailing.messages:
            path = target / item.file_name
            path.write_bytes(item.message.as_bytes(policy=policy.SMTP))
            written.append(path)
    except OSError as exc:
        raise MailError(f"cannot write into {target}: {exc.strerror or exc}") from None
    return written


def _check_not_sent(store: Store, mailing: Mailing, again: bool) -> None:
    """Refuse to send a phase's results a second time unless the GM says so."""
    if again or not any(item.kind == RESULTS for item in mailing.messages):
        return
    with store.transaction(write=False):
        view = open_game(store, mailing.game)
        sent = mail_rows.sent_of_phase(store, view.game.id, mailing.phase, RESULTS)
    if sent:
        raise WorkflowError(
            f"the results of {mailing.phase} were sent already ({len(sent)} message(s), first "
            f"at {sent[0].sent_at}); give --again to send them again.")


def send_mailing(store: Store, mailing: Mailing, password: Callable[[MailSettings], str],
                 again: bool = False, context: ssl.SSLContext | None = None) -> list[Outgoing]:
    """Send every message through the game's SMTP server; returns those sent. `password` is
    asked for the password only when the server needs a login, after every other check."""
    with store.transaction(write=False):
        settings = settings_for(store, open_game(store, mailing.game))
    _check_not_sent(store, mailing, again)
    if not settings.smtp_host:
        raise WorkflowError(f"no SMTP server is set for {mailing.game}: run 'gm mail setup "
                            f"{mailing.game} --smtp HOST --port 587 --user YOU' first, or "
                            "leave out --send to write the messages into the outbox.")
    secret = password(settings) if settings.smtp_user else None
    sent: list[Outgoing] = []
    with _connect(settings, secret, context) as server:
        for item in mailing.messages:
            try:
                server.send_message(item.message, to_addrs=list(item.recipients))
            except smtplib.SMTPException as exc:
                raise MailError(_partly(sent, mailing, f"the server refused the message for "
                                        f"{', '.join(item.recipients)} ({exc})")) from None
            except OSError as exc:
                raise MailError(_partly(sent, mailing, f"the connection was lost ({exc})")
                                ) from None
            _record(store, mailing.game, item)
            sent.append(item)
    return sent


def _partly(sent: list[Outgoing], mailing: Mailing, what: str) -> str:
    done = f"{len(sent)} of {len(mailing.messages)} message(s) were sent and recorded"
    return f"{what}; {done} ('gm mail sent {mailing.game}' lists them)."


def _record(store: Store, game: str, item: Outgoing) -> None:
    with store.transaction():
        view = open_game(store, game)
        mail_rows.add_sent(store, view.game.id, item.phase, item.kind, item.power,
                           list(item.recipients), item.message["Message-ID"],
                           item.message["Subject"])


def _connect(settings: MailSettings, password: str | None,
             context: ssl.SSLContext | None) -> smtplib.SMTP:
    host, port = settings.smtp_host, settings.smtp_port
    context = context or ssl.create_default_context()
    server: smtplib.SMTP | None = None
    try:
        if settings.security == "tls":
            server = smtplib.SMTP_SSL(host, port, timeout=60, context=context)
        else:
            server = smtplib.SMTP(host, port, timeout=60)
            if settings.security == "starttls":
                server.starttls(context=context)
        if settings.smtp_user:
            server.login(settings.smtp_user, password or "")
        return server
    except (smtplib.SMTPException, OSError) as exc:
        if server is not None:
            server.close()
        raise MailError(_refusal(settings, exc)) from None


def _refusal(settings: MailSettings, exc: Exception) -> str:
    host, port = settings.smtp_host, settings.smtp_port
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return (f"the SMTP server {host} refused user {settings.smtp_user!r} with that "
                "password; check GM_SMTP_PASSWORD or type it again.")
    if isinstance(exc, (smtplib.SMTPException, ssl.SSLError)):
        return (f"the SMTP server {host}:{port} would not take mail ({exc}); check the port "
                "and the security ('gm mail setup').")
    return f"cannot reach the SMTP server {host}:{port} ({exc}); check the host and port " \
           "('gm mail setup')."


def sent_messages(store: Store, game: str, phase: str | None = None) -> list[SentRow]:
    """Every message gm sent for the game (or for one phase, by its label), oldest first."""
    from gm.game.games import find_phase

    with store.transaction(write=False):
        view = open_game(store, game)
        if phase is None:
            return mail_rows.sent_of_game(store, view.game.id)
        label = find_phase(store, view, phase).label
        return mail_rows.sent_of_phase(store, view.game.id, label)
