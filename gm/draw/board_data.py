"""A phase's board as plain data: what the picture shows, already decided.

`draw_phase` turns a `Board` into SVG and looks nowhere else but the map, so the CLI, the
reports and the tests can all make a `Board` their own way (`gm.draw.board_maker` makes one from a
position and the phase's results). Locations are map ids (`par`, `spa/nc`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.orders.kinds.order_kind import Shape

# What an order does on the picture: the shapes the order kinds draw with (`OrderKind.sketch`).
HOLD = Shape.HOLD
MOVE = Shape.MOVE
SUPPORT_HOLD = Shape.SUPPORT_HOLD
SUPPORT_MOVE = Shape.SUPPORT_MOVE
CONVOY = Shape.CONVOY
RETREAT = Shape.RETREAT
DISBAND = Shape.DISBAND
BUILD = Shape.BUILD
REMOVE = Shape.REMOVE
SPECIAL = Shape.SPECIAL


@dataclass(frozen=True, slots=True)
class Piece:
    """A unit on the board: `kind` A, F, G or A/F; `strength` 2 for a 2A; `name` a leader's."""

    power: str
    kind: str
    location: str
    strength: float = 1.0
    name: str | None = None

    @property
    def province(self) -> str:
        return self.location.partition("/")[0]

    @property
    def coast(self) -> str:
        return self.location.partition("/")[2]

    @property
    def caption(self) -> str:
        """What the piece's token says: `A`, `F`, `2A`, `A/F`, `G`, or the leader's name."""
        if self.name:
            return self.name
        count = "" if self.strength == 1 else f"{self.strength:g}"
        return f"{count}{self.kind}"


@dataclass(frozen=True, slots=True)
class DrawnOrder:
    """One order as an arrow or a mark.

    `location` is where the ordered piece stands (for a build: where the piece appears);
    `target` is the province of the piece supported or convoyed; `dest` where a move, retreat
    or supported move goes. `succeeded` is None while the phase is not adjudicated."""

    kind: str
    power: str
    location: str
    target: str | None = None
    dest: str | None = None
    succeeded: bool | None = None
    piece_kind: str | None = None  # what a build puts on the board
    piece_strength: float = 1.0  # 2 for a double unit built
    text: str = ""  # the order as written in the report, shown as the arrow's tooltip
    leader: str | None = None  # the leader ordered, by name (it may share its province)

    @property
    def province(self) -> str:
        return self.location.partition("/")[0]


@dataclass(frozen=True, slots=True)
class PowerStanding:
    """A legend line: the power, its colour, its supply and its pieces."""

    power: str
    name: str
    colour: str
    centres: float  # the supply: what the power's centres are worth
    units: int
    centre_count: int | None = None  # how many centres; None: as many as their worth
    free: tuple[str, ...] = ()  # the pieces among `units` that need no supply (a leader)
    upkeep: float | None = None  # what the others need where some need a half; None: one each


@dataclass(slots=True)
class Board:
    """Everything one picture shows."""

    title: str  # `standard-demo: Spring 1901, Movement`
    subtitle: str  # `Standard` (the variant), and whether these are results or orders
    phase_kind: str  # Movement, Retreat or Adjustment
    pieces: list[Piece]
    owners: dict[str, str]  # centre -> power id
    standings: list[PowerStanding]
    dislodged: list[Piece] = field(default_factory=list)  # waiting to retreat
    dislodged_now: frozenset[str] = frozenset()  # locations of pieces this phase dislodged
    destroyed: frozenset[str] = frozenset()  # centres a variant rule destroyed
    # what the variant's rules say of the board, as the report says it (loans in force,
    # rebel centres not counted, each power's supply by centre): printed under the map
    notes: tuple[str, ...] = ()
    orders: list[DrawnOrder] = field(default_factory=list)
