"""Destroy the centre the unit stands in (Lord of Hosts 4 'Destroys', Diadochi V 7 'Z')."""

from __future__ import annotations

from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, Words, show_location


class DestroyCentre(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def tail(self) -> str:
        return " destroys"

    def in_words(self) -> str:
        return f"{self.unit_text()} destroys {show_location(self.province)}"


def read_destroy(b, written, centre=None) -> Order:
    return b.on_centre(DestroyCentre, written, centre, "destroy")


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(begins=("destroy",), names=("destroys?",), signs=("z", "destroys?"))

KINDS = (OrderKind(DestroyCentre, "destroying a centre", (MOVEMENT,), form="destroy_centre",
                   form_words=("destroying a centre", "Lord of Hosts, Diadochi V"),
                   reads={"destroy": read_destroy},
                   words=WORDS),)
