"""The season report as data: everything a renderer prints, already worded and in order.

Renderers (plain text now; rich and markdown later) only lay these out; none of them looks at
the engine, the store or the map.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class OrderLine:
    text: str  # `A Par - Bur`
    tags: tuple[str, ...] = ()  # `bounce`, `dislodged`, `void`...
    note: str = ""  # why, when the GM needs to know (a void order's reason)


@dataclass(frozen=True, slots=True)
class PowerOrders:
    power: str  # `France`
    lines: tuple[OrderLine, ...]


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
class PowerCount:
    power: str
    centres: float
    units: int
    adjustment: int | None  # builds (+) or removals (-) due next, when an adjustment follows


@dataclass(slots=True)
class SeasonReport:
    game: str
    variant: str
    phase: str  # `Spring 1901`
    preview: bool = False
    corrections: list[Correction] = field(default_factory=list)
    orders: list[PowerOrders] = field(default_factory=list)
    dislodged: list[DislodgedLine] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    counts: list[PowerCount] = field(default_factory=list)
    next_phase: str | None = None
    result: str | None = None  # `Russia wins with 18 centres`, `Draw: England, France`
