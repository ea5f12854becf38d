"""Stacks in a movement phase, where the rules let pieces share a province: an order to a
multiple (each piece takes it, or a split's part), supports of a stack, merges (one attack
from several origins, with the supports of the merge) and which attacks may join or arrive
with their own side's pieces. Merging is resolver-input building, so it is the engine's, not
the merge kind's; the kinds say only which pieces do what (`OrderKind.per_piece`, `shares`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm.engine.movement_plan import MERGE, MOVE, STAND, SUPPORT_HOLD, SUPPORT_MERGE, SUPPORT_MOVE
from gm.engine.resolver import Attack, Force
from gm.orders import legality
from gm.orders.kind_registry import kind_of
from gm.orders.kinds.order_kind import Order

if TYPE_CHECKING:
    from gm.engine.movement_phase import MovementPhase


def give_stack(phase: MovementPhase, idx: int, order: Order) -> None:
    """An order to a multiple (`legality.commanded_pieces`): every piece of it takes the
    order, or a part of it where the kind shares its pieces out (a split); pieces no part
    takes hold. An order whose kind or count does not fit the multiple is void for all its
    pieces."""
    group, problem = legality.commanded_pieces(order, idx, phase.units, phase.map, phase.rules)
    parts: list[tuple[Order | None, list[int]]] = [(order, group)]
    kind = kind_of(order) if problem is None else None
    if kind is not None and kind.shares is not None:
        found, problem = kind.shares(order, [phase.units[i] for i in group], phase.map)
        taken = {i for _, which in found for i in which}
        parts = [(part, [group[i] for i in which]) for part, which in found]
        parts.append((None, [g for i, g in enumerate(group) if i not in taken]))
    if problem is not None:
        for i in group:
            phase.give(i, order, order, problem.message)
        return
    for part, which in parts:
        for i in which:
            phase.give(i, part, order)


def stack_target(phase: MovementPhase, idx: int, plan) -> int:
    """A support names a leader or a stack's other pieces (`MovementPhase.named`): of those,
    the piece that makes the supported move, or for a support to hold one that stays."""
    first = plan.target
    target = phase.units[first]
    if target.is_leader:
        return first
    plans, side = phase.plans, phase.rules.side
    for i in phase.by_province[target.province]:
        other = phase.units[i]
        if other.is_leader or side(other.power) != side(target.power):
            continue
        p = plans[i]
        if plan.role == SUPPORT_HOLD and p.role != MOVE:
            return i
        if plan.role == SUPPORT_MOVE and p.role == MOVE and p.dest_province == plan.dest:
            return i
    return first


def merges(phase: MovementPhase, forces: list[Force]) -> bool:
    """Void every merge whose pieces `may_stack(..., "merge")` does not allow together
    (each piece then holds); say whether any merge goes on."""
    into: dict[tuple[str, str], list[int]] = {}
    for idx, plan in enumerate(phase.plans):
        if plan.role == MERGE:
            into.setdefault((forces[idx].power, plan.dest_province), []).append(idx)
    for (side, dest), moving in into.items():
        staying = [i for i in phase.by_province.get(dest, ()) if forces[i].power == side]
        pieces = [phase.units[i] for i in (*moving, *staying)]
        why = phase.rules.may_stack(pieces, "merge", phase.position, phase.map)
        if why is not None:
            for idx in moving:
                phase.plans[idx].role, phase.plans[idx].void = STAND, why
    return any(plan.role == MERGE for plan in phase.plans)


def join_merge(phase: MovementPhase, idx: int, plan, forces: list[Force],
               attacks: list[Attack], group: dict[tuple, int]) -> None:
    """A merging piece joins its side's one merge attack on the province; the first one
    also brings the strength of its side's pieces that stay there and hold."""
    unit, dest = phase.units[idx], plan.dest_province
    key = ("merge", forces[idx].power, dest)
    a = group.get(key)
    if a is None:
        a = group[key] = len(attacks)
        merge = Attack(forces[idx].power, unit.province, dest, [], 0.0)
        merge.origins = ()
        merge.joins = True
        for i in phase.by_province.get(dest, ()):
            if forces[i].power == merge.power and phase.plans[i].role == STAND:
                merge.strength += forces[i].strength
        attacks.append(merge)
    merge = attacks[a]
    merge.forces.append(idx)
    merge.strength += forces[idx].strength
    if unit.province not in merge.origins:
        merge.origins = (*merge.origins, unit.province)
    forces[idx].attack = a


def merge_supports(phase: MovementPhase, forces: list[Force], attacks: list[Attack],
                   group: dict[tuple, int]) -> None:
    """A support of a merge (`A Par S merge Bur`) is given to its side's merge into that
    province, else to the one merge into it another side makes (any unit may support any
    other, subject to the rules' vetoes: `support_refused`); it is not matched when there
    is none, or when several sides merge there and the support names none of them."""
    rules = phase.rules
    vetted = rules.answers("may_support")
    for idx, plan in enumerate(phase.plans):
        if plan.role != SUPPORT_MERGE:
            continue
        forces[idx].supports_into = plan.dest
        place = phase.map.provinces[plan.dest].name if plan.dest in phase.map.provinces \
            else plan.dest
        a = group.get(("merge", forces[idx].power, plan.dest))
        if a is None:
            others = [b for key, b in group.items()
                      if len(key) == 3 and key[0] == "merge" and key[2] == plan.dest]
            a = others[0] if len(others) == 1 else None
            if len(others) > 1:
                plan.unmatched = f"several merges into {place}, and the support names none"
                continue
        if a is None:
            plan.unmatched = f"no merge into {place}"
            continue
        merging = phase.units[attacks[a].forces[0]]
        if vetted and (why := rules.support_refused(phase.units[idx], merging, phase.position)):
            plan.unmatched = why
            continue
        attacks[a].supports = [*attacks[a].supports, idx]


def opponents(attacks: list[Attack], merging: bool) -> None:
    """Each attack's opponent (`Attack.opponent`) where pieces may stack: several attacks may
    leave one province for one place (the last made is the opponent), and a merge is
    head-to-head with an attack from its province into any of its origins."""
    by_route = {(x.origin, x.dest): b for b, x in enumerate(attacks) if not x.convoyed}
    if merging:
        for b, attack in enumerate(attacks):
            if attack.origins is not None:
                for origin in attack.origins:
                    by_route.setdefault((origin, attack.dest), b)
    for attack in attacks:
        if attack.origins is not None:
            attack.opponent = next((by_route[(attack.dest, o)] for o in attack.origins
                                    if (attack.dest, o) in by_route), -1)
        elif not attack.convoyed:
            attack.opponent = by_route.get((attack.dest, attack.origin), -1)


def stacking(phase: MovementPhase, forces: list[Force], attacks: list[Attack]) -> None:
    """Where the rules let pieces share a province: which attacks may join their own side's
    pieces in the destination (`Attack.joins`) and which of one side's attacks on one
    province may arrive together (`Attack.friends`), each if `may_stack(..., "move")`
    allows all those pieces in one province."""
    units, position, rules = phase.units, phase.position, phase.rules
    into: dict[str, list[int]] = {}
    for a, attack in enumerate(attacks):
        into.setdefault(attack.dest, []).append(a)
    for dest, group in into.items():
        staying = [i for i in phase.by_province.get(dest, ()) if forces[i].attack < 0
                   or attacks[forces[i].attack].dest != dest]
        for a in group:
            attack = attacks[a]
            mine = [units[i] for i in attack.forces]
            own = [units[i] for i in staying if forces[i].power == attack.power]
            if own and len(own) == len(staying) and rules.may_stack(
                    own + mine, "move", position, phase.map) is None:
                attack.joins = True
            friends = [b for b in group if b != a and attacks[b].power == attack.power]
            if friends and rules.may_stack(
                    mine + [units[i] for b in friends for i in attacks[b].forces] + own,
                    "move", position, phase.map) is None:
                attack.friends = frozenset(friends)
