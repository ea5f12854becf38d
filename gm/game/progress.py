"""Where a game stands: its phase, which powers have ordered, and what still lacks an order.

In a movement phase a unit lacks an order until its power has one in force for it; in a retreat
phase, each dislodged unit; in an adjustment phase a power lacks orders until it has ordered as
many builds (or waives) or removals as it is due.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.engine.adjustment_phase import adjustments_due, amount
from gm.game.games import open_game
from gm.game.stored_orders import orders_in_force
from gm.notation import place
from gm.orders.attribution import ordering_side
from gm.orders.ignored import EMAIL_HEADER, HEADING
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.order_rows import OrderRow, orders_of_phase
from gm.store.position_rows import load_position
from gm.store.result_rows import adjudication_from


@dataclass(slots=True)
class PowerProgress:
    power: str
    orders: int  # orders in force
    missing: list[str] = field(default_factory=list)  # units without an order: `A Par`
    note: str = ""  # adjustment phases: `2 builds due, 1 ordered`
    short: bool = False  # adjustment phases: fewer builds or removals ordered than are due


@dataclass(frozen=True, slots=True)
class NotTaken:
    """A line of a letter that is no order in force: rejected, or not an order at all."""

    power: str
    text: str
    reason: str


@dataclass(slots=True)
class GameProgress:
    game: str
    variant: str
    phase: str
    kind: str
    powers: list[PowerProgress]
    result: str | None
    can_redo: bool
    # lines of this phase's letters that gm did not take as orders, for the GM's eyes only
    not_taken: list[NotTaken] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(not p.missing and not p.short for p in self.powers)


def progress(store: Store, name: str) -> GameProgress:
    with store.transaction(write=False):
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        position = load_position(store, phase)
        entered = orders_in_force(store, phase.id, view.map)
        rules = RuleSet.for_map(view.map)
        ordered: dict[str | None, set[str]] = {}  # who gave orders there: a player's multiple
        counts: dict[str, int] = {}               # takes the order of either of its powers
        for row, order in entered:
            power = row.power or ""
            counts[power] = counts.get(power, 0) + 1
            location = getattr(order, "location", "") or ""
            ordered.setdefault(ordering_side(power, phase.kind, rules), set()).add(
                location.split("/")[0])
        powers = []
        due = adjustments_due(position, view.map, rules) if phase.kind == "Adjustment" else {}
        for power in view.map.powers:
            if phase.kind == "Movement":
                pieces = position.units_of(power)
            elif phase.kind == "Retreat":
                pieces = [d.unit for d in position.dislodged if d.unit.power == power]
            else:
                pieces = []
            entry = PowerProgress(view.map.powers[power].name, counts.get(power, 0))
            entry.missing = [f"{u.kind} {place(u.location)}" for u in pieces if u.province
                             not in ordered.get(ordering_side(power, phase.kind, rules), set())]
            if power in due:
                need = abs(due[power])
                word = "build" if due[power] > 0 else "removal"
                have = counts.get(power, 0)
                entry.short = have < need
                state = "missing" if entry.short else "complete"
                entry.note = f"{amount(need)} {word}{'s' if need > 1 else ''} due, {have} " \
                             f"ordered: {state}"
            if pieces or entry.orders or entry.note:
                powers.append(entry)
        can_redo = adjudication_from(store, phase.id, "undone") is not None
        names = {p: view.map.powers[p].name for p in view.map.powers}
        not_taken = [NotTaken(names.get(r.power or "", "?"), r.text, r.reason)
                     for r in orders_of_phase(store, phase.id, ("rejected", "ignored"))
                     if not not_listed(r)]
        return GameProgress(view.game.name, view.map.name, phase.label, phase.kind, powers,
                            view.game.result, can_redo, not_taken)


def not_listed(row: OrderRow) -> bool:
    """Headings and email headers say nothing the GM needs to read again."""
    return row.status == "ignored" and row.category in (HEADING, EMAIL_HEADER)
