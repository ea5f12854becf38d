"""What happened to each order: a status, a reason code a program can read, and words for people."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.engine.position import Position, Unit
from gm.orders.types import Order

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


@dataclass(slots=True)
class PhaseOutcome:
    """A phase adjudicated: every order's result, and the position the next phase starts from."""

    position: Position  # the position after this phase's orders took effect
    results: list[OrderResult] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # e.g. ownership changes, eliminations
    # who has won at the end of this phase: one power, or several in a joint victory
    winners: list[str] = field(default_factory=list)
