"""Move: `A Par - Bur`, `A Lon - Bel via convoy`. Its board check (`move_check`) is what the
map says of a move; the engine keeps each answer in `GameMap.move_checks`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.orders.errors import NOT_ADJACENT
from gm.orders.kinds.board import a_kind, place_name, rule_citing
from gm.orders.kinds.order_kind import (
    MOVEMENT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
    Words,
    show_location,
)
from gm.orders.kinds.phase_parts import MovementPlanner
from gm.rule_catalogue import named


@dataclass(frozen=True, slots=True)
class Move(Order):
    """A piece moves to `dest`, by convoy if the order says so (`via_convoy`)."""

    dest: str
    via_convoy: bool = False

    def tail(self) -> str:
        return f" - {show_location(self.dest)}{' via convoy' if self.via_convoy else ''}"


def read_move(b, written, dest, via: bool = False) -> Order:
    unit = b.unit(written)
    if dest.kind is not None:  # `A(Tyr)-F(Tyr)`: a change of kind, or a kind repeated
        return b.kind_change(unit, written, dest, via)
    b.spots["dest"] = dest.column
    return Move(b.power, unit.kind, unit.location, b.location(dest.place, unit.kind), via,
                **b.common(unit))


def read_route(b, written, *places) -> Order:
    """`A Lvp-NAT-NWY`: a convoyed move written with the seas it crosses (judge style)."""
    *route, dest = places
    return _convoyed(b, written, route, dest)


def read_through(b, written, dest, *route) -> Order:
    """`A Lvp - Nwy via Nth`: a convoyed move naming its seas."""
    return _convoyed(b, written, route, dest)


def _convoyed(b, written, route, dest) -> Order:
    """The move by convoy; the seas named are noted, since any route of convoying fleets
    will do. A route through land is refused: that is no convoy."""
    unit = b.unit(written)
    seas = [b.location(place, None).split("/")[0] for place in route]
    land = [p for p in seas if not b.map.provinces[p].convoys]
    if land:
        names = ", ".join(b.map.provinces[p].name for p in land)
        raise b.fail(f"{names} is not a sea a fleet could convoy through",
                     route[0].name.column, "A unit moves one province at a time; a route "
                     "names only the seas of a convoy ('A Lvp - Nwy via Nth').")
    b.spots["dest"] = dest.name.column
    through = ", ".join(show_location(p) for p in seas)
    b.notes.append(f"by convoy through {through}: any route of convoying fleets will do")
    return Move(b.power, unit.kind, unit.location, b.location(dest, unit.kind), True,
                **b.common(unit))


class MoveCheck(NamedTuple):
    """What the map says of a move: its problem, the location it goes to, whether only a
    convoy can take it there. It depends on the map alone, so `GameMap.move_checks` keeps it."""

    problem: Problem | None
    dest: str | None
    needs_convoy: bool


def fleet_spots(location: str, game_map: GameMap) -> list[str]:
    """Where a fleet said to be at `location` may stand (each coast if none was given)."""
    if coast_of(location) or province_of(location) not in game_map.provinces:
        return [location]
    return list(game_map.locations(location))


def leader_reaches(location: str, province: str, game_map: GameMap) -> bool:
    """A leader (kind `L`) goes along its province's army links and fleet links alike, bridges
    and passages included, but never by convoy."""
    if game_map.army_can_move(location, province):
        return True
    return any(game_map.fleet_destinations(s, province) for s in fleet_spots(
        province_of(location), game_map) if s in game_map.fleet_adj)


def move_check(kind: str, location: str, dest: str, via_convoy: bool, game_map: GameMap,
               retreat: bool = False) -> MoveCheck:
    """Whether a unit of `kind` at `location` can move (or retreat) to `dest` on this map;
    not whether it will succeed. Remembered per map."""
    key = (kind, location, dest, via_convoy, retreat)
    known = game_map.move_checks.get(key)
    if known is None:
        known = game_map.move_checks[key] = _move_on_map(kind, location, dest, via_convoy,
                                                         game_map, retreat)
    return known


def _move_on_map(kind: str, location: str, dest: str, via_convoy: bool, game_map: GameMap,
                 retreat: bool) -> MoveCheck:
    def fail(message: str, hint: str = "", refused: bool = True) -> MoveCheck:
        return MoveCheck(Problem(message, hint, NOT_ADJACENT, "dest", refused), None, False)

    dest_prov = province_of(dest)
    target = game_map.provinces.get(dest_prov)
    if target is None:
        return fail(f"unknown province {dest_prov!r}", "Name a province of this map.")
    here = place_name(game_map, location)
    if target.kind == "impassable":
        return fail(impassable_problem(target, game_map), "No unit may enter it.")
    if dest_prov == province_of(location):
        return fail(f"a unit cannot {'retreat' if retreat else 'move'} to the province it is in",
                    "Name a neighbouring province.")
    if kind == "F":
        if target.kind == "land":
            return fail(f"a fleet cannot go inland to {target.name}",
                        "Fleets move along coasts and across seas.")
        if via_convoy:
            return fail("only armies can be convoyed", "Write the move without 'via convoy'.",
                        refused=False)
        spots = fleet_spots(location, game_map)
        if coast_of(dest):
            reach = [dest] if any(game_map.fleet_can_move(s, dest) for s in spots) else []
        else:
            reach = sorted({r for s in spots for r in game_map.fleet_destinations(s, dest_prov)})
        if not reach and game_map.bridge_sea(location, dest_prov) is not None:
            return fail(f"{rule_citing('land_bridges', game_map)}a fleet cannot cross the land bridge from "
                        f"{here} to {target.name}",
                        "Land bridges are for armies; a fleet goes round by sea.")
        if not reach:
            return fail(f"a fleet in {here} cannot reach {target.name}"
                        + (f" ({coast_of(dest)})" if coast_of(dest) else ""),
                        "Fleets move to a neighbouring sea or coast.")
        if len(reach) > 1:
            coasts = ", ".join(show_location(r) for r in reach)
            return fail(f"say which coast of {target.name}: {coasts}",
                        f"Write the coast: '{reach[0]}'.", refused=False)
        return MoveCheck(None, reach[0], False)
    if kind == "L":
        if via_convoy:
            return fail(f"{rule_citing('leaders', game_map)}a leader is never convoyed", "Write the move without 'via convoy'.")
        if leader_reaches(location, dest_prov, game_map):
            return MoveCheck(None, dest_prov, False)
        return fail(f"{target.name} is not next to {here}",
                    "A leader goes to a neighbouring province, by land or by sea.")
    if kind not in ("A", "A/F"):
        return fail(f"{a_kind(kind)} cannot move", "Only armies and fleets move.")
    if target.kind == "sea":
        return fail(f"an army cannot move into {target.name}, which is a sea",
                    "Armies cross the sea only by convoy, to a coast.")
    if target.kind not in ("land", "coast"):
        return fail(f"an army cannot move to {target.name}, which is {target.kind}",
                    "Name a province on land.")
    if game_map.army_can_move(province_of(location), dest_prov):
        return MoveCheck(None, dest_prov, False)
    start = game_map.provinces.get(province_of(location))
    if not retreat and start is not None and start.kind == "coast" and target.kind == "coast":
        return MoveCheck(None, dest_prov, True)
    return fail(f"{target.name} is not next to {here}",
                "A retreat goes to a neighbouring province." if retreat else
                "An army moves to a neighbouring province, or by convoy between coasts.")


def impassable_problem(target, game_map: GameMap) -> str:
    """`rule 6 (impassable spaces): Britain is impassable`, naming the map's rule if it has one."""
    rule = named("impassable", game_map.rules or {})
    return f"{rule + ': ' if rule else ''}{target.name} is impassable"


def convoy_chain_problem(origin: str, dest: str, units, game_map: GameMap) -> Problem | None:
    """An army's move from `origin` to `dest` that only a convoy can make: is there a chain of
    fleets at sea, whatever their orders, from the one to the other? If not, the order is
    illegal and the army holds (DATC 6.D.32)."""
    at_sea = {u.province for u in units
              if u.kind == "F" and game_map.provinces[u.province].convoys}
    seen = set(game_map.sea_neighbours(origin) & at_sea)
    todo = list(seen)
    while todo:
        here = todo.pop()
        if here in game_map.sea_neighbours(dest):
            return None
        for nxt in game_map.sea_neighbours(here):
            if nxt in at_sea and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return Problem(f"{place_name(game_map, dest)} is not next to {place_name(game_map, origin)} "
                   "and no fleets stand at sea between them to convoy the army",
                   "Order fleets at sea to convoy it, or move it by land.", focus="dest")


def check_move(order: Move, kind, location, position, game_map: GameMap,
               rules=None) -> Problem | None:
    if kind not in ("A", "F", "G", "L") or not location:
        return None
    known = move_check(kind, location, order.dest, order.via_convoy, game_map)
    if known.needs_convoy and known.problem is None and position is not None:
        return convoy_chain_problem(province_of(location), province_of(known.dest),
                                    position.units, game_map)
    return known.problem


def plan_move(order: Move, i: int, planner: MovementPlanner) -> Problem | None:
    """Its part in a movement phase: the piece moves if the map lets it (not: if it will
    succeed; a convoy's chain is the phase's to find)."""
    unit = planner.units[i]
    problem, dest, needs_convoy = move_check(unit.kind, unit.location, order.dest,
                                             order.via_convoy, planner.map)
    if problem is None:
        planner.move(i, dest, order.via_convoy, needs_convoy)
    return problem


def sketch_move(order: Move) -> tuple[Sketch, ...]:
    return (Sketch(Shape.MOVE, dest=order.dest),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("moves?",), signs=("moves?",))

KINDS = (OrderKind(Move, "a move", (MOVEMENT,), reads={"move": read_move, "move_route": read_route,
                                                     "move_through": read_through},
                   check=check_move, in_movement=plan_move, sketch=sketch_move,
                   full_words={"-": "->"},
                   words=WORDS),)
