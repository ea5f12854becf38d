"""Convert: an army becomes a fleet where it stands, or a fleet an army (`A(Tyr)-F(Tyr)`,
`A Tyr becomes F`). Lord of Hosts 3, Middle-Earth VIII 2, Hoplite Wars 9 (in adjustments).
What it does is the conversion rule's (`gm/rules/conversion.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.maps.gamemap import coast_of
from gm.orders.kinds.order_kind import (
    ADJUSTMENT,
    MOVEMENT,
    Order,
    OrderKind,
    Problem,
    Words,
    show_location,
    unit_label,
)


@dataclass(frozen=True, slots=True)
class BecomesKind(Order):
    """An order that makes the unit another kind where it stands: `A(Tyr)-F(Tyr)`."""

    new_kind: str
    new_location: str

    def tail(self) -> str:
        return f" - {unit_label(self.new_kind, self.new_location, self.strength)}"

    def units_named(self):
        yield self.unit_kind, self.strength, self.leader
        yield self.new_kind, None, None

    def in_words(self) -> str:
        """`A Ur becomes a fleet` (`A Ur - F Ur` reads like a move), `2A Ath becomes 2F`;
        `F Stp/nc` for a fleet on one coast of several."""
        if self.new_kind not in _KIND_WORDS:
            return str(self)
        becomes = _KIND_WORDS[self.new_kind]
        if (self.strength or 1) > 1:  # a multiple changes kind whole: `2A Ath becomes 2F`
            becomes = unit_label(self.new_kind, "", self.strength).strip()
        if coast_of(self.new_location):
            becomes = f"F {show_location(self.new_location)}"
        return f"{self.unit_text()} becomes {becomes}"


_KIND_WORDS = {"A": "an army", "F": "a fleet"}


class Convert(BecomesKind):
    """An army becomes a fleet where it stands, or a fleet an army (`A(Tyr)-F(Tyr)`)."""
    __slots__ = ()  # a dataclass through its base: see `Order`


def read_convert(b, written, dest=None) -> Order:
    unit = b.unit(written)
    if dest is None:
        other = {"A": "F", "F": "A"}.get(unit.kind or "")
        if other is None:
            raise b.fail("say what the unit becomes ('A Tyr becomes F')", written.column)
        dest = type(written)(other, None, None, written.column)
    return b.kind_change(unit, written, dest)


def check_convert(order: Convert, kind, location, position, game_map, rules=None
                  ) -> Problem | None:
    """In an adjustment phase a rule carries the conversion out (`adjustment_orders`); intake
    asks it on a copy of the position, so that a letter hears the engine's reason (inland,
    outside a centre) and the line is refused."""
    if position is None or rules is None or position.phase.kind != ADJUSTMENT \
            or not rules.answers("adjustment_orders"):
        return None
    _, results, _ = rules.adjustment_orders(position.copy(), [order], game_map)
    result = next((r for r in results if r.order is order), None)
    if result is not None and not result.succeeded:
        return Problem(result.detail, "An army in a coastal city or town becomes a fleet.",
                       refused=True)
    return None


# Hoplite Wars 9: an army in a centre may become a fleet during adjustments.
# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("converts?",), signs=("converts?", "becomes?"))

KINDS = (OrderKind(Convert, "a conversion", (MOVEMENT, ADJUSTMENT), form="conversion",
                   form_words=("army/fleet conversion",
                               "Lord of Hosts, Middle-Earth VIII, Hoplite Wars"),
                   reads={"convert": read_convert}, check=check_convert,
                   words=WORDS),)
