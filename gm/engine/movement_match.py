"""Matching in a movement phase: each support and convoy against what the piece it names
really does, and the convoy 'intent' rule (DATC 4.A.3): an army ordered to an adjacent
province goes by convoy when its order says `via convoy`, or its own power orders a fleet to
convoy it and a route of convoy orders exists; otherwise by land. Each convoyed move's route
graph is worked out here, once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm.engine.movement_plan import (
    CONVOY,
    MOVE,
    NOT_CARRIED,
    STAND,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
)
from gm.engine.stacks import stack_target
from gm.maps.gamemap import coast_of, province_of
from gm.orders import legality

if TYPE_CHECKING:
    from gm.engine.movement_phase import MovementPhase


def match(phase: MovementPhase) -> None:
    plans, units = phase.plans, phase.units
    convoys_for: dict[int, list[int]] = {}
    for idx in phase.convoying:  # (their plans may stand)
        plan = plans[idx]
        if plan.role == CONVOY:
            army = plans[plan.target]
            if army.role == MOVE and army.dest_province == plan.dest:
                convoys_for.setdefault(plan.target, []).append(idx)
            else:
                plan.unmatched = NOT_CARRIED
    # the moves a convoy may carry: those only a convoy can make, and those a fleet is told to
    # carry (a piece marching by land or sailing, as most do, is neither)
    for idx in sorted({*convoys_for, *phase.needing_convoy}):
        plan = plans[idx]
        if plan.role != MOVE:
            continue
        fleets = convoys_for.get(idx)
        if units[idx].is_fleet:
            continue  # a fleet is never convoyed
        fleets = fleets or []
        own = any(units[f].power == units[idx].power for f in fleets)
        wants = plan.needs_convoy or plan.via_convoy or own
        route = plan.route = _route(phase, idx, fleets)
        plan.convoyed = plan.needs_convoy or (wants and route is not None)
        if plan.needs_convoy and route is None:
            # no chain of fleets at sea could carry it: the order is illegal, the army holds
            problem = legality.convoy_chain_problem(units[idx].province, plan.dest_province,
                                                    units, phase.map)
            if problem is not None:
                plan.role, plan.convoyed, plan.void = STAND, False, problem.message
        if not plan.convoyed:
            for f in fleets:
                plans[f].unmatched = NOT_CARRIED
    rules = phase.rules
    vetted = rules.answers("may_support")
    stacked = phase.stacking_rules
    for idx in phase.convoying:
        plan = plans[idx]
        if plan.role == CONVOY and plan.unmatched is None and not plans[plan.target].convoyed:
            plan.unmatched = NOT_CARRIED
    for idx in phase.supporting:
        plan = plans[idx]
        role = plan.role
        if role != SUPPORT_HOLD and role != SUPPORT_MOVE:
            continue  # set aside, it stands
        if stacked:
            plan.target = stack_target(phase, idx, plan)
        target = plans[plan.target]
        if role == SUPPORT_HOLD:
            if target.role == MOVE:
                plan.unmatched = "the supported unit moved"
        elif not (target.role == MOVE and target.dest_province == plan.dest
                  and (plan.dest_coast is None
                       or coast_of(target.dest) in (None, plan.dest_coast))):
            plan.unmatched = "the supported unit did not make that move"
        if plan.unmatched is None and vetted and (why := rules.support_refused(
                units[idx], units[plan.target], phase.position)):
            plan.unmatched = why


def _route(phase: MovementPhase, army: int, fleets: list[int]):
    """The convoy route graph over `fleets` for this army's move, or None if none exists."""
    if not fleets:
        return None
    units, plans, fleet_adj = phase.units, phase.plans, phase.map.fleet_adj
    origin, dest = units[army].province, plans[army].dest_province
    locs = {f: units[f].location for f in fleets if plans[f].unmatched is None}
    starts: list[int] = []  # the fleets touching the army's province, those touching its
    ends: set[int] = set()  # destination, and which fleet touches which (one pass, as
    nxt: dict[int, list[int]] = {}  # most convoys are one or two fleets)
    for f, loc in locs.items():
        touches = _touches(loc, phase.map)
        if origin in touches:
            starts.append(f)
        if dest in touches:
            ends.add(f)
        adjacent = fleet_adj.get(loc, ())
        nxt[f] = [g for g, gl in locs.items() if g != f and gl in adjacent]
    seen, todo = set(starts), list(starts)
    while todo:
        f = todo.pop()
        if f in ends:
            return starts, frozenset(ends), nxt
        for g in nxt[f]:
            if g not in seen:
                seen.add(g)
                todo.append(g)
    return None


def _touches(location: str, game_map) -> frozenset[str]:
    """The provinces a fleet at `location` touches; remembered per map, with its other
    answers that depend only on the board."""
    key = ("touches", location)
    found = game_map.move_checks.get(key)
    if found is None:
        found = game_map.move_checks[key] = frozenset(
            province_of(x) for x in game_map.fleet_adj.get(location, ()))
    return found
