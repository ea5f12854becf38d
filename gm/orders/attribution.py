"""Whose order a line is, where one player plays several powers (the map's `player`).

A player is one person: a letter for one of the player's powers may order the pieces, builds
and removals of all of them (Hoplite Wars: `ATHENS: 2F(Athens), A(Marathon) and A(Anactorium)`
places Anactorium's army too). Each order goes to the power whose piece it commands, or whose
build site it builds on; it is never guessed:
- an order the letter's own power can give stays its own (a build on a site both powers may
  use, a mixed multiple holding the power's pieces);
- else the one other power of the player whose piece (or site) it is takes it;
- else (no such power, or several) it stays the letter's, and the legality check says why it
  cannot be placed. A piece of another player stays another player's: no order gives it away.

`attributed` is asked by the legality check (so intake stores the order under its power) and
by the engine for every order it adjudicates, so both give the same verdict.

The player is also who gives a piece its order (`ordering_side`): in movement and retreats a
later order for the same piece from the same player replaces the earlier one, under whichever
of the player's headings each was written (the engine gives a multiple the later order too);
in adjustments each power keeps its own orders (Hoplite Wars rule 5: a Minor State is an
independent power for adjustments, with its own builds and removals).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from gm.calendar import ADJUSTMENT, RETREAT
from gm.maps.gamemap import GameMap, province_of
from gm.orders.kind_registry import kind_of

if TYPE_CHECKING:
    from gm.orders.kinds.build import Build
    from gm.orders.kinds.order_kind import Order


def attributed(order: Order, position, game_map: GameMap, phase_kind: str | None = None,
               rules=None) -> Order:
    """The order under the power of its player's it is for (see the module's docstring);
    unchanged where the map has no players, or the order is the letter's power's own."""
    power = order.power
    if rules is None or not rules.sides or not power or power not in game_map.powers:
        return order
    mates = [p for p in game_map.powers if p != power and rules.side(p) == rules.side(power)]
    if not mates:
        return order
    from gm.orders.kinds.build import Build  # only maps whose players hold several powers

    kind_decl = kind_of(order)
    if isinstance(order, Build):
        owner = _site_power(order, power, mates, position, game_map, rules)
    elif (kind_decl is None or kind_decl.on_unit) and position is not None \
            and getattr(order, "location", ""):
        owner = _piece_power(order, power, mates, position, game_map, phase_kind)
    else:
        return order
    return order if owner in (None, power) else replace(order, power=owner)


def _piece_power(order: Order, power: str, mates: list[str], position, game_map: GameMap,
                 phase_kind: str | None) -> str | None:
    """The power whose piece the order commands: the letter's if it has such a piece there,
    else the one other power of the player that has (or, failing that, the one that has any
    piece there, so that its own check says what is wrong); None when it is not one power."""
    from gm.orders.kinds.board import find_unit  # only maps whose players hold several powers
    from gm.orders.kinds.retreat import Retreat

    retreating = phase_kind == RETREAT or isinstance(order, Retreat)
    pieces = [d.unit for d in position.dislodged] if retreating else position.units

    def fits(who: str) -> bool:
        return find_unit(who, order.unit_kind, order.location, order.strength, order.leader,
                         pieces, game_map, retreating)[1] is None

    if fits(power):
        return power
    found = [p for p in mates if fits(p)]
    if found:
        return found[0] if len(found) == 1 else None
    where = province_of(order.location)
    here = {u.power for u in pieces if u.province == where}
    if power in here:
        return power
    holders = here & set(mates)
    return holders.pop() if len(holders) == 1 else None


def _site_power(order: Build, power: str, mates: list[str], position, game_map: GameMap,
                rules) -> str | None:
    """The power a build is for: the letter's where it may build there; else the one other
    power of the player that may (or owns the site); without a board, whose home it is."""
    prov = order.province
    if position is None:
        homes = [p for p in (power, *mates) if prov in game_map.powers[p].home]
        return homes[0] if len(homes) == 1 else None
    if prov in (rules.build_sites(power, position, game_map) or ()):
        return power
    found = [p for p in mates if prov in (rules.build_sites(p, position, game_map) or ())]
    if found:
        return found[0] if len(found) == 1 else None
    owner = position.owners.get(prov)
    return owner if owner in mates else None


def ordering_side(power: str | None, phase_kind: str | None, rules=None) -> str | None:
    """Whose orders to one piece replace each other, for an order of `power` in a phase of
    `phase_kind`: the player (the map's `player`, `rules.side`) in movement and retreats, where
    a piece, or a multiple mixing the player's powers, takes one order; the power itself in
    adjustments, and on a map where every player plays one power."""
    if power is None or rules is None or not rules.sides or phase_kind == ADJUSTMENT:
        return power
    return rules.side(power)


def provinces_ordered(orders: Iterable[tuple[str | None, object]], phase_kind: str | None,
                      rules=None) -> dict[str | None, set[str]]:
    """The provinces where each side (`ordering_side`) has given an order, from (the power it
    was given under, the order) pairs: a piece standing there has its order, whichever of its
    player's powers the order was given under (a multiple mixing them takes one order)."""
    given: dict[str | None, set[str]] = {}
    for power, order in orders:
        location = getattr(order, "location", "") or ""
        given.setdefault(ordering_side(power, phase_kind, rules), set()).add(
            province_of(location))
    return given
