"""Where a game stands: its phase, which powers have ordered, and what still lacks an order.

In a movement phase a unit lacks an order until its power has one in force for it; in a retreat
phase, each dislodged unit; in an adjustment phase a power lacks orders until it has ordered as
many builds (or waives) or removals as it is due, counting only those the engine will carry
out (a trial adjudication on a copy of the board, `gm.game.verdicts`): a void build is none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.game.games import open_game
from gm.game.stored_orders import orders_in_force
from gm.notation import stacks_shown
from gm.orders.attribution import ordering_side, provinces_ordered
from gm.orders.ignored import EMAIL_HEADER, HEADING
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.order_rows import OrderRow, orders_of_phase
from gm.store.position_rows import load_position
from gm.store.result_rows import adjudication_from


@dataclass(slots=True)
class PowerProgress:
    """One power's line of `gm status`: its orders in force and what still lacks one."""

    power: str
    orders: int  # orders in force
    # units without an order, a multiple as it is written: `A Par`, `2A/G Spa`
    missing: list[str] = field(default_factory=list)
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
    """Where a game stands in its open phase, power by power (`gm status`)."""

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
        ordered = provinces_ordered(((row.power or "", order) for row, order in entered),
                                    phase.kind, rules)
        counts: dict[str, int] = {}
        for row, _ in entered:
            counts[row.power or ""] = counts.get(row.power or "", 0) + 1
        powers = []
        due, made = {}, {}
        if phase.kind == "Adjustment":  # the adjustment engine, for this phase only
            from gm.engine.adjustment_phase import adjustments_due

            due = adjustments_due(position, view.map, rules)
            made = _made(position, entered, view.map, rules)
        for power in view.map.powers:
            if phase.kind == "Movement":
                pieces = position.units_of(power)
            elif phase.kind == "Retreat":
                pieces = [d.unit for d in position.dislodged if d.unit.power == power]
            else:
                pieces = []
            entry = PowerProgress(view.map.powers[power].name, counts.get(power, 0))
            given = ordered.get(ordering_side(power, phase.kind, rules), set())
            entry.missing = stacks_shown([u for u in pieces if u.province not in given])
            if power in due:
                entry.note, entry.short = _adjustment_note(due[power], made.get(power, (0, 0)))
            if pieces or entry.orders or entry.note:
                powers.append(entry)
        can_redo = adjudication_from(store, phase.id, "undone") is not None
        names = {p: view.map.powers[p].name for p in view.map.powers}
        not_taken = [NotTaken(names.get(r.power or "", "?"), r.text, r.reason)
                     for r in orders_of_phase(store, phase.id, ("rejected", "ignored"))
                     if not not_listed(r)]
        return GameProgress(view.game.name, view.map.name, phase.label, phase.kind, powers,
                            view.game.result, can_redo, not_taken)


def _made(position, entered, game_map, rules) -> dict[str, tuple[int, int]]:
    """For each power, (the builds, waives and removals the engine will carry out, the
    orders of those kinds it will void), from a trial adjudication of the orders in force:
    a void build is no build made."""
    from gm.engine import results as R
    from gm.game.verdicts import trial_results  # the engine, only for an adjustment phase
    from gm.orders.kinds.build import Build
    from gm.orders.kinds.remove import Remove
    from gm.orders.kinds.waive import Waive

    made_codes = {R.BUILT, R.WAIVED, R.REMOVED}
    orders = [order for _, order in entered]
    made: dict[str, tuple[int, int]] = {}
    for (row, order), found in zip(entered, trial_results(position, orders, game_map, rules),
                                   strict=True):
        if not isinstance(order, (Build, Waive, Remove)):
            continue
        done = sum(1 for r in found if r.succeeded and r.code in made_codes)
        power = row.power or ""
        good, void = made.get(power, (0, 0))
        made[power] = (good + done, void + (done == 0))
    return made



def _adjustment_note(due: float, made: tuple[int, int]) -> tuple[str, bool]:
    """`3 builds due, 2 ordered and 1 void order: missing` (a void order makes nothing), and
    whether the power is short."""
    from gm.engine.adjustment_phase import amount

    need, (have, void) = abs(due), made
    word = "build" if due > 0 else "removal"
    short = have < need
    more = f" and {void} void order{'s' if void > 1 else ''}" if void else ""
    return (f"{amount(need)} {word}{'s' if need > 1 else ''} due, {have} ordered{more}: "
            f"{'missing' if short else 'complete'}", short)


def not_listed(row: OrderRow) -> bool:
    """Headings and email headers say nothing the GM needs to read again."""
    return row.status == "ignored" and row.category in (HEADING, EMAIL_HEADER)
