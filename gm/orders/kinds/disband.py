"""Disband: a dislodged unit leaves the board (`A Bur D`); in an adjustment phase the same
words are a removal."""

from __future__ import annotations

from gm.orders.kinds.order_kind import RETREAT, Order, OrderKind, Shape, Sketch, Words


class Disband(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def tail(self) -> str:
        return " D"


def read_disband(b, written) -> Order:
    unit = b.unit(written)
    return Disband(b.power, unit.kind, unit.location, **b.common(unit))


def disbands(order, dislodged, position, game_map, rules=None) -> tuple[None, None]:
    """Its part in a retreat phase: the piece leaves the board."""
    return None, None


def sketch_disband(order: Disband) -> tuple[Sketch, ...]:
    return (Sketch(Shape.DISBAND),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(verb="Disband", begins=("disbands?",), names=("disbands?",),
              signs=("d", "disbands?"), headings=("disbands?",), leads=("disbands?",))

KINDS = (OrderKind(Disband, "a disband", (RETREAT,), reads={"disband": read_disband},
                   in_retreat=disbands, sketch=sketch_disband, full_words={"D": "DISBAND"},
                   words=WORDS),)
