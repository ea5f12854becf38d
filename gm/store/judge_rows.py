"""Rows of the judge's tables: a game's schedule and settings, the steps the judge took (each
once), its log, and press that came by mail."""

from __future__ import annotations

from dataclasses import dataclass, fields

from gm.store.database import Store
from gm.store.game_rows import now

HOLD, CIVIL_DISORDER = "hold", "civil-disorder"  # NMR policies
APPROVE, PUBLISH, IGNORE = "approve", "publish", "ignore"  # what press by mail becomes
PENDING, PRINTED, DROPPED = "pending", "printed", "dropped"  # press by mail


@dataclass(frozen=True, slots=True)
class JudgeSettings:
    """How the judge runs a game (`gm schedule`); times in seconds, words as the GM wrote
    them (`3d 18:00`)."""

    active: bool = True
    movement: str = ""
    retreat: str = ""
    adjustment: str = ""
    zone: str = ""
    remind: int = 0  # seconds before the deadline; 0: no reminder
    grace: int = 0  # seconds after the deadline in which letters are still taken
    early: bool = True  # adjudicate as soon as every power has complete orders
    confirm: bool = True  # mail a confirmation of each letter read
    hold: bool = False  # results wait for 'gm approve'
    picture: bool = True  # the results carry the board
    nmr: str = HOLD
    disorder_after: int = 2  # missed phases running before civil disorder
    press: str = APPROVE
    mailbox: str = ""  # 'imap', 'maildir', 'mbox' or '' (no mailbox)
    mailbox_path: str = ""  # the IMAP host, or the Maildir or mbox path
    imap_port: int = 993
    imap_user: str = ""
    imap_folder: str = "INBOX"
    publish: str = ""  # the folder the site is published into; '' for none
    from_seq: int = 0  # the first phase the judge looks after

    def timing(self, kind: str) -> str:
        """The schedule's words for a phase kind (`Movement`, `Retreat`, `Adjustment`)."""
        return {"Movement": self.movement, "Retreat": self.retreat,
                "Adjustment": self.adjustment}.get(kind, "")


_BOOLS = {"active", "early", "confirm", "hold", "picture"}


def settings_of(store: Store, game_id: int) -> JudgeSettings | None:
    rows = list(store.query("SELECT * FROM judge_settings WHERE game_id = ?", [game_id]))
    if not rows:
        return None
    row = rows[0]
    return JudgeSettings(**{f.name: bool(row[f.name]) if f.name in _BOOLS else row[f.name]
                            for f in fields(JudgeSettings)})


def save_settings(store: Store, game_id: int, settings: JudgeSettings) -> None:
    values = {f.name: int(getattr(settings, f.name)) if f.name in _BOOLS
              else getattr(settings, f.name) for f in fields(JudgeSettings)}
    store.db["judge_settings"].upsert({"game_id": game_id, **values, "set_at": now()},
                                      pk="game_id")


def judged_game_names(store: Store) -> list[str]:
    """The games with a schedule (paused ones too), by name."""
    return [row[0] for row in store.execute(
        "SELECT games.name FROM judge_settings JOIN games ON games.id = "
        "judge_settings.game_id ORDER BY games.name")]


def step_detail(store: Store, game_id: int, step: str, key: str) -> str | None:
    """What a step recorded when it was done; None if it was not done."""
    row = store.execute("SELECT detail FROM judge_steps WHERE game_id = ? AND step = ? "
                           "AND key = ?", [game_id, step, key]).fetchone()
    return row[0] if row else None


def record_step(store: Store, game_id: int, step: str, key: str, at: str, detail: str = ""
                ) -> bool:
    """Record a step as done; False if it was done already (by another run)."""
    return bool(store.execute(
        "INSERT OR IGNORE INTO judge_steps (game_id, step, key, detail, done_at) "
        "VALUES (?, ?, ?, ?, ?)", [game_id, step, key, detail, at]).rowcount)


@dataclass(frozen=True, slots=True)
class LogRow:
    """An entry of the judge's log as stored."""

    id: int
    at: str  # ISO 8601, the judge's clock
    phase: str
    action: str
    detail: str


def add_log(store: Store, game_id: int, at: str, phase: str, action: str, detail: str) -> int:
    table = store.db["judge_log"]
    table.insert({"game_id": game_id, "at": at, "phase": phase, "action": action,
                  "detail": detail})
    return table.last_pk


def log_of(store: Store, game_id: int, after: int = 0) -> list[LogRow]:
    """The game's log, oldest first (the entries after id `after`)."""
    return [LogRow(r["id"], r["at"], r["phase"], r["action"], r["detail"])
            for r in store.query("SELECT * FROM judge_log WHERE game_id = ? AND id > ? "
                                    "ORDER BY id", [game_id, after])]


def last_log_id(store: Store, game_id: int) -> int:
    row = store.execute("SELECT max(id) FROM judge_log WHERE game_id = ?",
                           [game_id]).fetchone()
    return row[0] or 0


@dataclass(frozen=True, slots=True)
class MailPressRow:
    """Press that came by mail, as stored until the GM approves it."""

    id: int
    game_id: int
    message_id: str
    sender: str
    power: str | None
    grey: bool
    subject: str
    text: str
    status: str
    press_id: int | None
    read_at: str


def _press(row: dict) -> MailPressRow:
    values = {k: row[k] for k in MailPressRow.__slots__}
    values["grey"] = bool(values["grey"])
    return MailPressRow(**values)


def press_keys(store: Store, game_id: int) -> set[tuple[str, str, str]]:
    """The key of each message read as press (`mail_rows.MessageKey`)."""
    return {(row[0], row[1], row[2]) for row in store.execute(
        "SELECT message_id, sender, text FROM mail_press WHERE game_id = ?", [game_id])}


def press_digests(store: Store, game_id: int) -> set[str]:
    """The digest of the bytes of each message read as press (`mail_rows.read_digests`)."""
    return {row[0] for row in store.execute(
        "SELECT raw_digest FROM mail_press WHERE game_id = ? AND raw_digest IS NOT NULL",
        [game_id])}


def add_mail_press(store: Store, game_id: int, message_id: str, sender: str,
                   power: str | None, grey: bool, subject: str, text: str, status: str,
                   press_id: int | None = None, raw_digest: str | None = None) -> int:
    table = store.db["mail_press"]
    row = {"game_id": game_id, "message_id": message_id, "sender": sender, "power": power,
           "grey": int(grey), "subject": subject, "text": text, "status": status,
           "press_id": press_id, "read_at": now()}
    table.insert(row if raw_digest is None else {**row, "raw_digest": raw_digest})
    return table.last_pk


def mail_press_of(store: Store, game_id: int, status: str | None = None
                  ) -> list[MailPressRow]:
    sql, args = "SELECT * FROM mail_press WHERE game_id = ?", [game_id]
    if status is not None:
        sql, args = sql + " AND status = ?", [*args, status]
    return [_press(r) for r in store.query(sql + " ORDER BY id", args)]


def set_mail_press(store: Store, row_id: int, status: str, press_id: int | None = None) -> None:
    store.db["mail_press"].update(row_id, {"status": status, "press_id": press_id})
