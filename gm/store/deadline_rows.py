"""When the orders for a phase are due: one ISO date per phase label of a game."""

from __future__ import annotations

from datetime import date

from gm.store.database import Store
from gm.store.game_rows import now


def set_deadline(store: Store, game_id: int, phase: str, due: date) -> None:
    store.db.execute(
        "INSERT INTO deadlines (game_id, phase, due, set_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, phase) DO UPDATE SET due = excluded.due, set_at = excluded.set_at",
        [game_id, phase, due.isoformat(), now()])


def clear_deadline(store: Store, game_id: int, phase: str) -> bool:
    """Forget the phase's deadline; False if it had none."""
    cursor = store.db.execute("DELETE FROM deadlines WHERE game_id = ? AND phase = ?",
                              [game_id, phase])
    return cursor.rowcount > 0


def deadline_of(store: Store, game_id: int, phase: str) -> date | None:
    row = store.db.execute("SELECT due FROM deadlines WHERE game_id = ? AND phase = ?",
                           [game_id, phase]).fetchone()
    return date.fromisoformat(row[0]) if row else None
