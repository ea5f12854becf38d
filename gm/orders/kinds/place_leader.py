"""Where a leader starts, sent with the first Spring orders (Rise of Rome II 3.3)."""

from __future__ import annotations

from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, Problem, Words, show_location


class PlaceLeader(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

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


def check_place_leader(order: PlaceLeader, kind, location, position, game_map,
                       rules=None) -> Problem | None:
    """What the rule that carries out placements (`declare`) would say, tried on a copy of the
    board, so that intake notes the words the adjudication gives."""
    if position is None or rules is None or not hasattr(position, "copy"):
        return None
    result = rules.declare(order, position.copy(), game_map)
    if result is None or result.succeeded:
        return None
    return Problem(result.detail, "Place the leader on a home centre with the first Spring's "
                   "orders.", refused=True)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(verb="Place", begins=("place",), names=("places?", "put"))

KINDS = (OrderKind(PlaceLeader, "placing a leader", (MOVEMENT,), form="leaders",
                   reads={"place_leader": read_place_leader}, on_unit=False,
                   check=check_place_leader, declares="leader placement", echo_word="Place",
                   words=WORDS),)
