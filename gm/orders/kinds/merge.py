"""Merge: units become one multiple unit (Multiplicity II R3, Hoplite Wars 3), and the
support of a merge by a unit that does not take part."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gm.maps.gamemap import GameMap, province_of
from gm.orders.kinds.board import find_unit
from gm.orders.kinds.move import move_check
from gm.orders.kinds.order_kind import (
    MOVEMENT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
    UnitRef,
    Words,
    show_location,
    unit_label,
)
from gm.orders.kinds.phase_parts import MovementPlanner
from gm.orders.kinds.support import support_problem


@dataclass(frozen=True, slots=True)
class Merge(Order):
    """`A(Mar) & A(Pic) MERGE 2A(Bur)`: this unit is the first named; `partners` are the others.
    `merged_kind` and `merged_strength` are the resulting unit as written, if written."""

    dest: str
    merged_kind: str | None = None
    merged_strength: float | None = field(default=None, kw_only=True)
    partners: tuple[UnitRef, ...] = field(default=(), kw_only=True)

    def commands(self) -> tuple[str, ...]:
        return (self.province, *(province_of(p[1]) for p in self.partners))

    def units_named(self):
        yield self.unit_kind, self.strength, self.leader
        yield self.merged_kind, self.merged_strength, None
        for kind, _, strength in self.partners:
            yield kind, strength, None

    def each(self) -> tuple[Merge, ...]:
        """One merge order per unit taking part, each without partners."""
        own = replace(self, partners=())
        return (own, *(replace(self, unit_kind=kind, location=location, strength=strength,
                               partners=()) for kind, location, strength in self.partners))

    def __str__(self) -> str:
        units = " & ".join([self.unit_text(), *(unit_label(*p) for p in self.partners)])
        return f"{units} merge {unit_label(self.merged_kind, self.dest, self.merged_strength)}"


@dataclass(frozen=True, slots=True)
class SupportMerge(Order):
    """Support a merge into `dest` without taking part (`A Par S MERGE Bur`)."""

    dest: str

    def tail(self) -> str:
        return f" S merge {show_location(self.dest)}"


def read_merge(b, *items) -> Order:
    *parts, dest = items
    units = [b.unit(u) for u in parts]
    for u, w in zip(units, parts, strict=True):
        if u.leader:
            raise b.fail(f"{u.leader} is a leader and cannot merge", w.column)
    if dest.place is None:
        raise b.fail("say where the units merge ('A Mar & A Pic merge 2A Bur')", dest.column)
    first = units[0]
    partners = tuple(UnitRef(u.kind, u.location, u.strength) for u in units[1:])
    seen = [province_of(u.location) for u in units]
    if len(set(seen)) < len(seen):
        raise b.fail("the same unit is named twice in the merge", None)
    merged_kind, merged_strength = b.kind(dest.kind, dest.strength)
    return Merge(b.power, first.kind, first.location, b.province(dest.place), merged_kind,
                 merged_strength=merged_strength, partners=partners, strength=first.strength)


def read_support_merge(b, written, dest) -> Order:
    unit = b.unit(written)
    return SupportMerge(b.power, unit.kind, unit.location, b.province(dest), **b.common(unit))


def check_merge(order: Merge, kind, location, position, game_map: GameMap,
                rules=None) -> Problem | None:
    """Every partner must be on the board, of the kind written, and the power's or its
    player's (a Major merges with its Minor's piece: they are one side)."""
    if position is None:
        return None
    mates = [p for p in game_map.powers if p != order.power
             and rules.side(p) == rules.side(order.power or "")] \
        if rules is not None and rules.sides else []
    for p_kind, p_location, p_strength in order.partners:
        _, problem = find_unit(order.power, p_kind, p_location, p_strength, None,
                               position.units, game_map)
        if problem is not None and not any(
                find_unit(mate, p_kind, p_location, p_strength, None, position.units,
                          game_map)[1] is None for mate in mates):
            return problem
    return None


def check_support_merge(order: SupportMerge, kind, location, position, game_map: GameMap,
                        rules=None) -> Problem | None:
    """A piece supports a merge into a province it could move to; a piece standing in the
    merge's province takes part in it instead (its strength joins the merge's)."""
    if not location or province_of(location) == order.dest:
        return None
    return support_problem(kind, location, order.dest, None, game_map)


def plan_merge(order: Merge, i: int, planner: MovementPlanner) -> Problem | None:
    """A piece's part of a merge: it moves to the merge's province as it could move there
    itself, never by convoy; a piece already there takes part by staying (its strength joins
    the merge's)."""
    unit = planner.units[i]
    if unit.province == province_of(order.dest):
        planner.stand(i)
        return None
    known = move_check(unit.kind, unit.location, order.dest, False, planner.map)
    if known.problem is not None:
        return known.problem
    if known.needs_convoy:
        return Problem(f"a merge never goes by convoy: {unit.label()} is not "
                       f"next to {order.dest}", focus="dest")
    planner.merge(i, known.dest)
    return None


def plan_support_merge(order: SupportMerge, i: int, planner: MovementPlanner) -> Problem | None:
    """Its part in a movement phase: the piece supports its side's merge into `dest`, or, in
    that province, takes part in it by staying."""
    unit = planner.units[i]
    problem = check_support_merge(order, unit.kind, unit.location, planner.position,
                                  planner.map, planner.rules)
    if problem is None and unit.province != order.dest:
        planner.support_merge(i, order.dest)
    return problem


def sketch_merge(order: Merge) -> tuple[Sketch, ...]:
    """Each piece taking part moves into the merge's province."""
    return tuple(Sketch(Shape.MOVE, part.location, dest=order.dest) for part in order.each())


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("merges?",), signs=("merges?",))

KINDS = (
    OrderKind(Merge, "a merge", (MOVEMENT,), form="merge_split", reads={"merge": read_merge},
              form_words=("merging and splitting units", "Hoplite Wars (Multiplicity II)"),
              check=check_merge, in_movement=plan_merge, stacks=True, per_piece=Merge.each,
              parts=Merge.each, sketch=sketch_merge,
              words=WORDS),
    OrderKind(SupportMerge, "a support of a merge", (MOVEMENT,), form="merge_split",
              reads={"support_merge": read_support_merge}, check=check_support_merge,
              in_movement=plan_support_merge, stacks=True,
              words=WORDS),
)
