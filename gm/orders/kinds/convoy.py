"""Convoy: a fleet at sea carries an army (`F Nth C A Lon - Nwy`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.maps.gamemap import GameMap, province_of
from gm.orders.errors import NOT_ADJACENT, WRONG_KIND
from gm.orders.kinds.board import place_name, refused, rule_citing
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
class Convoy(Order):
    """A fleet convoys the army `target` to `dest`."""

    target_kind: str | None
    target: str
    dest: str
    target_strength: float | None = field(default=None, kw_only=True)

    def tail(self) -> str:
        target = unit_label(self.target_kind, self.target, self.target_strength)
        return f" C {target} - {show_location(self.dest)}"


def read_convoy(b, written, target, dest) -> Order:
    unit, other = b.unit(written), b.unit(target, own=False)
    if other.leader:
        raise b.fail(f"{rule_citing('leaders', b.map)}a convoy carries an army, not a "
                     "leader", target.column)
    return Convoy(b.power, unit.kind, unit.location, other.kind, other.location,
                  b.province(dest), target_strength=other.strength, **b.common(unit))


def convoy_problem(kind: str | None, location: str, army_kind: str | None, army_at: str,
                   dest: str, game_map: GameMap, board: bool) -> Problem | None:
    """Can this fleet convoy the army at `army_at` to `dest`? `army_kind` is the kind of the
    unit standing there (None if there is none) when `board` is true."""
    if kind == "L":
        return refused(f"{rule_citing('leaders', game_map)}a leader never convoys",
                       "Order a fleet at sea to convoy.", WRONG_KIND)
    if kind not in ("F", None):
        return refused("only fleets convoy", "Order a fleet at sea to convoy.", WRONG_KIND)
    province = game_map.provinces.get(province_of(location))
    if province is not None and not province.convoys:
        if province.canal:
            cite = f"rule {province.rule}: " if province.rule else ""
            return refused(f"{cite}a fleet in {province.name} cannot convoy: fleets only pass "
                           "through its coast", "Only fleets at sea convoy.", NOT_ADJACENT)
        return refused(f"a fleet in {province.name} cannot convoy: it is not at sea",
                       "Only fleets at sea convoy.", NOT_ADJACENT)
    if board:
        if army_kind is None:
            return Problem(f"there is no unit in {place_name(game_map, army_at)} to convoy",
                           "Check where the army stands.", focus="dest")
        if army_kind != "A":
            return Problem("only armies can be convoyed", "Convoy an army.", focus="dest")
    goal = province_of(dest)
    if goal not in game_map.provinces:
        return refused(f"unknown province {goal!r}", "Name a province of this map.",
                       NOT_ADJACENT, "dest")
    if province is not None and not (province.id in game_map.convoy_reach(province_of(army_at))
                                     and province.id in game_map.convoy_reach(goal)):
        return Problem(f"no convoy from {place_name(game_map, army_at)} to "
                       f"{place_name(game_map, goal)} can pass through {province.name}",
                       "Convoy through seas between the army and its goal.", focus="dest")
    return None


def check_convoy(order: Convoy, kind, location, position, game_map: GameMap,
                 rules=None) -> Problem | None:
    army = None
    if position is not None:
        army = next((u.kind for u in position.units
                     if u.province == province_of(order.target)), None)
    return convoy_problem(kind, location, army, order.target, order.dest, game_map,
                          position is not None)


def plan_convoy(order: Convoy, i: int, planner: MovementPlanner) -> Problem | None:
    """Its part in a movement phase: the fleet convoys the army named (the phase matches it to
    that army's move and finds the route)."""
    unit = planner.units[i]
    army = planner.named(order.target, None, "A")
    problem = convoy_problem(unit.kind, unit.location,
                             planner.units[army].kind if army >= 0 else None, order.target,
                             order.dest, planner.map, True)
    if problem is None:
        planner.convoy(i, army, province_of(order.dest))
    return problem


def sketch_convoy(order: Convoy) -> tuple[Sketch, ...]:
    return (Sketch(Shape.CONVOY, target=province_of(order.target), dest=order.dest),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("convoys?",), signs=("c", "convoys?"))

KINDS = (OrderKind(Convoy, "a convoy", (MOVEMENT,), reads={"convoy": read_convoy},
                   check=check_convoy, in_movement=plan_convoy, sketch=sketch_convoy,
                   full_words={"C": "CONVOY"},
                   words=WORDS),)
