"""Adjustments: count each power's centres against its units; build, remove or waive.

Builds go on owned, vacant home centres (and any build site the variant allows); surplus build
and removal orders are ignored in the order given. A power that orders too few removals loses
the units farthest from its owned centres — counting steps through any province, land or sea;
fleets before armies at equal distance; then by province name (docs/design.md, 'Civil disorder').
"""

from __future__ import annotations

import math
from collections import deque

from gm.engine import results as R
from gm.engine.position import Position, Unit
from gm.engine.results import OrderResult, PhaseOutcome
from gm.maps.gamemap import GameMap, coast_of
from gm.orders.types import Build, Order, Remove, Waive
from gm.rules import RuleSet


def adjustments_due(position: Position, game_map: GameMap,
                    rules: RuleSet | None = None) -> dict[str, int]:
    """Builds (positive) or removals (negative) each power has this adjustment phase.

    Centres and upkeep may come in halves (towns, garrisons): a power builds one unit per
    whole centre it has spare, and removes until its units are supplied.
    """
    rules = rules or RuleSet.for_map(game_map)
    due = {}
    for power in game_map.powers:
        spare = rules.supply(power, position, game_map) - sum(
            rules.upkeep(u) for u in position.units if u.power == power)
        change = math.floor(spare) if spare >= 0 else -math.ceil(-spare)
        if change:
            due[power] = change
    return due


def _distances(position: Position, power: str, game_map: GameMap) -> dict[str, int]:
    """Steps from each province to the nearest centre the power owns, unit kind ignored."""
    start = [c for c, owner in position.owners.items() if owner == power]
    dist = {c: 0 for c in start}
    queue = deque(start)
    while queue:
        here = queue.popleft()
        for nxt in game_map.neighbours(here):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def civil_disorder_removals(position: Position, power: str, count: int,
                            game_map: GameMap, exclude: set[int]) -> list[int]:
    dist = _distances(position, power, game_map)
    far = 10**6
    candidates = [i for i, u in enumerate(position.units) if u.power == power and i not in exclude]
    candidates.sort(key=lambda i: (
        -dist.get(position.units[i].province, far),
        0 if position.units[i].kind == "F" else 1,
        game_map.provinces[position.units[i].province].name.lower(),
    ))
    return candidates[:count]


def adjudicate_adjustments(position: Position, orders: list[Order], game_map: GameMap,
                           rules: RuleSet | None = None) -> PhaseOutcome:
    rules = rules or RuleSet.for_map(game_map)
    due = adjustments_due(position, game_map, rules)
    results: list[OrderResult] = []
    built: dict[str, int] = {}
    removed: dict[str, set[int]] = {}
    new_units: list[Unit] = []
    used_sites: set[str] = set()

    def void(order: Order, why: str) -> None:
        results.append(OrderResult(order.power or "", order, None, False, R.VOID, why))

    for order in orders:
        power = order.power or ""
        left = due.get(power, 0)
        if isinstance(order, (Build, Waive)):
            if left <= 0:
                void(order, f"{_name(game_map, power)} has no builds"
                     if left == 0 else f"{_name(game_map, power)} must remove units, not build")
                continue
            if built.get(power, 0) >= left:
                void(order, f"all {left} build(s) are already used")
                continue
            if isinstance(order, Waive):
                built[power] = built.get(power, 0) + 1
                results.append(OrderResult(power, order, None, True, R.WAIVED))
                continue
            problem = _build_problem(order, position, game_map, rules, used_sites) \
                or rules.build_problem(order, position, game_map)
            if problem:
                void(order, problem)
                continue
            kind = order.unit_kind or "A"
            unit = Unit(power, kind, order.location if kind == "F" else order.province)
            used_sites.add(order.province)
            new_units.append(unit)
            built[power] = built.get(power, 0) + 1
            results.append(OrderResult(power, order, unit, True, R.BUILT))
        elif isinstance(order, Remove):
            if left >= 0:
                void(order, f"{_name(game_map, power)} has no removals")
                continue
            done = removed.setdefault(power, set())
            if len(done) >= -left:
                void(order, f"all {-left} removal(s) are already made")
                continue
            idx = next((i for i, u in enumerate(position.units)
                        if u.province == order.province and u.power == power
                        and i not in done), -1)
            if idx < 0:
                void(order, f"no {_name(game_map, power)} unit in {order.province} to remove")
                continue
            done.add(idx)
            results.append(OrderResult(power, order, position.units[idx], True, R.REMOVED))
        else:
            void(order, f"{type(order).__name__.lower()} orders are not allowed in an "
                        "adjustment phase")
    for power, left in due.items():
        if left < 0:
            done = removed.setdefault(power, set())
            missing = -left - len(done)
            if missing > 0:
                for idx in civil_disorder_removals(position, power, missing, game_map, done):
                    done.add(idx)
                    results.append(OrderResult(power, None, position.units[idx], True, R.REMOVED,
                                               "civil disorder: too few removals ordered"))
        elif left > built.get(power, 0):
            results.append(OrderResult(power, None, None, True, R.WAIVED,
                                       f"{left - built.get(power, 0)} build(s) not used"))
    gone = set().union(*removed.values()) if removed else set()
    after = position.copy()
    after.units = [u for i, u in enumerate(position.units) if i not in gone] + new_units
    events = rules.after_adjustments(after, game_map)
    return PhaseOutcome(after, results, events)


def _name(game_map: GameMap, power: str) -> str:
    return game_map.powers[power].name if power in game_map.powers else power or "this power"


def _build_problem(order: Build, position: Position, game_map: GameMap, rules: RuleSet,
                   used_sites: set[str]) -> str | None:
    prov = order.province
    province = game_map.provinces.get(prov)
    if province is None:
        return f"unknown province {prov!r}"
    power = order.power or ""
    if prov in used_sites:
        return f"a unit is already being built in {province.name}"
    if any(u.province == prov for u in position.units):
        return f"{province.name} is occupied"
    if prov not in rules.build_sites(power, position, game_map):
        if prov in game_map.powers[power].home:
            return f"{province.name} is not owned by {_name(game_map, power)}"
        return f"{province.name} is not a home centre of {_name(game_map, power)}"
    kind = order.unit_kind or "A"
    if kind == "F":
        if province.kind != "coast":
            return f"a fleet cannot be built in {province.name}, which is inland"
        if province.coasts and coast_of(order.location) not in province.coasts:
            return f"say which coast of {province.name} to build the fleet on"
    elif kind == "A" and province.kind not in ("land", "coast"):
        return f"an army cannot be built in {province.name}"
    elif kind not in ("A", "F"):
        return f"{kind} units cannot be built here"
    return None
