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
    # each piece's plan is its force (`Plan`), made as the piece's own with what its order
    # adds where it stands: the rules may put it on a side and add a defence
    forces: list[Force] = plans
    if rules.sides:
        for u, plan in zip(units, plans, strict=True):
            plan.power = rules.side(u.power)
    if rules.answers("defence_bonus"):
        for u, plan in zip(units, plans, strict=True):
            plan.defence_bonus += rules.defence_bonus(u, position, phase.map)
    attacks: list[Attack] = []
    group: dict[tuple, int] = {}  # where pieces stack: one side's pieces making one move
    stacked = phase.stacking_rules
    merging = stacked and stacks.merges(phase, forces)
    by_province = phase.by_province
    # each move is an attack (where pieces stack, the merges join in the same pass)
    for idx in range(len(plans)) if stacked else phase.moving:
        plan = plans[idx]
        if plan.role != MOVE:
            if plan.role == MERGE:
                stacks.join_merge(phase, idx, plan, forces, attacks, group)
            continue
        force, origin, dest = forces[idx], forces[idx].province, plan.dest_province
        if stacked:  # the pieces of one side making the same move attack as one
            key = (force.power, origin, dest, plan.convoyed)
            a = group.get(key)
            if a is not None:
                attacks[a].forces.append(idx)
                attacks[a].strength += force.strength
                force.attack = a
                continue
            group[key] = len(attacks)
        force.attack = a = len(attacks)
        attack = Attack(force.power, origin, dest, [idx], force.strength, (), plan.convoyed)
        attacks.append(attack)
        if plan.convoyed:
            if plan.route is not None:
                attack.route_starts, attack.route_ends, attack.route_next = plan.route
        else:  # head to head with the move made the other way, once both are attacks
            for f in by_province.get(dest, ()):
                b = forces[f].attack
                if b >= 0 and attacks[b].dest == origin and not attacks[b].convoyed:
                    attack.opponent, attacks[b].opponent = b, a
    if stacked:
        stacks.opponents(attacks, merging)
        stacks.merge_supports(phase, forces, attacks, group)
    for idx in phase.supporting:
        plan = plans[idx]
        role = plan.role
        if role == SUPPORT_HOLD or role == SUPPORT_MOVE:
            if role == SUPPORT_MOVE:
                forces[idx].supports_into = plan.dest
            if plan.unmatched is not None:
                continue
            if role == SUPPORT_HOLD:
                held = forces[plan.target]
                held.hold_supports = [*held.hold_supports, idx]
            else:
                helped = attacks[forces[plan.target].attack]
                helped.supports = [*helped.supports, idx]
    if stacked:
        stacks.stacking(phase, forces, attacks)
    return forces, attacks
