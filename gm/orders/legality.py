"""One legality check for an order, asked when a letter is read and again at adjudication.

`check(order, position, game_map, phase_kind, rules)` gives a `Verdict`: the order (its power
and a leader's place filled in from the board), the board's unit it is for, and the `Problem`
if the order is illegal. It asks, in turn: the phase (`phases.phase_problem`), where the unit
stands and whether it is there (`kinds.board`), the order kind's own board check (its module
in `gm/orders/kinds/`), and for a movement order the map's rules. Intake (`gm.orders.check`) and the engine (`gm.engine.movement_phase`,
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
the engine and the rule modules, and imports neither (`docs/design.md`, 'Floors').
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from gm.maps.gamemap import GameMap
from gm.orders.attribution import attributed
from gm.orders.errors import PHASE, VARIANT
from gm.orders.kind_registry import kind_of
from gm.orders.kinds.board import (
    commanded,
    find_unit,
    kind_problem,
    multiple_problem,
    power_name,
    refused,
)
from gm.orders.kinds.build import build_problem, open_build_sites
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move, MoveCheck, convoy_chain_problem, move_check
from gm.orders.kinds.order_kind import ADJUSTMENT, MOVEMENT, RETREAT, WARNING, Order, Problem
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat, retreat_check, retreat_options
from gm.orders.kinds.support import place_target, support_problem
from gm.orders.phases import fitted, phase_problem, refusal
from gm.orders.variants import order_phases, rule_reference

# what the engine asks of this module by name
__all__ = ["MoveCheck", "Problem", "Verdict", "attributed", "build_problem", "check", "convoy_chain_problem",
           "commanded_pieces", "commanded_units", "find_order_unit",
           "find_unit", "kind_problem",
           "move_check", "named_refusal", "open_build_sites", "place_target", "power_name",
           "retreat_check", "retreat_options",
           "rule_problem", "shown_units", "target_units", "support_problem", "unit_moves"]

NOT_BY_THESE_RULES = "{} orders are not allowed by the rules of this map"


class Verdict(NamedTuple):
    """The order as checked (power and a leader's place filled in), its unit on the board
    (None without a board), and the problem, None when the order is legal."""

    order: Order
    unit: Any = None
    problem: Problem | None = None

    @property
    def legal(self) -> bool:
        return self.problem is None or self.problem.kind == WARNING


def kind_word(order: Order) -> str:
    """`convert`, `loancentre`: an order kind as the rules-of-this-map refusal names it."""
    return type(order).__name__.lower()


def find_order_unit(order: Order, pieces, game_map: GameMap,
                    dislodged: bool = False, rules=None) -> tuple[int, Problem | None]:
    """The index in `pieces` of the unit that gives `order`, or why there is none: the kind
    written cannot stand there, or `find_unit` finds no such unit."""
    if not order.leader:
        problem = kind_problem(order.unit_kind, order.location, game_map)
        if problem is not None:
            return -1, problem
    idx, problem = find_unit(order.power, order.unit_kind, order.location, order.strength,
                             order.leader, pieces, game_map, dislodged)
    return idx, named_refusal(problem, rules)


def named_refusal(problem: Problem | None, rules) -> Problem | None:
    """A core refusal as the map's rules name it, where a rule stands behind it
    (`Rule.refusal_ref`: `rule 10 (signing units over): the army in Marathon belongs to
    Athens, not Sparta`); else unchanged."""
    if problem is None or rules is None:
        return problem
    ref = rules.refusal_ref(problem.kind)
    return replace(problem, message=f"{ref}: {problem.message}") if ref else problem


def commanded_pieces(order: Order, idx: int, pieces, game_map: GameMap,
                     rules=None) -> tuple[list[int], Problem | None]:
    """The indices in `pieces` of every piece an order found at `idx` commands, and why the
    order does not fit them. Where the rules let pieces stack, an order that names no leader
    commands all its side's pieces there that are not leaders (one multiple unit), and must
    write their kind and count (`kinds.board.multiple_problem`); elsewhere, the one piece."""
    if rules is None or order.leader or not rules.answers("may_stack"):
        return [idx], None
    group = commanded(idx, pieces, rules.side if rules.sides else None)
    if len(group) < 2:
        return group, None
    return group, multiple_problem(order, [pieces[i] for i in group], game_map,
                                   rules.reference("may_stack"))


def commanded_units(order: Order, position, game_map: GameMap, phase_kind: str | None = None,
                    rules=None) -> list:
    """The pieces of `position` an order commands, found as `check` finds them (a dislodged
    piece in a retreat phase; a removal the one piece it names); [] for an order that names no
    piece of the board (a build, a loan) or whose piece is not there."""
    kind_decl = kind_of(order)
    if kind_decl is not None and not kind_decl.on_unit:
        return []
    retreating = phase_kind == RETREAT or isinstance(order, Retreat)
    pieces = [d.unit for d in position.dislodged] if retreating else position.units
    idx, problem = find_order_unit(order, pieces, game_map, retreating, rules)
    if problem is not None or idx < 0:
        return []
    if _removal(order, phase_kind):
        return [pieces[idx]]
    return [pieces[i] for i in commanded_pieces(order, idx, pieces, game_map, rules)[0]]


def shown_units(order: Order, position, game_map: GameMap, phase_kind: str | None = None,
                rules=None) -> tuple[list, list]:
    """The pieces the echo names an order's unit by, and the unit it supports or convoys, as
    they stand (`commanded_units`, `target_units`): `A(Syracuse)-Zama` to a double army is
    shown `2A Syr - Zam`. None for an order the check finds void: it is shown as the player
    wrote it, so that the reason reads against their own words (`A Spa - Teg` where Sparta
    holds two armies is void, "Sparta holds 2A; write 2A Spa", and never shown `2A Spa -
    Teg`, an order that would stand)."""
    if not check(order, position, game_map, phase_kind, rules).legal:
        return [], []
    return (commanded_units(order, position, game_map, phase_kind, rules),
            target_units(order, position, game_map, rules))


def target_units(order: Order, position, game_map: GameMap, rules=None) -> list:
    """The pieces a support or convoy names as the unit it helps (`F Ion S A Syr` to a double
    army: both armies), found as an order for them would find them; [] for an order that
    names no such unit, or when it is not on the board. The echo names it as it stands."""
    target = getattr(order, "target", None)
    if not target or position is None:
        return []
    named = Hold(None, getattr(order, "target_kind", None), target,
                 strength=getattr(order, "target_strength", None),
                 leader=getattr(order, "target_leader", None))
    return commanded_units(named, position, game_map, MOVEMENT, rules)


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


def check(order: Order, position, game_map: GameMap, phase_kind: str | None = None,
          rules=None) -> Verdict:
    """Is `order` legal on this board in this kind of phase? `position` may be None: then only
    what the map alone says is checked. See the module's docstring."""
    order = attributed(order, position, game_map, phase_kind, rules)  # one player, one letter
    retreating = phase_kind == RETREAT or isinstance(order, Retreat)
    if phase_kind is not None:
        why = phase_problem(order, phase_kind, game_map)
        if why is not None:
            return Verdict(order, None, refused(*why, PHASE))
    kind_decl = kind_of(order)
    on_unit = kind_decl is None or kind_decl.on_unit
    if phase_kind is not None and on_unit and not _has_part(order, phase_kind) \
            and phase_kind not in (order_phases(order, game_map) or ()):
        # the order fits the phase in some variant, but no rule of this map adjudicates it in
        # retreats or adjustments: the engine voids it (a declaration, commanding no unit, is
        # carried out in every phase its kind takes: `gm.engine.declarations`)
        return Verdict(order, None, Problem(refusal(order, phase_kind, game_map),
                                            kind=VARIANT))
    kind, location = order.unit_kind, order.location
    if on_unit and not order.leader:
        problem = kind_problem(kind, location, game_map)
        if problem is not None:
            return Verdict(order, None, problem)
    unit, group = None, ()
    if position is not None and on_unit:
        pieces = [d.unit for d in position.dislodged] if retreating else position.units
        idx, problem = find_order_unit(order, pieces, game_map, retreating, rules)
        if problem is not None:
            return Verdict(order, None, problem)
        unit = pieces[idx]
        group, problem = ([idx], None) if _removal(order, phase_kind) \
            else commanded_pieces(order, idx, pieces, game_map, rules)
        if problem is not None:
            return Verdict(order, unit, problem)
        if order.power is None or (order.leader and not order.location):
            order = replace(order, power=order.power or unit.power,
                            location=unit.location if order.leader else order.location)
        order = place_target(order, position.units)
        # an A/F unit not yet settled is checked as what its order says it is (Lord of Hosts 3)
        kind = order.unit_kind if unit.kind == "A/F" else unit.kind
        location = unit.location
        if retreating and isinstance(order, Move):  # `A Bur - Par` in a retreat phase
            return Verdict(order, unit, retreat_check(position.dislodged[idx], order.dest,
                                                      position, game_map, rules)[1])
    problem = None
    if kind_decl is not None and kind_decl.check is not None:
        problem = kind_decl.check(order, kind, location, position, game_map, rules)
        problem = named_refusal(problem, rules)
        if problem is not None and unit is not None and len(group) > 1:
            # a multiple: each piece keeps its own reach, and the order stands if one can go
            kinds = {pieces[i].kind for i in group} - {kind}
            if any(kind_decl.check(order, k, location, position, game_map, rules) is None
                   for k in kinds):
                problem = None
    if unit is not None and rules is not None \
            and phase_kind in (MOVEMENT, None) and not retreating:
        # a rule's objection first, where both object: it names the rulebook; the core's
        # verdict stands (an order it cannot place is refused in the rule's words)
        objection = rule_problem(order, unit, position, game_map, rules)
        if objection is not None and len(group) > 1 and any(
                rule_problem(order, pieces[i], position, game_map, rules) is None
                for i in group if pieces[i].kind != unit.kind):
            objection = None  # a multiple: the pieces the rule lets go, go (the rest hold)
        if objection is not None and problem is not None and problem.refused:
            objection = replace(objection, hint=objection.hint or problem.hint,
                                kind=problem.kind, focus=problem.focus, refused=True)
        problem = objection or problem
    if problem is None and unit is not None and rules is not None and phase_kind == ADJUSTMENT \
            and not _has_part(order, ADJUSTMENT):
        problem = rule_adjustment_problem(order, position, game_map, rules)
    return Verdict(order, unit, problem)


def _has_part(order: Order, phase_kind: str) -> bool:
    """Whether the order, as meant in this kind of phase (`phases.fitted`: a move in a retreat
    phase is a retreat), has a part the phase carries out itself: any order in a movement
    phase (its kind's part or a rule's), a retreat or disband in a retreat phase, a build,
    removal or waive in an adjustment phase."""
    if phase_kind == MOVEMENT:
        return True
    kind = kind_of(fitted(order, phase_kind))
    if kind is None:
        return False
    return (kind.in_retreat if phase_kind == RETREAT else kind.in_adjustment) is not None


def rule_adjustment_problem(order: Order, position, game_map: GameMap, rules
                            ) -> Problem | None:
    """What a rule says of its own order in an adjustment phase (a Holy Place destroyed, a
    conversion in Winter): the rule carries it out on a copy of the board, as the engine has
    it do before the count, and its reason when it voids the order is the problem."""
    if not hasattr(position, "copy"):
        return None
    if not rules.answers("adjustment_orders"):
        return None
    _, done, _ = rules.adjustment_orders(position.copy(), [order], game_map)
    void = next((r for r in done if r.order is order and not r.succeeded), None)
    return None if void is None else Problem(void.detail)


def _removal(order: Order, phase_kind: str | None) -> bool:
    """An adjustment phase's order takes pieces out of a multiple by kind and count
    (`Remove A Spa` from a 2A, `Disband G Pra`, `A Spa becomes F` in Winter), as the
    adjustment phase and its rules read it; every other order commands the whole multiple."""
    return isinstance(order, Remove) or phase_kind == ADJUSTMENT


def rule_problem(order: Order, unit, position, game_map: GameMap, rules) -> Problem | None:
    """What the map's rules say of a movement order: an order kind no rule gives meaning
    to (no rule in force brings its form for a movement phase), or a rule's own objection
    (it names the rulebook)."""
    kind = kind_of(order)
    standard = kind is not None and kind.form is None and kind.in_movement is not None
    if not standard and not rules.brings_standing(kind) and not (
            kind is not None and kind.stacks and rules.answers("may_stack")):
        if rule_reference(order, game_map):
            return Problem(refusal(order, MOVEMENT, game_map), kind=VARIANT)
        return Problem(NOT_BY_THESE_RULES.format(kind_word(order)), kind=VARIANT)
    if rules.answers("order_problem"):
        objection = rules.order_problem(order, unit, position, game_map)
        if objection:
            return Problem(objection)
    return None
