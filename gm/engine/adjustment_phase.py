"""Adjustments: count each power's supply against its units' upkeep; build, remove or waive.

The phase names no order kind and no kind of piece: each order's kind enters it on the phase's
`Ledger` through its part (`OrderKind.in_adjustment`: a build, a waive, a removal), the build
kind says what piece a build makes (`kinds.build.new_piece`), and the notation the order in
which civil disorder takes the pieces of a stack (`notation.disorder_rank`).

Supply and upkeep come in halves (towns, garrisons), so builds and removals are counted in
upkeep: each build costs the upkeep of the piece it makes, and a power removes pieces until its
upkeep is no more than its supply. Builds go on owned, vacant home centres (and any build site
the variant allows); surplus build and removal orders are ignored in the order given. A rule
may accept orders of its own first (a voluntary disband), on a working copy of the position, so
that what they free pays for builds. A rule may owe a power extra builds that need no spare
centre (loot); the build orders the rule claims draw on those, and only they may make a unit
stronger than one; a waive with no build of the centres left gives one of them up. A unit
that needs no centre is never removed to balance the count. A power that orders too few
removals loses the units farthest from its home centres (the 1971 and 1982 rulebooks, DATC
v2.4), or from the centres it owns where the map chooses the 2023 reading (`civil_disorder =
"owned"`): an army counts moves through any province, sea included, a fleet only where fleets
sail; fleets before armies at equal distance; then by province name (docs/design.md, 'Civil
disorder').
"""
from __future__ import annotations

from collections import deque

from gm.engine import results as R
from gm.engine.position import Position, Unit, piece_tag
from gm.engine.results import OrderResult, PhaseOutcome
from gm.maps.gamemap import GameMap
from gm.notation import disorder_rank
from gm.orders import legality
from gm.orders.kind_registry import kind_of
from gm.orders.kinds.board import power_name
from gm.orders.kinds.build import (
    Build,
    allowance,
    amount,
    builds_used_problem,
    extra_build_problem,
    new_piece,
    no_builds_problem,
    plural,
    single_unit_problem,
)
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.remove import (
    no_removals_problem,
    removals_made_problem,
    stack_removal,
    upkeep_problem,
)
from gm.orders.phases import ADJUSTMENT, refusal
from gm.orders.variants import map_forms
from gm.rules import RuleSet


def adjustments_due(position: Position, game_map: GameMap,
                    rules: RuleSet | None = None) -> dict[str, float]:
    """Builds (positive) or removals (negative) each power has this adjustment phase, counted
    in upkeep: a whole number unless pieces or centres come in halves (towns, garrisons).

    A power may build as much as its supply exceeds its units' upkeep, in steps of the
    cheapest piece it may build (so ½ to spare is no build unless a piece costs ½), and
    removes until its upkeep is no more than its supply."""
    rules = rules or RuleSet.for_map(game_map)
    due = {}
    for power, (change, extra) in _allowances(position, game_map, rules).items():
        total = change + extra if change >= 0 else change
        if total or extra:
            due[power] = total
    return due


def adjustment_phase_needed(position: Position, game_map: GameMap,
                            rules: RuleSet | None = None) -> bool:
    """Is this adjustment phase played: a build or removal is due, or a rule plays it anyway
    (`plays_adjustment`: a choice only this phase offers, a change of kind any year)?"""
    rules = rules or RuleSet.for_map(game_map)
    return bool(adjustments_due(position, game_map, rules)) or \
        rules.plays_adjustment(position, game_map)


def _allowances(position: Position, game_map: GameMap, rules: RuleSet
                ) -> dict[str, tuple[float, int]]:
    """For each power: builds (or removals, negative) from its supply, in upkeep, and extra
    builds (`kinds.build.allowance`, which intake asks too).

    Extra builds are owed apart from the centres, so a power may have removals to make and
    an extra build at once; `adjustments_due` then shows the removals."""
    supplies = rules.supply.by_power(position, game_map)  # counted once for every power
    return {power: allowance(power, position, game_map, rules, supplies.get(power, 0.0))
            for power in game_map.powers}


def _disorder_targets(position: Position, power: str, game_map: GameMap) -> list[str]:
    """The provinces distance is measured to: the power's home centres, whoever owns them
    now, or on a map with `civil_disorder = "owned"` every centre it owns."""
    if game_map.civil_disorder == "owned":
        return [c for c, owner in position.owners.items() if owner == power]
    return list(game_map.powers[power].home)


def steps_from(starts: list[str], links) -> dict[str, int]:
    """Moves from each node to the nearest of `starts`, along `links(node)` (symmetric)."""
    dist = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in links(here):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _distances(position: Position, power: str, game_map: GameMap
               ) -> tuple[dict[str, int], dict[str, int]]:
    """(army distances by province, fleet distances by location) to the disorder targets.

    An army may count any province on the way, sea included, as if convoyed; a fleet only
    the places a fleet can move to, so a fleet that cannot sail home is farthest of all.
    They depend on the board and the targets alone, so the map remembers them (with its
    other answers about moves, `GameMap.move_checks`): read them, never change them."""
    targets = frozenset(_disorder_targets(position, power, game_map))
    key = ("disorder distances", targets)
    known = game_map.move_checks.get(key)
    if known is None:
        army = steps_from(list(targets), game_map.neighbours)
        fleet_starts = [loc for c in targets if c in game_map.provinces
                        for loc in game_map.locations(c)]
        fleet = steps_from(fleet_starts, lambda loc: game_map.fleet_adj.get(loc, ()))
        known = game_map.move_checks[key] = (army, fleet)
    return known


def civil_disorder_removals(position: Position, power: str, count: int,
                            game_map: GameMap, exclude: set[int],
                            rules: RuleSet | None = None) -> list[int]:
    """The units removed for a power that ordered too few removals. A unit that needs no
    centre (when `rules` say so) is never taken: removing it would not balance the count."""
    army, fleet = _distances(position, power, game_map)
    far = 10**6

    def distance(unit: Unit) -> int:
        if unit.is_fleet:
            return fleet.get(unit.location, far)
        return army.get(unit.province, far)

    candidates = [i for i, u in enumerate(position.units) if u.power == power and i not in exclude
                  and (rules is None or rules.upkeep(u) > 0)]
    candidates.sort(key=lambda i: (
        -distance(position.units[i]),
        disorder_rank(position.units[i].kind),  # in a stack: fleets, armies, garrisons
        game_map.provinces[position.units[i].province].name.lower(),
        position.units[i].tag or "",  # then pieces of one stack by tag
    ))
    return candidates[:count]


def adjudicate_adjustments(position: Position, orders: list[Order], game_map: GameMap,
                           rules: RuleSet | None = None) -> PhaseOutcome:
    """The phase's orders, each entered on the ledger by its kind's part (`OrderKind.
    in_adjustment`: a build, a waive, a removal) after the rules' own orders; then civil
    disorder for removals not ordered, and unused builds reported as waived."""
    rules = rules or RuleSet.for_map(game_map)
    results: list[OrderResult] = []
    events: list[str] = []
    if rules.answers("adjustment_orders"):
        # a rule's own orders come before the count (a change of kind, a voluntary disband),
        # on a copy, so that the upkeep they free pays for builds in this same phase
        position = position.copy()
        orders, results, events = rules.adjustment_orders(position, list(orders), game_map)
    ledger = Ledger(position, game_map, rules, results)
    for order in orders:
        kind = kind_of(order)
        part = kind.in_adjustment if kind is not None else None
        if part is None:  # no part here, and no rule took it first
            ledger.void(order, refusal(order, ADJUSTMENT, game_map))
            continue
        if kind.form is not None:  # a variant's kind: as intake checks it, then its part
            problem = _variant_problem(order, kind.form, position, game_map, rules)
            if problem:
                ledger.void(order, problem)
                continue
        part(order, ledger)
    ledger.settle()
    gone = ledger.gone()
    after = position.copy()
    after.units = [u for i, u in enumerate(position.units) if i not in gone] + ledger.new_units
    for power, units in ledger.extra_built.items():
        if units:
            events.extend(rules.extra_builds_used(power, units, after, game_map))
    events.extend(rules.after_adjustments(after, game_map))
    return PhaseOutcome(after, results, events)


def _variant_problem(order: Order, form: str, position: Position, game_map: GameMap,
                     rules: RuleSet) -> str | None:
    """Why a variant kind's adjustment order is void: no rule of the map brings its form, or
    the legality check's reason, as intake gives it."""
    if form not in map_forms(game_map):
        return refusal(order, ADJUSTMENT, game_map)
    problem = legality.check(order, position, game_map, ADJUSTMENT, rules).problem
    return problem.message if problem is not None else None


class Ledger:
    """The phase's account of builds and removals, power by power
    (`phase_parts.AdjustmentLedger`): each kind's part enters its order, which is counted
    against what its power has, in the order given, or void with the reason.

    A power's builds are counted in upkeep (`spent`, waives included) against what its
    centres pay for (`due`); a build a rule claims (`draws_extra_build`) draws on the extra
    builds it owes instead, and a waive with no build of the centres left gives one of those
    up. Removals are counted in the upkeep they free (`freed`)."""

    def __init__(self, position: Position, game_map: GameMap, rules: RuleSet,
                 results: list[OrderResult]):
        self.position, self.map, self.rules, self.results = position, game_map, rules, results
        self.allowances = _allowances(position, game_map, rules)
        self.due = {power: change for power, (change, _) in self.allowances.items() if change}
        self.spent: dict[str, float] = {}  # upkeep of the pieces built, and builds waived
        self.accepted: list[Build] = []
        self.extra_built: dict[str, list[Unit]] = {}
        self.extra_waived: dict[str, int] = {}  # extra builds given up by a waive
        self.removed: dict[str, set[int]] = {}
        self.freed: dict[str, float] = {}  # upkeep of the pieces removed
        self.new_units: list[Unit] = []
        self.used_sites: set[str] = set()
        self.stacking = rules.answers("may_stack")

    def void(self, order: Order, why: str) -> None:
        self.results.append(OrderResult(order.power or "", order, None, False, R.VOID, why))

    def owed_extra(self, power: str) -> int:
        """The extra builds still owed to `power`: neither built nor waived yet."""
        return self.allowances.get(power, (0, 0))[1] - len(self.extra_built.get(power, ())) \
            - self.extra_waived.get(power, 0)

    # --- what a kind's part enters (`phase_parts.AdjustmentLedger`) ---------------------------
    def build(self, order: Build) -> None:
        power = order.power or ""
        rules, position, game_map = self.rules, self.position, self.map
        if rules.draws_extra_build(order, position, game_map):
            owed = self.allowances.get(power, (0, 0))[1]
            made = self.extra_built.setdefault(power, [])
            found = legality.build_problem(order, position, game_map, rules, self.used_sites,
                                           tuple(self.accepted), self.new_units) \
                or extra_build_problem(power, owed, len(made) + self.extra_waived.get(power, 0),
                                       game_map)
            if found:
                self.void(order, found.message)
                return
            unit = self._new_unit(order)
            made.append(unit)
            self._built(order, unit)
            return
        left = self.due.get(power, 0)
        used = self._unused(order, power, left, build=True)
        if used is None:
            return
        # the rule first: its reason names the rulebook (no A/F builds, no double unit)
        found = legality.build_problem(order, position, game_map, rules, self.used_sites,
                                       tuple(self.accepted), self.new_units) \
            or single_unit_problem(order)
        if found:
            self.void(order, found.message)
            return
        unit = self._new_unit(order)
        cost = rules.upkeep(unit)
        if used + cost > left:
            self.void(order, f"{power_name(game_map, power)} has only {amount(left - used)} "
                             f"to build, and {unit.label()} needs {amount(cost)}")
            return
        self.spent[power] = used + cost
        self._built(order, unit)

    def waive(self, order: Order) -> None:
        power = order.power or ""
        left = self.due.get(power, 0)
        if (left <= 0 or self.spent.get(power, 0.0) >= left) and self.owed_extra(power) > 0:
            # no build of its centres left: the waive gives up an extra build the rules owe
            # (a Holy Place's award is forfeit, Lord of Hosts 4)
            self.extra_waived[power] = self.extra_waived.get(power, 0) + 1
            self.results.append(OrderResult(power, order, None, True, R.WAIVED))
            return
        used = self._unused(order, power, left, build=False)
        if used is not None:
            self.spent[power] = used + min(1.0, left - used)
            self.results.append(OrderResult(power, order, None, True, R.WAIVED))

    def remove(self, order: Order) -> None:
        power = order.power or ""
        left = self.due.get(power, 0)
        units, game_map = self.position.units, self.map
        # the legality check first (as intake asks it): the unit, the count, its upkeep
        idx, missing = legality.find_order_unit(order, units, game_map, rules=self.rules)
        found = missing or no_removals_problem(power, left, game_map) \
            or upkeep_problem(units[idx], self.rules, game_map)
        if found:
            self.void(order, found.message)
            return
        done = self.removed.setdefault(power, set())
        made = removals_made_problem(left, self.freed.get(power, 0.0))
        if made:
            self.void(order, made.message)
            return
        taken = [idx]
        if self.stacking:  # pieces of a stack, by kind, count or name
            taken, problem = stack_removal(order, idx, units, done, game_map)
            if problem:
                self.void(order, problem.message)
                return
        if idx in done and not self.stacking:
            self.void(order, f"{units[idx].label()} is already removed")
            return
        for i in taken:
            self._removed(power, i, order)

    # --- the close of the phase -----------------------------------------------------------------
    def settle(self) -> None:
        """Civil disorder for a power that ordered too few removals; builds a power left
        unused, reported as waived."""
        units = self.position.units
        for power, left in self.due.items():
            if left < 0:
                done = self.removed.setdefault(power, set())
                if self.freed.get(power, 0.0) < -left:
                    for idx in civil_disorder_removals(self.position, power, len(units),
                                                       self.map, done, self.rules):
                        if self.freed.get(power, 0.0) >= -left:
                            break
                        self._removed(power, idx, None)
            elif left > self.spent.get(power, 0.0):
                self.results.append(OrderResult(
                    power, None, None, True, R.WAIVED,
                    f"{plural(left - self.spent.get(power, 0.0), 'build')} not used"))

    def gone(self) -> set[int]:
        """The pieces removed, by index in the position."""
        return set().union(*self.removed.values()) if self.removed else set()

    # --- the ledger's own entries ---------------------------------------------------------------
    def _unused(self, order: Order, power: str, left: float, build: bool) -> float | None:
        """The upkeep the power has built or waived so far, or None (the order is void) when
        it has no build left, or a rule objects to the build."""
        if left <= 0:
            self.void(order, no_builds_problem(power, left, self.map).message)
            return None
        used = self.spent.get(power, 0.0)
        # a rule's objection first: its reason names the rulebook (builds over allowance)
        problem = build and self.rules.answers("build_problem") and \
            self.rules.build_problem(order, self.position, self.map, tuple(self.accepted))
        if problem:
            self.void(order, problem)
            return None
        problem = builds_used_problem(left, used)
        if problem:
            self.void(order, problem.message)
            return None
        return used

    def _new_unit(self, order: Build) -> Unit:
        """The piece a build makes (`kinds.build.new_piece`), tagged by the phase and site
        (`piece_tag`), after this phase's builds so far."""
        piece = new_piece(order)
        tag = piece_tag(self.position.phase, piece.province, {u.tag for u in self.new_units})
        return Unit(piece.power, piece.kind, piece.location, piece.strength, tag=tag)

    def _built(self, order: Build, unit: Unit) -> None:
        self.used_sites.add(order.province)
        self.new_units.append(unit)
        self.accepted.append(order)
        self.results.append(OrderResult(unit.power, order, unit, True, R.BUILT))

    def _removed(self, power: str, idx: int, order: Order | None) -> None:
        """Piece `idx` leaves: by the order, or by civil disorder (None)."""
        unit = self.position.units[idx]
        self.removed.setdefault(power, set()).add(idx)
        self.freed[power] = self.freed.get(power, 0.0) + self.rules.upkeep(unit)
        self.results.append(OrderResult(power, order, unit, True, R.REMOVED) if order is not None else
                            OrderResult(power, None, unit, True, R.REMOVED,
                                        "civil disorder: too few removals ordered"))
