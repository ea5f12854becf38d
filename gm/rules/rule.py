"""A variant rule: the hooks the engine offers, each answering None ("no opinion") by default.

Each hook is a question the engine asks at one step of a phase. `RuleSet` (gm/rules/base.py)
answers it with the standard rules unless a rule in force answers first. A variant rule is a
`Rule` subclass in its own module, listed in `gm/rules/rule_registry.py` under the name maps
use in `[rules]` (its `about`, from `gm.rule_catalogue`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from gm.rule_catalogue import RuleAbout

if TYPE_CHECKING:
    from gm.engine.position import Dislodged, Position, Unit
    from gm.engine.results import OrderResult, PlannedOrder
    from gm.maps.gamemap import GameMap
    from gm.orders.kinds.build import NewPiece
    from gm.orders.types import Build, Order
    from gm.rules.base import RuleSet


class Rule:
    """One variant rule. Override only the hooks the rule changes; return None to pass.

    What the rule declares (its name, what it brings, its result tags...) is its entry in
    `gm.rule_catalogue`, `about`: the order reader reads it there without loading the rule.
    `rule_set` is the `RuleSet` the rule is in force in, for a rule whose answer needs the
    other rules' (a loan's effect on supply)."""

    about: ClassVar[RuleAbout] = RuleAbout("")

    def __init__(self, params: dict | None = None):
        self.params = params or {}
        self.rule_set: RuleSet | None = None

    @property
    def ref(self) -> str:
        """How the rule's messages name it: `rule 2 (conversion)` with the map's rulebook
        number (`rule = "2"` in `[rules.conversion]`), else `the conversion rule`."""
        return self.about.ref(self.params)

    def cites(self, number: str) -> str:
        """`rule 6.1 (sacking)`: how a module that carries several of a rulebook's rules names
        the one a message is about."""
        return self.about.cites(number)

    # --- the game's creation ----------------------------------------------------------------
    def initial_state(self, game: str, game_map: GameMap) -> dict | None:
        """Variant state stored when a game is created (a seed for a draw made later), as
        `{key: value}` for `Position.state`."""
        return None

    # --- declarations, in any phase ---------------------------------------------------------
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

    # --- movement: before the resolver -------------------------------------------------------
    def prepare_orders(self, position: Position, orders: list[Order], game_map: GameMap
                       ) -> tuple[list[Order], list[OrderResult]] | None:
        """Settle pieces before the orders are checked (an A/F unit's first orders say which it
        is); may change `position.units`. Returns the orders to use and results for orders it
        rejected."""
        return None

    def order_problem(self, order: Order, unit: Unit, position: Position,
                      game_map: GameMap) -> str | None:
        """Why this order is illegal under this rule (name the rule in the reason), or None."""
        return None

    def correction(self, action: str, text: str, position: Position, game_map: GameMap
                   ) -> tuple[str, str] | None:
        """A GM correction this rule offers (`gm edit GAME <action> <text>`, listed in
        `corrections`): change `position` (its state) as asked and return the command as it
        is stored and replayed, and what it did in words; None if the action is not this
        rule's. A request the rule cannot take raises `ValueError` with the GM's message."""
        return None

    def refusal_ref(self, kind: str) -> str | None:
        """The rule behind the core's refusals of this kind (`gm.orders.errors`: an order
        for another power's piece is `WRONG_POWER`), as its messages name it (`self.ref`),
        where the rulebook states it; None: the core's words stand alone."""
        return None

    def void_moves(self, planned: Sequence[PlannedOrder], position: Position, game_map: GameMap
                   ) -> dict[int, str] | None:
        """Orders set aside by other pieces' orders (a bridge blocked by a hostile fleet), each
        piece's checked order given as a `PlannedOrder`: piece index -> reason. The piece
        holds; its result is `blocked`, the board's doing (no check of the order alone could
        know it), not `void`."""
        return None

    def may_stack(self, pieces: Sequence[Unit], how: str, position: Position,
                  game_map: GameMap) -> str | None:
        """Why these pieces may not share one province (`how`: move, merge, retreat or
        build), or "" when they may; None: no opinion."""
        return None

    def may_support(self, supporter: Unit, supported: Unit, position: Position
                    ) -> bool | str | None:
        """False, or the reason in words naming the rule, when this support may not count."""
        return None

    # --- retreats ------------------------------------------------------------------------------
    def retreat_options(self, dislodged: Dislodged, position: Position, game_map: GameMap
                        ) -> list[str] | None:
        """The locations this dislodged piece may retreat to (a leader by land and sea,
        provinces closed to its power), in place of the standard ones; None: the standard
        answer (`gm.orders.legality.retreat_options` without rules gives it, to filter)."""
        return None

    def disbands_when_dislodged(self, unit: Unit) -> bool | None:
        """Is this piece removed at once when dislodged (a garrison), with no retreat phase
        played for it?"""
        return None

    # --- movement: strengths the resolver uses ---------------------------------------------
    def defence_bonus(self, unit: Unit, position: Position, game_map: GameMap) -> float | None:
        return None

    def support_left(self, strength: float, cutting_attacks: Sequence[float]) -> float | None:
        return None

    # --- after a phase ---------------------------------------------------------------------
    def after_movement(self, before: Position, after: Position, results: list[OrderResult],
                       attacked_by: dict[str, set[str]], game_map: GameMap) -> list[str] | None:
        """Carry out the effects of this rule's orders; return events for the report.

        `attacked_by` maps each province attacked this phase (by an attack that had effect,
        whether or not it succeeded) to the powers that attacked it."""
        return None

    def new_owner(self, province: str, pieces: list[Unit], position: Position,
                  game_map: GameMap) -> str | None:
        """Who gains a centre that these pieces (which capture it) stand on: a Major for its
        Minor's stack, a home city returned to the power it belongs to."""
        return None

    def after_season(self, position: Position, season: str, game_map: GameMap
                     ) -> list[str] | None:
        """At the end of a season's movement and retreats, once centres have changed hands
        (a rebellion, colonies declaring); may change owners and pieces. Returns events."""
        return None

    def captures(self, unit: Unit, province: str, position: Position) -> bool | None:
        """Does this unit take the centre it stands on (a leader alone does not)?"""
        return None

    def changes_hands(self, province: str, season: str, position: Position,
                      game_map: GameMap) -> bool | None:
        """Does this centre change owner after this season's moves (towns: every season)?"""
        return None

    def is_centre(self, province: str, position: Position, game_map: GameMap) -> bool | None:
        """Is this province a supply centre now? A destroyed centre is not, whatever the map
        says."""
        return None

    def after_ownership(self, owners_before: dict[str, str], position: Position,
                        game_map: GameMap) -> list[str] | None:
        """Centres have just changed hands, at the end of a movement season and its retreats
        (`owners_before` is who held each before). A rule may note a capture in
        `position.state` (a Holy Place its captor may now destroy). Returns events."""
        return None

    # --- supply, per centre -------------------------------------------------------------------
    def supplied_by(self, centre: str, position: Position, game_map: GameMap) -> str | None:
        """The power this centre supplies (a lent centre its borrower); "" for nobody."""
        return None

    def centre_value(self, centre: str, power: str, position: Position,
                     game_map: GameMap) -> float | None:
        """What this centre is worth to the power it supplies (a sacked centre less)."""
        return None

    # --- adjustments -------------------------------------------------------------------------
    def adjustment_orders(self, position: Position, orders: list[Order], game_map: GameMap
                          ) -> tuple[list[Order], list[OrderResult], list[str]] | None:
        """Carry out this rule's own orders of an adjustment phase before the centres are
        counted, on `position` (the phase's own copy; write new values into its state).
        Returns the other orders, the results of its own, and events."""
        return None

    def upkeep(self, unit: Unit | NewPiece) -> float | None:
        """How many centres a unit needs (a leader none, a garrison half); also asked of a
        `NewPiece`, for what a build of its kind costs."""
        return None

    def build_sites(self, power: str, position: Position, game_map: GameMap) -> list[str] | None:
        return None

    def build_problem(self, order: Build, position: Position, game_map: GameMap,
                      accepted: Sequence[Build]) -> str | None:
        """Why this build is refused by the rule, given the builds `accepted` so far this
        phase (a limit per phase), or None."""
        return None

    def build_kinds(self, power: str, position: Position, game_map: GameMap
                    ) -> list[str] | None:
        """The kinds of piece this power may build (a garrison, `G`, besides A and F)."""
        return None

    def plays_adjustment(self, position: Position, game_map: GameMap) -> bool | None:
        """Play this adjustment phase even though no power has builds or removals due."""
        return None

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
