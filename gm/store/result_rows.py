"""Adjudications: which phase was resolved into which, every order's result, and the events.

An adjudication is 'live' while its next phase is part of the game, 'undone' after `gm undo`
(ready for `gm redo`), and 'discarded' once something changed so it can no longer be redone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gm.store.codec import event_from_text, event_to_text
from gm.store.database import Store
from gm.store.game_rows import now

if TYPE_CHECKING:
    from gm.engine.results import Event


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One order's outcome as stored (and as the report reads it)."""

    power: str
    order_text: str | None  # the order as the engine read it; None for a unit left unordered
    unit: str | None  # the unit it concerned, `A par`
    succeeded: bool
    code: str
    detail: str = ""
    dislodged_by: str | None = None
    order_id: int | None = None
    # the result of a part of the order `order_id` (a merge's piece, a split's part): its
    # place among the order's parts (`kind_registry.part_of`); None for the order itself
    part: int | None = None


@dataclass(frozen=True, slots=True)
class AdjudicationRow:
    """An adjudication of a phase as stored."""

    id: int
    phase_id: int
    next_phase_id: int
    status: str
    result: str | None
    adjudicated_at: str


def _adjudication(row: dict) -> AdjudicationRow:
    return AdjudicationRow(**{k: row[k] for k in AdjudicationRow.__slots__})


def add_adjudication(store: Store, phase_id: int, next_phase_id: int,
                     results: list[ResultRow], events: list[Event], result: str | None) -> int:
    table = store.db["adjudications"]
    table.insert({"phase_id": phase_id, "next_phase_id": next_phase_id, "status": "live",
                  "result": result, "adjudicated_at": now()})
    adjudication = table.last_pk
    store.db["results"].insert_all(
        {"adjudication_id": adjudication, "phase_id": phase_id, "seq": i, "power": r.power,
         "order_id": r.order_id, "order_text": r.order_text, "unit": r.unit,
         "succeeded": int(r.succeeded), "code": r.code, "detail": r.detail,
         "dislodged_by": r.dislodged_by, "part": r.part}
        for i, r in enumerate(results))
    store.db["events"].insert_all(
        {"adjudication_id": adjudication, "seq": i, "text": event_to_text(event)}
        for i, event in enumerate(events))
    return adjudication


def adjudication_from(store: Store, phase_id: int, status: str = "live"
                      ) -> AdjudicationRow | None:
    rows = list(store.query(
        "SELECT * FROM adjudications WHERE phase_id = ? AND status = ? ORDER BY id DESC",
        [phase_id, status]))
    return _adjudication(rows[0]) if rows else None


def set_adjudication_status(store: Store, adjudication_id: int, status: str) -> None:
    store.db["adjudications"].update(adjudication_id, {"status": status})


def results_of(store: Store, adjudication_id: int) -> list[ResultRow]:
    return [ResultRow(r["power"], r["order_text"], r["unit"], bool(r["succeeded"]), r["code"],
                      r["detail"], r["dislodged_by"], r["order_id"], r["part"])
            for r in store.query(
                "SELECT * FROM results WHERE adjudication_id = ? ORDER BY seq",
                [adjudication_id])]


def events_of(store: Store, adjudication_id: int) -> list[Event]:
    return [event_from_text(r["text"]) for r in store.query(
        "SELECT text FROM events WHERE adjudication_id = ? ORDER BY seq", [adjudication_id])]
