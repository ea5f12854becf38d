"""Adjustments: count each power's supply against its units' upkeep; build, remove or waive.

Supply and upkeep come in halves (towns, garrisons), so builds and removals are counted in
upkeep: each build costs the upkeep of the piece it makes, and a power removes pieces until its
upkeep is no more than its supply. Builds go on owned, vacant home centres (and any build site
the variant allows); surplus build and removal orders are ignored in the order given. A rule
may accept orders of its own first (a voluntary disband), on a working copy of the position, so
that what they free pays for builds. A rule may owe a power extra builds that need no spare
centre (loot); the build orders the rule claims draw on those, and only they may make a unit
stronger than one; a waive with no build of the centres left gives one of them up. A unit that needs no centre is never removed to balance the count. A power
that orders too few removals loses the units farthest from its home centres (the 1971 and
1982 rulebooks, DATC v2.4), or from the centres it owns where the map chooses the 2023 reading
(`civil_disorder = "owned"`): an army counts moves through any province, sea included, a fleet
only where fleets sail; fleets before armies at equal distance; then by province name
(docs/design.md, 'Civil disorder').
"""
from __future__ import annotations

from collections import deque

from gm.engine import results as R
from gm.engine.position import Phase, Position, Unit, piece_tag
from gm.engine.results import OrderResult, PhaseOutcome
from gm.maps.gamemap import GameMap
from gm.orders import legality
from gm.orders.kinds.board import power_name
from gm.orders.kinds.build import (
    Build,
    allowance,
    amount,
    builds_used_problem,
    extra_build_problem,
    no_builds_problem,
    plural,
    single_unit_problem,
)
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.remove import (
    Remove,
    no_removals_problem,
    removals_made_problem,
    stack_removal,
    upkeep_problem,
)
from gm.orders.kinds.waive import Waive
from gm.orders.phases import ADJUSTMENT, refusal
from gm.rules import RuleSet


def adjustments_due(position: Position, game_map: GameMap,
                    rules: RuleSet | None = None) -> dict[str, float]:
    """Builds (positive) or removals (negative) each power has this adjustment phase, counted
    in upkeep: a whole number unless pieces or centres come in halves (towns, garrisons).

    A power may build as much as its supply exceeds its units' upkeep, in steps of the
    cheapest piece it may build (so ½ to spare is no build unless a piece costs ½), and
    removes until its upkeep is no more than its supply."""
    rules = rules or RuleSet.for_map(game_map)
    due = {}
    for power, (change, extra) in _allowances(position, game_map, rules).items():
        total = change + extra if change >= 0 else change
        if total or extra:
            due[power] = total
    return due


def adjustment_phase_needed(position: Position, game_map: GameMap,
                            rules: RuleSet | None = None) -> bool:
    """Is this adjustment phase played: a build or removal is due, or a rule plays it anyway
    (`plays_adjustment`: a choice only this phase offers, a change of kind any year)?"""
    rules = rules or RuleSet.for_map(game_map)
    return bool(adjustments_due(position, game_map, rules)) or \
        rules.plays_adjustment(position, game_map)


def _allowances(position: Position, game_map: GameMap, rules: RuleSet
                ) -> dict[str, tuple[float, int]]:
    """For each power: builds (or removals, negative) from its supply, in upkeep, and extra
    builds (`kinds.build.allowance`, which intake asks too).

    Extra builds are owed apart from the centres, so a power may have removals to make and
    an extra build at once; `adjustments_due` then shows the removals."""
    supplies = rules.supply.by_power(position, game_map)  # counted once for every power
    return {power: allowance(power, position, game_map, rules, supplies.get(power, 0.0))
            for power in game_map.powers}


def _disorder_targets(position: Position, power: str, game_map: GameMap) -> list[str]:
    """The provinces distance is measured to: the power's home centres, whoever owns them
    now, or on a map with `civil_disorder = "owned"` every centre it owns."""
    if game_map.civil_disorder == "owned":
        return [c for c, owner in position.owners.items() if owner == power]
    return list(game_map.powers[power].home)


def steps_from(starts: list[str], links) -> dict[str, int]:
    """Moves from each node to the nearest of `starts`, along `links(node)` (symmetric)."""
    dist = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in links(here):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _distances(position: Position, power: str, game_map: GameMap
               ) -> tuple[dict[str, int], dict[str, int]]:
    """(army distances by province, fleet distances by location) to the disorder targets.

    An army may count any province on the way, sea included, as if convoyed; a fleet only
    the places a fleet can move to, so a fleet that cannot sail home is farthest of all."""
    targets = _disorder_targets(position, power, game_map)
    army = steps_from(targets, game_map.neighbours)
    fleet_starts = [loc for c in targets if c in game_map.provinces
                    for loc in game_map.locations(c)]
    fleet = steps_from(fleet_starts, lambda loc: game_map.fleet_adj.get(loc, ()))
    return army, fleet


def civil_disorder_removals(position: Position, power: str, count: int,
                            game_map: GameMap, exclude: set[int],
                            rules: RuleSet | None = None) -> list[int]:
    """The units removed for a power that ordered too few removals. A unit that needs no
    centre (when `rules` say so) is never taken: removing it would not balance the count."""
    army, fleet = _distances(position, power, game_map)
    far = 10**6

    def distance(unit: Unit) -> int:
        if unit.kind == "F":
            return fleet.get(unit.location, far)
        return army.get(unit.province, far)

    candidates = [i for i, u in enumerate(position.units) if u.power == power and i not in exclude
                  and (rules is None or rules.upkeep(u) > 0)]
    candidates.sort(key=lambda i: (
        -distance(position.units[i]),
        _DISORDER_KIND.get(position.units[i].kind, 1),  # in a stack: fleets, armies, garrisons
        game_map.provinces[position.units[i].province].name.lower(),
        position.units[i].tag or "",  # then pieces of one stack by tag
    ))
    return candidates[:count]


def adjudicate_adjustments(position: Position, orders: list[Order], game_map: GameMap,
                           rules: RuleSet | None = None) -> PhaseOutcome:
    rules = rules or RuleSet.for_map(game_map)
    results: list[OrderResult] = []
    events: list[str] = []
    if rules.answers("adjustment_orders"):
        # a rule's own orders come before the count (a change of kind, a voluntary disband),
        # on a copy, so that the upkeep they free pays for builds in this same phase
        position = position.copy()
        orders, results, events = rules.adjustment_orders(position, list(orders), game_map)
    allowances = _allowances(position, game_map, rules)
    due = {power: change for power, (change, _) in allowances.items() if change}
    spent: dict[str, float] = {}  # upkeep of the pieces built, and builds waived
    accepted: list[Build] = []
    extra_built: dict[str, list[Unit]] = {}
    removed: dict[str, set[int]] = {}
    freed: dict[str, float] = {}  # upkeep of the pieces removed
    new_units: list[Unit] = []
    used_sites: set[str] = set()
    stacking = rules.answers("may_stack")
    extra_waived: dict[str, int] = {}  # extra builds given up by a waive

    def owed_extra(power: str) -> int:
        """The extra builds still owed to `power`: neither built nor waived yet."""
        return allowances.get(power, (0, 0))[1] - len(extra_built.get(power, ())) \
            - extra_waived.get(power, 0)

    def void(order: Order, why: str) -> None:
        results.append(OrderResult(order.power or "", order, None, False, R.VOID, why))

    def build(order: Build, unit: Unit) -> None:
        used_sites.add(order.province)
        new_units.append(unit)
        accepted.append(order)
        results.append(OrderResult(unit.power, order, unit, True, R.BUILT))

    for order in orders:
        power = order.power or ""
        left = due.get(power, 0)
        if isinstance(order, Build) and rules.draws_extra_build(order, position, game_map):
            owed = allowances.get(power, (0, 0))[1]
            made = extra_built.setdefault(power, [])
            found = legality.build_problem(order, position, game_map, rules, used_sites,
                                           tuple(accepted), new_units) \
                or extra_build_problem(power, owed, len(made) + extra_waived.get(power, 0),
                                       game_map)
            if found:
                void(order, found.message)
                continue
            unit = _new_unit(order, power, position.phase, {u.tag for u in new_units})
            made.append(unit)
            build(order, unit)
            continue
        if isinstance(order, Waive) and (left <= 0 or spent.get(power, 0.0) >= left) \
                and owed_extra(power) > 0:
            # no build of its centres left: the waive gives up an extra build the rules owe
            # (a Holy Place's award is forfeit, Lord of Hosts 4)
            extra_waived[power] = extra_waived.get(power, 0) + 1
            results.append(OrderResult(power, order, None, True, R.WAIVED))
            continue
        if isinstance(order, (Build, Waive)):
            if left <= 0:
                void(order, no_builds_problem(power, left, game_map).message)
                continue
            used = spent.get(power, 0.0)
            # a rule's objection first: its reason names the rulebook (builds over allowance)
            problem = isinstance(order, Build) and rules.answers("build_problem") and \
                rules.build_problem(order, position, game_map, tuple(accepted))
            if problem:
                void(order, problem)
                continue
            problem = builds_used_problem(left, used)
            if problem:
                void(order, problem.message)
                continue
            if isinstance(order, Waive):
                spent[power] = used + min(1.0, left - used)
                results.append(OrderResult(power, order, None, True, R.WAIVED))
                continue
            # the rule first: its reason names the rulebook (no A/F builds, no double unit)
            found = legality.build_problem(order, position, game_map, rules, used_sites,
                                           tuple(accepted), new_units) \
                or single_unit_problem(order)
            if found:
                void(order, found.message)
                continue
            unit = _new_unit(order, power, position.phase, {u.tag for u in new_units})
            cost = rules.upkeep(unit)
            if used + cost > left:
                void(order, f"{power_name(game_map, power)} has only {amount(left - used)} "
                            f"to build, and {unit.label()} needs {amount(cost)}")
                continue
            spent[power] = used + cost
            build(order, unit)
        elif isinstance(order, Remove):
            # the legality check first (as intake asks it): the unit, the count, its upkeep
            idx, missing = legality.find_order_unit(order, position.units, game_map,
                                                    rules=rules)
            found = missing or no_removals_problem(power, left, game_map) \
                or upkeep_problem(position.units[idx], rules, game_map)
            if found:
                void(order, found.message)
                continue
            done = removed.setdefault(power, set())
            made = removals_made_problem(left, freed.get(power, 0.0))
            if made:
                void(order, made.message)
                continue
            taken = [idx]
            if stacking:  # pieces of a stack, by kind, count or name
                taken, problem = stack_removal(order, idx, position.units, done, game_map)
                if problem:
                    void(order, problem.message)
                    continue
            if idx in done and not stacking:
                void(order, f"{position.units[idx].label()} is already removed")
                continue
            for i in taken:
                done.add(i)
                freed[power] = freed.get(power, 0.0) + rules.upkeep(position.units[i])
                results.append(OrderResult(power, order, position.units[i], True, R.REMOVED))
        else:
            void(order, refusal(order, ADJUSTMENT, game_map))
    for power, left in due.items():
        if left < 0:
            done = removed.setdefault(power, set())
            if freed.get(power, 0.0) < -left:
                order_of_removal = civil_disorder_removals(position, power, len(position.units),
                                                           game_map, done, rules)
                for idx in order_of_removal:
                    if freed.get(power, 0.0) >= -left:
                        break
                    done.add(idx)
                    freed[power] = freed.get(power, 0.0) + rules.upkeep(position.units[idx])
                    results.append(OrderResult(power, None, position.units[idx], True, R.REMOVED,
                                               "civil disorder: too few removals ordered"))
        elif left > spent.get(power, 0.0):
            results.append(OrderResult(power, None, None, True, R.WAIVED,
                                       f"{plural(left - spent.get(power, 0.0), 'build')} "
                                       "not used"))
    gone = set().union(*removed.values()) if removed else set()
    after = position.copy()
    after.units = [u for i, u in enumerate(position.units) if i not in gone] + new_units
    for power, units in extra_built.items():
        if units:
            events.extend(rules.extra_builds_used(power, units, after, game_map))
    events.extend(rules.after_adjustments(after, game_map))
    return PhaseOutcome(after, results, events)


_DISORDER_KIND = {"F": 0, "A": 1, "A/F": 1, "G": 2}


def _new_unit(order: Build, power: str, phase: Phase, taken: set[str | None]) -> Unit:
    """The piece a build makes, tagged by the phase and site (`piece_tag`); `taken` are the
    tags of this phase's builds so far."""
    kind = order.unit_kind or "A"
    tag = piece_tag(phase, order.province, taken)
    return Unit(power, kind, order.location if kind == "F" else order.province,
                order.strength or 1.0, tag=tag)
