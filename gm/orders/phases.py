"""Fit an order to the phase it is given in, or say why the phase does not allow it.

Players write the same words in different phases: `A Bur - Par` is a retreat in a retreat
phase, and `disband` is a removal in an adjustment phase. The GM's phase decides.
"""

from __future__ import annotations

from gm.orders.errors import PHASE, OrderError
from gm.orders.types import (
    ADJUSTMENT_ORDERS,
    MOVEMENT_ORDERS,
    RETREAT_ORDERS,
    ChooseKind,
    Convert,
    DestroyCentre,
    Disband,
    EndLoan,
    LoanCentre,
    Merge,
    Move,
    Order,
    PlaceLeader,
    RebuildCentre,
    Remove,
    Retreat,
    Sack,
    Split,
    SupportMerge,
)
from gm.orders.variants import a_phase, belongs_in

MOVEMENT = "Movement"
RETREAT = "Retreat"
ADJUSTMENT = "Adjustment"
PHASE_KINDS = (MOVEMENT, RETREAT, ADJUSTMENT)

ALLOWED: dict[str, tuple[type, ...]] = {
    MOVEMENT: MOVEMENT_ORDERS + (Convert, ChooseKind, DestroyCentre, RebuildCentre, Sack, Merge,
                                 SupportMerge, Split, PlaceLeader, LoanCentre, EndLoan),
    RETREAT: RETREAT_ORDERS + (LoanCentre, EndLoan),
    # Hoplite Wars 9: an army in a centre may become a fleet during adjustments.
    ADJUSTMENT: ADJUSTMENT_ORDERS + (Convert, LoanCentre, EndLoan),
}

PHASE_HINTS = {
    MOVEMENT: "In a movement phase units hold, move, support or convoy ('A Par - Bur').",
    RETREAT: "In a retreat phase a dislodged unit retreats ('A Bur R Par') or disbands "
             "('A Bur D').",
    ADJUSTMENT: "In an adjustment phase powers build ('Build A Par'), remove ('Remove A Mun') "
                "or waive a build ('Waive').",
}


def order_name(order: Order) -> str:
    """`a move`, `a support`: how an order kind is named in messages."""
    words = {
        "Hold": "a hold", "Move": "a move", "SupportHold": "a support",
        "SupportMove": "a support", "Convoy": "a convoy", "Retreat": "a retreat",
        "Disband": "a disband", "Build": "a build", "Remove": "a removal", "Waive": "a waive",
        "Convert": "a conversion", "ChooseKind": "an A/F choice",
        "DestroyCentre": "destroying a centre", "RebuildCentre": "rebuilding a centre",
        "Sack": "a sack", "Merge": "a merge", "SupportMerge": "a support of a merge",
        "Split": "a split", "LoanCentre": "a loan", "EndLoan": "ending a loan",
        "PlaceLeader": "placing a leader",
    }
    return words.get(type(order).__name__, type(order).__name__)


def fit_phase(order: Order, phase_kind: str | None, text: str,
              rule_ref: str | None = None, phases: tuple[str, ...] | None = None) -> Order:
    """The order as meant in this phase (a move becomes a retreat...), or an `OrderError`.

    `phases`, when a map's rule gives them, are the only phase kinds the order belongs in
    (`gm.orders.variants.order_phases`), instead of those of `ALLOWED`."""
    if phase_kind is None:
        return order
    if phase_kind not in ALLOWED:
        raise ValueError(f"phase_kind must be one of {', '.join(PHASE_KINDS)}, not "
                         f"{phase_kind!r}")
    if phase_kind == RETREAT and type(order) is Move:
        if order.via_convoy:
            raise OrderError(text, "a retreat cannot go by convoy", None,
                             "Write the retreat without 'via convoy'.", kind=PHASE)
        order = Retreat(order.power, order.unit_kind, order.location, order.dest,
                        strength=order.strength, leader=order.leader)
    elif phase_kind == ADJUSTMENT and type(order) is Disband:
        order = Remove(order.power, order.unit_kind, order.location, strength=order.strength,
                       leader=order.leader)
    fits = phase_kind in phases if phases else isinstance(order, ALLOWED[phase_kind])
    if not fits:
        why = f"{order_name(order)} is not allowed in {a_phase(phase_kind)}{belongs_in(phases)}"
        raise OrderError(text, f"{rule_ref}: {why}" if rule_ref else why, None,
                         PHASE_HINTS[phase_kind], kind=PHASE)
    return order
