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
    letter's rows with their typed orders. A rule that counts builds its own way (Hoplite
    Wars' halves, a Minor's one set-up piece) is asked each build with the builds accepted
    before it, as the engine asks it (`Rule.build_problem`)."""
    if position.phase.kind != "Adjustment":
        return [row for row, _ in new]
    taken = [*earlier, *new]
    objections = _rule_objections(taken, len(earlier), position, game_map, rules)
    counted = counts_known(rules)
    made: dict[tuple[str, str], int] = {}
    out = []
    for i, (row, order) in enumerate(taken):
        mine = i >= len(earlier)
        if i in objections:
            note = VOID_NOTE.format(objections[i])
            out.append(dataclasses.replace(row, reason=f"{row.reason}; {note}" if row.reason
                                           else note))
            continue
        if not counted or (mine and row.status != "accepted") \
                or VOID_NOTE.format("") in (row.reason or "") \
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


def _rule_objections(taken: list[tuple[object, object]], first_new: int, position, game_map,
                     rules) -> dict[int, str]:
    """The letter's builds a rule objects to, given the builds accepted before each (index
    in `taken` -> the rule's words). As in the engine, the rules' own adjustment orders come
    first (a garrison disbanded frees its half build for this phase)."""
    if rules is None or not rules.answers("build_problem"):
        return {}
    live = [(i, row, order) for i, (row, order) in enumerate(taken)
            if order is not None and (i < first_new or row.status == "accepted")
            and VOID_NOTE.format("") not in (row.reason or "")]
    board = position
    if rules.answers("adjustment_orders"):
        board = position.copy()
        rules.adjustment_orders(board, [order for _, _, order in live], game_map)
    accepted: list[Build] = []
    found: dict[int, str] = {}
    for i, _, order in live:
        if not isinstance(order, Build):
            continue
        objection = rules.build_problem(order, board, game_map, tuple(accepted))
        if not objection:
            accepted.append(order)
        elif i >= first_new:
            found[i] = objection
    return found
