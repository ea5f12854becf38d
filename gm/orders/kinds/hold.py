"""Hold: the unit stays where it is (`A Par H`); a unit named with no order is read as one."""

from __future__ import annotations

from gm.orders.errors import PHASE, SYNTAX
from gm.orders.kinds.build import Build
from gm.orders.kinds.order_kind import (
    ADJUSTMENT,
    MOVEMENT,
    RETREAT,
    Order,
    OrderKind,
    Shape,
    Sketch,
    Words,
)
from gm.orders.kinds.phase_parts import stand_in_place

NO_ORDER = "no order was given: read as a hold"  # the note on a unit named alone


class Hold(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`


def read_hold(b, written) -> Order:
    unit = b.unit(written)
    return Hold(b.power, unit.kind, unit.location, **b.common(unit))


def read_bare(b, written) -> Order:
    """`A Par` alone: a hold in a movement phase, a build in an adjustment phase."""
    if written.kind is None:  # a name alone: prose, a signature, or a leader with no order
        raise b.fail(f"{written.place.name.text!r} alone is not an order", written.column,
                     "Say what the unit does: 'A Par H', 'A Par - Bur', or in "
                     "adjustments 'Build A Par'.", kind=SYNTAX)
    unit = b.unit(written)
    if b.phase_kind == ADJUSTMENT:
        return Build(b.power, unit.kind, unit.location, **b.common(unit))
    if b.phase_kind == MOVEMENT:
        b.notes.append(NO_ORDER)
        return Hold(b.power, unit.kind, unit.location, **b.common(unit))
    hint = ("Say where it retreats ('A Bur R Par') or disband it ('A Bur D')."
            if b.phase_kind == RETREAT else
            "Say what it does: 'A Par H' to hold, 'A Par - Bur' to move, or "
            "'Build A Par' in adjustments.")
    raise b.fail(f"{written.kind} {written.place.name.text} is a unit, not an order",
                 None, hint, kind=PHASE if b.phase_kind else SYNTAX)


def sketch_hold(order: Order) -> tuple[Sketch, ...]:
    return (Sketch(Shape.HOLD),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("holds?",), signs=("h", "holds?"))

KINDS = (OrderKind(Hold, "a hold", (MOVEMENT,), reads={"hold": read_hold, "bare": read_bare},
                   in_movement=stand_in_place, sketch=sketch_hold, full_words={"H": "HOLD"},
                   words=WORDS),)
