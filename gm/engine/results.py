"""What happened to each order: a status, a reason code a program can read, and words for people."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from gm.engine.position import Position, Unit

if TYPE_CHECKING:
    from gm.orders.kinds.order_kind import Order

# reason codes
MOVED = "moved"
BOUNCED = "bounced"
HELD = "held"
SUPPORTED = "supported"
CUT = "cut"
CONVOYED = "convoyed"
NO_CONVOY = "no_convoy"
NOT_MATCHED = "not_matched"
VOID = "void"
BLOCKED = "blocked"  # set aside by other units' orders (a land bridge closed): the board's doing
DISLODGED = "dislodged"
RETREATED = "retreated"
DISBANDED = "disbanded"
BUILT = "built"
REMOVED = "removed"
WAIVED = "waived"
REPLACED = "replaced"


@dataclass(slots=True)
class OrderResult:
    """The outcome of one order (or of a unit's default order when it had none).

    Treat it as a value: variant rules that change an outcome put a new one in its place.
    (Not frozen only because frozen dataclasses are several times slower to create.)"""

    power: str
    order: Order | None
    unit: Unit | None
    succeeded: bool
    code: str
    detail: str = ""
    dislodged_by: str | None = None  # province the dislodging attack came from

    @property
    def void(self) -> bool:
        return self.code == VOID

    def describe(self) -> str:
        if self.order is not None:
            text = str(self.order)
        elif self.unit is not None:
            text = f"{self.unit.label()} H"
        else:
            text = self.power or "-"  # a result about a power, such as builds left unused
        if self.detail:
            return f"{text} ({self.code}: {self.detail})"
        return f"{text} ({self.code})"


class PlannedOrder(NamedTuple):
    """One piece's order as the movement phase reads it once every order is checked: what a
    rule sees when other pieces' orders may void it (`void_moves`: a land bridge closed by a
    fleet's move), never the engine's own plan."""

    index: int  # the piece's place in the position's units
    unit: Unit
    order: Order | None  # None: no order, it holds
    # what the piece does: hold, move, merge, support_hold, support_move, support_merge, convoy
    action: str
    dest_province: str | None  # where it moves, or where the move it supports or convoys goes
    by_convoy: bool  # a move by convoy, asked for or needed
    void: str | None  # why its order was set aside, if it was


@dataclass(frozen=True, slots=True)
class CentreChanged:
    """A supply centre (or build site) that passed to the power occupying it."""

    centre: str  # province id
    old: str | None  # power id; None if it was neutral
    new: str

    def describe(self, game_map) -> str:
        """`Belgium: neutral -> Germany`, for logs and the DATC runner (reports word centre
        changes their own way, per power)."""
        def name(power: str | None) -> str:
            return game_map.powers[power].name if power in game_map.powers else "neutral"
        return f"{game_map.provinces[self.centre].name}: {name(self.old)} -> {name(self.new)}"


Event = str | CentreChanged  # a rule's own words, or a typed event the report words itself


@dataclass(slots=True)
class PhaseOutcome:
    """A phase adjudicated: every order's result, and the position the next phase starts from."""

    position: Position  # the position after this phase's orders took effect
    results: list[OrderResult] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)  # centre changes, rules' events
    # who has won at the end of this phase: one power, or several in a joint victory
    winners: list[str] = field(default_factory=list)
