"""A retreat phase: each dislodged piece retreats to a free neighbour or disbands.

Closed to a retreat: occupied provinces, the province the dislodging attack came from (unless it
came by convoy), and provinces left empty by a standoff. Two retreats to one province both fail.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Position
from gm.engine.results import OrderResult, PhaseOutcome
from gm.maps.gamemap import GameMap, province_of
from gm.orders import legality
from gm.orders.kinds.retreat import first_open
from gm.orders.legality import retreat_options
from gm.orders.phases import RETREAT, phase_problem, refusal
from gm.orders.types import Disband, Move, Order, Retreat
from gm.rules import RuleSet

__all__ = ["adjudicate_retreats", "retreat_options"]


def adjudicate_retreats(position: Position, orders: list[Order], game_map: GameMap,
                        rules: RuleSet | None = None) -> PhaseOutcome:
    results: list[OrderResult] = []
    chosen: dict[int, tuple[Order, str | None, str | None]] = {}  # idx -> order, dest, problem
    pieces = [d.unit for d in position.dislodged]
    for order in orders:
        idx, missing = legality.find_order_unit(order, pieces, game_map, dislodged=True)
        if missing is not None:
            results.append(OrderResult(order.power or "", order, None, False, R.VOID,
                                       missing.message))
            continue
        d = position.dislodged[idx]
        if idx in chosen:
            old = chosen[idx][0]
            results.append(OrderResult(d.unit.power, old, d.unit, False, R.REPLACED,
                                       f"replaced by {order}"))
        refused = phase_problem(order, RETREAT, game_map)
        if refused is not None:
            chosen[idx] = (order, None, refused[0])
        elif isinstance(order, Disband):
            chosen[idx] = (order, None, None)
        elif isinstance(order, (Retreat, Move)):  # 'A Bur - Par' in a retreat phase retreats
            dest, problem = first_open(d, order, position, game_map)
            chosen[idx] = (order, dest, problem.message if problem else None)
        else:
            chosen[idx] = (order, None, refusal(order, RETREAT, game_map))
    wanted: dict[str, int] = {}
    for _idx, (_order, dest, problem) in chosen.items():
        if dest and not problem:
            wanted[province_of(dest)] = wanted.get(province_of(dest), 0) + 1
    survivors = list(position.units)
    for idx, d in enumerate(position.dislodged):
        unit = d.unit
        if idx not in chosen:
            results.append(OrderResult(unit.power, None, unit, False, R.DISBANDED,
                                       "no retreat ordered"))
            continue
        order, dest, problem = chosen[idx]
        if problem:
            results.append(OrderResult(unit.power, order, unit, False, R.VOID,
                                       f"{problem}; the unit disbands"))
        elif dest is None:
            results.append(OrderResult(unit.power, order, unit, True, R.DISBANDED))
        elif wanted[province_of(dest)] > 1:
            results.append(OrderResult(unit.power, order, unit, False, R.BOUNCED,
                                       f"another unit retreated to {province_of(dest)} too; "
                                       "both disband"))
        else:
            survivors.append(unit.moved_to(dest))
            results.append(OrderResult(unit.power, order, unit, True, R.RETREATED))
    after = position.copy()
    after.units = survivors
    after.dislodged = []
    after.standoffs = frozenset()
    return PhaseOutcome(after, results)
