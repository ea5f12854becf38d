"""Fit an order to the phase it is given in, or say why the phase does not allow it.

Players write the same words in different phases: `A Bur - Par` is a retreat in a retreat
phase, and `disband` is a removal in an adjustment phase. The GM's phase decides.
"""

from __future__ import annotations

from gm.orders.errors import PHASE, OrderError
from gm.orders.kind_registry import kind_of
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import ADJUSTMENT, MOVEMENT, PHASE_KINDS, RETREAT, Order
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat
from gm.orders.variants import order_phases, rule_reference

__all__ = ["ADJUSTMENT", "MOVEMENT", "PHASE_KINDS", "RETREAT", "fit_phase",
           "fitted", "order_name", "phase_problem", "refusal"]


PHASE_HINTS = {
    MOVEMENT: "In a movement phase units hold, move, support or convoy ('A Par - Bur').",
    RETREAT: "In a retreat phase a dislodged unit retreats ('A Bur R Par') or disbands "
             "('A Bur D').",
    ADJUSTMENT: "In an adjustment phase powers build ('Build A Par'), remove ('Remove A Mun') "
                "or waive a build ('Waive').",
}


def order_name(order: Order) -> str:
    """`a move`, `a support`: how an order kind is named in messages."""
    kind = kind_of(order)
    return kind.name if kind is not None else type(order).__name__


def fitted(order: Order, phase_kind: str) -> Order:
    """The order as meant in this kind of phase: a move in a retreat phase is a retreat, a
    disband in an adjustment phase a removal. Other orders are returned as they are."""
    if phase_kind == RETREAT and type(order) is Move and not order.via_convoy:
        return Retreat(order.power, order.unit_kind, order.location, order.dest,
                       strength=order.strength, leader=order.leader)
    if phase_kind == ADJUSTMENT and type(order) is Disband:
        return Remove(order.power, order.unit_kind, order.location, strength=order.strength,
                      leader=order.leader)
    return order


def phase_problem(order: Order, phase_kind: str, game_map=None) -> tuple[str, str] | None:
    """(why, hint) when this order does not belong in this kind of phase, naming the map's
    rule when the order kind comes from one; None when it does. The one wording of a phase
    refusal, at intake and in the engine."""
    if phase_kind not in PHASE_KINDS:
        raise ValueError(f"phase_kind must be one of {', '.join(PHASE_KINDS)}, not "
                         f"{phase_kind!r}")
    if phase_kind == RETREAT and type(order) is Move and order.via_convoy:
        return "a retreat cannot go by convoy", "Write the retreat without 'via convoy'."
    kind = kind_of(fitted(order, phase_kind))
    # a rule may put a variant order in other phases than its kind's
    ruled = order_phases(order, game_map) if kind is None or kind.form else None
    if phase_kind in (ruled or (kind.phases if kind is not None else ())):
        return None
    return refusal(order, phase_kind, game_map), PHASE_HINTS[phase_kind]


def refusal(order: Order, phase_kind: str, game_map=None) -> str:
    """`rule 2 (conversion): a conversion is not allowed in an adjustment phase`: the words
    for an order this kind of phase does not take (or no rule of the map takes in it)."""
    where = "an" if phase_kind[0].lower() in "aeiou" else "a"
    why = f"{order_name(order)} is not allowed in {where} {phase_kind.lower()} phase"
    ref = rule_reference(order, game_map) if game_map is not None else None
    if not ref:
        return why
    ruled = order_phases(order, game_map)
    if ruled:  # `; under this rule it is an order of the adjustment phase`
        why += f"; under this rule it is an order of the " \
               f"{' or '.join(p.lower() for p in ruled)} phase"
    return f"{ref}: {why}"


def fit_phase(order: Order, phase_kind: str | None, text: str, game_map=None) -> Order:
    """The order as meant in this phase (a move becomes a retreat...), or an `OrderError`."""
    if phase_kind is None:
        return order
    problem = phase_problem(order, phase_kind, game_map)
    if problem is not None:
        raise OrderError(text, problem[0], None, problem[1], kind=PHASE)
    return fitted(order, phase_kind)
