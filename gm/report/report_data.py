"""The season report as data: everything a renderer prints, already worded and in order.

The renderers (`text`, `rich_render`, `markdown`) only lay these out; none of them looks at the
engine, the store or the map, and none decides what happened. Strings here are clean of
control characters but not escaped: each renderer escapes them for its own markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class PieceFacts:
    """A piece as facts: its power's name (None for a piece an order names that is not on
    the board), kind (`A`, `F`, `G`, `A/F`, `L` for a leader), strength (2 for a 2A; None
    where the order named none), the leader's name, and where it is (`Par`, `Spa/nc`)."""

    power: str | None
    kind: str | None
    strength: float | None
    leader: str | None
    location: str | None


@dataclass(frozen=True, slots=True)
class OrderFacts:
    """One order as facts for programs (`gm.report.order_facts`; JSON `order` of a line)."""

    power: str  # `France`
    kind: str  # `move`, `support-hold`, `build`... (`hold` for a unit left without an order)
    ordered: bool  # False: the unit had no order (or a removal the rules imposed)
    piece: PieceFacts | None  # the piece ordered (built, for a build)
    origin: str | None  # where it stood (JSON `from`)
    to: str | None  # where it moves or retreats, or where the move it supports goes
    via_convoy: bool
    target: PieceFacts | None  # the piece supported or convoyed
    succeeded: bool
    result: str  # the engine's result code: `moved`, `bounced`, `cut`, `void`...
    reason: str  # the engine's reason, when it gave one
    dislodged_from: str | None  # where the attack that dislodged the piece came from


@dataclass(frozen=True, slots=True)
class OrderLine:
    """An order as a report prints it, with its outcome."""

    text: str  # `A Par - Bur`
    tags: tuple[str, ...] = ()  # `bounce`, `dislodged`, `void`...
    note: str = ""  # why, when the reader needs to know (a void order's reason)
    failed: bool = False  # the order did not do what it asked (renderers may colour it)
    order: OrderFacts | None = None  # the same as facts, for programs (JSON only)


@dataclass(frozen=True, slots=True)
class PowerOrders:
    """A power's orders in a report."""

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
    """A dislodged piece in a report, with where it may retreat."""

    power: str
    unit: str  # `A Bur`
    retreats: tuple[str, ...]  # `Pic`, `Par`; empty: it must disband


@dataclass(frozen=True, slots=True)
class Correction:
    """A GM's correction, printed in the next report with its reason."""

    description: str
    reason: str


@dataclass(frozen=True, slots=True)
class CentreChange:
    """Who gained and who lost supply centres in this phase (centre names)."""

    power: str
    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    plural: bool = False  # the power's name takes a plural verb ("The Allies gain")


@dataclass(frozen=True, slots=True)
class Ownership:
    """One line of the year-end list of who owns which centres (`Unowned` for neutral ones)."""

    power: str
    centres: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AdjustmentLine:
    """A power's reckoning at the adjustment: `Austria: 5 supply centres, 3 units: builds 2.`
    (`Carthage: 8 supply centres worth 10, ...` where the centres are worth other than 8)."""

    power: str
    centres: float  # the supply: what the centres are worth (JSON `centres` since version 1)
    units: int
    change: float  # builds (+) or removals (-) due, in halves
    plural: bool = False  # "The Allies: ... build 2"
    centre_count: int | None = None  # how many centres; None: as many as their worth
    free: tuple[str, ...] = ()  # the pieces among `units` that need no supply: a leader's name,
    # or the piece (Delphi's offerings); the line counts them apart: `5 units and Hannibal`
    upkeep: float | None = None  # what the others need where some need a half (garrisons);
    # None: one each. From `supply_words.supply_counts`, as the table and the legend


@dataclass(frozen=True, slots=True)
class PowerCount:
    """A power's line of a report's supply table: centres, pieces, adjustment due."""

    power: str
    centres: float  # the supply: what the centres are worth (JSON `centres` since version 1)
    units: int
    adjustment: float | None  # builds (+) or removals (-) due next, in halves, if adjusting
    centre_count: int | None = None  # how many centres; None: as many as their worth
    free: tuple[str, ...] = ()  # the pieces among `units` that need no supply (a leader)
    upkeep: float | None = None  # what the others need where some need a half; None: one each


@dataclass(frozen=True, slots=True)
class Standing:
    """How close the leaders are to the variant's victory condition."""

    condition: str  # `18 supply centres`, `19 units`
    leaders: tuple[str, ...]  # the powers with the best score (ties share it)
    score: float
    short: float  # how much the leaders still need; 0 or less: the condition is met


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """Who played a power in the season reported (never their contact: that is the GM's)."""

    power: str
    name: str  # '' when nobody played it
    standby: bool = False


@dataclass(frozen=True, slots=True)
class MissedOrders:
    """A power that owed orders and sent none (an NMR), and how many times running."""

    power: str
    in_a_row: int = 1


@dataclass(frozen=True, slots=True)
class PressItem:
    """A letter of press as the report prints it: who signs it, and its lines as written."""

    author: str  # `France`, or `Anonymous` for grey press
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deadline:
    """The next deadline as a report prints it."""

    phase: str  # the phase the orders are for: `Autumn 601 BC`
    due: str  # `Saturday 5 December 2026, 18:00 GMT`, in the game's zone
    at: str | None = None  # the instant in UTC, ISO 8601, when a time was given
    zone: str = ""  # the game's zone the deadline is printed in (`Europe/London`)


@dataclass(slots=True)
class SeasonZine:
    """What the GM prints around the results, as stored (text not yet cleaned): the input of
    `build_report` alongside the results."""

    players: list[PlayerLine] = field(default_factory=list)
    missed: list[MissedOrders] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # GM notes, each as entered
    press: list[tuple[str, str]] = field(default_factory=list)  # (author, text as entered)
    deadline: Deadline | None = None


@dataclass(slots=True)
class SeasonReport:
    """A season's report as data, which every renderer prints the same way."""

    game: str
    variant: str
    phase: str  # the phase's name as gm reads it back: `Autumn 1901 Retreat`
    title_phase: str = ""  # the phase in the calendar's words, as every report writes it
    kind: str = "Movement"  # Movement, Retreat or Adjustment
    season: str = ""  # the season in the calendar's words: `Spring 1901`, `Summer 3000 (Third Age)`
    preview: bool = False
    corrections: list[Correction] = field(default_factory=list)
    orders: list[PowerOrders] = field(default_factory=list)
    unread: list[UnreadLine] = field(default_factory=list)
    dislodged: list[DislodgedLine] = field(default_factory=list)
    centre_changes: list[CentreChange] = field(default_factory=list)
    ownership: list[Ownership] = field(default_factory=list)  # after the year's last movement
    adjustments: list[AdjustmentLine] = field(default_factory=list)  # an adjustment's reckoning
    events: list[str] = field(default_factory=list)  # variant events and anything else
    eliminated: list[str] = field(default_factory=list)
    counts: list[PowerCount] = field(default_factory=list)
    standing: Standing | None = None
    next_phase: str | None = None  # as gm reads it back (`gm report --phase` takes it)
    next_title: str | None = None  # the same phase in the calendar's words
    result: str | None = None  # `Russia wins with 18 centres`, `Draw: England, France`
    colours: dict[str, str] = field(default_factory=dict)  # power name -> `#c8102e`
    players: list[PlayerLine] = field(default_factory=list)  # as the season was played
    missed: list[MissedOrders] = field(default_factory=list)  # NMRs
    notes: list[tuple[str, ...]] = field(default_factory=list)  # GM notes, line by line
    press: list[PressItem] = field(default_factory=list)
    deadline: Deadline | None = None  # when the orders for `next_phase` are due

    def player_of(self, power: str) -> PlayerLine | None:
        return next((p for p in self.players if p.power == power), None)

    def missed_by(self, power: str) -> MissedOrders | None:
        return next((m for m in self.missed if m.power == power), None)

    @property
    def heading(self) -> str:
        """`Movement results for Spring 1901.`: the line judge-reading tools look for."""
        return f"{self.kind} results for {self.season or self.phase}."
