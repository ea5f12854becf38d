"""An adjustment phase's orders as the engine will take them, said when the letter is read.

Each build, removal or waive is checked on its own by the legality check, but whether it is
carried out depends on all the power's orders of the phase: how many builds or removals it
has, and what its rules' own orders free or award first (a garrison disbanded in Winter, a
Holy Place destroyed, a loan that takes effect now). So the letter's orders are adjudicated
with the orders in force before them, in the order the engine takes them (sent ahead first,
then as entered), on a copy of the board (`gm.game.verdicts`), and each line the engine
would void, wholly or in part, carries the engine's words; a line the engine carries out
carries no void note.
"""

from __future__ import annotations

import dataclasses

from gm.game.stored_orders import meant_for, order_key, phase_kind_of
from gm.game.verdicts import OK, PART_NOTE, PART_VOID, trial_verdicts
from gm.orders.check import VOID_NOTE, WARNING_NOTE, checked_order
from gm.orders.errors import OrderError
from gm.orders.letters import earlier_order_note
from gm.store.order_rows import SENT_AHEAD, NewOrder


def note_surplus(earlier: list[tuple[object, object]], new: list[tuple[NewOrder, object]],
                 position, game_map, rules) -> list[NewOrder]:
    """The letter's rows, each accepted order of an adjustment phase noted as the engine
    will take it. `earlier` are the phase's orders in force before this letter (row,
    order); `new` the letter's rows with their typed orders."""
    if position.phase.kind != "Adjustment":
        return [row for row, _ in new]
    mine = [i for i, (row, order) in enumerate(new)
            if row.status == "accepted" and order is not None]
    # an order entered in the phase itself takes precedence over one sent ahead for the same
    # unit or site (`orders_in_force`): once this letter is stored, that one is not in force
    entered = {order_key(new[i][1], new[i][0].power, None, "Adjustment", game_map)
               for i in mine}
    earlier = [(row, order) for row, order in earlier if row.status != SENT_AHEAD
               or order_key(order, row.power, meant := meant_for(row, game_map)
                            or phase_kind_of(order, game_map), meant, game_map) not in entered]
    orders = [order for _, order in earlier] + [new[i][1] for i in mine]
    verdicts = trial_verdicts(position, orders, game_map, rules)[len(earlier):]
    out = [row for row, _ in new]
    for i, verdict in zip(mine, verdicts, strict=True):
        row, order = new[i]
        out[i] = with_verdict(row, verdict, _legality_note(order, position, game_map, rules))
    return out


def _legality_note(order, position, game_map, rules) -> str:
    """The void note the legality check gave the order when the letter was read, as its
    row's reason carries it (the same check, the same words)."""
    try:
        return checked_order(order, game_map, position, "Adjustment", rules=rules)[1] or ""
    except OrderError:
        return ""


def with_verdict(row, verdict, noted: str = "") -> NewOrder:
    """The row with its void note as the engine's verdict says: the engine's words when it
    voids the order (wholly or in part), none when it carries it out. `noted` is the void
    note the legality check gave the row, replaced, as is a note of this module's (always
    the last); other notes stay."""
    notes = row.reason or ""
    if noted and noted in notes:
        notes = "; ".join(n for n in notes.replace(noted, "").split("; ") if n)
    last = max(notes.rfind(form.format("")) for form in (VOID_NOTE, PART_NOTE))
    if last == 0 or (last > 0 and notes[last - 2:last] == "; "):
        notes = notes[:max(last - 2, 0)]
    if verdict.kind != OK:
        form = PART_NOTE if verdict.kind == PART_VOID else VOID_NOTE
        notes = "; ".join(n for n in (notes, form.format(verdict.reason)) if n)
    return dataclasses.replace(row, reason=notes)


_NOTES = (VOID_NOTE.format(""), PART_NOTE.format(""), WARNING_NOTE.format(""))


def with_note(row, note: str):
    """The row with `note` (a void note or a warning, or '' for none) in place of the void
    note or warning it carries, wherever that stands among its notes; other notes stay."""
    reason = row.reason or ""
    if note and note in reason:
        return row
    for start in _NOTES:
        at = reason.find(start)
        if at >= 0:
            end = earlier_order_note(reason, at)  # intake's note on an earlier order
            head, tail = reason[:at].removesuffix("; "), reason[end:] if end >= 0 else ""
            reason = f"{head}{tail}" if head else tail.removeprefix("; ")
    reason = "; ".join(n for n in (reason, note) if n)
    return dataclasses.replace(row, reason=reason)
