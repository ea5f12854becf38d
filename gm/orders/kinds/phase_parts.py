"""How an order kind takes part in a phase: the small protocols the engine offers a kind, so a
kind's module says what its order does without importing the engine.

In a retreat phase, a kind's `in_retreat` part (`RetreatPart`) says where the dislodged piece
goes (None: it disbands), or why it cannot. In an adjustment phase, its `in_adjustment` part
(`AdjustmentPart`) enters the order on the phase's ledger (`AdjustmentLedger`, implemented by
`gm.engine.adjustment_phase.Ledger`): a build, a waived build, a removal. A kind with no part
for a phase is refused in it (unless a rule takes the order first), in the words
`gm.orders.phases.refusal` gives.

The movement phase (`gm.engine.movement_phase.MovementPhase`) implements `MovementPlanner`. A
kind's `in_movement` part (`MovementPart`) is called once per piece its order commands, with
the piece's index; it checks what only the board can say and then tells the planner, in the
rulebook's words, what the piece does (once): it stands, moves, supports, convoys or merges. It
returns the problem that makes the order void (the piece then stands), or None. The planner
never shows a kind the resolver's own types (plans, forces, attacks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from gm.maps.gamemap import GameMap
from gm.orders.kinds.order_kind import Order, Problem


class MovementPlanner(Protocol):
    """What the movement phase offers a kind planning one piece's order (pieces by index)."""

    map: GameMap
    position: Any
    rules: Any
    units: list  # the pieces, as `gm.engine.position.Unit`
    by_province: dict[str, list[int]]  # the pieces standing in each province

    def named(self, location: str, leader: str | None = None, kind: str | None = None) -> int:
        """The piece an order names in a province (a leader by name, else one of that kind,
        else one that is not a leader); -1 when nobody stands there."""

    def stand(self, i: int, defence: float = 0.0) -> None:
        """The piece stays where it is; `defence` adds to its strength where it stands."""

    def move(self, i: int, dest: str, via_convoy: bool, needs_convoy: bool) -> None:
        """The piece moves to `dest` (a location), by convoy when it must or says so."""

    def support_hold(self, i: int, target: int) -> None:
        """The piece supports piece `target` where it stands."""

    def support_move(self, i: int, target: int, dest: str) -> None:
        """The piece supports piece `target` moving to `dest` (a coast kept if named)."""

    def convoy(self, i: int, army: int, dest: str) -> None:
        """The fleet convoys piece `army` (-1: nobody) to the province `dest`."""

    def merge(self, i: int, dest: str) -> None:
        """The piece joins its side's merge into `dest` (a location)."""

    def support_merge(self, i: int, dest: str) -> None:
        """The piece supports its side's merge into the province `dest`."""


# (the order, the index of the piece it commands, the planner) -> why it is void, or None
MovementPart = Callable[[Order, int, MovementPlanner], "Problem | None"]


# (the order, the dislodged piece, the position, the map, the rules)
#   -> (where the piece goes, None: it disbands; why it cannot, or None)
RetreatPart = Callable[[Order, Any, Any, GameMap, Any], "tuple[str | None, Problem | None]"]


class AdjustmentLedger(Protocol):
    """What the adjustment phase offers a kind: each entry is counted against the power's
    builds or removals, and void with the reason when it does not fit."""

    def build(self, order: Order) -> None:
        """A build of the piece the order names."""

    def waive(self, order: Order) -> None:
        """One build left unused on purpose."""

    def remove(self, order: Order) -> None:
        """The removal of the piece (or pieces of a stack) the order names."""


AdjustmentPart = Callable[[Order, AdjustmentLedger], None]


def stand_in_place(order: Order, i: int, planner: MovementPlanner) -> Problem | None:
    """The part of an order whose piece stays where it is (a hold; a rule's kind)."""
    planner.stand(i)
    return None
