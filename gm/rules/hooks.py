"""The hooks a rule may answer, in small interfaces grouped by phase and concern.

Each interface is a class of methods that answer None ("no opinion: the standard answer
stands"). A rule lists the interfaces it implements beside `Rule` (`class Garrisons(Rule,
OrderHooks, PieceHooks, BuildHooks, AdjustmentHooks)`), so its first line says which concerns
it touches, and overrides only the hooks it changes; `RuleSet` (gm/rules/rule_set.py) asks a
hook only of the rules that implement its interface and override it. No hook takes a type
private to the engine. docs/design.md 5.2 says where each is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.engine.position import Dislodged, Position, Unit
    from gm.engine.results import OrderResult, PlannedOrder
    from gm.maps.gamemap import GameMap
    from gm.orders.kinds.build import Build, NewPiece
    from gm.orders.kinds.order_kind import Order


class OrderHooks:
    """An order's legality and a declaration's effect: asked at intake and in every phase's check."""

    def order_problem(self, order: Order, unit: Unit, position: Position,
                      game_map: GameMap) -> str | None:
        """Why this order is illegal under this rule (name the rule in the reason), or None."""
        return None

    def refusal_ref(self, kind: str) -> str | None:
        """The rule behind the core's refusals of this kind (`gm.orders.errors`: an order
        for another power's piece is `WRONG_POWER`), as its messages name it (`self.ref`),
        where the rulebook states it; None: the core's words stand alone."""
        return None

    def declare(self, order: Order, position: Position, game_map: GameMap
                ) -> OrderResult | None:
        """Carry out an order that commands no unit (a loan, a leader's placement), before the
        phase's orders are checked; may change `position.state` or place pieces. Returns the
        declaration's result (void with the rule's reason when it is refused)."""
        return None

    def declaration_warning(self, order: Order, position: Position, game_map: GameMap
                            ) -> str | None:
        """What a player should know of a declaration that is accepted now but checked again
        when it takes effect (a loan that would leave the lender short), or None: intake
        notes it beside the order, which stands. In an adjustment phase, where it takes
        effect at once, the words the engine voids it with."""
        return None


class GameHooks:
    """The game itself: its start, and the corrections a GM may make under the rule."""

    def initial_state(self, game: str, game_map: GameMap) -> dict | None:
        """Variant state stored when a game is created (a seed for a draw made later), as
        `{key: value}` for `Position.state`."""
        return None

    def correction(self, action: str, text: str, position: Position, game_map: GameMap
                   ) -> tuple[str, str] | None:
        """A GM correction this rule offers (`gm edit GAME <action> <text>`, listed in
        `corrections`): change `position` (its state) as asked and return the command as it
        is stored and replayed, and what it did in words; None if the action is not this
        rule's. A request the rule cannot take raises `ValueError` with the GM's message."""
        return None


class PieceHooks:
    """What a piece is, in every phase: who may share a province, what it costs, whether it survives a dislodgement."""

    def may_stack(self, pieces: Sequence[Unit], how: str, position: Position,
                  game_map: GameMap) -> str | None:
        """Why these pieces may not share one province (`how`: move, merge, retreat or
        build), or "" when they may; None: no opinion."""
        return None

    def upkeep(self, unit: Unit | NewPiece) -> float | None:
        """How many centres a unit needs (a leader none, a garrison half); also asked of a
        `NewPiece`, for what a build of its kind costs."""
        return None

    def disbands_when_dislodged(self, unit: Unit) -> bool | None:
        """Is this piece removed at once when dislodged (a garrison), with no retreat phase
        played for it?"""
        return None


class MovementHooks:
    """The movement phase: before, during and after the resolver."""

    def prepare_orders(self, position: Position, orders: list[Order], game_map: GameMap
                       ) -> tuple[list[Order], list[OrderResult]] | None:
        """Settle pieces before the orders are checked (an A/F unit's first orders say which it
        is); may change `position.units`. Returns the orders to use and results for orders it
        rejected."""
        return None

    def void_moves(self, planned: Sequence[PlannedOrder], position: Position, game_map: GameMap
                   ) -> dict[int, str] | None:
        """Orders made void by other pieces' orders (a bridge blocked by a hostile fleet), each
        piece's checked order given as a `PlannedOrder`: piece index -> reason."""
        return None

    def may_support(self, supporter: Unit, supported: Unit, position: Position
                    ) -> bool | str | None:
        """False, or the reason in words naming the rule, when this support may not count."""
        return None

    def defence_bonus(self, unit: Unit, position: Position, game_map: GameMap) -> float | None:
        return None

    def support_left(self, strength: float, cutting_attacks: Sequence[float]) -> float | None:
        return None

    def after_movement(self, before: Position, after: Position, results: list[OrderResult],
                       attacked_by: dict[str, set[str]], game_map: GameMap) -> list[str] | None:
        """Carry out the effects of this rule's orders; return events for the report.

        `attacked_by` maps each province attacked this phase (by an attack that had effect,
        whether or not it succeeded) to the powers that attacked it."""
        return None


class RetreatHooks:
    """The retreat phase: where a dislodged piece may go."""

    def retreat_options(self, dislodged: Dislodged, position: Position, game_map: GameMap
                        ) -> list[str] | None:
        """The locations this dislodged piece may retreat to (a leader by land and sea,
        provinces closed to its power), in place of the standard ones; None: the standard
        answer (`gm.orders.legality.retreat_options` without rules gives it, to filter)."""
        return None


class BuildHooks:
    """Builds: where, what, and a rule's objection to one."""

    def build_sites(self, power: str, position: Position, game_map: GameMap) -> list[str] | None:
        return None

    def build_kinds(self, power: str, position: Position, game_map: GameMap
                    ) -> list[str] | None:
        """The kinds of piece this power may build (a garrison, `G`, besides A and F)."""
        return None

    def build_problem(self, order: Build, position: Position, game_map: GameMap,
                      accepted: Sequence[Build]) -> str | None:
        """Why this build is refused by the rule, given the builds `accepted` so far this
        phase (a limit per phase), or None."""
        return None


class ExtraBuildHooks:
    """Builds owed apart from centres (loot, an award), and their account."""

    def extra_builds(self, power: str, position: Position, game_map: GameMap) -> int | None:
        """Builds a power is owed apart from its centres (loot, an award for a deed).
        They are made with the build orders `draws_extra_build` claims."""
        return None

    def draws_extra_build(self, order: Build, position: Position,
                          game_map: GameMap) -> bool | None:
        """Does this build use one of the power's extra builds instead of a spare centre?"""
        return None

    def extra_builds_used(self, power: str, units: list[Unit], position: Position,
                          game_map: GameMap) -> list[str] | None:
        """The units a power built from its extra builds this phase, so that the rule that
        owed them can settle its account in `position.state`. Returns events."""
        return None

    def after_adjustments(self, position: Position, game_map: GameMap) -> list[str] | None:
        return None


class AdjustmentHooks:
    """The adjustment phase: whether it is played, and a rule's own orders before the count."""

    def plays_adjustment(self, position: Position, game_map: GameMap) -> bool | None:
        """Play this adjustment phase even though no power has builds or removals due."""
        return None

    def adjustment_orders(self, position: Position, orders: list[Order], game_map: GameMap
                          ) -> tuple[list[Order], list[OrderResult], list[str]] | None:
        """Carry out this rule's own orders of an adjustment phase before the centres are
        counted, on `position` (the phase's own copy; write new values into its state).
        Returns the other orders, the results of its own, and events."""
        return None


class OwnershipHooks:
    """Centres changing hands at the end of a season, and what follows."""

    def changes_hands(self, province: str, season: str, position: Position,
                      game_map: GameMap) -> bool | None:
        """Does this centre change owner after this season's moves (towns: every season)?"""
        return None

    def captures(self, unit: Unit, province: str, position: Position) -> bool | None:
        """Does this unit take the centre it stands on (a leader alone does not)?"""
        return None

    def new_owner(self, province: str, pieces: list[Unit], position: Position,
                  game_map: GameMap) -> str | None:
        """Who gains a centre that these pieces (which capture it) stand on: a Major for its
        Minor's stack, a home city returned to the power it belongs to."""
        return None

    def after_ownership(self, owners_before: dict[str, str], position: Position,
                        game_map: GameMap) -> list[str] | None:
        """Centres have just changed hands, at the end of a movement season and its retreats
        (`owners_before` is who held each before). A rule may note a capture in
        `position.state` (a Holy Place its captor may now destroy). Returns events."""
        return None

    def after_season(self, position: Position, season: str, game_map: GameMap
                     ) -> list[str] | None:
        """At the end of a season's movement and retreats, once centres have changed hands
        (a rebellion, colonies declaring); may change owners and pieces. Returns events."""
        return None


class SupplyHooks:
    """What a centre is and whom it supplies, for how much."""

    def is_centre(self, province: str, position: Position, game_map: GameMap) -> bool | None:
        """Is this province a supply centre now? A destroyed centre is not, whatever the map
        says."""
        return None

    def supplied_by(self, centre: str, position: Position, game_map: GameMap) -> str | None:
        """The power this centre supplies (a lent centre its borrower); "" for nobody."""
        return None

    def centre_value(self, centre: str, power: str, position: Position,
                     game_map: GameMap) -> float | None:
        """What this centre is worth to the power it supplies (a sacked centre less)."""
        return None


class VictoryHooks:
    """Who has won, the score towards it, and what the reports say of the board."""

    def winners(self, position: Position, game_map: GameMap) -> list[str] | None:
        """Who has won: None passes, [] means nobody (yet), several powers a joint victory."""
        return None

    def score(self, power: str, position: Position, game_map: GameMap) -> float | None:
        """A power's score towards victory, for the report's standing line and the chart."""
        return None

    def board_notes(self, position: Position, game_map: GameMap) -> list[str] | None:
        """What the reports say of the board under this rule after a phase (loans in force,
        destroyed centres), one line each."""
        return None


# every interface, in the order docs/design.md 5.2 lists them
HOOK_GROUPS: tuple[type, ...] = (
    OrderHooks, GameHooks, PieceHooks, MovementHooks, RetreatHooks, BuildHooks, ExtraBuildHooks, AdjustmentHooks, OwnershipHooks, SupplyHooks, VictoryHooks,
)
