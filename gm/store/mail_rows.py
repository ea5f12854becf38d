"""Rows of the mail tables: messages read from a mailbox, and a game's SMTP settings (which
never hold a password). The queue of messages to send and the log of those sent are
`gm.store.mail_out_rows`."""

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
    """A message read from the mailbox, as stored."""

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
class MailSettings:
    """A game's mail settings as stored (the password never is)."""

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
