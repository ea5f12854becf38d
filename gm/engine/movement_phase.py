"""A movement phase: check each order against the board, let its kind plan what its piece
does, hand the plans to the resolver, and turn its decisions into results, a new position,
dislodged pieces and standoffs.

Illegal orders are void and the piece holds (DATC 4.E.1). The steps live along their seams:
this module takes the orders and checks them (`MovementPhase` is the planner the kinds' parts
speak to: `gm.orders.kinds.phase_parts.MovementPlanner`), `movement_match` matches supports and
convoys, `movement_forces` builds the resolver's forces and attacks, `stacks` handles
multiples and merges, `movement_outcome` reads the decisions back.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.movement_forces import build_forces
from gm.engine.movement_match import match
from gm.engine.movement_outcome import outcome
from gm.engine.movement_plan import (
    ACTIONS,
    CONVOY,
    MERGE,
    MOVE,
    STAND,
    SUPPORT_HOLD,
    SUPPORT_MERGE,
    SUPPORT_MOVE,
    Plan,
)
from gm.engine.position import Position
from gm.engine.resolver import Resolver
from gm.engine.results import OrderResult, PhaseOutcome, PlannedOrder
from gm.engine.stacks import give_stack
from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.orders import legality
from gm.orders.kind_registry import kind_of
from gm.orders.kinds.order_kind import Order
from gm.orders.phases import MOVEMENT, phase_problem
from gm.rules import RuleSet


def unit_index(position: Position) -> dict[str, list[int]]:
    """The pieces standing in each province, by their place in the position."""
    units = position.units
    by_province = {unit.province: [i] for i, unit in enumerate(units)}
    if len(by_province) < len(units):  # pieces share a province (a stack): list them all
        by_province = {}
        for i, unit in enumerate(units):
            by_province.setdefault(unit.province, []).append(i)
    return by_province


class MovementPhase:
    """One movement phase being adjudicated; the planner its orders' kinds speak to."""

    def __init__(self, position: Position, game_map: GameMap, rules: RuleSet | None = None):
        self.position = position
        self.map = game_map
        self.rules = rules or RuleSet.for_map(game_map)
        self.units = position.units
        self.by_province = unit_index(position)
        # each piece's plan, made when it is given an order (`give`); a piece given none holds
        self.plans: list[Plan] = [None] * len(self.units)  # take_orders makes the rest
        self.results: list[OrderResult] = []
        # the pieces told to move (and of those, the ones only a convoy can carry), to support
        # and to convoy (in the order of the pieces), so that each step after goes over the
        # pieces it concerns; it still reads a plan's role, as an order set aside after its
        # part spoke (a rule, a convoy chain) stands
        self.moving: list[int] = []
        self.needing_convoy: list[int] = []
        self.supporting: list[int] = []
        self.convoying: list[int] = []
        self._variant_checks = self.rules.answers("order_problem")
        self.stacking_rules = self.rules.answers("may_stack")  # pieces may share a province

    # --- 1. orders to units ------------------------------------------------------------------
    def take_orders(self, orders: list[Order]) -> None:
        units, by_province = self.units, self.by_province
        stacking = self.stacking_rules
        if stacking:  # an order naming several pieces (a merge): each takes its part
            orders = [legality.attributed(part, self.position, self.map, "Movement", self.rules)
                      if part is not order else part for order in orders
                      for part in _per_piece(order)]
        plans = self.plans
        for order in orders:
            # (a location without a coast is its province, as most orders' are)
            here = by_province.get(order.location) or \
                by_province.get(province_of(order.location), ())
            unit = units[here[0]] if len(here) == 1 else None
            if unit is not None and (order.power is None or unit.power == order.power) and \
                    (not order.unit_kind or unit.kind == order.unit_kind) and \
                    order.strength is None and not order.leader:
                idx = here[0]  # the usual case: one unit there, the one the order names
            else:  # or the legality check says why there is none
                idx, missing = legality.find_order_unit(order, units, self.map, rules=self.rules)
                if missing is not None:
                    self.results.append(OrderResult(order.power or "", order, None, False,
                                                    R.VOID, missing.message))
                    continue
            if stacking and not order.leader:
                give_stack(self, idx, order)
            elif plans[idx] is None:
                plans[idx] = Plan(order, units[idx])  # its first order (`give`, without a call)
            else:
                self.give(idx, order, order)
        for idx, plan in enumerate(plans):
            if plan is None:
                plans[idx] = Plan(None, units[idx])  # given no order: it holds
            elif plan.order is not None:
                self._check(idx, plan)
        if self.rules.answers("void_moves"):
            planned = [PlannedOrder(i, self.units[i], p.order, ACTIONS[p.role], p.dest_province,
                                    p.via_convoy or p.needs_convoy, p.void)
                       for i, p in enumerate(self.plans)]
            # set aside by what other units were ordered to do: the board's doing, which no
            # check of the order alone could tell (a land bridge closed by a hostile fleet)
            for idx, reason in self.rules.void_moves(planned, self.position, self.map).items():
                plan = self.plans[idx]
                plan.void, plan.void_code, plan.role = reason, R.BLOCKED, STAND

    def give(self, idx: int, order: Order | None, by: Order, void: str | None = None) -> None:
        """The piece's order is now `order` (None: it holds), given by `by`; a later order
        replaces an earlier one."""
        given = self.plans[idx]
        old = given.order if given is not None else None
        if old is not None and all(r.order is not old or r.code != R.REPLACED
                                   for r in self.results):
            self.results.append(OrderResult(by.power or "", old, self.units[idx], False,
                                            R.REPLACED, f"replaced by {by}"))
        plan = self.plans[idx] = Plan(order, self.units[idx])
        if void is not None:
            plan.void = void

    def _check(self, idx: int, plan: Plan) -> None:
        """The legality check (`gm.orders.legality`) of one piece's order, as intake asks it,
        and the order kind's part: what the piece does, kept on its plan for the resolver."""
        if plan.void:  # the order does not fit the multiple it commands: the piece stands
            return
        order = plan.order
        kind = kind_of(order)
        part = kind.in_movement if kind is not None else None
        if part is not None and (kind.form is None or (kind.stacks and self.stacking_rules)):
            problem = part(order, idx, self)  # a core order: its part checks what it needs
            if self._variant_checks:  # a rule's objection names the rulebook
                problem = legality.rule_problem(order, self.units[idx], self.position,
                                                self.map, self.rules) or problem
        else:  # a variant's order: its phase and its board check as at intake, then its part
            unit = self.units[idx]
            why = phase_problem(order, MOVEMENT, self.map)
            if why is not None:
                problem = legality.Problem(why[0])
            else:
                problem = kind.check(order, unit.kind, unit.location, self.position, self.map,
                                     self.rules) \
                    if kind is not None and kind.check is not None else None
                if problem is None and part is not None:
                    problem = part(order, idx, self)
            problem = legality.rule_problem(order, unit, self.position, self.map,
                                            self.rules) or problem
        if problem is not None:
            plan.void = problem.message
            plan.role, plan.defence_bonus = STAND, 0.0

    # --- what a kind's part tells the phase (`phase_parts.MovementPlanner`) -------------------
    def named(self, location: str, leader: str | None = None, kind: str | None = None) -> int:
        """The piece a support or convoy names in a province: the leader it names, or else the
        first piece there of the kind it names (a convoy: an army), or that is not a leader
        (a leader alone: the leader); -1 when nobody stands there."""
        here = self.by_province.get(province_of(location))
        if not here:
            return -1
        if len(here) == 1:
            return here[0]
        units = self.units
        if leader:
            for i in here:
                if units[i].name == leader:
                    return i
        if kind:
            for i in here:
                if units[i].kind == kind:
                    return i
        for i in here:
            if not units[i].is_leader:
                return i
        return here[0]

    def stand(self, i: int, defence: float = 0.0) -> None:
        if defence:  # a plan stands unless told otherwise: only a defence is news
            self.plans[i].defence_bonus = defence  # (its force's, to which a rule may add)

    # (`Plan.dest` is where a move goes, `dest_province` its province; a support's or a
    # convoy's is a province, both)
    def move(self, i: int, dest: str, via_convoy: bool, needs_convoy: bool) -> None:
        plan = self.plans[i]
        plan.role = MOVE
        plan.via_convoy = via_convoy
        plan.dest, plan.dest_province = dest, province_of(dest)
        plan.needs_convoy = needs_convoy
        self.moving.append(i)
        if needs_convoy:
            self.needing_convoy.append(i)

    def support_hold(self, i: int, target: int) -> None:
        plan = self.plans[i]
        plan.role, plan.target = SUPPORT_HOLD, target
        self.supporting.append(i)

    def support_move(self, i: int, target: int, dest: str) -> None:
        plan = self.plans[i]
        plan.role, plan.target = SUPPORT_MOVE, target
        plan.dest = plan.dest_province = province_of(dest)
        plan.dest_coast = coast_of(dest)
        self.supporting.append(i)

    def convoy(self, i: int, army: int, dest: str) -> None:
        plan = self.plans[i]
        plan.role, plan.target = CONVOY, army
        plan.dest = plan.dest_province = dest
        self.convoying.append(i)

    def merge(self, i: int, dest: str) -> None:
        plan = self.plans[i]
        plan.role = MERGE
        plan.dest, plan.dest_province = dest, province_of(dest)

    def support_merge(self, i: int, dest: str) -> None:
        plan = self.plans[i]
        plan.role = SUPPORT_MERGE
        plan.dest = plan.dest_province = dest

    # --- the steps ---------------------------------------------------------------------------
    def adjudicate(self, orders: list[Order]) -> PhaseOutcome:
        if self.rules.answers("prepare_orders"):  # pieces may change before orders are read
            orders, rejected = self.rules.prepare_orders(self.position, list(orders), self.map)
            self.results.extend(rejected)
            self.units = self.position.units
            self.by_province = unit_index(self.position)
            self.plans = [None] * len(self.units)
        self.take_orders(orders)
        match(self)
        forces, attacks = build_forces(self)
        resolver = Resolver(forces, attacks, self.rules.support_left, self.by_province)
        resolver.resolve_all()
        return outcome(self, resolver, forces, attacks)


def _per_piece(order: Order) -> tuple[Order, ...]:
    """The order once for each piece it names (`OrderKind.per_piece`: a merge), else itself."""
    kind = kind_of(order)
    return kind.per_piece(order) if kind is not None and kind.per_piece is not None \
        else (order,)


def adjudicate_movement(position: Position, orders: list[Order], game_map: GameMap,
                        rules: RuleSet | None = None) -> PhaseOutcome:
    return MovementPhase(position, game_map, rules).adjudicate(orders)
