"""Who plays each power, from which phase on: one row per change, never overwritten by a later
one, so the report of any season can name the player of that season.

A row holds the power's player from `from_phase` (a phase label) until the next row for that
power. `name` '' means nobody plays it. `contact` (an address or email) is for the GM only.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.store.database import Store
from gm.store.game_rows import now


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player of a power as stored, from the phase they took it over."""

    id: int
    game_id: int
    power: str
    from_phase: str
    name: str
    contact: str
    standby: bool
    entered_at: str

    @property
    def vacant(self) -> bool:
        return not self.name


def _player(row: dict) -> PlayerRow:
    return PlayerRow(row["id"], row["game_id"], row["power"], row["from_phase"], row["name"],
                     row["contact"], bool(row["standby"]), row["entered_at"])


def set_player(store: Store, game_id: int, power: str, from_phase: str, name: str,
               contact: str = "", standby: bool = False) -> PlayerRow:
    """Record who plays `power` from `from_phase` on (replacing a row for that same phase)."""
    store.execute(
        "INSERT INTO players (game_id, power, from_phase, name, contact, standby, entered_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, power, from_phase) DO UPDATE SET "
        "name = excluded.name, contact = excluded.contact, standby = excluded.standby, "
        "entered_at = excluded.entered_at",
        [game_id, power, from_phase, name, contact, int(standby), now()])
    row = store.execute("SELECT * FROM players WHERE game_id = ? AND power = ? AND "
                           "from_phase = ?", [game_id, power, from_phase]).fetchone()
    return get_player(store, row[0])


def get_player(store: Store, player_id: int) -> PlayerRow:
    return _player(store.row("players", player_id))


def set_contact(store: Store, player_id: int, contact: str) -> None:
    store.db["players"].update(player_id, {"contact": contact})


def players_of_game(store: Store, game_id: int) -> list[PlayerRow]:
    """Every row of the game, in the order entered."""
    return [_player(r) for r in store.query(
        "SELECT * FROM players WHERE game_id = ? ORDER BY id", [game_id])]
