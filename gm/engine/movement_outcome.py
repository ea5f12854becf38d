"""The outcome of a movement phase: the resolver's decisions turned into the new position,
the dislodged pieces, the standoffs and one result per piece, then the rules' `after_movement`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm.engine import results as R
from gm.engine.movement_plan import (
    CONVOY,
    MERGE,
    MOVE,
    SUPPORT_HOLD,
    SUPPORT_MERGE,
    SUPPORT_MOVE,
    Plan,
)
from gm.engine.position import Dislodged, Unit
from gm.engine.resolver import Attack, Force, Resolver
from gm.engine.results import OrderResult, PhaseOutcome
from gm.notation import piece_shown

if TYPE_CHECKING:
    from gm.engine.movement_phase import MovementPhase


def outcome(phase: MovementPhase, res: Resolver, forces: list[Force],
            attacks: list[Attack]) -> PhaseOutcome:
    units, plans, rules = phase.units, phase.plans, phase.rules
    succeeded = res.result  # every decision is resolved by now: read the answers
    new_units: list[Unit] = []
    dislodged: list[Dislodged] = []
    occupied: set[str] = set()
    beaten_by = [-1] * len(units)  # the attack that dislodged each unit, if any
    disbanding, gone = rules.answers("disbands_when_dislodged"), []
    for a, attack in enumerate(attacks):
        if succeeded[a]:  # only pieces of another side are dislodged
            for f in res.in_province.get(attack.dest, ()):
                if (forces[f].attack < 0 or not succeeded[forces[f].attack]) \
                        and forces[f].power != attack.power:
                    beaten_by[f] = a
    results = phase.results
    for idx, unit in enumerate(units):
        plan, by = plans[idx], beaten_by[idx]
        if plan.order is None and by < 0:  # no order, not attacked away: it held
            results.append(OrderResult(unit.power, None, unit, True, R.HELD, "", None))
        else:
            ok, code, detail = _verdict(idx, plan, res, attacks, by)
            results.append(OrderResult(unit.power, plan.order, unit, ok, code, detail,
                                       attacks[by].origin if by >= 0 else None))
            if code == R.MOVED:
                moved = Unit(unit.power, unit.kind, plan.dest, unit.strength, unit.name,
                             unit.tag)
                new_units.append(moved)
                occupied.add(moved.province)
                continue
        if by >= 0:
            attack = attacks[by]
            if disbanding and rules.disbands_when_dislodged(unit):
                gone.append(unit)  # removed at once: no retreat for it
                continue
            dislodged.append(Dislodged(unit, None if attack.convoyed else attack.origin)
                             if attack.origins is None else
                             Dislodged(unit, attack.origins[0], attack.origins[1:]))
        else:
            new_units.append(unit)
            occupied.add(unit.province)
    standoffs = set()
    for a, attack in enumerate(attacks):
        if attack.dest not in occupied and not succeeded[a] and res.prevent_strength(a) > 0:
            standoffs.add(attack.dest)
    position = phase.position.after(new_units, dislodged, frozenset(standoffs))
    events: list[str] = [f"{piece_shown(u)} disbanded at once when dislodged" for u in gone] \
        if gone else []
    if rules.answers("after_movement"):
        attacked_by: dict[str, set[str]] = {}
        for a, attack in enumerate(attacks):
            if not attack.convoyed or res.has_route(a):  # the power, not the side
                attacked_by.setdefault(attack.dest, set()).add(units[attack.forces[0]].power)
        events.extend(rules.after_movement(phase.position, position, results, attacked_by,
                                           phase.map))
    return PhaseOutcome(position, results, events)


def _verdict(idx: int, plan: Plan, res: Resolver, attacks: list[Attack],
             by: int) -> tuple[bool, str, str]:
    """(succeeded, reason code, detail) for one unit's order (its plan is its force)."""
    if plan.void:
        return False, plan.void_code, plan.void
    role = plan.role
    if role == MOVE or role == MERGE:
        a = plan.attack
        if res.result[a]:
            return True, R.MOVED, ""
        if attacks[a].convoyed and not res.has_route(a):
            return False, R.NO_CONVOY, f"no convoy reached {attacks[a].dest}"
        return False, R.BOUNCED, f"bounced at {attacks[a].dest}"
    if by >= 0:
        return False, R.DISLODGED, f"dislodged from {attacks[by].origin}"
    if role == SUPPORT_HOLD or role == SUPPORT_MOVE or role == SUPPORT_MERGE:
        if plan.unmatched is not None:
            return False, R.NOT_MATCHED, plan.unmatched
        cutting = res.cutting_attacks(idx) if plan.province in res.into else ()
        if cutting:  # (only a province some attack enters has a support cut in it)
            value, strength = res.support_value(idx), plan.strength
            origins = ", ".join(attacks[b].origin for b in cutting)
            if value <= 0:
                return False, R.CUT, f"cut by {origins}"
            if value < strength:  # a rule lets an attack cut only part of a support
                return False, R.CUT, (f"partly cut by {origins}: supports with "
                                      f"{value:g} of {strength:g}")
        return True, R.SUPPORTED, ""
    if role == CONVOY:
        if plan.unmatched is not None:
            return False, R.NOT_MATCHED, plan.unmatched
        return True, R.CONVOYED, ""
    return True, R.HELD, ""
