"""Read a pasted letter or email into orders: every line is an order, rejected, or ignored.

Nothing is dropped silently: lines that are not orders (greetings, signatures) come back as
ignored with a reason, so the GM sees them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm.maps.gamemap import GameMap
from gm.orders.parse import OrderError, parse_order
from gm.orders.types import Order

_HEADER = re.compile(r"^\s*(?:orders\s+for\s+)?(?P<name>[A-Za-z][A-Za-z .'-]*?)\s*[:\-]?\s*$",
                     re.I)
_NUMBERING = re.compile(r"^\s*(?:\d+[.)]|[a-z][.)])\s+", re.I)
_LOOKS_LIKE_ORDER = re.compile(
    r"^\s*(?:\d*(?:a|f|g|army|fleet)\b|a/f\b|build|remove|disband|waive)", re.I)


@dataclass(frozen=True, slots=True)
class ReadOrder:
    line: int
    text: str
    power: str | None
    order: Order


@dataclass(frozen=True, slots=True)
class RejectedLine:
    line: int
    text: str
    power: str | None
    error: OrderError


@dataclass(frozen=True, slots=True)
class IgnoredLine:
    line: int
    text: str
    reason: str


@dataclass
class Letter:
    orders: list[ReadOrder] = field(default_factory=list)
    rejected: list[RejectedLine] = field(default_factory=list)
    ignored: list[IgnoredLine] = field(default_factory=list)


def read_orders(text: str, game_map: GameMap, power: str | None = None) -> Letter:
    """Read every line of `text`. `power` is the sender if known; headers may change it."""
    letter = Letter()
    current = power
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        while line.startswith(">"):
            line = line[1:].strip()
        header = _HEADER.match(line)
        if header and game_map.power_id(header.group("name")):
            current = game_map.power_id(header.group("name"))
            continue
        prefix, sep, rest = line.partition(":")
        if sep and game_map.power_id(prefix):
            current, line = game_map.power_id(prefix), rest.strip()
        line = _NUMBERING.sub("", line)
        for part in (p.strip() for p in re.split(r";", line)):
            if not part:
                continue
            try:
                letter.orders.append(ReadOrder(no, part, current, parse_order(part, game_map,
                                                                               current)))
            except OrderError as exc:
                if _LOOKS_LIKE_ORDER.match(part):
                    letter.rejected.append(RejectedLine(no, part, current, exc))
                else:
                    letter.ignored.append(IgnoredLine(no, part, "not an order"))
    return letter
