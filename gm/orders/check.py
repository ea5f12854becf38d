"""Intake's side of the legality check: an order as read, checked against the map and, when
the GM has one, the board, before it is stored.

The check itself is `gm.orders.legality.check`, the one the engine uses too. Here its verdict
becomes what the GM sees: a problem that means the order cannot be placed (no unit there,
another power's unit, the wrong kind, a province the unit cannot reach) is an `OrderError`
pointing at the place in the text; a problem the position causes (a retreat to an occupied
province, a build on a site not owned) keeps the order, with a note saying how the engine
will treat it; a warning (a loan that would leave the lender short when it takes effect)
keeps the order with a note saying what may still stop it.
"""

from __future__ import annotations

from gm.maps.gamemap import GameMap
from gm.orders import legality
from gm.orders.errors import OrderError
from gm.orders.kinds.order_kind import WARNING, Order

VOID_NOTE = "void when adjudicated: {}"
WARNING_NOTE = "warning: {}"


def checked_order(order: Order, game_map: GameMap, board=None, phase_kind: str | None = None,
                  text: str = "", spots: dict[str, int] | None = None, rules=None
                  ) -> tuple[Order, str | None]:
    """The order (power and a leader's place filled from the board) and a note when the
    engine will void it; or an `OrderError` when it cannot be placed. `text` is the order as
    written and `spots` where its unit and destination are in it (from `read_order`), so the
    error can point at the place. `rules` (a `RuleSet`) lets the map's rules object too."""
    verdict = legality.check(order, board, game_map, phase_kind, rules)
    problem = verdict.problem
    if problem is None:
        return verdict.order, None
    if problem.kind == WARNING:  # the order stands; the player should know this of it
        return verdict.order, WARNING_NOTE.format(problem.message)
    if problem.refused:
        column = (spots or {}).get(problem.focus) if text else None
        raise OrderError(text or str(order), problem.message, column, problem.hint,
                         kind=problem.kind)
    return verdict.order, VOID_NOTE.format(problem.message)


def check_order(order: Order, game_map: GameMap, board=None, phase_kind: str | None = None,
                text: str = "", spots: dict[str, int] | None = None, rules=None) -> Order:
    """`checked_order` without the note: the order, or an `OrderError`."""
    return checked_order(order, game_map, board, phase_kind, text, spots, rules)[0]
