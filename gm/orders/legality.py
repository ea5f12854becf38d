"""One legality check for an order, asked when a letter is read and again at adjudication.

`check(order, position, game_map, phase_kind, rules)` gives a `Verdict`: the order (its power
and a leader's place filled in from the board), the board's unit it is for, and the `Problem`
if the order is illegal. Intake (`gm.orders.check`) and the engine (`gm.engine.movement`,
`retreat`, `adjustment`) both call the functions of this module, so a problem is found by one
piece of code and worded once: what the GM is told when a letter is read is what the engine
will do with the order.

A problem says how intake treats it (`refused`):
- refused: the order cannot be placed on this board (no such unit, another power's unit, the
  wrong kind, a province the unit cannot reach on the map). The line is rejected.
- not refused: the order is well placed, but the position makes it void (a retreat to an
  occupied province, a build on a centre not owned, a support of an empty province). The line
  is kept, as judges keep it, with a note saying it will be void and why; the report prints
  it void with the same words.

Also here: what a unit can do (`unit_moves`, `retreat_options`, `open_build_sites`), for
`gm show` and the players' bots.

The position is any position-like object (`.units`, `.dislodged`, `.standoffs`), its units
as `gm.engine.position.Unit` (`power`, `kind`, `location`, `province`, `strength`, `name`);
`rules` is a `gm.rules.RuleSet` or None (then no variant rule is asked). This module is below
the engine and the rules, and imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.orders.errors import NO_UNIT, NOT_ADJACENT, PHASE, VARIANT, WRONG_KIND, WRONG_POWER
from gm.orders.phases import ADJUSTMENT, MOVEMENT, RETREAT, phase_problem, refusal
from gm.orders.types import (
    Build,
    Convoy,
    Disband,
    EndLoan,
    Hold,
    LoanCentre,
    Merge,
    Move,
    Order,
    PlaceLeader,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    kind_label,
)
from gm.orders.variants import rule_reference

KIND_WORDS = {"A": "army", "F": "fleet", "G": "garrison", "A/F": "army/fleet"}
VOID = "void"  # the kind of a problem the position causes (the order is kept, then void)
_NO_UNIT_ORDERS = (Build, Waive, LoanCentre, EndLoan, PlaceLeader)
NOT_BY_THESE_RULES = "{} orders are not allowed by the rules of this map"
_MOVEMENT_KINDS = (Hold, Move, SupportHold, SupportMove, Convoy)
_STANDARD_KINDS = {RETREAT: (Retreat, Move, Disband), ADJUSTMENT: (Build, Remove, Disband, Waive)}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an order is illegal: the words (the same at intake and in the report), the fix,
    a short kind (`gm.orders.errors`), the part of the order it is about ('unit' or 'dest'),
    and whether intake refuses the line (else it is kept and will be void)."""

    message: str
    hint: str = ""
    kind: str = VOID
    focus: str = "unit"
    refused: bool = False


class Verdict(NamedTuple):
    """The order as checked (power and a leader's place filled in), its unit on the board
    (None without a board), and the problem, None when the order is legal."""

    order: Order
    unit: Any = None
    problem: Problem | None = None

    @property
    def legal(self) -> bool:
        return self.problem is None


def kind_word(order: Order) -> str:
    """`convert`, `loancentre`: an order kind as the rules-of-this-map refusal names it."""
    return type(order).__name__.lower()


def _a(kind: str) -> str:
    word = KIND_WORDS.get(kind, kind)
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _name(game_map: GameMap, location: str) -> str:
    p = game_map.provinces.get(province_of(location))
    return p.name if p else location


def power_name(game_map: GameMap, power: str | None) -> str:
    return game_map.powers[power].name if power in game_map.powers else power or "this power"


def _refused(message: str, hint: str, kind: str, focus: str = "unit") -> Problem:
    return Problem(message, hint, kind, focus, True)


# --- which unit an order is for --------------------------------------------------------------

def find_unit(order_power: str | None, kind: str | None, location: str,
              strength: float | None, leader: str | None, pieces, game_map: GameMap,
              dislodged: bool = False) -> tuple[int, Problem | None]:
    """The index in `pieces` of the unit an order names, or why there is none."""
    if not leader:  # the usual case first: the one unit there, as the order names it
        for i, u in enumerate(pieces):
            if u.location == location and (order_power is None or u.power == order_power) \
                    and (kind is None or u.kind == kind) \
                    and (strength is None or u.strength == strength):
                return i, None
    if leader:
        for i, u in enumerate(pieces):
            if getattr(u, "name", None) == leader:
                return i, None
        return -1, _refused(f"{leader} is not on the board",
                            "Place the leader first, or check the name.", NO_UNIT)
    province = province_of(location)
    here = [i for i, u in enumerate(pieces) if u.province == province]
    where = _name(game_map, location)
    if not here:
        return -1, _refused(f"there is no{' dislodged' if dislodged else ''} unit in {where}",
                            "Check where the unit stands in the last report.", NO_UNIT)
    if order_power is not None:
        own = [i for i in here if pieces[i].power == order_power]
        if not own:
            real = pieces[here[0]]
            return -1, _refused(
                f"the {KIND_WORDS.get(real.kind, 'unit')} in {where} belongs to "
                f"{power_name(game_map, real.power)}, not {power_name(game_map, order_power)}",
                "A power can only order its own units; check the letter's power.", WRONG_POWER)
        here = own
    if kind is not None:
        fitting = [i for i in here if pieces[i].kind == kind
                   or (pieces[i].kind == "A/F" and kind in ("A", "F"))]
        if not fitting:
            real = pieces[here[0]]
            return -1, _refused(f"the unit in {where} is {_a(real.kind)}, not {_a(kind)}",
                                f"Write it as '{kind_label(real.kind, None)} ...'.", WRONG_KIND)
        here = fitting
    if strength is not None:
        sized = [i for i in here if pieces[i].strength == strength]
        if not sized:
            real = pieces[here[0]]
            return -1, _refused(
                f"the unit in {where} is {kind_label(real.kind, real.strength)}, not "
                f"{kind_label(kind or real.kind, strength)}",
                "Write the unit as it stands on the board.", WRONG_KIND)
        here = sized
    return here[0], None


def find_order_unit(order: Order, pieces, game_map: GameMap,
                    dislodged: bool = False) -> tuple[int, Problem | None]:
    """The index in `pieces` of the unit that gives `order`, or why there is none: the kind
    written cannot stand there, or `find_unit` finds no such unit."""
    if not order.leader:
        problem = kind_problem(order.unit_kind, order.location, game_map)
        if problem is not None:
            return -1, problem
    return find_unit(order.power, order.unit_kind, order.location, order.strength,
                     order.leader, pieces, game_map, dislodged)


# --- the map: where a unit may stand and go ----------------------------------------------------

def kind_problem(kind: str | None, location: str, game_map: GameMap) -> Problem | None:
    """Can a unit of this kind stand there at all (no fleet inland, no army at sea)?"""
    province = game_map.provinces.get(province_of(location))
    if kind is None or province is None:
        return None
    if kind == "F" and province.kind == "land":
        return _refused(f"{province.name} is inland: a fleet cannot be there",
                        "Check the unit's kind (A or F) and province.", WRONG_KIND)
    if kind in ("A", "G") and province.kind == "sea":
        return _refused(f"{province.name} is a sea: {_a(kind)} cannot be there",
                        "Check the unit's kind (A or F) and province.", WRONG_KIND)
    return None


class MoveCheck(NamedTuple):
    """What the map says of a move: its problem, the location it goes to, whether only a
    convoy can take it there. It depends on the map alone, so `GameMap.move_checks` keeps it."""

    problem: Problem | None
    dest: str | None
    needs_convoy: bool


def _fleet_spots(location: str, game_map: GameMap) -> list[str]:
    """Where a fleet said to be at `location` may stand (each coast if none was given)."""
    if coast_of(location) or province_of(location) not in game_map.provinces:
        return [location]
    return list(game_map.locations(location))


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
    here = _name(game_map, location)
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
        spots = _fleet_spots(location, game_map)
        if coast_of(dest):
            reach = [dest] if any(game_map.fleet_can_move(s, dest) for s in spots) else []
        else:
            reach = sorted({r for s in spots for r in game_map.fleet_destinations(s, dest_prov)})
        if not reach:
            return fail(f"a fleet in {here} cannot reach {target.name}"
                        + (f" ({coast_of(dest)})" if coast_of(dest) else ""),
                        "Fleets move to a neighbouring sea or coast.")
        if len(reach) > 1:
            return fail(f"say which coast of {target.name}: {', '.join(reach)}",
                        f"Write the coast: '{reach[0]}'.", refused=False)
        return MoveCheck(None, reach[0], False)
    if kind not in ("A", "A/F"):
        return fail(f"{_a(kind)} cannot move", "Only armies and fleets move.")
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
    return Problem(f"{dest} is not next to {origin} and no fleets stand at sea between them "
                   "to convoy the army", "Order fleets at sea to convoy it, or move it by "
                   "land.", focus="dest")


def _reaches(kind: str, location: str, province: str, game_map: GameMap) -> bool:
    if kind == "F":
        return any(game_map.can_reach(True, spot, province)
                   for spot in _fleet_spots(location, game_map))
    return game_map.can_reach(False, location, province)


def support_problem(kind: str, location: str, target: str, dest: str | None,
                    game_map: GameMap, occupied=None) -> Problem | None:
    """Can the unit give this support: to hold `target`, or to move from `target` to `dest`?
    `occupied` (provinces with a unit) is the board, when there is one."""
    own = province_of(location)
    target_prov = province_of(target)
    if target_prov == own:
        return Problem("a unit cannot support itself", "Support another unit.", focus="dest")
    into = province_of(dest) if dest is not None else target_prov
    if occupied is not None and target_prov not in occupied:
        return Problem(f"there is no unit in {_name(game_map, target_prov)} to support",
                       "Check where the supported unit stands.", focus="dest")
    if dest is not None:
        if into == target_prov:
            return Problem("a supported move must go to another province", focus="dest")
        if into == own:
            return Problem("a unit cannot support a move into its own province", focus="dest")
    if into not in game_map.provinces:
        return _refused(f"unknown province {into!r}", "Name a province of this map.",
                        NOT_ADJACENT, "dest")
    fleet = kind == "F"
    if kind in ("A", "F", "A/F") and not (
            game_map.can_reach(fleet, location, into) if occupied is not None  # exact, on a board
            else _reaches("F" if fleet else "A", location, into, game_map)):
        return _refused(f"{_a(kind)} in {_name(game_map, location)} cannot reach "
                        f"{_name(game_map, into)}, so it cannot support there",
                        "A unit supports only into provinces it could move to itself.",
                        NOT_ADJACENT, "dest")
    return None


def convoy_problem(kind: str | None, location: str, army_kind: str | None, army_at: str,
                   dest: str, game_map: GameMap, board: bool) -> Problem | None:
    """Can this fleet convoy the army at `army_at` to `dest`? `army_kind` is the kind of the
    unit standing there (None if there is none) when `board` is true."""
    if kind not in ("F", None):
        return _refused("only fleets convoy", "Order a fleet at sea to convoy.", WRONG_KIND)
    province = game_map.provinces.get(province_of(location))
    if province is not None and not province.convoys:
        return _refused(f"a fleet in {province.name} cannot convoy: it is not at sea",
                        "Only fleets at sea convoy.", NOT_ADJACENT)
    if board:
        if army_kind is None:
            return Problem(f"there is no unit in {_name(game_map, army_at)} to convoy",
                           "Check where the army stands.", focus="dest")
        if army_kind != "A":
            return Problem("only armies can be convoyed", "Convoy an army.", focus="dest")
    goal = province_of(dest)
    if goal not in game_map.provinces:
        return _refused(f"unknown province {goal!r}", "Name a province of this map.",
                        NOT_ADJACENT, "dest")
    if province is not None and not (province.id in game_map.convoy_reach(province_of(army_at))
                                     and province.id in game_map.convoy_reach(goal)):
        return Problem(f"no convoy from {_name(game_map, army_at)} to "
                       f"{_name(game_map, goal)} can pass through {province.name}",
                       "Convoy through seas between the army and its goal.", focus="dest")
    return None


# --- retreats ----------------------------------------------------------------------------------

def retreat_options(dislodged, position, game_map: GameMap) -> list[str]:
    """The locations a dislodged piece may retreat to: not occupied, not left empty by a
    standoff, not where the dislodging attack came from (unless it came by convoy)."""
    unit = dislodged.unit
    occupied = {u.province for u in position.units}
    if unit.kind == "F":
        candidates = sorted(game_map.fleet_adj.get(unit.location, ()))
    elif unit.kind in ("A", "A/F"):
        candidates = sorted(game_map.army_adj.get(unit.province, ()))
    else:
        return []
    standoffs = position.standoffs
    return [loc for loc in candidates
            if province_of(loc) not in occupied
            and province_of(loc) not in standoffs
            and province_of(loc) != dislodged.attacker_from]


def retreat_check(dislodged, dest: str, position, game_map: GameMap
                  ) -> tuple[str | None, Problem | None]:
    """Where this retreat goes (the location, coast settled), or why it cannot."""
    unit = dislodged.unit
    options = retreat_options(dislodged, position, game_map)
    prov = province_of(dest)
    if unit.kind == "F":
        matches = [o for o in options if (o == dest if coast_of(dest) else province_of(o) == prov)]
        if len(matches) > 1:
            return None, Problem(f"say which coast of {_name(game_map, prov)} to retreat to",
                                 focus="dest")
    else:
        matches = [o for o in options if province_of(o) == prov]
    if matches:
        return matches[0], None
    geometry = move_check(unit.kind, unit.location, dest, False, game_map, retreat=True)
    if geometry.problem is not None:
        return None, geometry.problem
    why = "it cannot retreat there"
    if prov == dislodged.attacker_from:
        why = "it cannot retreat to the province the attack came from"
    elif prov in position.standoffs:
        why = f"{prov} was left empty by a standoff"
    elif any(u.province == prov for u in position.units):
        why = f"{prov} is occupied"
    return None, Problem(why, "Choose one of the unit's retreat options.", focus="dest")


# --- adjustments -------------------------------------------------------------------------------

def build_problem(order: Build, position, game_map: GameMap, rules,
                  used_sites: set[str] = frozenset()) -> Problem | None:
    """Can this build stand on this board: the rule's objection first (it names the
    rulebook), then a free build site of the power and a unit that can stand there."""
    misplaced = kind_problem(order.unit_kind, order.location, game_map)
    if misplaced is not None:
        return misplaced
    if rules is not None:
        objection = rules.build_problem(order, position, game_map)
        if objection:
            return Problem(objection, focus="unit")
    prov = order.province
    province = game_map.provinces.get(prov)
    if province is None:
        return Problem(f"unknown province {prov!r}")
    power = order.power or ""
    if prov in used_sites:
        return Problem(f"a unit is already being built in {province.name}")
    if any(u.province == prov for u in position.units):
        return Problem(f"{province.name} is occupied")
    sites = rules.build_sites(power, position, game_map) if rules is not None else ()
    if prov not in sites:
        if power in game_map.powers and prov in game_map.powers[power].home:
            return Problem(f"{province.name} is not owned by {power_name(game_map, power)}")
        return Problem(f"{province.name} is not a home centre of {power_name(game_map, power)}")
    kind = order.unit_kind or "A"
    if kind == "F":
        if province.kind != "coast":
            return Problem(f"a fleet cannot be built in {province.name}, which is inland")
        if province.coasts and coast_of(order.location) not in province.coasts:
            return Problem(f"say which coast of {province.name} to build the fleet on")
    elif kind == "A" and province.kind not in ("land", "coast"):
        return Problem(f"an army cannot be built in {province.name}")
    elif kind not in ("A", "F"):
        return Problem(f"{kind} units cannot be built here")
    return None


def open_build_sites(power: str, position, game_map: GameMap, rules) -> dict[str, list[str]]:
    """Where `power` may build now, and what: province -> the unit kinds ('A', 'F' or a
    fleet's coasts such as 'F stp/nc')."""
    sites: dict[str, list[str]] = {}
    for prov in rules.build_sites(power, position, game_map):
        province = game_map.provinces.get(prov)
        if province is None:
            continue
        kinds = []
        if province.kind in ("land", "coast"):
            kinds.append("A")
        if province.kind == "coast":
            kinds += [f"F {loc}" for loc in game_map.locations(prov)] if province.coasts \
                else ["F"]
        sites[prov] = kinds
    return sites


# --- movement: what a unit could be ordered to do ----------------------------------------------

def unit_moves(unit, game_map: GameMap) -> list[str]:
    """The locations a unit may be ordered to move to on this map: its neighbours, and for an
    army on a coast, the coasts a convoy could reach through the seas."""
    if unit.kind == "F":
        return sorted(game_map.fleet_adj.get(unit.location, ()))
    if unit.kind not in ("A", "A/F"):
        return []
    here = unit.province
    moves = set(game_map.army_adj.get(here, ()))
    if game_map.provinces[here].kind == "coast":
        seas = game_map.convoy_reach(here)
        moves |= {p for p, prov in game_map.provinces.items()
                  if prov.kind == "coast" and p != here and seas & game_map.sea_neighbours(p)}
    return sorted(moves)


# --- one order, whole ----------------------------------------------------------------------

def check(order: Order, position, game_map: GameMap, phase_kind: str | None = None,
          rules=None) -> Verdict:
    """Is `order` legal on this board in this kind of phase? `position` may be None: then only
    what the map alone says is checked. See the module's docstring."""
    retreating = phase_kind == RETREAT or isinstance(order, Retreat)
    if phase_kind is not None:
        why = phase_problem(order, phase_kind, game_map)
        if why is not None:
            return Verdict(order, None, _refused(*why, PHASE))
        if not isinstance(order, _STANDARD_KINDS.get(phase_kind, Order)):
            # the order fits the phase in some variant, but no rule of this map adjudicates
            # it in retreats or adjustments: the engine voids it
            return Verdict(order, None, Problem(refusal(order, phase_kind, game_map),
                                                kind=VARIANT))
    kind, location = order.unit_kind, order.location
    if not isinstance(order, (Waive, LoanCentre, EndLoan, PlaceLeader)) and not order.leader:
        problem = kind_problem(kind, location, game_map)
        if problem is not None:
            return Verdict(order, None, problem)
    unit = None
    if position is not None and not isinstance(order, _NO_UNIT_ORDERS):
        pieces = [d.unit for d in position.dislodged] if retreating else position.units
        idx, problem = find_order_unit(order, pieces, game_map, retreating)
        if problem is not None:
            return Verdict(order, None, problem)
        unit = pieces[idx]
        if order.power is None or (order.leader and not order.location):
            order = replace(order, power=order.power or unit.power,
                            location=unit.location if order.leader else order.location)
        # an A/F unit not yet settled is checked as what its order says it is (Lord of Hosts 3)
        kind = order.unit_kind if unit.kind == "A/F" else unit.kind
        location = unit.location
        if isinstance(order, Merge):
            for p_kind, p_location, p_strength in order.partners:
                _, problem = find_unit(order.power, p_kind, p_location, p_strength, None,
                                       pieces, game_map)
                if problem is not None:
                    return Verdict(order, unit, problem)
        if retreating and isinstance(order, (Move, Retreat)):
            dislodged = position.dislodged[idx]
            if isinstance(order, Move) and order.via_convoy:
                return Verdict(order, unit, _refused("a retreat cannot go by convoy",
                                                     "Write the retreat without 'via convoy'.",
                                                     PHASE))
            _, problem = retreat_check(dislodged, order.dest, position, game_map)
            return Verdict(order, unit, problem)
    problem = _order_problem(order, kind, location, position, game_map, retreating, rules)
    if problem is None and unit is not None and rules is not None \
            and phase_kind in (MOVEMENT, None) and not retreating:
        problem = rule_problem(order, unit, position, game_map, rules)
    return Verdict(order, unit, problem)


def _order_problem(order: Order, kind: str | None, location: str, position, game_map: GameMap,
                   retreating: bool, rules) -> Problem | None:
    """The kind's own board check, once the unit is known (or without a board)."""
    if isinstance(order, (Move, Retreat)):
        if kind not in ("A", "F") or not location:
            return None
        via = isinstance(order, Move) and order.via_convoy
        known = move_check(kind, location, order.dest, via, game_map,
                           retreat=retreating or isinstance(order, Retreat))
        if known.needs_convoy and known.problem is None and position is not None:
            return convoy_chain_problem(province_of(location), province_of(known.dest),
                                        position.units, game_map)
        return known.problem
    if isinstance(order, (SupportMove, SupportHold)) and order.target:
        if kind not in ("A", "F") or not location:
            return None
        occupied = {u.province for u in position.units} \
            if position is not None else None
        dest = order.dest if isinstance(order, SupportMove) else None
        return support_problem(kind, location, order.target, dest, game_map, occupied)
    if isinstance(order, Convoy):
        army = None
        if position is not None:
            army = next((u.kind for u in position.units
                         if u.province == province_of(order.target)), None)
        return convoy_problem(kind, location, army, order.target, order.dest, game_map,
                              position is not None)
    if isinstance(order, Build) and position is not None and rules is not None:
        return build_problem(order, position, game_map, rules)
    return None


def rule_problem(order: Order, unit, position, game_map: GameMap, rules) -> Problem | None:
    """What the map's rules say of a movement order: an order kind no rule gives meaning
    to, or a rule's own objection (it names the rulebook)."""
    if not isinstance(order, _MOVEMENT_KINDS) and not rules.stands(order):
        if rule_reference(order, game_map):
            return Problem(refusal(order, MOVEMENT, game_map), kind=VARIANT)
        return Problem(NOT_BY_THESE_RULES.format(kind_word(order)), kind=VARIANT)
    if rules.answers("order_problem"):
        objection = rules.order_problem(order, unit, position, game_map)
        if objection:
            return Problem(objection)
    return None


