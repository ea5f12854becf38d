"""Rows of the outgoing mail: the queue of messages to send, each stored whole before its
first try, and the log of the messages sent. Apart from `gm.store.mail_rows` (messages read,
settings) so that a command that only reads the mail read (`gm status`) loads none of it."""

from __future__ import annotations

from dataclasses import dataclass

from gm.store.database import Store
from gm.store.game_rows import now


@dataclass(frozen=True, slots=True)
class SentRow:
    """A message gm sent, as the log of sent mail keeps it."""

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
