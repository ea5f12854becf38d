"""Support: to hold (`A Par S A Bur`) or to move (`F Nth S A Yor - Nwy`). A unit supports only
into a province it could move to itself."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gm.maps.gamemap import GameMap, province_of
from gm.orders.errors import NOT_ADJACENT
from gm.orders.kinds.board import a_kind, place_name, refused
from gm.orders.kinds.move import fleet_spots, leader_reaches
from gm.orders.kinds.order_kind import (
    MOVEMENT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
    Words,
    show_location,
    unit_label,
)
from gm.orders.kinds.phase_parts import MovementPlanner


@dataclass(frozen=True, slots=True)
class _Support(Order):
    """What both supports name: the supported unit."""

    target_kind: str | None
    target: str
    target_strength: float | None = field(default=None, kw_only=True)
    target_leader: str | None = field(default=None, kw_only=True)

    def target_text(self) -> str:
        return unit_label(self.target_kind, self.target, self.target_strength,
                          self.target_leader)

    def units_named(self):
        yield self.unit_kind, self.strength, self.leader
        yield self.target_kind, self.target_strength, self.target_leader


class SupportHold(_Support):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def tail(self) -> str:
        return f" S {self.target_text()}"


@dataclass(frozen=True, slots=True)
class SupportMove(_Support):
    """A piece supports the move of `target` to `dest`."""

    dest: str

    def tail(self) -> str:
        return f" S {self.target_text()} - {show_location(self.dest)}"


def read_support_hold(b, written, target) -> Order:
    unit, other = b.unit(written), b.unit(target, own=False)
    b.spots["dest"] = target.column
    return SupportHold(b.power, unit.kind, unit.location, other.kind, other.location,
                       target_strength=other.strength, target_leader=other.leader,
                       **b.common(unit))


def read_support_move(b, written, target, dest) -> Order:
    unit, other = b.unit(written), b.unit(target, own=False)
    b.spots["dest"] = dest.name.column
    return SupportMove(b.power, unit.kind, unit.location, other.kind, other.location,
                       b.location(dest, other.kind), target_strength=other.strength,
                       target_leader=other.leader, **b.common(unit))


def _reaches(kind: str, location: str, province: str, game_map: GameMap) -> bool:
    if kind == "F":
        return any(game_map.can_reach(True, spot, province)
                   for spot in fleet_spots(location, game_map))
    return game_map.can_reach(False, location, province)


def support_problem(kind: str, location: str, target: str, dest: str | None,
                    game_map: GameMap, occupied=None) -> Problem | None:
    """Can the unit give this support: to hold `target`, or to move from `target` to `dest`?
    `occupied` (provinces with a unit) is the board, when there is one. What does not depend
    on the board is remembered per map, as a move's check is (`move.move_check`)."""
    target_prov = province_of(target)
    if target_prov == province_of(location):
        return Problem("a unit cannot support itself", "Support another unit.", focus="dest")
    if occupied is not None and target_prov not in occupied:
        return Problem(f"there is no unit in {place_name(game_map, target_prov)} to support",
                       "Check where the supported unit stands.", focus="dest")
    key = ("support", kind, location, target_prov, dest, occupied is not None)
    known = game_map.move_checks.get(key, False)
    if known is False:
        known = game_map.move_checks[key] = _support_on_map(kind, location, target_prov, dest,
                                                            game_map, occupied is not None)
    return known


def _support_on_map(kind: str, location: str, target_prov: str, dest: str | None,
                    game_map: GameMap, exact: bool) -> Problem | None:
    own = province_of(location)
    into = province_of(dest) if dest is not None else target_prov
    if dest is not None:
        if into == target_prov:
            return Problem("a supported move must go to another province", focus="dest")
        if into == own:
            return Problem("a unit cannot support a move into its own province", focus="dest")
    if into not in game_map.provinces:
        return refused(f"unknown province {into!r}", "Name a province of this map.",
                       NOT_ADJACENT, "dest")
    fleet = kind == "F"
    if kind == "L":  # a leader supports wherever it could move
        reaches = leader_reaches(location, into, game_map)
    elif kind in ("A", "F", "A/F"):
        reaches = game_map.can_reach(fleet, location, into) if exact \
            else _reaches("F" if fleet else "A", location, into, game_map)  # exact on a board
    else:
        reaches = True
    if not reaches:
        return refused(f"{a_kind(kind)} in {place_name(game_map, location)} cannot reach "
                       f"{place_name(game_map, into)}, so it cannot support there",
                       "A unit supports only into provinces it could move to itself.",
                       NOT_ADJACENT, "dest")
    return None


def check_support(order, kind, location, position, game_map: GameMap,
                  rules=None) -> Problem | None:
    if not order.target or kind not in ("A", "F", "L") or not location:
        return None
    occupied = {u.province for u in position.units} if position is not None else None
    dest = order.dest if isinstance(order, SupportMove) else None
    return support_problem(kind, location, order.target, dest, game_map, occupied)


def place_target(order: Order, pieces) -> Order:
    """The order with the place of the leader it supports by name alone (`F Ion S Scipio`)
    filled from the board; unchanged when that leader is not on it."""
    leader = getattr(order, "target_leader", None)
    if not leader or getattr(order, "target", "x"):
        return order
    found = next((u for u in pieces if u.name == leader), None)
    return order if found is None else replace(order, target=found.location)


def plan_support_hold(order: SupportHold, i: int, planner: MovementPlanner) -> Problem | None:
    """Its part in a movement phase: the piece supports the one named where it stands (the
    phase matches it to what that piece does)."""
    unit = planner.units[i]
    if order.target_leader:
        order = place_target(order, planner.units)
    problem = support_problem(unit.kind, unit.location, order.target, None, planner.map,
                              planner.by_province)
    if problem is None:
        planner.support_hold(i, planner.named(order.target, order.target_leader,
                                              order.target_kind))
    return problem


def plan_support_move(order: SupportMove, i: int, planner: MovementPlanner) -> Problem | None:
    """Its part in a movement phase: the piece supports the one named moving to `dest`."""
    unit = planner.units[i]
    if order.target_leader:
        order = place_target(order, planner.units)
    problem = support_problem(unit.kind, unit.location, order.target, order.dest, planner.map,
                              planner.by_province)
    if problem is None:
        planner.support_move(i, planner.named(order.target, order.target_leader,
                                              order.target_kind), order.dest)
    return problem


def sketch_support_hold(order: SupportHold) -> tuple[Sketch, ...]:
    return (Sketch(Shape.SUPPORT_HOLD, target=province_of(order.target)),)


def sketch_support_move(order: SupportMove) -> tuple[Sketch, ...]:
    return (Sketch(Shape.SUPPORT_MOVE, target=province_of(order.target), dest=order.dest),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("supports?",), signs=("s", "supports?"))

KINDS = (
    OrderKind(SupportHold, "a support", (MOVEMENT,), reads={"support_hold": read_support_hold},
              check=check_support, in_movement=plan_support_hold,
              sketch=sketch_support_hold, full_words={"S": "SUPPORT"},
              words=WORDS),
    OrderKind(SupportMove, "a support", (MOVEMENT,), reads={"support_move": read_support_move},
              check=check_support, in_movement=plan_support_move,
              sketch=sketch_support_move, full_words={"S": "SUPPORT"},
              words=WORDS),
)
