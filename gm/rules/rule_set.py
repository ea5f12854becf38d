"""The rules in force for one game: `RuleSet` answers each hook (gm/rules/hooks.py) with the
standard rules unless a rule in force answers first (a rule returns None to pass).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from gm.calendar import MOVEMENT
from gm.rules.hooks import HOOK_GROUPS
from gm.rules.rule import Rule
from gm.rules.rule_registry import rule_class
from gm.rules.supply import Supply

if TYPE_CHECKING:
    from gm.engine.position import Dislodged, Position, Unit
    from gm.engine.results import OrderResult, PlannedOrder
    from gm.maps.gamemap import GameMap
    from gm.orders.kinds.build import Build, NewPiece
    from gm.orders.kinds.order_kind import Order, OrderKind

STANDARD_BUILD_KINDS = ("A", "F")

# Every hook by name, with the interface that declares it (`gm/rules/hooks.py`).
HOOKS: dict[str, type] = {name: group for group in HOOK_GROUPS
                          for name, member in vars(group).items()
                          if callable(member) and not name.startswith("_")}


# every hook answered by no rule, copied for each rule set (a copy costs less than building)
_NOBODY: dict[str, tuple[Rule, ...]] = {name: () for name in HOOKS}


@cache
def hooks_answered(rule_class: type[Rule]) -> frozenset[str]:
    """The hooks a rule answers: those of an interface it lists that it overrides. Worked out
    once per class: a game's rule set is made afresh for every letter and phase."""
    return frozenset(name for name, group in HOOKS.items()
                     if issubclass(rule_class, group)
                     and getattr(rule_class, name) is not vars(group)[name])


class RuleSet:
    """The rules in force for one game: standard answers, overridden by the variant's rules.
    The supply and victory counts built on the supply hooks are a part of it, `supply`
    (`Supply`, gm/rules/supply.py)."""

    def __init__(self, rules: Iterable[Rule] = (), players: dict[str, str] | None = None,
                 *, owns: bool = True):
        self.rules = list(rules)
        self.players = players or {}  # power -> the side it plays on, from the map
        if owns:  # each rule asks the set it is in force in (`Rule.rule_set`)
            for rule in self.rules:
                rule.rule_set = self
        # for each hook, only the rules that answer it: the standard game asks nobody
        self._answering: dict[str, tuple[Rule, ...]] = dict(_NOBODY)
        for rule in self.rules:
            for name in hooks_answered(type(rule)):
                self._answering[name] += (rule,)
        self.supply = Supply(self)  # the supply and victory counts built on these answers

    @classmethod
    def for_map(cls, game_map: GameMap) -> RuleSet:
        players = {p.id: p.player for p in game_map.powers.values() if p.player}
        if not game_map.rules:
            return cls((), players)
        return cls((rule_class(name)(params) for name, params in game_map.rules.items()),
                   players)

    def without(self, rule: Rule) -> RuleSet:
        """The other rules in force, answering as they would without `rule` (whose own answer
        needs theirs); they stay this set's rules."""
        return RuleSet([r for r in self.rules if r is not rule], self.players, owns=False)

    def answers(self, hook: str) -> bool:
        """Does any rule in force change the standard answer to this hook?"""
        return bool(self._answering[hook])

    def reference(self, hook: str) -> str:
        """How messages name the first rule answering `hook` (`Rule.ref`: `rule 3 (Multiplicity
        II)`), '' when no rule does: a core refusal made on a rule's behalf names it."""
        answering = self._answering.get(hook)
        return answering[0].ref if answering else ""

    def corrections(self) -> dict[str, str]:
        """The `gm edit` actions the rules offer, each with an example of its use."""
        return {action: example for rule in self.rules
                for action, example in rule.about.corrections.items()}

    def correction(self, action: str, text: str, position: Position, game_map: GameMap
                   ) -> tuple[str, str] | None:
        """A rule's own correction (`Rule.correction`); None when no rule offers `action`."""
        return self.first_answer("correction", action, text, position, game_map)

    def refusal_ref(self, kind: str) -> str:
        """The rule a core refusal of this kind names (`Rule.refusal_ref`), '' if none."""
        return self.first_answer("refusal_ref", kind) or ""

    def answering(self, hook: str) -> tuple[Rule, ...]:
        """The rules in force that answer `hook`, in the map's order."""
        return tuple(self._answering[hook])

    def first_answer(self, hook: str, *args):
        """The first answer a rule in force gives to `hook` (None passes), or None."""
        for rule in self._answering[hook]:
            answer = getattr(rule, hook)(*args)
            if answer is not None:
                return answer
        return None

    def _all(self, hook: str, *args) -> list:
        out: list = []
        for rule in self._answering[hook]:
            answer = getattr(rule, hook)(*args)
            if answer:
                out.extend(answer)
        return out

    def initial_state(self, game: str, game_map: GameMap) -> dict:
        """Every rule's state for a new game (`Rule.initial_state`)."""
        out: dict = {}
        for rule in self._answering["initial_state"]:
            out.update(rule.initial_state(game, game_map) or {})
        return out

    # declarations
    def declare(self, order: Order, position: Position, game_map: GameMap
                ) -> OrderResult | None:
        """The result of a declaration, or None when no rule in force takes it."""
        return self.first_answer("declare", order, position, game_map)

    def declaration_warning(self, order: Order, position: Position, game_map: GameMap
                            ) -> str | None:
        return self.first_answer("declaration_warning", order, position, game_map)

    def prepare_orders(self, position: Position, orders: list[Order], game_map: GameMap
                       ) -> tuple[list[Order], list[OrderResult]]:
        rejected: list[OrderResult] = []
        for rule in self._answering["prepare_orders"]:
            answer = rule.prepare_orders(position, orders, game_map)
            if answer is not None:
                orders, more = answer
                rejected.extend(more)
        return orders, rejected

    def order_problem(self, order: Order, unit: Unit, position: Position,
                      game_map: GameMap) -> str | None:
        return self.first_answer("order_problem", order, unit, position, game_map)

    def brings_standing(self, kind: OrderKind | None) -> bool:
        """Does a rule in force give meaning in a movement phase to this variant kind, whose
        unit stays in place (convert, destroy, sack...; its effect comes in
        `after_movement`): the rule brings the kind's form, and puts it in no other phase?"""
        form = kind.form if kind is not None else None
        return form is not None and any(
            form in rule.about.brings
            and MOVEMENT in rule.about.order_phases.get(form, (MOVEMENT,))
            for rule in self.rules)

    def void_moves(self, planned: Sequence[PlannedOrder], position: Position,
                   game_map: GameMap) -> dict[int, str]:
        out: dict[int, str] = {}
        for rule in self._answering["void_moves"]:
            out.update(rule.void_moves(planned, position, game_map) or {})
        return out

    def side(self, power: str) -> str:
        """The side a power plays on, who it never dislodges and whose supports it does not
        cut: the power itself, or the map's `powers.<id>.player` (no rule changes it)."""
        return self.players.get(power, power)

    @property
    def sides(self) -> bool:
        """Do any two powers play on one side (so the engine must map powers to sides)?"""
        return bool(self.players)

    def may_stack(self, pieces: Sequence[Unit], how: str, position: Position,
                  game_map: GameMap) -> str | None:
        """Why these pieces may not end in one province, or None if they may. Standard: one
        piece to a province."""
        answer = self.first_answer("may_stack", pieces, how, position, game_map)
        if answer is not None:
            return answer or None
        if len(pieces) <= 1:
            return None
        return "only one piece may stand in a province"

    def retreat_options(self, dislodged: Dislodged, position: Position, game_map: GameMap
                        ) -> list[str] | None:
        """A rule's retreat options for this piece, or None for the standard ones."""
        answer = self.first_answer("retreat_options", dislodged, position, game_map)
        return None if answer is None else list(answer)

    def disbands_when_dislodged(self, unit: Unit) -> bool:
        """Standard: no piece disbands before its retreat phase."""
        return bool(self.first_answer("disbands_when_dislodged", unit))

    def support_refused(self, supporter: Unit, supported: Unit, position: Position
                        ) -> str | None:
        """Why a rule forbids this support (its own words, or a plain reason), or None."""
        for rule in self._answering["may_support"]:
            answer = rule.may_support(supporter, supported, position)
            if answer is True:
                return None
            if answer is False or isinstance(answer, str):
                return answer or "the rules forbid this support"
        return None

    # movement, strengths
    def defence_bonus(self, unit: Unit, position: Position, game_map: GameMap) -> float:
        """Extra strength a unit has when it stands and defends (0 in the standard game)."""
        if not self._answering["defence_bonus"]:
            return 0.0
        answer = self.first_answer("defence_bonus", unit, position, game_map)
        return 0.0 if answer is None else answer

    def support_left(self, strength: float, cutting_attacks: Sequence[float]) -> float:
        """What remains of a support of `strength` attacked by units of these strengths.

        Standard rules: any attack cuts the whole support.
        """
        if not cutting_attacks:
            return strength
        answer = self.first_answer("support_left", strength, cutting_attacks)
        return 0.0 if answer is None else answer

    # after a phase
    def after_movement(self, before: Position, after: Position, results: list[OrderResult],
                       attacked_by: dict[str, set[str]], game_map: GameMap) -> list[str]:
        return self._all("after_movement", before, after, results, attacked_by, game_map)

    def new_owner(self, province: str, pieces: list[Unit], position: Position,
                  game_map: GameMap) -> str:
        """Standard: the occupier."""
        answer = self.first_answer("new_owner", province, pieces, position, game_map)
        return pieces[0].power if answer is None else answer

    def after_season(self, position: Position, season: str, game_map: GameMap) -> list[str]:
        return self._all("after_season", position, season, game_map)

    def captures(self, unit: Unit, province: str, position: Position) -> bool:
        answer = self.first_answer("captures", unit, province, position)
        return True if answer is None else answer

    def changes_hands(self, province: str, season: str, position: Position,
                      game_map: GameMap) -> bool:
        """Standard: centres change hands after the seasons the calendar names."""
        answer = self.first_answer("changes_hands", province, season, position, game_map)
        if answer is not None:
            return answer
        return season in game_map.calendar.ownership_after

    def is_centre(self, province: str, position: Position, game_map: GameMap) -> bool:
        """Standard: the map's centres, for the whole game."""
        answer = self.first_answer("is_centre", province, position, game_map)
        if answer is not None:
            return answer
        found = game_map.provinces.get(province)
        return found is not None and found.is_centre

    def after_ownership(self, owners_before: dict[str, str], position: Position,
                        game_map: GameMap) -> list[str]:
        return self._all("after_ownership", owners_before, position, game_map)

    # supply, per centre (the counts built on them are `supply`'s)
    def supplied_by(self, centre: str, position: Position, game_map: GameMap) -> str | None:
        """Standard: the centre's owner."""
        answer = self.first_answer("supplied_by", centre, position, game_map)
        if answer is not None:
            return answer or None
        return position.owners.get(centre)

    def centre_value(self, centre: str, power: str, position: Position,
                     game_map: GameMap) -> float:
        """Standard: the centre's value to the power (`value_for`), or 0 once `is_centre`
        says it is no centre."""
        answer = self.first_answer("centre_value", centre, power, position, game_map)
        if answer is not None:
            return answer
        province = game_map.provinces.get(centre)
        if province is None:
            return 0.0
        if self._answering["is_centre"] and not self.is_centre(centre, position, game_map):
            return 0.0
        return province.value_for(power)

    # adjustments
    def adjustment_orders(self, position: Position, orders: list[Order], game_map: GameMap
                          ) -> tuple[list[Order], list[OrderResult], list[str]]:
        """Standard: every order is a build, removal or waive, handled by the engine."""
        results: list[OrderResult] = []
        events: list[str] = []
        for rule in self._answering["adjustment_orders"]:
            answer = rule.adjustment_orders(position, orders, game_map)
            if answer is not None:
                orders, more, said = answer
                results.extend(more)
                events.extend(said)
        return orders, results, events

    def upkeep(self, unit: Unit | NewPiece) -> float:
        """Standard: a unit needs one centre per point of strength (a 2A needs two)."""
        answer = self.first_answer("upkeep", unit)
        return unit.strength if answer is None else answer

    def build_sites(self, power: str, position: Position, game_map: GameMap) -> list[str]:
        """Standard: owned, vacant home centres; the power's own build sites; and special
        build sites (`build_site = true`) the power controls. A build no power is known for
        (a letter with no heading, on a site that is no power's home) has none."""
        if power not in game_map.powers:
            return []
        answer = self.first_answer("build_sites", power, position, game_map)
        if answer is not None:
            return answer
        occupied = {u.province for u in position.units}
        if self._answering["may_stack"]:  # the site's pieces may take a build of their side
            occupied = {u.province for u in position.units
                        if self.side(u.power) != self.side(power)}
        sites = [c for c in game_map.powers[power].home
                 if position.owners.get(c) == power and c not in occupied]
        if self._answering["is_centre"]:  # a home that is no centre any more is no home
            sites = [c for c in sites if self.is_centre(c, position, game_map)]
        sites += [s for s in game_map.powers[power].build_sites if s not in occupied]
        sites += [p.id for p in game_map.provinces.values()
                  if p.build_site and position.owners.get(p.id) == power and p.id not in occupied]
        return sites

    def build_problem(self, order: Build, position: Position, game_map: GameMap,
                      accepted: Sequence[Build] = ()) -> str | None:
        return self.first_answer("build_problem", order, position, game_map, accepted)

    def build_kinds(self, power: str, position: Position, game_map: GameMap) -> list[str]:
        """Standard: armies and fleets."""
        answer = self.first_answer("build_kinds", power, position, game_map)
        return list(STANDARD_BUILD_KINDS) if answer is None else answer

    def build_costs(self, power: str, position: Position, game_map: GameMap
                    ) -> dict[str, float]:
        """What a build of each kind the power may build costs: the new piece's `upkeep`."""
        from gm.orders.kinds.build import NewPiece  # adjustments only

        return {kind: self.upkeep(NewPiece(power, kind))
                for kind in self.build_kinds(power, position, game_map)}

    def plays_adjustment(self, position: Position, game_map: GameMap) -> bool:
        """Standard: an adjustment phase with nothing due is skipped."""
        return bool(self.first_answer("plays_adjustment", position, game_map))

    def extra_builds(self, power: str, position: Position, game_map: GameMap) -> int:
        """Standard: none; every build needs a spare centre. Rules' answers add up."""
        return sum(rule.extra_builds(power, position, game_map) or 0
                   for rule in self._answering["extra_builds"])

    def draws_extra_build(self, order: Build, position: Position, game_map: GameMap) -> bool:
        return bool(self.first_answer("draws_extra_build", order, position, game_map))

    def extra_builds_used(self, power: str, units: list[Unit], position: Position,
                          game_map: GameMap) -> list[str]:
        return self._all("extra_builds_used", power, units, position, game_map)

    def after_adjustments(self, position: Position, game_map: GameMap) -> list[str]:
        return self._all("after_adjustments", position, game_map)

    def board_notes(self, position: Position, game_map: GameMap) -> list[str]:
        return self._all("board_notes", position, game_map)

