"""The position at the start of a phase, kept as rows: pieces, dislodged pieces, centres.

Pieces keep their order (`seq`), so a position read back is the same list the engine wrote,
and adjudicating it again gives the same results to the letter.
"""

from __future__ import annotations

import json

from gm.engine.position import Dislodged, Position, Unit
from gm.store.codec import state_from_json, state_to_json
from gm.store.database import Store
from gm.store.game_rows import PhaseRow

_PIECE = "phase_id, seq, power, kind, location, strength, name, tag"


def _piece(phase_id: int, seq: int, unit: Unit) -> tuple:
    return (phase_id, seq, unit.power, unit.kind, unit.location, unit.strength, unit.name,
            unit.tag)


def _unit(row: dict) -> Unit:
    return Unit(row["power"], row["kind"], row["location"], row["strength"], row["name"],
                row.get("tag"))


def save_position(store: Store, phase_id: int, position: Position) -> None:
    """Write `position` as the start of phase `phase_id`, replacing what was there. (Plain
    SQL: a new game writes nothing else, and loading sqlite-utils would cost `gm new` a
    third of its run.)"""
    for table in ("pieces", "dislodged_pieces", "centres"):
        store.execute(f"DELETE FROM {table} WHERE phase_id = ?", [phase_id])
    store.conn.executemany(f"INSERT INTO pieces ({_PIECE}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           [_piece(phase_id, i, u) for i, u in enumerate(position.units)])
    store.conn.executemany(
        f"INSERT INTO dislodged_pieces ({_PIECE}, attacker_from) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(*_piece(phase_id, i, d.unit), ",".join(d.attackers_from) or None)
         for i, d in enumerate(position.dislodged)])
    store.conn.executemany("INSERT INTO centres (phase_id, province, owner) VALUES (?, ?, ?)",
                           [(phase_id, c, p) for c, p in sorted(position.owners.items())])
    store.execute("UPDATE phases SET standoffs = ?, variant_state = ? WHERE id = ?",
                  [json.dumps(sorted(position.standoffs)), state_to_json(position.state),
                   phase_id])


def _dislodged(unit, attacker_from: str | None) -> Dislodged:
    """A merge's several origins are stored in one column, `etr,rom`."""
    first, *more = (attacker_from or "").split(",")
    return Dislodged(unit, first or None, tuple(more))


def load_position(store: Store, phase: PhaseRow) -> Position:
    row = next(store.query("SELECT standoffs, variant_state FROM phases WHERE id = ?",
                           [phase.id]))
    units = [_unit(r) for r in store.query(
        "SELECT * FROM pieces WHERE phase_id = ? ORDER BY seq", [phase.id])]
    dislodged = [_dislodged(_unit(r), r["attacker_from"]) for r in store.query(
        "SELECT * FROM dislodged_pieces WHERE phase_id = ? ORDER BY seq", [phase.id])]
    owners = {r["province"]: r["owner"] for r in store.query(
        "SELECT province, owner FROM centres WHERE phase_id = ? ORDER BY province", [phase.id])}
    return Position(phase=phase.phase, units=units, owners=owners, dislodged=dislodged,
                    standoffs=frozenset(json.loads(row["standoffs"])),
                    state=state_from_json(row["variant_state"]))
