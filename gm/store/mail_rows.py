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


def read_before(store: Store, game_id: int, message_id: str, sender: str, text: str) -> bool:
    """Was this message read for the game: the same Message-ID, from the same sender, with
    the same text (another player's message reusing a Message-ID is a message of its own)?
    A message of a phase discarded since (an undo followed by a change) does not count: its
    letter went with the phase, so it may be read again."""
    return store.db.execute(
        "SELECT 1 FROM mail_in JOIN phases ON phases.id = mail_in.phase_id "
        "WHERE mail_in.game_id = ? AND message_id = ? AND sender = ? AND text = ? "
        "AND phases.status != 'discarded' LIMIT 1",
        [game_id, message_id, sender, text]).fetchone() is not None


def add_mail_in(store: Store, game_id: int, message_id: str, phase_id: int, phase: str,
                sender: str, power: str | None, subject: str, dated: str | None, status: str,
                letter_id: int | None, text: str, attachments: list[str]) -> int:
    table = store.db["mail_in"]
    table.insert({"game_id": game_id, "message_id": message_id, "phase_id": phase_id,
                  "phase": phase,
                  "sender": sender, "power": power, "subject": subject, "dated": dated,
                  "status": status, "letter_id": letter_id, "text": text,
                  "attachments": json.dumps(attachments), "read_at": now()})
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
    return [_mail_in(r) for r in store.db.query(sql + " ORDER BY id", args)]


def get_mail_in(store: Store, game_id: int, mail_id: int) -> MailInRow | None:
    rows = list(store.db.query("SELECT * FROM mail_in WHERE game_id = ? AND id = ?",
                               [game_id, mail_id]))
    return _mail_in(rows[0]) if rows else None


def set_mail_letter(store: Store, mail_id: int, status: str, letter_id: int) -> None:
    store.db["mail_in"].update(mail_id, {"status": status, "letter_id": letter_id})


def letter_mail(store: Store, letter_ids: list[int]) -> dict[int, MailInRow]:
    """Letter id -> the message it was read from, for the letters that came by mail."""
    if not letter_ids:
        return {}
    marks = ", ".join("?" for _ in letter_ids)
    return {row.letter_id: row for row in (_mail_in(r) for r in store.db.query(
        f"SELECT * FROM mail_in WHERE letter_id IN ({marks})", letter_ids))}


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
            for r in store.db.query(sql + " ORDER BY id", args)]


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
    rows = list(store.db.query("SELECT * FROM mail_settings WHERE game_id = ?", [game_id]))
    if not rows:
        return None
    row = rows[0]
    return MailSettings(row["sender"], row["smtp_host"], row["smtp_port"], row["security"],
                        row["smtp_user"])
