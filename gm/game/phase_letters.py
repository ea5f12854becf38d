"""The letters entered for the open phase: listed with sender and time, or one withdrawn.

A GM who pasted the wrong letter (or the same one twice) drops it by its number in
`gm letters`: every line it gave is withdrawn (orders, later orders, rejected and ignored
lines, so nothing of it reaches the report), and orders it had replaced from earlier letters
are in force again.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.game.games import open_game
from gm.game.history import discard_redo, require_running
from gm.game.stored_orders import (
    meant_for,
    order_key,
    phase_kind_of,
    target_kind,
    typed_order,
)
from gm.game.workflow_errors import WorkflowError
from gm.store import game_rows as rows
from gm.store import order_rows
from gm.store.database import Store
from gm.store.order_rows import IN_FORCE, SENT_AHEAD

DROPPED = "the GM dropped letter {n}"


@dataclass(frozen=True, slots=True)
class LetterEntry:
    """One letter of the phase as `gm letters` lists it."""

    number: int  # 1, 2, ... in the order entered this phase
    sender: str  # the power(s) it ordered for, or '?'
    entered_at: str  # UTC, as stored
    source: str  # the file it came from, or 'stdin'
    lines: int  # non-blank lines read
    in_force: int  # its orders in force now (this phase or kept for a later one)
    dropped: bool


def list_letters(store: Store, name: str) -> tuple[str, list[LetterEntry]]:
    """The open phase's label and its letters, numbered in the order entered."""
    with store.transaction(write=False):
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        orders = order_rows.orders_of_phase(store, phase.id)
        out = []
        for n, letter in enumerate(order_rows.letters_of_phase(store, phase.id), 1):
            mine = [r for r in orders if r.letter_id == letter["id"]]
            powers = {r.power for r in mine if r.power} | ({letter["power"]} - {None})
            sender = ", ".join(view.map.powers[p].name for p in view.map.powers if p in powers)
            dropped = bool(mine) and all(r.reason == DROPPED.format(n=n) for r in mine)
            out.append(LetterEntry(n, sender or "?", letter["entered_at"],
                                   letter["source"] or "", len(mine),
                                   sum(r.status in (IN_FORCE, SENT_AHEAD) for r in mine),
                                   dropped))
        return phase.label, out


def drop_letter(store: Store, name: str, number: int) -> tuple[int, list[str]]:
    """Withdraw letter `number` of the open phase; returns how many of its lines were
    withdrawn and the earlier orders in force again."""
    with store.transaction():
        view = open_game(store, name)
        require_running(view.game)
        phase = rows.open_phase(store, view.game)
        letters = order_rows.letters_of_phase(store, phase.id)
        if not 1 <= number <= len(letters):
            raise WorkflowError(f"{view.game.name} has {len(letters)} letter(s) for "
                                f"{phase.label}; 'gm letters {view.game.name}' numbers them.")
        letter_id = letters[number - 1]["id"]
        orders = order_rows.orders_of_phase(store, phase.id)
        mine = [r for r in orders if r.letter_id == letter_id and r.status != "withdrawn"]
        if not mine:
            raise WorkflowError(f"letter {number} of {phase.label} gives nothing now (it was "
                                "dropped or replaced already).")
        gone = {order_key(typed_order(r, view.map), r.power, meant_for(r, view.map), phase.kind,
                          view.map) for r in mine if r.status in (IN_FORCE, SENT_AHEAD)}
        for row in mine:
            order_rows.set_order_status(store, row.id, "withdrawn", DROPPED.format(n=number))
        restored = []
        for row in reversed(orders):  # the latest replaced order of each unit comes back
            if row.letter_id == letter_id or row.status != "superseded" or not row.parsed:
                continue
            order = typed_order(row, view.map)
            key = order_key(order, row.power, _kept_for(row, order, view.map), phase.kind,
                            view.map)
            if key not in gone:
                continue
            gone.discard(key)
            later = bool(row.target) if row.target is not None \
                else phase_kind_of(order, view.map) not in (None, phase.kind)
            order_rows.set_order_status(store, row.id, SENT_AHEAD if later else IN_FORCE,
                                        f"in force again: letter {number} was dropped",
                                        category="")  # no longer a repeated line
            restored.append(row.text)
        discard_redo(store, view.game)
        return len(mine), restored


def _kept_for(row, order, game_map) -> str | None:
    """The kind of the later phase a replaced line was kept for: its target, or for a line
    stored before gm kept targets, what its kind says."""
    if row.target is not None:
        return target_kind(row, game_map)
    return phase_kind_of(order, game_map)
