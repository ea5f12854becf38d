"""Where the season's mail goes: `.eml` files in an outbox folder for the GM to look at and
send from their own mail program, or through the queue to an SMTP server.

Every message sent goes through the queue (`mail_queue`): stored whole, with its Message-ID,
before the first try, and marked sent (and recorded in `mail_sent`) one by one, as soon as the
server has taken it. A message the server refuses, or a server that drops the connection or
does not answer, leaves the rest queued, never marked sent; a retry sends exactly those, the
same bytes under the same Message-ID. A batch (a phase's results, a power's confirmation of
given letters) is sent once: sending it again needs `again=True` (`--again`).

The one window left: a process killed after the server took a message and before gm wrote
that down (a few milliseconds) sends that message again next time, under its Message-ID, which
mail programs use to show it once.
"""

from __future__ import annotations

import os
import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from email import policy
from email.utils import parseaddr
from pathlib import Path

from gm.game.games import open_game
from gm.game.workflow_errors import WorkflowError
from gm.mail.mailboxes import MailError
from gm.mail.outgoing import Mailing, settings_for
from gm.store import mail_out_rows
from gm.store.database import Store
from gm.store.faults import checkpoint
from gm.store.leases import LeaseBusy, game_lease
from gm.store.mail_out_rows import SENT, QueuedRow, SentRow
from gm.store.mail_rows import MailSettings

TIMEOUT_ENV = "GM_SMTP_TIMEOUT"  # seconds to wait for the SMTP server; default 60


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


@dataclass(slots=True)
class Delivery:
    """What one sending did: the messages the server took, those it refused (still queued,
    with the reason), and why it stopped early, if it did."""

    game: str
    tried: int  # messages there were to send
    sent: list[QueuedRow] = field(default_factory=list)
    refused: list[tuple[QueuedRow, str]] = field(default_factory=list)
    stopped: str = ""  # the connection failed: the messages after it were not tried
    skipped: int = 0  # sent before (a retry), not sent again

    @property
    def left(self) -> int:
        return self.tried - len(self.sent)

    def problem(self, retry: str = "run the same command again to send them") -> str:
        """'' when everything went; else what happened and what was done, in one sentence."""
        if not self.left:
            return ""
        what = self.stopped or "; ".join(
            f"the server refused the message for {row.recipients} ({why})"
            for row, why in self.refused)
        return (f"{what}; {len(self.sent)} of {self.tried} message(s) were sent and recorded, "
                f"the other {self.left} stay queued: {retry} ('gm mail sent {self.game}' lists "
                "both).")


class AlreadySent(WorkflowError):
    """Every message of the mailing went before; `--again` sends them again."""


def enqueue(store: Store, mailing: Mailing, again: bool = False) -> tuple[list[QueuedRow], int]:
    """Put the mailing into the queue; returns the messages of its batches still to send (a
    message queued by an earlier try is sent as it was stored) and how many went before.
    Raises `AlreadySent` when every one of them was sent already, unless `again`."""
    with store.transaction():
        view = open_game(store, mailing.game)
        game_id = view.game.id
        sender = parseaddr(settings_for(store, view).sender)[1]
        to_send: list[QueuedRow] = []
        done: list[QueuedRow] = []
        for item in mailing.messages:
            earlier = [row for row in mail_out_rows.queued_of_batch(store, game_id, item.batch)
                       if row.power == item.power]
            waiting = [row for row in earlier if row.status != SENT]
            if waiting and not again:
                to_send += waiting
                continue
            if earlier and not again:
                done += earlier
                continue
            data = item.message.as_bytes(policy=policy.SMTP)
            queue_id = mail_out_rows.add_queued(
                store, game_id, item.batch, item.phase, item.kind, item.power, sender,
                list(item.recipients), item.message["Message-ID"], item.message["Subject"],
                data)
            to_send.append(mail_out_rows.get_queued(store, queue_id))
        if done and not to_send:
            what = "results" if mailing.messages[0].kind == "results" else \
                f"{mailing.messages[0].kind}s"
            raise AlreadySent(
                f"the {what} of {mailing.phase} were sent already ({len(done)} message(s), "
                f"first at {min(row.sent_at or '' for row in done)}); give --again to send "
                "them again.")
        return to_send, len(done)


def send_mailing(store: Store, mailing: Mailing, password: Callable[[MailSettings], str],
                 again: bool = False, context: ssl.SSLContext | None = None) -> Delivery:
    """Queue the mailing and send what of it was not sent before. `password` is asked for the
    password only when the server needs a login, after every other check. Raises `MailError`
    when anything stays queued, saying what went and what did not."""
    with store.transaction(write=False):
        view = open_game(store, mailing.game)
        settings = settings_for(store, view)
    if not settings.smtp_host:
        raise WorkflowError(f"no SMTP server is set for {mailing.game}: run 'gm mail setup "
                            f"{mailing.game} --smtp HOST --port 587 --user YOU' first, or "
                            "leave out --send to write the messages into the outbox.")
    to_send, skipped = enqueue(store, mailing, again)
    delivery = send_queued(store, view.game.name, to_send, password, context)
    delivery.skipped = skipped
    if delivery.left:
        raise MailError(delivery.problem())
    return delivery


def send_waiting(store: Store, game: str, password: Callable[[MailSettings], str],
                 context: ssl.SSLContext | None = None) -> Delivery:
    """Send every message of the game still in the queue, oldest first (the judge's step)."""
    with store.transaction(write=False):
        view = open_game(store, game)
        waiting = mail_out_rows.waiting(store, view.game.id)
    return send_queued(store, view.game.name, waiting, password, context)


def send_queued(store: Store, game: str, rows: list[QueuedRow],
                password: Callable[[MailSettings], str],
                context: ssl.SSLContext | None = None) -> Delivery:
    """Send queued messages through the game's SMTP server, each marked sent as soon as the
    server takes it; holds the game's lease meanwhile, so no other gm sends them too."""
    delivery = Delivery(game, len(rows))
    if not rows:
        return delivery
    with store.transaction(write=False):
        view = open_game(store, game)
        settings = settings_for(store, view)
    if not settings.smtp_host:
        delivery.stopped = f"no SMTP server is set for {game} ('gm mail setup {game} --smtp " \
                           "HOST')"
        return delivery
    try:
        with game_lease(store, view.game.id):
            _send(store, settings, rows, password, context, delivery)
    except LeaseBusy as exc:
        delivery.stopped = f"another gm is sending {game}'s mail ({exc})"
    return delivery


def _send(store: Store, settings: MailSettings, rows: list[QueuedRow],
          password: Callable[[MailSettings], str], context: ssl.SSLContext | None,
          delivery: Delivery) -> None:
    secret = password(settings) if settings.smtp_user else None
    try:
        server = _connect(settings, secret, context)
    except MailError as exc:
        delivery.stopped = str(exc).rstrip(".")
        _note_stop(store, rows, delivery)
        return
    session = 0  # messages the server took on this connection
    try:
        for row in rows:
            with store.transaction(write=False):
                if mail_out_rows.get_queued(store, row.id).status == SENT:
                    delivery.tried -= 1  # another gm sent it meanwhile
                    continue
            try:
                server.sendmail(row.sender, row.addresses, row.message)
            except smtplib.SMTPServerDisconnected as exc:
                if isinstance(exc.__context__, TimeoutError):  # smtplib words a timeout so
                    delivery.stopped = f"the server did not answer within {_timeout():g} " \
                                       f"s, after {session} message(s)"
                else:
                    delivery.stopped = f"the server closed the connection after {session} " \
                                       "message(s)"
                break
            except smtplib.SMTPResponseException as exc:
                if exc.smtp_code == 421:  # the server is closing the connection
                    delivery.stopped = (f"the server closed the connection after {session} "
                                        f"message(s) ({_reply(exc)})")
                    break
                _failed(store, row, _reply(exc), delivery)
                continue
            except smtplib.SMTPRecipientsRefused as exc:
                reasons = "; ".join(f"{who}: {code} {text.decode(errors='replace')}"
                                    for who, (code, text) in exc.recipients.items())
                _failed(store, row, reasons, delivery)
                continue
            except smtplib.SMTPException as exc:
                _failed(store, row, str(exc), delivery)
                continue
            except TimeoutError:
                delivery.stopped = f"the server did not answer within {_timeout():g} s, " \
                                   f"after {session} message(s)"
                break
            except OSError as exc:
                delivery.stopped = f"the connection was lost after {session} message(s) " \
                                   f"({exc})"
                break
            session += 1
            with store.transaction():
                mail_out_rows.mark_sent(store, row)
            delivery.sent.append(row)
            checkpoint("mail:sent")
    finally:
        try:
            server.quit()
        except (smtplib.SMTPException, OSError):
            server.close()
    _note_stop(store, rows, delivery)


def _note_stop(store: Store, rows: list[QueuedRow], delivery: Delivery) -> None:
    """Write down, on each message left untried, why the sending stopped."""
    if not delivery.stopped:
        return
    done = {row.id for row in delivery.sent} | {row.id for row, _ in delivery.refused}
    with store.transaction():
        for row in rows:
            if row.id not in done:
                mail_out_rows.mark_failed(store, row.id, delivery.stopped)


def _failed(store: Store, row: QueuedRow, why: str, delivery: Delivery) -> None:
    delivery.refused.append((row, why))
    with store.transaction():
        mail_out_rows.mark_failed(store, row.id, f"refused: {why}")


def _reply(exc: smtplib.SMTPResponseException) -> str:
    text = exc.smtp_error.decode(errors="replace") if isinstance(exc.smtp_error, bytes) \
        else str(exc.smtp_error)
    return f"{exc.smtp_code} {text}"


def _timeout() -> float:
    try:
        return max(0.1, float(os.environ.get(TIMEOUT_ENV, "60")))
    except ValueError:
        return 60.0


def _connect(settings: MailSettings, password: str | None,
             context: ssl.SSLContext | None) -> smtplib.SMTP:
    host, port = settings.smtp_host, settings.smtp_port
    context = context or ssl.create_default_context()
    server: smtplib.SMTP | None = None
    try:
        if settings.security == "tls":
            server = smtplib.SMTP_SSL(host, port, timeout=_timeout(), context=context)
        else:
            server = smtplib.SMTP(host, port, timeout=_timeout())
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
    if isinstance(exc, smtplib.SMTPServerDisconnected):
        return f"the SMTP server {host}:{port} closed the connection before taking any " \
               "mail; try again later, or check the port and the security ('gm mail setup')."
    if isinstance(exc, TimeoutError):
        return f"the SMTP server {host}:{port} did not answer within {_timeout():g} s; try " \
               "again later, or check the host and port ('gm mail setup')."
    if isinstance(exc, (smtplib.SMTPException, ssl.SSLError)):
        return (f"the SMTP server {host}:{port} would not take mail ({exc}); check the port "
                "and the security ('gm mail setup').")
    return f"cannot reach the SMTP server {host}:{port} ({exc}); check the host and port " \
           "('gm mail setup')."


def sent_messages(store: Store, game: str, phase: str | None = None
                  ) -> tuple[list[SentRow], list[QueuedRow]]:
    """Every message gm sent for the game (or for one phase, by its label), oldest first; and
    those still waiting in the queue, with why they did not go."""
    from gm.game.games import find_phase

    with store.transaction(write=False):
        view = open_game(store, game)
        waiting = mail_out_rows.waiting(store, view.game.id)
        if phase is None:
            return mail_out_rows.sent_of_game(store, view.game.id), waiting
        label = find_phase(store, view, phase).label
        return (mail_out_rows.sent_of_phase(store, view.game.id, label),
                [row for row in waiting if row.phase == label])
