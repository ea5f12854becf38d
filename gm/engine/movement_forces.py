"""Forces and attacks in a movement phase: every piece's plan becomes its `Force` (its side,
strength and what it adds where it stands), moving pieces of one side from one province to one
destination one `Attack`, and supports are given to what they support."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm.engine import stacks
from gm.engine.movement_plan import MERGE, MOVE, SUPPORT_HOLD, SUPPORT_MOVE
from gm.engine.resolver import Attack, Force

if TYPE_CHECKING:
    from gm.engine.movement_phase import MovementPhase


def build_forces(phase: MovementPhase) -> tuple[list[Force], list[Attack]]:
    rules, position, units, plans = phase.rules, phase.position, phase.units, phase.plans
    # each piece's plan is its force (`Plan`), made as the piece's own: the rules may put it
    # on a side and give it a defence
    forces: list[Force] = plans
    if rules.sides:
        for u, plan in zip(units, plans, strict=True):
            plan.power = rules.side(u.power)
    if rules.answers("defence_bonus"):
        for u, plan in zip(units, plans, strict=True):
            plan.defence_bonus = rules.defence_bonus(u, position, phase.map)
    for idx in phase.defended:  # what a piece's own order adds where it stands
        forces[idx].defence_bonus += plans[idx].defence
    attacks: list[Attack] = []
    group: dict[tuple, int] = {}
    stacked = phase.stacking_rules
    merging = stacked and stacks.merges(phase, forces)
    # (where pieces stack, the merges join in the same pass, in the order of the pieces)
    for idx in range(len(plans)) if stacked else phase.moving:
        plan = plans[idx]
        if plan.role != MOVE:
            if plan.role == MERGE:
                stacks.join_merge(phase, idx, plan, forces, attacks, group)
            continue
        force, origin = forces[idx], units[idx].province
        # the pieces of one side making the same move attack as one
        key = (force.power, origin, plan.dest_province, plan.convoyed)
        a = group.get(key)
        if a is None:
            a = group[key] = len(attacks)
            attacks.append(Attack(force.power, origin, plan.dest_province, [], 0.0, None,
                                  plan.convoyed))
        attack = attacks[a]
        attack.forces.append(idx)
        attack.strength += force.strength
        force.attack = a
    by_route = {(x.origin, x.dest): b for b, x in enumerate(attacks) if not x.convoyed}
    if merging:
        stacks.merge_routes(attacks, by_route)
    for attack in attacks:
        if attack.origins is not None:
            attack.opponent = next((by_route[(attack.dest, o)] for o in attack.origins
                                    if (attack.dest, o) in by_route), -1)
        elif not attack.convoyed:
            attack.opponent = by_route.get((attack.dest, attack.origin), -1)
        else:
            route = plans[attack.forces[0]].route
            if route is not None:
                attack.route_starts, attack.route_ends, attack.route_next = route
    if stacked:
        stacks.merge_supports(phase, forces, attacks, group)
    for idx in phase.helping:
        plan = plans[idx]
        role = plan.role
        if role == SUPPORT_HOLD or role == SUPPORT_MOVE:
            if role == SUPPORT_MOVE:
                forces[idx].supports_into = plan.dest
            if not plan.matched:
                continue
            if role == SUPPORT_HOLD:
                held = forces[plan.target]
                held.hold_supports = [*held.hold_supports, idx]
            else:
                attacks[forces[plan.target].attack].supports.append(idx)
    if stacked:
        stacks.stacking(phase, forces, attacks)
    return forces, attacks
