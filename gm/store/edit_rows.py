"""GM corrections to a phase's position, each kept with the GM's reason.

`command` is the correction as the GM would type it after `gm edit GAME` (`add France A Par`),
so that an archive can carry it and a replay can make it again; `description` is the sentence
the report prints. The position before the first correction of a phase is the one the last
adjudication produced: reports and archives show that one, and the corrections after it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from gm.engine.position import Dislodged, Position
from gm.notation import unit_record
from gm.store.codec import parse_unit_text, state_from_json, state_to_json
from gm.store.database import Store
from gm.store.game_rows import PhaseRow, now
from gm.store.position_rows import load_position


@dataclass(frozen=True, slots=True)
class EditRow:
    """A GM's edit as stored, with the letters in force before it (for undo)."""

    action: str
    command: str
    description: str
    reason: str
    # how many of the phase's letters were entered before it (None: stored before gm kept it);
    # intake reads a letter against the board as it stands, so an archive keeps the order
    letters_before: int | None = None


def _snapshot(position: Position) -> str:
    return json.dumps({
        "units": [[u.power, unit_record(u)] for u in position.units],
        "dislodged": [[d.unit.power, unit_record(d.unit), d.attacker_from]
                      for d in position.dislodged],
        "owners": position.owners,
        "standoffs": sorted(position.standoffs),
        "state": json.loads(state_to_json(position.state)),
    }, sort_keys=True)


def _restore(text: str, phase: PhaseRow) -> Position:
    data = json.loads(text)
    return Position(
        phase=phase.phase,
        units=[parse_unit_text(u, p) for p, u in data["units"]],
        owners=dict(data["owners"]),
        dislodged=[Dislodged(parse_unit_text(u, p), src) for p, u, src in data["dislodged"]],
        standoffs=frozenset(data["standoffs"]),
        state=state_from_json(json.dumps(data["state"])))


def add_edit(store: Store, phase_id: int, edit: EditRow, before: Position) -> None:
    store.db["edits"].insert({"phase_id": phase_id, "action": edit.action,
                              "command": edit.command, "description": edit.description,
                              "reason": edit.reason, "position_before": _snapshot(before),
                              "made_at": now(), "letters_before": store.execute(
                                  "SELECT count(*) FROM letters WHERE phase_id = ?",
                                  [phase_id]).fetchone()[0]})


def edits_of_phase(store: Store, phase_id: int) -> list[EditRow]:
    return [EditRow(r["action"], r["command"], r["description"], r["reason"],
                    r["letters_before"])
            for r in store.query("SELECT * FROM edits WHERE phase_id = ? ORDER BY id",
                                    [phase_id])]


def position_before_edits(store: Store, phase: PhaseRow) -> Position:
    """The phase's starting position as the adjudication (or the game's start) made it."""
    first = list(store.query(
        "SELECT position_before FROM edits WHERE phase_id = ? ORDER BY id LIMIT 1",
        [phase.id]))
    if first:
        return _restore(first[0]["position_before"], phase)
    return load_position(store, phase)
