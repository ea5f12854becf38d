"""How gm words a power's supply, in reports, `gm show` and the picture legend alike.

A supply is what a power's centres are worth (`RuleSet.supplies`); on most maps that is their
number, and the words are the judges' (`5 supply centres`). Where centres are worth other
than one (Diadochi V's double centres, Hoplite Wars' towns worth ½), a line says both, the
number first: `8 supply centres worth 10`; a table adds a `worth` column; a supply printed on
its own (a victory's target, a winner's count, the chart) says what it is:
`supply centres worth 20½`. The numbers come from the rules; this module only words them.
"""

from __future__ import annotations

from collections.abc import Iterable

from gm.maps.gamemap import GameMap
from gm.orders.kinds.build import amount

SUPPLY_CENTRES = "supply centres"
WORTH = "worth"  # the word between a number of centres and their worth, and the column
SUPPLY_WORTH = "worth of supply centres"  # what a chart of supplies counts on such maps


def centres_words(count: float | None, supply: float, noun: str = "supply centre") -> str:
    """`5 supply centres`, `1 supply centre`; `8 supply centres worth 10` where the centres
    are worth other than their number (`count` None: as many as their worth)."""
    count = supply if count is None else count
    words = f"{amount(count)} {noun}{'' if count == 1 else 's'}"
    return words if count == supply else f"{words} {WORTH} {amount(supply)}"


def board_centres(game_map: GameMap) -> str:
    """A map's centres as `gm variants` lists them: `34 supply centres`, or
    `53 supply centres worth 42½` (each at its worth to any power, as `RuleSet.board_supply`)."""
    centres = game_map.centres
    return centres_words(len(centres), sum(game_map.provinces[c].supply for c in centres))


def worth_differs(rows: Iterable[tuple[float | None, float]]) -> bool:
    """Does any (count, supply) pair differ, so that a table needs a `worth` column?"""
    return any(count is not None and count != supply for count, supply in rows)


def supply_amount(value: float, worth_one: bool) -> str:
    """A supply on its own, as a victory's target or a winner's count: `18 supply centres`;
    on a map whose centres are not all worth one (`GameMap.centres_worth_one`),
    `supply centres worth 20½`."""
    if worth_one:
        return f"{amount(value)} {SUPPLY_CENTRES}"
    return f"{SUPPLY_CENTRES} {WORTH} {amount(value)}"


def majority_words(count: int, total: float, worth_one: bool) -> str:
    """A majority victory's target: `more than half of the 34 supply centres`, or where
    centres are not all worth one, `more than half the worth of the 52 supply centres (42½)`."""
    if worth_one:
        return f"more than half of the {amount(total)} {SUPPLY_CENTRES}"
    return f"more than half the {WORTH} of the {count} {SUPPLY_CENTRES} ({amount(total)})"


def supplies_counted(worth_one: bool) -> str:
    """What a chart of supplies counts: `supply centres`, or their worth."""
    return SUPPLY_CENTRES if worth_one else SUPPLY_WORTH
