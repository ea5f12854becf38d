"""Sack the centre a unit occupies (Rise of Rome II 6, Hoplite Wars 7 'SACK Delphi')."""

from __future__ import annotations

from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, Words, show_location


class Sack(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def __str__(self) -> str:
        if self.unit_kind or self.leader:
            return f"{self.unit_text()} sacks"
        return f"Sack {show_location(self.location)}"


def read_sack(b, written, centre=None) -> Order:
    return b.on_centre(Sack, written, centre, "sack")


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(begins=("sack",), names=("sacks?",), signs=("sacks?",))

KINDS = (OrderKind(Sack, "a sack", (MOVEMENT,), form="sack",
                   form_words=("sacking a centre", "Rise of Rome II, Hoplite Wars"),
                   reads={"sack": read_sack}, echo_word="Sack",
                   words=WORDS),)
