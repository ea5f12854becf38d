"""Rows of the mail tables: messages read from a mailbox, messages sent, and a game's SMTP
settings (which never hold a password)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from gm.store.database import Store
from gm.store.game_rows import now

STORED, LATE, ACCEPTED = "stored", "late", "accepted"
ASIDE = "aside"  # a player's message whose subject names another game, or none: not read
UNREADABLE = "unreadable"  # a message gm cannot read, kept for the GM to look at
HELD = (LATE, ASIDE)  # kept with no orders until the GM accepts them


@dataclass(frozen=True, slots=True)
class MailInRow:
    id: int
    game_id: int
    message_id: str
    phase_id: int
    phase: str
    sender: str
    power: str | None
    subject: str
    dated: str | None  # the message's Date, ISO 8601 with its offset
    status: str
    letter_id: int | None
    text: str
    attachments: list[str]
    read_at: str


def _mail_in(row: dict) -> MailInRow:
    values = {k: row[k] for k in MailInRow.__slots__}
    values["attachments"] = json.loads(row["attachments"] or "[]")
    return MailInRow(**values)


# What makes a message one read before: (Message-ID, sender, text). A Message-ID alone is not
# enough: another player's mail program may reuse one. `IncomingMessage.key` gives it.
MessageKey = tuple[str, str, str]
# The messages read for a game, less those of a phase discarded since (an undo followed by a
# change): their letters went with the phase, so they may be read again.
_READ = ("FROM mail_in JOIN phases ON phases.id = mail_in.phase_id "
         "WHERE mail_in.game_id = ? AND phases.status != 'discarded'")


def read_before(store: Store, game_id: int, key: MessageKey) -> bool:
    """Was this message read for the game (`MessageKey`)?"""
    return store.execute(
        f"SELECT 1 {_READ} AND message_id = ? AND sender = ? AND text = ? LIMIT 1",
        [game_id, *key]).fetchone() is not None


def taken_keys(store: Store, game_id: int) -> set[MessageKey]:
    """The key of each message read for the game, as `read_before` counts them, for a caller
    that reads the same mailbox again and again (the judge)."""
    return {(row[0], row[1], row[2]) for row in store.execute(
        f"SELECT message_id, sender, text {_READ}", [game_id]).fetchall()}


def read_digests(store: Store, game_id: int) -> set[str]:
    """The digest of the bytes of each message read for the game (`taken_keys` counts the
    same messages), for the judge to pass over them without decoding them again."""
    return {row[0] for row in store.execute(
        f"SELECT raw_digest {_READ} AND raw_digest IS NOT NULL", [game_id]).fetchall()}


def add_mail_in(store: Store, game_id: int, message_id: str, phase_id: int, phase: str,
                sender: str, power: str | None, subject: str, dated: str | None, status: str,
                letter_id: int | None, text: str, attachments: list[str],
                raw_digest: str | None = None) -> int:
    table = store.db["mail_in"]
    row = {"game_id": game_id, "message_id": message_id, "phase_id": phase_id, "phase": phase,
           "sender": sender, "power": power, "subject": subject, "dated": dated,
           "status": status, "letter_id": letter_id, "text": text,
           "attachments": json.dumps(attachments), "read_at": now()}
    table.insert(row if raw_digest is None else {**row, "raw_digest": raw_digest})
    return table.last_pk


def mail_in_of_game(store: Store, game_id: int, phase_id: int | None = None,
                    status: str | tuple[str, ...] | None = None) -> list[MailInRow]:
    sql, args = "SELECT * FROM mail_in WHERE game_id = ?", [game_id]
    if phase_id is not None:
        sql, args = sql + " AND phase_id = ?", [*args, phase_id]
    if status is not None:
        statuses = (status,) if isinstance(status, str) else status
        sql = sql + f" AND status IN ({', '.join('?' for _ in statuses)})"
        args = [*args, *statuses]
    return [_mail_in(r) for r in store.query(sql + " ORDER BY id", args)]


def get_mail_in(store: Store, game_id: int, mail_id: int) -> MailInRow | None:
    rows = list(store.query("SELECT * FROM mail_in WHERE game_id = ? AND id = ?",
                               [game_id, mail_id]))
    return _mail_in(rows[0]) if rows else None


def set_mail_letter(store: Store, mail_id: int, status: str, letter_id: int) -> None:
    store.db["mail_in"].update(mail_id, {"status": status, "letter_id": letter_id})


@dataclass(frozen=True, slots=True)
class SentRow:
    id: int
    game_id: int
    phase: str
    kind: str  # 'confirmation' or 'results'
    power: str | None
    recipients: str
    message_id: str
    subject: str
    sent_at: str


def add_sent(store: Store, game_id: int, phase: str, kind: str, power: str | None,
             recipients: list[str], message_id: str, subject: str) -> None:
    store.db["mail_sent"].insert({"game_id": game_id, "phase": phase, "kind": kind,
                                  "power": power, "recipients": ", ".join(recipients),
                                  "message_id": message_id, "subject": subject,
                                  "sent_at": now()})


def sent_of_phase(store: Store, game_id: int, phase: str, kind: str | None = None
                  ) -> list[SentRow]:
    sql, args = "SELECT * FROM mail_sent WHERE game_id = ? AND phase = ?", [game_id, phase]
    if kind is not None:
        sql, args = sql + " AND kind = ?", [*args, kind]
    return _sent(store, sql, args)


def sent_of_game(store: Store, game_id: int) -> list[SentRow]:
    return _sent(store, "SELECT * FROM mail_sent WHERE game_id = ?", [game_id])


def _sent(store: Store, sql: str, args: list) -> list[SentRow]:
    return [SentRow(**{k: r[k] for k in SentRow.__slots__})
            for r in store.query(sql + " ORDER BY id", args)]


@dataclass(frozen=True, slots=True)
class MailSettings:
    sender: str  # the GM's address, the From of every message
    smtp_host: str = ""
    smtp_port: int = 587
    security: str = "starttls"  # 'starttls', 'tls' or 'none'
    smtp_user: str = ""


def save_settings(store: Store, game_id: int, settings: MailSettings) -> None:
    store.db["mail_settings"].upsert(
        {"game_id": game_id, "sender": settings.sender, "smtp_host": settings.smtp_host,
         "smtp_port": settings.smtp_port, "security": settings.security,
         "smtp_user": settings.smtp_user, "set_at": now()}, pk="game_id")


def settings_of(store: Store, game_id: int) -> MailSettings | None:
    rows = list(store.query("SELECT * FROM mail_settings WHERE game_id = ?", [game_id]))
    if not rows:
        return None
    row = rows[0]
    return MailSettings(row["sender"], row["smtp_host"], row["smtp_port"], row["security"],
                        row["smtp_user"])


QUEUED, SENT = "queued", "sent"


@dataclass(frozen=True, slots=True)
class QueuedRow:
    """A message in the queue: stored whole before its first try, sent once."""

    id: int
    game_id: int
    batch: str  # what it belongs to: `results:adjudication:7`
    phase: str
    kind: str
    power: str | None
    sender: str  # the envelope sender
    recipients: str  # comma-separated addresses
    message_id: str
    subject: str
    message: bytes  # RFC 5322, CRLF line ends
    status: str  # QUEUED or SENT
    queued_at: str
    sent_at: str | None
    attempts: int
    last_error: str

    @property
    def addresses(self) -> list[str]:
        return [a.strip() for a in self.recipients.split(",") if a.strip()]


def _queued(row: dict) -> QueuedRow:
    return QueuedRow(**{k: row[k] for k in QueuedRow.__slots__})


def add_queued(store: Store, game_id: int, batch: str, phase: str, kind: str,
               power: str | None, sender: str, recipients: list[str], message_id: str,
               subject: str, message: bytes) -> int:
    table = store.db["mail_queue"]
    table.insert({"game_id": game_id, "batch": batch, "phase": phase, "kind": kind,
                  "power": power, "sender": sender, "recipients": ", ".join(recipients),
                  "message_id": message_id, "subject": subject, "message": message,
                  "status": QUEUED, "queued_at": now()})
    return table.last_pk


def queued_of_batch(store: Store, game_id: int, batch: str) -> list[QueuedRow]:
    return [_queued(r) for r in store.query(
        "SELECT * FROM mail_queue WHERE game_id = ? AND batch = ? ORDER BY id", [game_id, batch])]


def waiting(store: Store, game_id: int) -> list[QueuedRow]:
    """The game's messages not sent yet, oldest first."""
    return [_queued(r) for r in store.query(
        "SELECT * FROM mail_queue WHERE game_id = ? AND status = ? ORDER BY id",
        [game_id, QUEUED])]


def get_queued(store: Store, queue_id: int) -> QueuedRow:
    return _queued(store.row("mail_queue", queue_id))


def mark_sent(store: Store, row: QueuedRow) -> bool:
    """Record that the server took the message; False if it was marked sent already."""
    done = store.execute("UPDATE mail_queue SET status = ?, sent_at = ?, attempts = "
                            "attempts + 1, last_error = '' WHERE id = ? AND status = ?",
                            [SENT, now(), row.id, QUEUED]).rowcount
    if done:
        add_sent(store, row.game_id, row.phase, row.kind, row.power, row.addresses,
                 row.message_id, row.subject)
    return bool(done)


def mark_failed(store: Store, queue_id: int, error: str) -> None:
    store.execute("UPDATE mail_queue SET attempts = attempts + 1, last_error = ? "
                     "WHERE id = ?", [error, queue_id])
