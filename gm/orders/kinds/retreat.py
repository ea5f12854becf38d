"""Retreat: a dislodged unit goes to a free neighbour (`A Bur R Par`; in a retreat phase
`A Bur - Par` means the same). Closed to it: occupied provinces, a province left empty by a
standoff, and the one the attack came from (unless it came by convoy). Where the rules let
pieces stack, a province held only by the retreating piece's side is open to it when
`may_stack(..., "retreat")` allows the pieces together. A leader retreats as it moves."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.orders.errors import PHASE
from gm.orders.kinds.board import place_name, rule_citing
from gm.orders.kinds.move import leader_reaches, move_check
from gm.orders.kinds.order_kind import (
    RETREAT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
    Words,
    show_location,
)
from gm.orders.kinds.rebuild_centre import RebuildCentre


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    """`A Bur R Pic`; a retreat sent ahead may name further choices (`R Pic or Bel`): the
    first one open when the retreat phase comes is taken."""

    dest: str
    alternatives: tuple[str, ...] = field(default=(), kw_only=True)

    def tail(self) -> str:
        return " R " + " or ".join(show_location(d) for d in (self.dest, *self.alternatives))


def read_retreat(b, written, dest, via: bool = False) -> Order:
    unit = b.unit(written)
    if via:
        raise b.fail("a retreat cannot go by convoy", None,
                     "Write the retreat without 'via convoy'.", kind=PHASE)
    b.spots["dest"] = dest.name.column
    where = b.location(dest, unit.kind)
    if unit.location and province_of(where) == province_of(unit.location):
        # `A Syr R Syr`: a unit cannot retreat where it is, so this is Diadochi's rebuild
        if "rebuild_centre" not in b.allowed:
            raise b.fail("a unit cannot retreat to the province it is in",
                         dest.name.column, "Name a neighbouring province.")
        return RebuildCentre(b.power, unit.kind, unit.location, **b.common(unit))
    return Retreat(b.power, unit.kind, unit.location, where, **b.common(unit))


def retreat_options(dislodged, position, game_map: GameMap, rules=None) -> list[str]:
    """The locations a dislodged piece may retreat to. `rules` (a `RuleSet`, or None for the
    standard answer) may give its own (the hook `retreat_options`), or let it join its own
    side's pieces."""
    if rules is not None and rules.answers("retreat_options"):
        answer = rules.retreat_options(dislodged, position, game_map)
        if answer is not None:  # the rule's options replace the standard ones
            return answer
    unit = dislodged.unit
    if unit.kind == "F":
        candidates = sorted(game_map.fleet_adj.get(unit.location, ()))
    elif unit.kind in ("A", "A/F"):
        candidates = sorted(game_map.army_adj.get(unit.province, ()))
    elif unit.kind == "L":
        candidates = sorted(p for p in game_map.provinces
                            if p != unit.province and leader_reaches(unit.location, p, game_map))
    else:
        return []
    closed = {u.province for u in position.units} | position.standoffs
    closed.update(getattr(dislodged, "attackers_from", (dislodged.attacker_from,)))
    if rules is not None and rules.answers("may_stack"):
        closed -= {p for p in closed if _may_join(unit, p, position, game_map, rules)}
    return [loc for loc in candidates if province_of(loc) not in closed]


def _may_join(unit, province: str, position, game_map: GameMap, rules) -> bool:
    """May a retreating piece join the pieces in `province`: all of its side, and allowed
    together (`may_stack(..., "retreat")`)? Never a standoff or the attacker's province."""
    if province in position.standoffs:
        return False
    here = [u for u in position.units if u.province == province]
    side = rules.side(unit.power)
    return bool(here) and all(rules.side(u.power) == side for u in here) and \
        rules.may_stack([*here, unit], "retreat", position, game_map) is None


def retreat_check(dislodged, dest: str, position, game_map: GameMap, rules=None
                  ) -> tuple[str | None, Problem | None]:
    """Where this retreat goes (the location, coast settled), or why it cannot."""
    unit = dislodged.unit
    options = retreat_options(dislodged, position, game_map, rules)
    prov = province_of(dest)
    if unit.kind == "F":
        matches = [o for o in options if (o == dest if coast_of(dest) else province_of(o) == prov)]
        if len(matches) > 1:
            return None, Problem(f"say which coast of {place_name(game_map, prov)} to retreat "
                                 "to", focus="dest")
    else:
        matches = [o for o in options if province_of(o) == prov]
    if matches:
        return matches[0], None
    geometry = move_check(unit.kind, unit.location, dest, False, game_map, retreat=True)
    if geometry.problem is not None:
        return None, geometry.problem
    why = "it cannot retreat there"
    if prov in getattr(dislodged, "attackers_from", (dislodged.attacker_from,)):
        why = "it cannot retreat to the province the attack came from"
    elif prov in position.standoffs:
        why = f"{show_location(prov)} was left empty by a standoff"
    elif any(u.province == prov for u in position.units):
        why = f"{show_location(prov)} is occupied"
    elif any(prov in p.build_sites for p in game_map.powers.values() if p.id != unit.power):
        # a rule closed another power's build area to this piece (Rise of Rome II 4.2)
        why = f"{rule_citing('build_areas', game_map)}{place_name(game_map, prov)} is a build " \
              "area of another power, closed to this piece"
    return None, Problem(why, "Choose one of the unit's retreat options.", focus="dest")


def first_open(dislodged, order, position, game_map: GameMap, rules=None
               ) -> tuple[str | None, Problem | None]:
    """Where a retreat goes: its first open choice (`R Pic or Bel`), or why the first fails."""
    choices = (order.dest, *getattr(order, "alternatives", ()))
    found = [retreat_check(dislodged, dest, position, game_map, rules) for dest in choices]
    return next((f for f in found if f[1] is None), found[0])


def check_retreat(order, kind, location, position, game_map: GameMap,
                  rules=None) -> Problem | None:
    """With the dislodged unit, its retreat options; without a board, what the map says."""
    if position is not None:
        dislodged = next((d for d in position.dislodged if d.unit.location == location
                          and (d.unit.name == order.leader if order.leader
                               else d.unit.kind != "L")), None)
        if dislodged is not None:
            return first_open(dislodged, order, position, game_map, rules)[1]
    if kind not in ("A", "F") or not location:
        return None
    return move_check(kind, location, order.dest, False, game_map, retreat=True).problem


def retreats(order, dislodged, position, game_map: GameMap, rules=None
             ) -> tuple[str | None, Problem | None]:
    """Its part in a retreat phase (`A Bur - Par` there too): the first open choice."""
    return first_open(dislodged, order, position, game_map, rules)


def sketch_retreat(order: Retreat) -> tuple[Sketch, ...]:
    return (Sketch(Shape.RETREAT, dest=order.dest),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(verb="Retreat", begins=("retreats?",), names=("retreats?",),
              signs=("r", "retreats?"), leads=("retreats?",))

KINDS = (OrderKind(Retreat, "a retreat", (RETREAT,), reads={"retreat": read_retreat},
                   check=check_retreat, in_retreat=retreats, sketch=sketch_retreat,
                   full_words={"R": "->"},
                   words=WORDS),)
