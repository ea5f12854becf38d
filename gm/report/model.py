"""The season report as data: everything a renderer prints, already worded and in order.

The renderers (`text`, `rich_render`, `markdown`) only lay these out; none of them looks at the
engine, the store or the map, and none decides what happened. Strings here are clean of
control characters but not escaped: each renderer escapes them for its own markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class OrderLine:
    text: str  # `A Par - Bur`
    tags: tuple[str, ...] = ()  # `bounce`, `dislodged`, `void`...
    note: str = ""  # why, when the reader needs to know (a void order's reason)
    failed: bool = False  # the order did not do what it asked (renderers may colour it)


@dataclass(frozen=True, slots=True)
class PowerOrders:
    power: str  # `France`
    lines: tuple[OrderLine, ...]


@dataclass(frozen=True, slots=True)
class UnreadLine:
    """A line of a letter that was not adjudicated: rejected (unreadable) or ignored."""

    power: str  # the letter's power, or '' when nobody could tell
    text: str  # exactly as the player wrote it
    status: str  # `rejected` or `ignored`
    reason: str


@dataclass(frozen=True, slots=True)
class DislodgedLine:
    power: str
    unit: str  # `A Bur`
    retreats: tuple[str, ...]  # `Pic`, `Par`; empty: it must disband


@dataclass(frozen=True, slots=True)
class Correction:
    description: str
    reason: str


@dataclass(frozen=True, slots=True)
class CentreChange:
    """Who gained and who lost supply centres in this phase (centre names)."""

    power: str
    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PowerCount:
    power: str
    centres: float
    units: int
    adjustment: int | None  # builds (+) or removals (-) due next, when an adjustment follows


@dataclass(frozen=True, slots=True)
class Standing:
    """How close the leaders are to the variant's victory condition."""

    condition: str  # `18 supply centres`, `19 units`
    leaders: tuple[str, ...]  # the powers with the best score (ties share it)
    score: float
    short: float  # how much the leaders still need; 0 or less: the condition is met


@dataclass(slots=True)
class SeasonReport:
    game: str
    variant: str
    phase: str  # the phase's name as gm reads it back: `Autumn 1901 Retreat`
    kind: str = "Movement"  # Movement, Retreat or Adjustment
    season: str = ""  # the season in the calendar's words: `Spring 1901`, `Summer, Third Age 3000`
    preview: bool = False
    corrections: list[Correction] = field(default_factory=list)
    orders: list[PowerOrders] = field(default_factory=list)
    unread: list[UnreadLine] = field(default_factory=list)
    dislodged: list[DislodgedLine] = field(default_factory=list)
    centre_changes: list[CentreChange] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # variant events and anything else
    eliminated: list[str] = field(default_factory=list)
    counts: list[PowerCount] = field(default_factory=list)
    standing: Standing | None = None
    next_phase: str | None = None
    result: str | None = None  # `Russia wins with 18 centres`, `Draw: England, France`
    colours: dict[str, str] = field(default_factory=dict)  # power name -> `#c8102e`

    @property
    def heading(self) -> str:
        """`Movement results for Spring 1901.`: the line judge-reading tools look for."""
        return f"{self.kind} results for {self.season or self.phase}."
