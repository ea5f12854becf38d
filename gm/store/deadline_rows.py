"""When the orders for a phase are due: one per phase label of a game, as `Due.stored()`
writes it (an ISO date, or an instant in UTC and the zone it was given in)."""

from __future__ import annotations

from gm.deadline_time import Due
from gm.store.database import Store
from gm.store.game_rows import now


def set_deadline(store: Store, game_id: int, phase: str, due: Due) -> None:
    store.execute(
        "INSERT INTO deadlines (game_id, phase, due, set_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, phase) DO UPDATE SET due = excluded.due, set_at = excluded.set_at",
        [game_id, phase, due.stored(), now()])


def clear_deadline(store: Store, game_id: int, phase: str) -> bool:
    """Forget the phase's deadline; False if it had none."""
    cursor = store.execute("DELETE FROM deadlines WHERE game_id = ? AND phase = ?",
                              [game_id, phase])
    return cursor.rowcount > 0


def deadline_of(store: Store, game_id: int, phase: str) -> Due | None:
    row = store.execute("SELECT due FROM deadlines WHERE game_id = ? AND phase = ?",
                           [game_id, phase]).fetchone()
    return Due.from_stored(row[0]) if row else None


def game_zone(store: Store, game_id: int) -> str:
    """The game's time zone: its schedule's (`gm schedule --zone`, docs/judge.md), else the
    one the GM named last in a deadline ('' if never)."""
    row = store.execute("SELECT zone FROM judge_settings WHERE game_id = ?",
                           [game_id]).fetchone()
    if row and row[0]:
        return row[0]
    for (text,) in store.execute("SELECT due FROM deadlines WHERE game_id = ? "
                                    "ORDER BY set_at DESC, rowid DESC", [game_id]):
        zone = Due.from_stored(text).zone
        if zone:
            return zone
    return ""
