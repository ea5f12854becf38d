"""What the engine will make of each order in force, said before the phase is adjudicated.

In a movement or retreat phase the one legality check (`gm.orders.legality`) says of each
order alone what the engine will do with it. In an adjustment phase that is not enough: how
many builds a power has, whether a waive or a removal is owed, and what a rule's own orders
free or award first (a garrison disbanded, a Holy Place destroyed, Delphi's units, a loan
that takes effect now) depend on all the power's orders of the phase. So intake, the
confirmation and `gm status` ask the engine itself: the phase is adjudicated on a copy of its
position with the orders in force, nothing is stored, and each order gets the results the
engine gave it. What the player is told is then what the adjudication will do.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gm.engine.position import Position
from gm.maps.gamemap import GameMap
from gm.notation import mix_counts
from gm.orders.check import VOID_NOTE
from gm.orders.letter_lines import REPEATED as REPEATED_LINE
from gm.orders.letters import earlier_order_note
from gm.rules import RuleSet

if TYPE_CHECKING:  # the engine's results are loaded with the engine, for a trial
    from gm.engine.results import OrderResult

OK, VOID, PART_VOID = "ok", "void", "void in part"
# what became of a line that is no order to adjudicate now
LATER, REJECTED, REPLACED, REPEATED, UNREAD = "later", "rejected", "replaced", "repeated", \
    "not read"
_NOT_NOW = {"later": LATER, "rejected": REJECTED, "superseded": REPLACED, "withdrawn": REPLACED}
PART_NOTE = "void in part when adjudicated: {}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the engine does with one order: `ok` (carried out, or left to the board),
    `void`, or `void in part` (a build of two pieces of which one is void), and why."""

    kind: str
    reason: str = ""


def results_by_order(orders: list, results: list[OrderResult]) -> list[list[OrderResult]]:
    """Each order's results: the engine's results for the order itself, and for the orders
    the rules made of it (the power filled in for one player's letter; `Build 2A Spa` as
    two single builds), found by kind and province when the object is no longer the one
    given. A result for no order given (a unit left without orders) belongs to none."""
    out: list[list[OrderResult]] = [[] for _ in orders]
    index = {id(order): i for i, order in enumerate(orders)}
    for result in results:
        order = result.order
        if order is None:
            continue
        i = index.get(id(order))
        if i is None:
            i = _made_from(order, orders, out)
        if i is not None:
            out[i].append(result)
    return out


def _made_from(order, orders: list, found: list[list]) -> int | None:
    """The order given that a rule turned into `order`: one for the same province (and
    power, when one is), an equal one first (but for the power the engine filled in: an
    order of one player's letter for the Minor's piece), then one of the same kind whose pieces include
    the part's kind (a part of `Build 2A Spa`), then any (a part of a split is a move or a
    hold); among several, the one with the fewest results yet (two equal lines each get
    theirs)."""
    same = [i for i, given in enumerate(orders)
            if getattr(given, "location", None) is not None
            and getattr(given, "province", None) == getattr(order, "province", "")]
    if not same:
        return None

    def fit(i: int) -> tuple:
        given = orders[i]
        kinds = mix_counts(given.unit_kind) or {given.unit_kind: 1}
        same = type(given) is type(order) and replace(given, power=order.power) == order
        return (not same, type(given) is not type(order), given.power != order.power,
                order.unit_kind not in kinds, len(found[i]), i)

    return min(same, key=fit)


def not_now_verdict(status: str, category: str = "") -> str:
    """The verdict on a line that is no order to adjudicate now, by its stored status: kept
    for later, rejected, replaced (by a different order, or withdrawn), repeated (a later
    line gives the same order: category `REPEATED`), or not read."""
    if status == "superseded" and category == REPEATED_LINE:
        return REPEATED
    return _NOT_NOW.get(status, UNREAD)


def noted_verdict(status: str, reason: str, category: str = "") -> Verdict:
    """A line's verdict as its notes tell it (the echo's, a confirmation's): an accepted
    order with "void when adjudicated: why" is void, with "void in part ..." void in part,
    else ok; a line that is no order now by its status (`not_now_verdict`)."""
    if status != "accepted":
        return Verdict(not_now_verdict(status, category), reason or "")
    for form, kind in ((PART_NOTE, PART_VOID), (VOID_NOTE, VOID)):
        start = form.format("")
        if start in (reason or ""):
            why = reason[reason.index(start) + len(start):]
            end = earlier_order_note(why)  # intake's note on an earlier order may follow
            return Verdict(kind, why[:end] if end >= 0 else why)
    return Verdict(OK)


def verdict_of(results: list[OrderResult]) -> Verdict:
    """The class of an order's results: void when every one is void, void in part when some
    are, else ok (carried out, or failed on the board: bounced, cut, dislodged, blocked by
    another power's orders)."""
    from gm.engine import results as R  # loaded already by the engine that gave the results

    voids = [r for r in results if r.code == R.VOID and not r.succeeded]
    if not voids:
        return Verdict(OK)
    return Verdict(VOID if len(voids) == len(results) else PART_VOID, voids[0].detail)


def trial_results(position: Position, orders: list, game_map: GameMap,
                  rules: RuleSet | None = None) -> list[list[OrderResult]]:
    """The engine's results for each of `orders` (the orders in force, in the order the
    engine takes them), adjudicated on a copy of `position`; nothing is kept."""
    # the engine's phases are loaded for a trial only: a letter of moves needs none of them
    from gm.engine.season import Season

    rules = rules or RuleSet.for_map(game_map)
    outcome = Season(game_map, rules).adjudicate(position.copy(), list(orders))
    return results_by_order(list(orders), outcome.results)


def trial_verdicts(position: Position, orders: list, game_map: GameMap,
                   rules: RuleSet | None = None) -> list[Verdict]:
    """The engine's verdict on each of `orders` (`trial_results`)."""
    return [verdict_of(found) for found in trial_results(position, orders, game_map, rules)]
