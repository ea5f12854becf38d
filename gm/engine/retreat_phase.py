"""A retreat phase: each dislodged piece retreats to a free neighbour or disbands.

Closed to a retreat: occupied provinces, the province the dislodging attack came from (unless it
came by convoy), and provinces left empty by a standoff. Two retreats to one province both fail,
unless they are of one side and the rules let the pieces stack (`may_stack(..., "retreat")`):
then they form a stack. A retreat may join its own side's pieces on the same condition.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Position
from gm.engine.results import OrderResult, PhaseOutcome
from gm.maps.gamemap import GameMap, province_of
from gm.orders import legality
from gm.orders.kind_registry import kind_of
from gm.orders.kinds.order_kind import Order
from gm.orders.legality import retreat_options
from gm.orders.phases import RETREAT, fitted, phase_problem, refusal
from gm.rules import RuleSet

__all__ = ["adjudicate_retreats", "retreat_options"]


def adjudicate_retreats(position: Position, orders: list[Order], game_map: GameMap,
                        rules: RuleSet | None = None) -> PhaseOutcome:
    results: list[OrderResult] = []
    chosen: dict[int, tuple[Order, str | None, str | None]] = {}  # idx -> order, dest, problem
    pieces = [d.unit for d in position.dislodged]
    for order in orders:
        idx, missing = legality.find_order_unit(order, pieces, game_map, dislodged=True,
                                                rules=rules)
        if missing is not None:
            results.append(OrderResult(order.power or "", order, None, False, R.VOID,
                                       missing.message))
            continue
        # a dislodged stack retreats as one: the order commands all its side's pieces there
        # that are not leaders, and must count them (`legality.commanded_pieces`)
        group, misfit = legality.commanded_pieces(order, idx, pieces, game_map, rules)
        for i in group:
            d = position.dislodged[i]
            if i in chosen:
                old = chosen[i][0]
                results.append(OrderResult(d.unit.power, old, d.unit, False, R.REPLACED,
                                           f"replaced by {order}"))
            chosen[i] = _choice(order, d, misfit, position, game_map, rules)
    wanted: dict[str, list[int]] = {}
    for idx, (_order, dest, problem) in chosen.items():
        if dest and not problem:
            wanted.setdefault(province_of(dest), []).append(idx)
    together = _stacks_allowed(wanted, position, game_map, rules)
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
        elif len(wanted[province_of(dest)]) > 1 and province_of(dest) not in together:
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


def _choice(order: Order, d, misfit, position: Position, game_map: GameMap,
            rules: RuleSet | None) -> tuple[Order, str | None, str | None]:
    """What one dislodged piece does with its order: (the order, where it goes, the problem),
    as the order's kind says (`OrderKind.in_retreat`; 'A Bur - Par' there is a retreat)."""
    if misfit is not None:
        return order, None, misfit.message
    refused = phase_problem(order, RETREAT, game_map)
    if refused is not None:
        return order, None, refused[0]
    kind = kind_of(fitted(order, RETREAT))
    if kind is None or kind.in_retreat is None:
        return order, None, refusal(order, RETREAT, game_map)
    dest, problem = kind.in_retreat(order, d, position, game_map, rules)
    return order, dest, problem.message if problem else None


def _stacks_allowed(wanted: dict[str, list[int]], position: Position, game_map: GameMap,
                    rules: RuleSet | None) -> set[str]:
    """The provinces where several retreats arrive and may stay together: one side, and
    `may_stack(..., "retreat")` allows them with the pieces already there."""
    if rules is None or not rules.answers("may_stack"):
        return set()
    out = set()
    for province, idxs in wanted.items():
        if len(idxs) < 2:
            continue
        pieces = [position.dislodged[i].unit for i in idxs]
        pieces += [u for u in position.units if u.province == province]
        if len({rules.side(u.power) for u in pieces}) == 1 and \
                rules.may_stack(pieces, "retreat", position, game_map) is None:
            out.add(province)
    return out
