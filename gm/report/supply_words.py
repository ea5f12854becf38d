"""How gm words a power's supply, in reports, `gm show` and the picture legend alike.

A supply is what a power's centres are worth (`rules.supply.by_power`); on most maps that is
their number, and the words are the judges' (`5 supply centres`). Where centres are worth other
than one (Diadochi V's double centres, Hoplite Wars' towns worth ½), a line says both, the
number first: `8 supply centres worth 10`; a table adds a `worth` column; a supply printed on
its own (a victory's target, a winner's count, the chart) says what it is:
`supply centres worth 20½`. The numbers come from the rules; this module only words them.

It also makes the one count of what a power's supply must keep (`supply_counts`), which the
report's supply table, the adjustment's reckoning and the picture's legend all print: the
pieces that need supply, apart from the free ones (a leader, Delphi's units: `3 units and
Hannibal`) and with what they need where some need a half (garrisons: `4 units needing 3`),
so that nobody reads "3 centres, 4 units" as a power over its supply.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gm.maps.gamemap import GameMap
from gm.notation import piece_shown
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
    `53 supply centres worth 42½` (each at its worth to any power, as
    `rules.supply.board_total`)."""
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


@dataclass(frozen=True, slots=True)
class SupplyCount:
    """A power's supply and what its pieces need of it: one count for every place that
    prints it (the supply table, the adjustment's reckoning, the picture's legend)."""

    centres: int  # how many centres supply the power
    supply: float  # what they are worth
    units: int  # every piece of the power on the board
    free: tuple[str, ...] = ()  # those that need no supply: a leader by name, else the piece
    upkeep: float | None = None  # what the others need (`RuleSet.upkeep`); None: one each

    @property
    def supplied(self) -> int:
        """How many pieces need supply."""
        return self.units - len(self.free)

    @property
    def needs(self) -> float:
        """What the pieces that need supply need: one each, a garrison ½."""
        return float(self.supplied) if self.upkeep is None else self.upkeep


def supply_counts(position, game_map: GameMap, rules) -> dict[str, SupplyCount]:
    """Each power with centres or pieces: its `SupplyCount` on this board, as the rules
    count supply (`rules.supply.by_power`) and upkeep (`RuleSet.upkeep`)."""
    supplies = rules.supply.by_power(position, game_map)
    held = rules.supply.centres_by_power(position, game_map)
    out = {}
    for power in game_map.powers:
        pieces = position.units_of(power)
        supply = supplies.get(power, 0.0)
        if not supply and not pieces:
            continue
        costs = [(u, rules.upkeep(u)) for u in pieces]
        free = tuple(u.name if u.is_leader and u.name else piece_shown(u)
                     for u, cost in costs if cost == 0)
        upkeep = sum(cost for _, cost in costs)
        out[power] = SupplyCount(len(held.get(power, ())), supply, len(pieces), free,
                                 None if upkeep == len(pieces) - len(free) else upkeep)
    return out


def units_words(count) -> str:
    """`3 units`, `1 unit`; `3 units and Hannibal` where pieces need no supply; `4 units
    needing 3` where some need a half (garrisons): the count a power's centres must keep.
    `count` is a `SupplyCount`, or a report line with its `units`, `free` and `upkeep`."""
    supplied = count.units - len(count.free)
    words = f"{supplied} unit{'' if supplied == 1 else 's'}"
    if count.upkeep is not None:
        words += f" needing {amount(count.upkeep)}"
    if not count.free:
        return words
    parts = [words, *count.free]
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def units_cell(count) -> str:
    """The units column of a supply table: `3`, `3 + Hannibal`, `4 (needs 3)` (`count` as
    for `units_words`)."""
    cell = str(count.units - len(count.free))
    if count.upkeep is not None:
        cell += f" (needs {amount(count.upkeep)})"
    return " + ".join([cell, *count.free])


def count_words(count: SupplyCount, noun: str = "supply centre") -> str:
    """`3 supply centres, 3 units and Hannibal` (`noun` `centre` for a legend's short line)."""
    return f"{centres_words(count.centres, count.supply, noun)}, {units_words(count)}"
