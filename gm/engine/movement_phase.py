"""A movement phase: check each order against the board, hand the legal ones to the resolver,
and turn its decisions into results, a new position, dislodged pieces and standoffs.

Illegal orders are void and the piece holds (DATC 4.E.1). A convoy to an adjacent province is
used when the order says `via convoy` or the army's own power orders a fleet to convoy it, and
a route of convoy orders exists (DATC 4.A.3, the 'intent' rule); otherwise the army goes by land.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Dislodged, Position, Unit
from gm.engine.resolver import Attack, Force, Resolver
from gm.engine.results import OrderResult, PhaseOutcome, PlannedOrder
from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.notation import piece_shown
from gm.orders import legality
from gm.orders.kinds import kind_of
from gm.orders.kinds.merge import SupportMerge, check_support_merge
from gm.orders.kinds.split import Split, split_parts
from gm.orders.phases import MOVEMENT, phase_problem
from gm.orders.types import Convoy, Hold, Merge, Move, Order, SupportHold, SupportMove
from gm.rules import RuleSet


class Plan:
    """A unit's order after checking: what the resolver will do with it.

    The defaults are class attributes, so that a plan costs only what differs from a hold
    (a phase makes one plan per unit; most of them never change most fields)."""

    kind: str = "hold"  # hold | move | merge | support_hold | support_move | convoy
    dest: str | None = None  # move: the location moved to; support/convoy: the province
    dest_province: str | None = None  # the province of `dest`
    target: int = -1  # support/convoy: the unit supported or convoyed
    dest_coast: str | None = None  # support_move: coast named in the support, if any
    via_convoy: bool = False
    needs_convoy: bool = False  # a move that is not adjacent by land
    convoyed: bool = False
    void: str | None = None  # why the order was set aside
    void_code: str = R.VOID  # BLOCKED when other units' orders set it aside (`void_moves`)
    matched: bool = True  # support/convoy: does the supported/convoyed order match?
    unmatched_reason: str = ""
    route: tuple | None = None  # a convoyed move: the convoy route graph (starts, ends, next)

    def __init__(self, order: Order | None):
        self.order = order

    def aim(self, dest: str) -> None:
        self.dest = dest
        self.dest_province = province_of(dest)


def unit_index(position: Position) -> dict[str, list[int]]:
    by_province: dict[str, list[int]] = {}
    for i, unit in enumerate(position.units):
        by_province.setdefault(unit.province, []).append(i)
    return by_province


class MovementPhase:
    """One movement phase being adjudicated."""

    def __init__(self, position: Position, game_map: GameMap, rules: RuleSet | None = None):
        self.position = position
        self.map = game_map
        self.rules = rules or RuleSet.for_map(game_map)
        self.units = position.units
        self.by_province = unit_index(position)
        self.plans: list[Plan] = [Plan(None) for _ in self.units]
        self.results: list[OrderResult] = []
        self._variant_checks = self.rules.answers("order_problem")
        self._stacking_rules = self.rules.answers("may_stack")  # pieces may share a province

    # --- 1. orders to units ------------------------------------------------------------------
    def take_orders(self, orders: list[Order]) -> None:
        units, by_province = self.units, self.by_province
        stacking = self._stacking_rules
        if stacking:  # each piece a merge names takes its part of the order, for its power
            orders = [legality.attributed(part, self.position, self.map, "Movement", self.rules)
                      if part is not order else part for order in orders for part in
                      (order.each() if isinstance(order, Merge) else (order,))]
        for order in orders:
            here = by_province.get(order.province, ())
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
            if not stacking or order.leader:
                self._give(idx, order, order)
            else:
                self._give_stack(idx, order)
        for idx, plan in enumerate(self.plans):
            if plan.order is not None:
                self._check(idx, plan)
        if self.rules.answers("void_moves"):
            planned = [PlannedOrder(i, self.units[i], p.order, p.kind, p.dest_province,
                                    p.via_convoy or p.needs_convoy, p.void)
                       for i, p in enumerate(self.plans)]
            # set aside by what other units were ordered to do: the board's doing, which no
            # check of the order alone could tell (a land bridge closed by a hostile fleet)
            for idx, reason in self.rules.void_moves(planned, self.position, self.map).items():
                plan = self.plans[idx]
                plan.void, plan.void_code, plan.kind = reason, R.BLOCKED, "hold"

    def _give(self, idx: int, order: Order | None, by: Order, void: str | None = None) -> None:
        """The piece's order is now `order` (None: it holds), given by `by`; a later order
        replaces an earlier one."""
        old = self.plans[idx].order
        if old is not None and all(r.order is not old or r.code != R.REPLACED
                                   for r in self.results):
            self.results.append(OrderResult(by.power or "", old, self.units[idx], False,
                                            R.REPLACED, f"replaced by {by}"))
        plan = self.plans[idx] = Plan(order)
        plan.void = void

    def _give_stack(self, idx: int, order: Order) -> None:
        """An order to a multiple (`legality.commanded_pieces`): every piece of it takes the
        order, or a split's part; pieces a split leaves out hold. An order whose kind or count
        does not fit the multiple is void for all its pieces."""
        group, problem = legality.commanded_pieces(order, idx, self.units, self.map, self.rules)
        parts: list[tuple[Order | None, list[int]]] = [(order, group)]
        if problem is None and isinstance(order, Split):
            found, problem = split_parts(order, [self.units[i] for i in group], self.map)
            taken = {i for _, which in found for i in which}
            parts = [(part, [group[i] for i in which]) for part, which in found]
            parts.append((None, [g for i, g in enumerate(group) if i not in taken]))
        if problem is not None:
            for i in group:
                self._give(i, order, order, problem.message)
            return
        for part, which in parts:
            for i in which:
                self._give(i, part, order)

    def _check(self, idx: int, plan: Plan) -> None:
        """The legality check (`gm.orders.legality`) of one unit's order, as intake asks it;
        what it finds is kept on the plan for the resolver."""
        if plan.void:  # the order does not fit the multiple it commands
            plan.kind = "hold"
            return
        unit = self.units[idx]
        order = plan.order
        problem = None
        standard = True
        if isinstance(order, Move):
            problem = self._check_move(unit, order, plan)
        elif isinstance(order, SupportHold):
            plan.kind = "support_hold"
            order = self._placed_target(order)
            problem = legality.support_problem(unit.kind, unit.location, order.target, None,
                                               self.map, self.by_province)
            if problem is None:
                plan.target = self._named(order.target, order.target_leader, order.target_kind)
        elif isinstance(order, SupportMove):
            plan.kind = "support_move"
            order = self._placed_target(order)
            problem = legality.support_problem(unit.kind, unit.location, order.target,
                                               order.dest, self.map, self.by_province)
            if problem is None:
                plan.target = self._named(order.target, order.target_leader, order.target_kind)
                plan.aim(province_of(order.dest))
                plan.dest_coast = coast_of(order.dest)
        elif isinstance(order, Convoy):
            plan.kind = "convoy"
            army = self._named(order.target, None, "A") \
                if province_of(order.target) in self.by_province else -1
            problem = legality.convoy_problem(
                unit.kind, unit.location, self.units[army].kind if army >= 0 else None,
                order.target, order.dest, self.map, True)
            if problem is None:
                plan.target = army
                plan.aim(province_of(order.dest))
        elif isinstance(order, Merge) and self._stacking_rules:
            problem = self._check_merge(unit, order, plan)
        elif isinstance(order, SupportMerge) and self._stacking_rules:
            problem = check_support_merge(order, unit.kind, unit.location, self.position,
                                          self.map, self.rules)
            if problem is None and unit.province != order.dest:
                plan.kind = "support_merge"  # else it stands in the merge's province: takes part
                plan.aim(order.dest)
        elif not isinstance(order, Hold):
            standard = False
            plan.kind = "hold"  # an extra order kind of the variant; its effect comes later
            why = phase_problem(order, MOVEMENT, self.map)
            if why is not None:
                problem = legality.Problem(why[0])
            else:  # the kind's own board check, as at intake
                declared = kind_of(order)
                if declared is not None and declared.check is not None:
                    problem = declared.check(order, unit.kind, unit.location, self.position,
                                             self.map, self.rules)
        if self._variant_checks or not standard:  # a rule's objection names the rulebook
            problem = legality.rule_problem(order, unit, self.position, self.map,
                                            self.rules) or problem
        if problem is not None:
            plan.void = problem.message
            plan.kind = "hold"

    def _check_merge(self, unit: Unit, order: Merge, plan: Plan) -> legality.Problem | None:
        """A piece's part of a merge: it moves to the merge's province as it could move there
        itself, never by convoy; a piece already there takes part by staying."""
        if unit.province == province_of(order.dest):
            return None  # it holds there, and adds its strength to the merge (`_merges`)
        known = legality.move_check(unit.kind, unit.location, order.dest, False, self.map)
        if known.problem is not None:
            return known.problem
        if known.needs_convoy:
            return legality.Problem(f"a merge never goes by convoy: {unit.label()} is not "
                                    f"next to {order.dest}", focus="dest")
        plan.kind = "merge"
        plan.aim(known.dest)
        return None

    def _placed_target(self, order):
        """A support that names a leader by name alone (`F Ion S Scipio`) is for the place
        where that leader stands."""
        if order.target or not order.target_leader:
            return order
        return legality.place_target(order, self.units)

    def _named(self, location: str, leader: str | None, kind: str | None = None) -> int:
        """The piece a support or convoy names in a province: the leader it names, or else the
        first piece there of the kind it names (a convoy: an army), or that is not a leader
        (a leader alone: the leader)."""
        here = self.by_province[province_of(location)]
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

    def _check_move(self, unit: Unit, order: Move, plan: Plan) -> legality.Problem | None:
        """Whether the unit can make this move on this map (not: will it succeed); the map
        remembers the answer (`legality.move_check`)."""
        known = legality.move_check(unit.kind, unit.location, order.dest, order.via_convoy,
                                    self.map)
        plan.kind = "move"
        plan.via_convoy = order.via_convoy
        if known.dest is not None:
            plan.aim(known.dest)
        plan.needs_convoy = known.needs_convoy
        return known.problem

    # --- 2. matching supports and convoys, and the convoy 'intent' rule ----------------------
    def _match(self) -> None:
        plans = self.plans
        convoys_for: dict[int, list[int]] = {}
        for idx, plan in enumerate(plans):
            if plan.kind == "convoy":
                army = plans[plan.target]
                if army.kind == "move" and army.dest_province == plan.dest:
                    convoys_for.setdefault(plan.target, []).append(idx)
                else:
                    plan.matched = False
        for idx, plan in enumerate(plans):
            if plan.kind != "move" or self.units[idx].is_fleet:
                continue
            fleets = convoys_for.get(idx)
            if fleets is None and not plan.needs_convoy:
                continue  # an army marching by land, as most do
            fleets = fleets or []
            own = any(self.units[f].power == self.units[idx].power for f in fleets)
            wants = plan.needs_convoy or plan.via_convoy or own
            route = plan.route = self._route(idx, fleets)
            plan.convoyed = plan.needs_convoy or (wants and route is not None)
            if plan.needs_convoy and route is None:
                # no chain of fleets at sea could carry it: the order is illegal, the army holds
                problem = legality.convoy_chain_problem(self.units[idx].province,
                                                        plan.dest_province, self.units, self.map)
                if problem is not None:
                    plan.kind, plan.convoyed, plan.void = "hold", False, problem.message
            if not plan.convoyed:
                for f in fleets:
                    plans[f].matched = False
        vetted = self.rules.answers("may_support")
        stacked = self._stacking_rules
        for idx, plan in enumerate(plans):
            kind = plan.kind
            if kind == "hold" or kind == "move" or kind == "merge" or kind == "support_merge":
                continue
            if kind == "convoy":
                if plan.matched and not plans[plan.target].convoyed:
                    plan.matched = False
                continue
            if stacked:
                plan.target = self._stack_target(idx, plan)
            target = plans[plan.target]
            if kind == "support_hold":
                if target.kind == "move":
                    plan.matched, plan.unmatched_reason = False, "the supported unit moved"
            elif not (target.kind == "move" and target.dest_province == plan.dest
                      and (plan.dest_coast is None
                           or coast_of(target.dest) in (None, plan.dest_coast))):
                plan.matched = False
                plan.unmatched_reason = "the supported unit did not make that move"
            if plan.matched and vetted and (why := self.rules.support_refused(
                    self.units[idx], self.units[plan.target], self.position)):
                plan.matched, plan.unmatched_reason = False, why

        self._convoys_for = convoys_for

    def _stack_target(self, idx: int, plan: Plan) -> int:
        """A support names a leader or a stack's other pieces (`_named`): of those, the piece
        that makes the supported move, or for a support to hold one that stays."""
        first = plan.target
        target = self.units[first]
        if target.is_leader:
            return first
        plans, side = self.plans, self.rules.side
        for i in self.by_province[target.province]:
            other = self.units[i]
            if other.is_leader or side(other.power) != side(target.power):
                continue
            p = plans[i]
            if plan.kind == "support_hold" and p.kind != "move":
                return i
            if plan.kind == "support_move" and p.kind == "move" and \
                    p.dest_province == plan.dest:
                return i
        return first

    def _route(self, army: int, fleets: list[int]):
        """The convoy route graph over `fleets` for this army's move, or None if none exists."""
        if not fleets:
            return None
        unit, plan = self.units[army], self.plans[army]
        dest = plan.dest_province
        locs = {f: self.units[f].location for f in fleets if self.plans[f].matched}
        starts = [f for f, loc in locs.items()
                  if any(province_of(x) == unit.province for x in self.map.fleet_adj.get(loc, ()))]
        ends = frozenset(f for f, loc in locs.items()
                         if any(province_of(x) == dest for x in self.map.fleet_adj.get(loc, ())))
        nxt = {f: [g for g, gl in locs.items() if g != f and gl in self.map.fleet_adj.get(loc, ())]
               for f, loc in locs.items()}
        seen, todo = set(starts), list(starts)
        while todo:
            f = todo.pop()
            if f in ends:
                return starts, ends, nxt
            for g in nxt[f]:
                if g not in seen:
                    seen.add(g)
                    todo.append(g)
        return None

    # --- 3. forces and attacks -----------------------------------------------------------------
    def _build(self) -> tuple[list[Force], list[Attack]]:
        rules, position = self.rules, self.position
        sides = rules.sides
        side = rules.side if sides else (lambda power: power)
        if rules.answers("defence_bonus"):
            forces = [Force(side(u.power), u.province, u.strength,
                            rules.defence_bonus(u, position, self.map)) for u in self.units]
        elif sides:
            forces = [Force(side(u.power), u.province, u.strength) for u in self.units]
        else:
            forces = [Force(u.power, u.province, u.strength) for u in self.units]
        attacks: list[Attack] = []
        group: dict[tuple, int] = {}
        merging = self._stacking_rules and self._merges(forces)
        for idx, plan in enumerate(self.plans):
            if plan.kind != "move":
                if plan.kind == "merge":
                    self._join_merge(idx, plan, forces, attacks, group)
                continue
            unit = self.units[idx]
            # the pieces of one side making the same move attack as one
            key = (forces[idx].power, unit.province, plan.dest_province, plan.convoyed)
            a = group.get(key)
            if a is None:
                a = group[key] = len(attacks)
                attacks.append(Attack(forces[idx].power, unit.province, plan.dest_province, [],
                                      0.0, None, plan.convoyed))
            attacks[a].forces.append(idx)
            attacks[a].strength += forces[idx].strength
            forces[idx].attack = a
        by_route = {(x.origin, x.dest): b for b, x in enumerate(attacks) if not x.convoyed}
        if merging:
            self._merge_routes(forces, attacks, by_route)
        for attack in attacks:
            if attack.origins is not None:
                attack.opponent = next((by_route[(attack.dest, o)] for o in attack.origins
                                        if (attack.dest, o) in by_route), -1)
            elif not attack.convoyed:
                attack.opponent = by_route.get((attack.dest, attack.origin), -1)
            else:
                route = self.plans[attack.forces[0]].route
                if route is not None:
                    attack.route_starts, attack.route_ends, attack.route_next = route
        if self._stacking_rules:
            self._merge_supports(forces, attacks, group)
        for idx, plan in enumerate(self.plans):
            if plan.kind in ("support_hold", "support_move"):
                forces[idx].is_support = True
                if plan.kind == "support_move":
                    forces[idx].supports_into = plan.dest
                if not plan.matched:
                    continue
                if plan.kind == "support_hold":
                    forces[plan.target].hold_supports.append(idx)
                else:
                    attacks[forces[plan.target].attack].supports.append(idx)
        if rules.answers("may_stack"):
            self._stacking(forces, attacks)
        return forces, attacks

    def _merges(self, forces: list[Force]) -> bool:
        """Void every merge whose pieces `may_stack(..., "merge")` does not allow together
        (each piece then holds); say whether any merge goes on."""
        into: dict[tuple[str, str], list[int]] = {}
        for idx, plan in enumerate(self.plans):
            if plan.kind == "merge":
                into.setdefault((forces[idx].power, plan.dest_province), []).append(idx)
        for (side, dest), moving in into.items():
            staying = [i for i in self.by_province.get(dest, ()) if forces[i].power == side]
            pieces = [self.units[i] for i in (*moving, *staying)]
            why = self.rules.may_stack(pieces, "merge", self.position, self.map)
            if why is not None:
                for idx in moving:
                    self.plans[idx].kind, self.plans[idx].void = "hold", why
        return any(plan.kind == "merge" for plan in self.plans)

    def _join_merge(self, idx: int, plan: Plan, forces: list[Force], attacks: list[Attack],
                    group: dict[tuple, int]) -> None:
        """A merging piece joins its side's one merge attack on the province; the first one
        also brings the strength of its side's pieces that stay there and hold."""
        unit, dest = self.units[idx], plan.dest_province
        key = ("merge", forces[idx].power, dest)
        a = group.get(key)
        if a is None:
            a = group[key] = len(attacks)
            merge = Attack(forces[idx].power, unit.province, dest, [], 0.0)
            merge.origins = ()
            merge.joins = True
            for i in self.by_province.get(dest, ()):
                if forces[i].power == merge.power and self.plans[i].kind == "hold":
                    merge.strength += forces[i].strength
            attacks.append(merge)
        merge = attacks[a]
        merge.forces.append(idx)
        merge.strength += forces[idx].strength
        if unit.province not in merge.origins:
            merge.origins = (*merge.origins, unit.province)
        forces[idx].attack = a

    def _merge_supports(self, forces: list[Force], attacks: list[Attack],
                        group: dict[tuple, int]) -> None:
        """A support of a merge (`A Par S merge Bur`) is given to its side's merge into that
        province, else to the one merge into it another side makes (any unit may support any
        other, subject to the rules' vetoes: `support_refused`); it is not matched when there
        is none, or when several sides merge there and the support names none of them."""
        vetted = self.rules.answers("may_support")
        for idx, plan in enumerate(self.plans):
            if plan.kind != "support_merge":
                continue
            forces[idx].is_support = True
            forces[idx].supports_into = plan.dest
            place = self.map.provinces[plan.dest].name if plan.dest in self.map.provinces \
                else plan.dest
            a = group.get(("merge", forces[idx].power, plan.dest))
            if a is None:
                others = [b for key, b in group.items()
                          if len(key) == 3 and key[0] == "merge" and key[2] == plan.dest]
                a = others[0] if len(others) == 1 else None
                if len(others) > 1:
                    plan.matched = False
                    plan.unmatched_reason = f"several merges into {place}, and the support " \
                                            "names none"
                    continue
            if a is None:
                plan.matched = False
                plan.unmatched_reason = f"no merge into {place}"
                continue
            merging = self.units[attacks[a].forces[0]]
            if vetted and (why := self.rules.support_refused(self.units[idx], merging,
                                                              self.position)):
                plan.matched, plan.unmatched_reason = False, why
                continue
            attacks[a].supports.append(idx)

    @staticmethod
    def _merge_routes(forces: list[Force], attacks: list[Attack],
                      by_route: dict[tuple[str, str], int]) -> None:
        """A merge is head-to-head with an attack from its province into any of its origins."""
        for b, attack in enumerate(attacks):
            if attack.origins is not None:
                for origin in attack.origins:
                    by_route.setdefault((origin, attack.dest), b)

    def _stacking(self, forces: list[Force], attacks: list[Attack]) -> None:
        """Where the rules let pieces share a province: which attacks may join their own side's
        pieces in the destination (`Attack.joins`) and which of one side's attacks on one
        province may arrive together (`Attack.friends`), each if `may_stack(..., "move")`
        allows all those pieces in one province."""
        units, position = self.units, self.position
        into: dict[str, list[int]] = {}
        for a, attack in enumerate(attacks):
            into.setdefault(attack.dest, []).append(a)
        for dest, group in into.items():
            staying = [i for i in self.by_province.get(dest, ()) if forces[i].attack < 0
                       or attacks[forces[i].attack].dest != dest]
            for a in group:
                attack = attacks[a]
                mine = [units[i] for i in attack.forces]
                own = [units[i] for i in staying if forces[i].power == attack.power]
                if own and len(own) == len(staying) and self.rules.may_stack(
                        own + mine, "move", position, self.map) is None:
                    attack.joins = True
                friends = [b for b in group if b != a and attacks[b].power == attack.power]
                if friends and self.rules.may_stack(
                        mine + [units[i] for b in friends for i in attacks[b].forces] + own,
                        "move", position, self.map) is None:
                    attack.friends = frozenset(friends)

    # --- 4. adjudicate -----------------------------------------------------------------------
    def adjudicate(self, orders: list[Order]) -> PhaseOutcome:
        if self.rules.answers("prepare_orders"):  # pieces may change before orders are read
            orders, rejected = self.rules.prepare_orders(self.position, list(orders), self.map)
            self.results.extend(rejected)
            self.units = self.position.units
            self.by_province = unit_index(self.position)
            self.plans = [Plan(None) for _ in self.units]
        self.take_orders(orders)
        self._match()
        forces, attacks = self._build()
        resolver = Resolver(forces, attacks, self.rules.support_left, self.by_province)
        resolver.resolve_all()
        return self._outcome(resolver, forces, attacks)

    def _outcome(self, res: Resolver, forces: list[Force], attacks: list[Attack]) -> PhaseOutcome:
        units, plans = self.units, self.plans
        succeeded = res.result  # every decision is resolved by now: read the answers
        new_units: list[Unit] = []
        dislodged: list[Dislodged] = []
        occupied: set[str] = set()
        beaten_by = [-1] * len(units)  # the attack that dislodged each unit, if any
        disbanding, gone = self.rules.answers("disbands_when_dislodged"), []
        for a, attack in enumerate(attacks):
            if succeeded[a]:  # only pieces of another side are dislodged
                for f in res.in_province.get(attack.dest, ()):
                    if (forces[f].attack < 0 or not succeeded[forces[f].attack]) \
                            and forces[f].power != attack.power:
                        beaten_by[f] = a
        for idx, unit in enumerate(units):
            plan = plans[idx]
            a = forces[idx].attack
            if a >= 0 and succeeded[a]:
                moved = Unit(unit.power, unit.kind, plan.dest, unit.strength, unit.name, unit.tag)
                new_units.append(moved)
                occupied.add(moved.province)
                continue
            by = beaten_by[idx]
            if by >= 0:
                attack = attacks[by]
                if disbanding and self.rules.disbands_when_dislodged(unit):
                    gone.append(unit)  # removed at once: no retreat for it
                    continue
                dislodged.append(Dislodged(unit, None if attack.convoyed else attack.origin)
                                 if attack.origins is None else
                                 Dislodged(unit, attack.origins[0], attack.origins[1:]))
            else:
                new_units.append(unit)
                occupied.add(unit.province)
        standoffs = set()
        for a, attack in enumerate(attacks):
            if attack.dest not in occupied and not succeeded[a] and res.prevent_strength(a) > 0:
                standoffs.add(attack.dest)
        for idx, unit in enumerate(units):
            self.results.append(self._result(idx, unit, res, forces, attacks, beaten_by[idx]))
        position = self.position.after(new_units, dislodged, frozenset(standoffs))
        events: list[str] = [f"{piece_shown(u)} disbanded at once when dislodged" for u in gone]
        if self.rules.answers("after_movement"):
            attacked_by: dict[str, set[str]] = {}
            for a, attack in enumerate(attacks):
                if not attack.convoyed or res.has_route(a):  # the power, not the side
                    attacked_by.setdefault(attack.dest, set()).add(
                        units[attack.forces[0]].power)
            events.extend(self.rules.after_movement(self.position, position, self.results,
                                                    attacked_by, self.map))
        return PhaseOutcome(position, self.results, events)

    def _result(self, idx: int, unit: Unit, res: Resolver, forces: list[Force],
                attacks: list[Attack], by: int) -> OrderResult:
        plan = self.plans[idx]
        order = plan.order
        if order is None and by < 0:
            return OrderResult(unit.power, None, unit, True, R.HELD, "", None)
        ok, code, detail = self._verdict(idx, plan, res, forces, attacks, by)
        return OrderResult(unit.power, order, unit, ok, code, detail,
                           attacks[by].origin if by >= 0 else None)

    def _verdict(self, idx: int, plan: Plan, res: Resolver, forces: list[Force],
                 attacks: list[Attack], by: int) -> tuple[bool, str, str]:
        """(succeeded, reason code, detail) for one unit's order."""
        if plan.void:
            return False, plan.void_code, plan.void
        kind = plan.kind
        if kind == "move" or kind == "merge":
            a = forces[idx].attack
            if res.result[a]:
                return True, R.MOVED, ""
            if attacks[a].convoyed and not res.has_route(a):
                return False, R.NO_CONVOY, f"no convoy reached {attacks[a].dest}"
            return False, R.BOUNCED, f"bounced at {attacks[a].dest}"
        if by >= 0:
            return False, R.DISLODGED, f"dislodged from {attacks[by].origin}"
        if kind == "support_hold" or kind == "support_move" or kind == "support_merge":
            if not plan.matched:
                return False, R.NOT_MATCHED, plan.unmatched_reason
            cutting = res.cutting_attacks(idx)
            if cutting:
                value, strength = res.support_value(idx), forces[idx].strength
                origins = ", ".join(attacks[b].origin for b in cutting)
                if value <= 0:
                    return False, R.CUT, f"cut by {origins}"
                if value < strength:  # a rule lets an attack cut only part of a support
                    return False, R.CUT, (f"partly cut by {origins}: supports with "
                                          f"{value:g} of {strength:g}")
            return True, R.SUPPORTED, ""
        if kind == "convoy":
            if not plan.matched:
                return False, R.NOT_MATCHED, "the army did not make that move by convoy"
            return True, R.CONVOYED, ""
        return True, R.HELD, ""

def adjudicate_movement(position: Position, orders: list[Order], game_map: GameMap,
                        rules: RuleSet | None = None) -> PhaseOutcome:
    return MovementPhase(position, game_map, rules).adjudicate(orders)
