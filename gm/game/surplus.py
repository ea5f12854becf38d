"""Builds and removals beyond what a power is due, said when the letter is read.

Each build or removal is checked on its own by the legality check; how many a power may make
depends on all its orders of the phase, so it is counted here, over the orders in force in
the order the engine takes them (sent ahead first, then as entered), with the same
allowance and the same words as the engine (`gm.orders.kinds.build`, `.remove`).
"""

from __future__ import annotations

import dataclasses

from gm.orders.check import VOID_NOTE
from gm.orders.kinds.build import allowance, builds_used_problem, counts_known
from gm.orders.kinds.remove import removals_made_problem
from gm.orders.types import Build, Remove, Waive
from gm.store.order_rows import NewOrder


def note_surplus(earlier: list[tuple[object, object]], new: list[tuple[NewOrder, object]],
                 position, game_map, rules) -> list[NewOrder]:
    """The letter's rows, each build or removal past the power's count noted void.

    `earlier` are the phase's orders in force before this letter (row, order); `new` the
    letter's rows with their typed orders."""
    if position.phase.kind != "Adjustment" or not counts_known(rules):
        return [row for row, _ in new]
    made: dict[tuple[str, str], int] = {}
    out = []
    for i, (row, order) in enumerate([*earlier, *new]):
        mine = i >= len(earlier)
        if (mine and row.status != "accepted") or VOID_NOTE.format("") in (row.reason or "") \
                or not isinstance(order, (Build, Waive, Remove)) or \
                (isinstance(order, Build) and rules.draws_extra_build(order, position,
                                                                       game_map)):
            if mine:
                out.append(row)
            continue
        power = row.power or ""
        left = allowance(power, position, game_map, rules)[0]
        what = "remove" if isinstance(order, Remove) else "build"
        count = made.get((power, what), 0)
        problem = removals_made_problem(left, count) if what == "remove" and left < 0 \
            else builds_used_problem(left, count) if what == "build" and left > 0 else None
        if problem is None:
            made[(power, what)] = count + 1
        elif mine:
            note = VOID_NOTE.format(problem.message)
            row = dataclasses.replace(row, reason=f"{row.reason}; {note}" if row.reason
                                      else note)
        if mine:
            out.append(row)
    return out
