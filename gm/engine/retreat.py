"""A retreat phase: each dislodged piece retreats to a free neighbour or disbands.

Closed to a retreat: occupied provinces, the province the dislodging attack came from (unless it
came by convoy), and provinces left empty by a standoff. Two retreats to one province both fail.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Dislodged, Position
from gm.engine.results import OrderResult, PhaseOutcome
from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.orders.types import Disband, Move, Order, Retreat, show_location
from gm.orders.variants import phase_refusal
from gm.rules import RuleSet


def retreat_options(d: Dislodged, position: Position, game_map: GameMap) -> list[str]:
    """The locations a dislodged piece may retreat to."""
    unit = d.unit
    occupied = {u.province for u in position.units}
    if unit.kind == "F":
        candidates = sorted(game_map.fleet_adj.get(unit.location, ()))
    elif unit.kind in ("A", "A/F"):
        candidates = sorted(game_map.army_adj.get(unit.province, ()))
    else:
        return []
    return [loc for loc in candidates
            if province_of(loc) not in occupied
            and province_of(loc) not in position.standoffs
            and province_of(loc) != d.attacker_from]


def _find(order: Order, position: Position) -> int:
    for i, d in enumerate(position.dislodged):
        if d.unit.province == order.province and (order.power is None
                                                  or d.unit.power == order.power):
            return i
    return -1


def adjudicate_retreats(position: Position, orders: list[Order], game_map: GameMap,
                        rules: RuleSet | None = None) -> PhaseOutcome:
    results: list[OrderResult] = []
    chosen: dict[int, tuple[Order, str | None, str | None]] = {}  # idx -> order, dest, problem
    for order in orders:
        idx = _find(order, position)
        if idx < 0:
            results.append(OrderResult(order.power or "", order, None, False, R.VOID,
                                       f"no dislodged unit in {show_location(order.province)} to retreat"))
            continue
        d = position.dislodged[idx]
        if idx in chosen:
            old = chosen[idx][0]
            results.append(OrderResult(d.unit.power, old, d.unit, False, R.REPLACED,
                                       f"replaced by {order}"))
        if isinstance(order, Disband):
            chosen[idx] = (order, None, None)
        elif isinstance(order, (Retreat, Move)):  # 'A Bur - Par' in a retreat phase retreats
            if isinstance(order, Move) and order.via_convoy:
                chosen[idx] = (order, None, "a retreat cannot go by convoy")
            else:
                chosen[idx] = (order, *_first_open(d, order, position, game_map))
        else:
            chosen[idx] = (order, None, phase_refusal(order, "Retreat", game_map))
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
                                       f"another unit retreated to {show_location(province_of(dest))} too; "
                                       "both disband"))
        else:
            survivors.append(unit.moved_to(dest))
            results.append(OrderResult(unit.power, order, unit, True, R.RETREATED))
    after = position.copy()
    after.units = survivors
    after.dislodged = []
    after.standoffs = frozenset()
    return PhaseOutcome(after, results)


def _first_open(d: Dislodged, order: Order, position: Position, game_map: GameMap
                ) -> tuple[str | None, str | None]:
    """The first open destination of a retreat (`R Pic or Bel`), or why the first is not."""
    choices = (order.dest, *getattr(order, "alternatives", ()))
    found = [_retreat_dest(d, dest, position, game_map) for dest in choices]
    return next((f for f in found if f[1] is None), found[0])


def _retreat_dest(d: Dislodged, dest: str, position: Position,
                  game_map: GameMap) -> tuple[str | None, str | None]:
    options = retreat_options(d, position, game_map)
    prov = province_of(dest)
    if d.unit.kind == "F":
        if coast_of(dest):
            matches = [o for o in options if o == dest]
        else:
            matches = [o for o in options if province_of(o) == prov]
        if len(matches) > 1:
            return None, f"say which coast of {show_location(prov)} to retreat to"
    else:
        matches = [o for o in options if province_of(o) == prov]
    if not matches:
        why = "it cannot retreat there"
        if prov == d.attacker_from:
            why = "it cannot retreat to the province the attack came from"
        elif prov in position.standoffs:
            why = f"{show_location(prov)} was left empty by a standoff"
        elif any(u.province == prov for u in position.units):
            why = f"{show_location(prov)} is occupied"
        return None, why
    return matches[0], None
