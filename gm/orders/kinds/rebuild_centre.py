"""Rebuild a destroyed centre by occupying it two seasons (Diadochi V 8, symbol R)."""

from __future__ import annotations

from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, Words


class RebuildCentre(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def tail(self) -> str:
        return " rebuilds"


def read_rebuild(b, written, centre=None) -> Order:
    return b.on_centre(RebuildCentre, written, centre, "rebuild")


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("rebuilds?",))

KINDS = (OrderKind(RebuildCentre, "rebuilding a centre", (MOVEMENT,), form="rebuild_centre",
                   form_words=("rebuilding a destroyed centre", "Diadochi V"),
                   reads={"rebuild": read_rebuild},
                   words=WORDS),)
