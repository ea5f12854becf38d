"""Declarations: orders that command no unit (a loan, a leader's placement).

Their kinds say so (`OrderKind.declares`). They are set aside before the orders are matched to units, in every kind of phase, so that
`Loan Par to Ge` never becomes the order of the army in Paris. The rules carry them out
(`declare`) on the position the phase starts from, before its other orders are checked; a
declaration no rule takes is void.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Position
from gm.engine.results import OrderResult
from gm.maps.gamemap import GameMap
from gm.orders.kind_registry import declares
from gm.orders.kinds.order_kind import Order
from gm.orders.variants import rule_reference
from gm.rules import RuleSet


def split_declarations(orders: list[Order]) -> tuple[list[Order], list[Order]]:
    """(the orders for units, the declarations), each in the order given."""
    units, declarations = [], []
    for order in orders:
        (declarations if declares(order) else units).append(order)
    return units, declarations


def declare(declarations: list[Order], position: Position, game_map: GameMap,
            rules: RuleSet) -> list[OrderResult]:
    """Carry out each declaration through the rules, in the order given; may change
    `position`. Returns one result per declaration."""
    results = []
    for order in declarations:
        result = rules.declare(order, position, game_map)
        if result is None:
            result = OrderResult(order.power or "", order, None, False, R.VOID,
                                 _untaken(order, game_map))
        results.append(result)
    return results


def _untaken(order: Order, game_map: GameMap) -> str:
    what = declares(order)
    ref = rule_reference(order, game_map)
    if ref:
        return f"{ref}: no rule in force carries out {what} orders"
    return f"{what} orders are not allowed by the rules of this map"
