"""Where a leader starts, sent with the first Spring orders (Rise of Rome II 3.3)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, show_location


@dataclass(frozen=True, slots=True)
class PlaceLeader(Order):
    def commands(self) -> tuple[str, ...]:
        return (f"place:{self.leader}",)  # the leader's first move may come with it

    def __str__(self) -> str:
        return f"Place {self.leader} in {show_location(self.location)}"


def read_place_leader(b, written, where) -> Order:
    unit = b.unit(written)
    if unit.leader is None:
        name = written.place.name.text if written.place else "?"
        raise b.fail(f"{name!r} is not a leader", written.column,
                     "Name a leader: 'Place Hannibal in Carthage'.")
    return PlaceLeader(b.power, None, b.province(where), leader=unit.leader)


KINDS = (OrderKind(PlaceLeader, "placing a leader", (MOVEMENT,), form="leaders",
                   reads={"place_leader": read_place_leader}, on_unit=False),)
