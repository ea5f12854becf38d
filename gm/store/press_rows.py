"""Press and GM notes, kept exactly as entered, each for the report of one phase (by label);
and the game's setting that allows grey (anonymous) press.

A withdrawn item (entered by mistake) stays in the table but is never printed again.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.store.database import Store
from gm.store.game_rows import now

PRESS, NOTE = "press", "note"


@dataclass(frozen=True, slots=True)
class PressRow:
    """A press item or GM note as stored."""

    id: int
    game_id: int
    phase: str
    kind: str  # PRESS or NOTE
    power: str | None  # the sender; None for a GM note or an unsigned grey letter
    grey: bool
    text: str
    source: str
    status: str
    entered_at: str


def _press(row: dict) -> PressRow:
    return PressRow(row["id"], row["game_id"], row["phase"], row["kind"], row["power"],
                    bool(row["grey"]), row["text"], row["source"], row["status"],
                    row["entered_at"])


def add_press(store: Store, game_id: int, phase: str, kind: str, power: str | None,
              grey: bool, text: str, source: str = "") -> PressRow:
    table = store.db["press"]
    table.insert({"game_id": game_id, "phase": phase, "kind": kind, "power": power,
                  "grey": int(grey), "text": text, "source": source, "status": "printed",
                  "entered_at": now()})
    return get_press(store, table.last_pk)


def get_press(store: Store, press_id: int) -> PressRow:
    return _press(store.row("press", press_id))


def find_press(store: Store, game_id: int, press_id: int) -> PressRow | None:
    row = store.execute("SELECT id FROM press WHERE id = ? AND game_id = ?",
                           [press_id, game_id]).fetchone()
    return get_press(store, row[0]) if row else None


def withdraw_press(store: Store, press_id: int) -> None:
    store.db["press"].update(press_id, {"status": "withdrawn"})


def press_of_phase(store: Store, game_id: int, phase: str) -> list[PressRow]:
    """The phase's printed press and notes, in the order entered."""
    return [_press(r) for r in store.query(
        "SELECT * FROM press WHERE game_id = ? AND phase = ? AND status = 'printed' "
        "ORDER BY id", [game_id, phase])]


def grey_press_allowed(store: Store, game_id: int) -> bool:
    row = store.execute("SELECT grey_press FROM games WHERE id = ?", [game_id]).fetchone()
    return bool(row and row[0])


def allow_grey_press(store: Store, game_id: int, allowed: bool) -> None:
    store.db["games"].update(game_id, {"grey_press": int(allowed)})
