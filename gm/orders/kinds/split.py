"""Split: a multiple unit splits, each part an order for some of its strength
(`2A Bur split A - Par & A H`). Multiplicity II allows splitting (Hoplite Wars 3); its exact
text is lost, so each part is an ordinary hold, move or support by a smaller unit."""

from __future__ import annotations

from dataclasses import dataclass

from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, kind_label
from gm.orders.kinds.support import SupportHold, SupportMove


@dataclass(frozen=True, slots=True)
class Split(Order):
    parts: tuple[Order, ...]

    def units_named(self):
        yield self.unit_kind, self.strength, self.leader
        for part in self.parts:
            yield from part.units_named()

    def tail(self) -> str:
        parts = []
        for part in self.parts:
            label = kind_label(part.unit_kind, part.strength)
            parts.append(f"{label}{part.tail()}" if label else part.tail().lstrip())
        return " split " + " & ".join(parts)


def read_split(b, written, *parts) -> Order:
    unit = b.unit(written)
    if unit.leader:
        raise b.fail(f"{unit.leader} is a leader and cannot split", written.column)
    orders = tuple(_part(b, unit, part) for part in parts)
    return Split(b.power, unit.kind, unit.location, orders, **b.common(unit))


def _part(b, unit, part) -> Order:
    kind, strength, *items = part.items
    loc = unit.location
    if part.form == "part_hold":
        return Hold(b.power, kind, loc, strength=strength)
    if part.form == "part_move":
        dest, via = items[0], len(items) > 1
        return Move(b.power, kind, loc, b.location(dest, kind or unit.kind), via,
                    strength=strength)
    other = b.unit(items[0], own=False)
    if part.form == "part_support_hold":
        return SupportHold(b.power, kind, loc, other.kind, other.location,
                           target_strength=other.strength, target_leader=other.leader,
                           strength=strength)
    return SupportMove(b.power, kind, loc, other.kind, other.location,
                       b.location(items[1], other.kind), target_strength=other.strength,
                       target_leader=other.leader, strength=strength)


KINDS = (OrderKind(Split, "a split", (MOVEMENT,), form="merge_split",
                   reads={"split": read_split}),)
