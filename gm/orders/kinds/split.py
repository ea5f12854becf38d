"""Split: a multiple unit splits, each part an order for some of its strength
(`2A Bur split A - Par & A H`). Multiplicity II allows splitting (Hoplite Wars 3); its exact
text is lost, so each part is an ordinary hold, move or support by a smaller unit.

gm's reading: the split names the whole multiple (`2A Bur`); each part takes pieces of its
kind adding up to its count (`A` is one); a piece is indivisible, so a single 2A piece cannot
split; pieces no part takes hold. Each part is then checked as its own order (the moving
pieces' reach)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.maps.gamemap import GameMap, province_of
from gm.notation import mix_counts
from gm.orders.kinds import hold, move, support
from gm.orders.kinds.board import place_name
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import (
    MOVEMENT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
    Words,
    kind_label,
)
from gm.orders.kinds.support import SupportHold, SupportMove


@dataclass(frozen=True, slots=True)
class Split(Order):
    """A multiple split into parts, each with an order of its own."""

    parts: tuple[Order, ...]

    def units_named(self):
        yield self.unit_kind, self.strength, self.leader
        for part in self.parts:
            yield from part.units_named()

    def tail(self) -> str:
        parts = []
        for part in self.parts:
            label = kind_label(part.unit_kind, part.strength)
            parts.append(f"{label}{part.tail()}" if label else part.tail().lstrip())
        return " split " + " & ".join(parts)


def read_split(b, written, *parts) -> Order:
    unit = b.unit(written)
    if unit.leader:
        raise b.fail(f"{unit.leader} is a leader and cannot split", written.column)
    orders = tuple(_part(b, unit, part) for part in parts)
    return Split(b.power, unit.kind, unit.location, orders, **b.common(unit))


def _part(b, unit, part) -> Order:
    kind, strength, *items = part.items
    kind, strength = b.kind(kind, strength)
    loc = unit.location
    if part.form == "part_hold":
        return Hold(b.power, kind, loc, strength=strength)
    if part.form == "part_move":
        dest, via = items[0], len(items) > 1
        return Move(b.power, kind, loc, b.location(dest, kind or unit.kind), via,
                    strength=strength)
    other = b.unit(items[0], own=False)
    if part.form == "part_support_hold":
        return SupportHold(b.power, kind, loc, other.kind, other.location,
                           target_strength=other.strength, target_leader=other.leader,
                           strength=strength)
    return SupportMove(b.power, kind, loc, other.kind, other.location,
                       b.location(items[1], other.kind), target_strength=other.strength,
                       target_leader=other.leader, strength=strength)


def split_parts(order: Split, pieces, game_map: GameMap
                ) -> tuple[list[tuple[Order, list[int]]], Problem | None]:
    """Which of `pieces` (the multiple the split commands) each part takes, as positions in
    `pieces`, or why the parts do not fit them. Pieces no part takes are left out (they hold)."""
    left = sorted(range(len(pieces)), key=lambda i: -pieces[i].strength)
    out: list[tuple[Order, list[int]]] = []
    where = place_name(game_map, order.location)
    if len(pieces) < 2:
        return [], Problem(f"the unit in {where} is one piece and cannot split",
                           "Order it as one unit.")
    for part in order.parts:
        # a mixed part (`A/G - Teg`) takes its count of each kind
        wants = mix_counts(part.unit_kind) or \
            {part.unit_kind: 1.0 if part.strength is None else part.strength}
        taken = []
        for kind, want in wants.items():
            total = 0.0
            for i in left:
                u = pieces[i]
                if i not in taken and (kind is None or u.kind == kind) \
                        and total + u.strength <= want:
                    taken.append(i)
                    total += u.strength
            if total != want:
                count = None if want == 1 else want
                label = kind_label(kind, count) if kind else f"{want:g} pieces"
                written = f"{kind_label(part.unit_kind, part.strength)}{part.tail()}".strip()
                return [], Problem(f"{where} has no {label} left for the part '{written}' "
                                   "of the split",
                                   "Name parts that add up to the pieces there.")
        left = [i for i in left if i not in taken]
        out.append((part, sorted(taken)))
    return out, None


def check_split(order: Split, kind, location, position, game_map: GameMap,
                rules=None) -> Problem | None:
    """The parts fit the side's pieces there, and each part is legal as its own order."""
    if position is None:
        return None
    side = rules.side if rules is not None and rules.sides else (lambda power: power)
    here = province_of(location)
    pieces = [u for u in position.units if u.province == here and u.kind != "L"
              and side(u.power) == side(order.power)]
    parts, problem = split_parts(order, pieces, game_map)
    for part, taken in parts:
        declared = _PART_KINDS.get(type(part))
        if problem is None and declared is not None and declared.check is not None:
            problems = [declared.check(part, pieces[i].kind, pieces[i].location, position,
                                       game_map, rules) for i in taken]
            if all(problems):
                problem = problems[0]
    return problem


# what a part may be, each checked as its own kind is
_PART_KINDS = {kind.order: kind for kind in (*hold.KINDS, *move.KINDS, *support.KINDS)}

def split_orders(order: Split) -> tuple[Order, ...]:
    """Its parts, each an order of its own kind (a hold, a move, a support)."""
    return order.parts


def sketch_split(order: Split) -> tuple[Sketch, ...]:
    """Each part drawn as its own kind draws it, from where the split unit stands."""
    out: list[Sketch] = []
    for part in order.parts:
        kind = _PART_KINDS.get(type(part))
        marks = kind.sketch(part) if kind is not None and kind.sketch is not None \
            else (Sketch(Shape.SPECIAL),)
        out.extend(m._replace(location=m.location or part.location or None) for m in marks)
    return tuple(out)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(names=("splits?",), signs=("splits?",))

KINDS = (OrderKind(Split, "a split", (MOVEMENT,), form="merge_split",
                   reads={"split": read_split}, check=check_split, stacks=True,
                   shares=split_parts, parts=split_orders, sketch=sketch_split,
                   words=WORDS),)
