"""The season engine: adjudicate the current phase and move the game to the next one.

The calendar comes from the map: the phases of one year in order (Spring and Autumn movement
with retreats and a Winter adjustment, or a single Summer movement), years counting up or down.
A retreat phase with nobody to retreat, and an adjustment phase with nothing to adjust and no
choice to make, are skipped. Supply centres change hands after the movement (and its
retreats) of the seasons the map names in `ownership_after`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.calendar import Phase, following_phase, movement_season
from gm.engine.adjustment_phase import adjudicate_adjustments, adjustment_phase_needed
from gm.engine.declarations import declare, split_declarations
from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Position, Unit
from gm.engine.results import CentreChanged, Event, PhaseOutcome
from gm.engine.retreat_phase import adjudicate_retreats, retreat_options
from gm.maps.gamemap import GameMap
from gm.orders import legality
from gm.orders.kinds.order_kind import Order, show_location
from gm.rules import RuleSet


def update_ownership(position: Position, season: str, game_map: GameMap,
                     rules: RuleSet | None = None) -> list[CentreChanged]:
    """Each occupied centre that changes hands this season passes to the power the rules name
    (`new_owner`; standard: the occupier).

    Returns what changed, for the report.
    """
    rules = rules or RuleSet.for_map(game_map)
    taking: dict[str, list[Unit]] = {}
    for unit in position.units:
        prov = unit.province
        p = game_map.provinces[prov]
        if not (p.is_centre or p.build_site):
            continue
        if not rules.changes_hands(prov, season, position, game_map) or \
                not rules.captures(unit, prov, position):
            continue
        taking.setdefault(prov, []).append(unit)
    changes = []
    for prov, pieces in taking.items():
        new = rules.new_owner(prov, pieces, position, game_map)
        old = position.owners.get(prov)
        if new and old != new:
            position.owners[prov] = new
            changes.append(CentreChanged(prov, old, new))
    return changes


def _shown(unit) -> str:
    """`A Bud`, `2A Ur`, `Hannibal`: a unit as reports print it."""
    count = "" if unit.strength == 1 else f"{unit.strength:g}"
    return unit.name or f"{count}{unit.kind} {show_location(unit.location)}"


def winners(position: Position, game_map: GameMap, rules: RuleSet | None = None) -> list[str]:
    """The powers that have met the victory condition: none, one, or several jointly."""
    return (rules or RuleSet.for_map(game_map)).supply.winners(position, game_map)


@dataclass(slots=True)
class Season:
    """Drives one game's position through the calendar."""

    game_map: GameMap
    rules: RuleSet

    @classmethod
    def for_map(cls, game_map: GameMap) -> Season:
        return cls(game_map, RuleSet.for_map(game_map))

    def adjudicate(self, position: Position, orders: list[Order]) -> PhaseOutcome:
        """Resolve the current phase and return the results with the *next* phase's position."""
        kind = position.phase.kind
        # each order under the power of its player's whose piece or site it is, as read
        orders = [legality.attributed(o, position, self.game_map, kind, self.rules)
                  for o in orders]
        orders, declarations = split_declarations(orders)
        declared = []
        if declarations:  # before the other orders are checked; the rules may change pieces
            position = position.copy()
            declared = declare(declarations, position, self.game_map, self.rules)
        if kind == "Movement":
            outcome = adjudicate_movement(position, orders, self.game_map, self.rules)
        elif kind == "Retreat":
            outcome = adjudicate_retreats(position, orders, self.game_map, self.rules)
        else:
            outcome = adjudicate_adjustments(position, orders, self.game_map, self.rules)
        outcome.results[:0] = declared
        ended: list[str] = []
        outcome.events.extend(self.advance(position.phase, outcome.position, ended))
        year_done = kind == "Adjustment" or outcome.position.phase.year != position.phase.year
        # a victory is judged when centres change hands (after the Autumn retreats), or, on a
        # map that says so, once the year's adjustments are made (Middle-Earth VIII's units;
        # Rise of Rome II's rule 10, "at the end of Autumn Adjustments")
        at_adjustments = self.game_map.victory_judged == "adjustments"
        if year_done or (ended and not at_adjustments):
            outcome.winners = self.rules.supply.winners(outcome.position, self.game_map)
        return outcome

    def _disband_trapped(self, position: Position) -> list[Event]:
        """When no dislodged unit has anywhere to retreat, they disband at once and the
        retreat phase is not played, as the judges do (a phase with a choice in it is)."""
        if any(retreat_options(d, position, self.game_map, self.rules)
               for d in position.dislodged):
            return []
        trapped, position.dislodged = position.dislodged, []
        return [f"{_shown(d.unit)} disbanded (no retreat possible)" for d in trapped]

    def advance(self, done: Phase, position: Position, ended: list[str] | None = None
                ) -> list[Event]:
        """Move `position` (the result of phase `done`) on to the next phase to be played.
        `ended` gets the seasons whose centres changed hands on the way."""
        events: list[Event] = []
        phase = done
        settled = False  # a season's centres are settled once, after its retreats if any
        while True:
            nxt = following_phase(phase, self.game_map)
            season_over = phase.kind != "Adjustment" and not (
                nxt.kind == "Retreat" and position.dislodged)
            if season_over and not settled:
                season = movement_season(phase, self.game_map)
                owners_before = dict(position.owners)
                events.extend(update_ownership(position, season, self.game_map, self.rules))
                events.extend(self.rules.after_ownership(owners_before, position, self.game_map))
                events.extend(self.rules.after_season(position, season, self.game_map))
                settled = True
                if ended is not None and season in self.game_map.calendar.ownership_after:
                    ended.append(season)
            if phase.kind == "Movement" and nxt.kind != "Retreat" and position.dislodged:
                events.extend(f"{_shown(d.unit)} disbanded (no retreat phase)"
                              for d in position.dislodged)
                position.dislodged = []
            if phase.kind == "Movement" and nxt.kind == "Retreat":
                events.extend(self._disband_trapped(position))
            position.phase = nxt
            if nxt.kind == "Retreat" and not position.dislodged:
                phase = nxt
                continue
            if nxt.kind == "Adjustment" and not adjustment_phase_needed(position, self.game_map,
                                                                        self.rules):
                phase = nxt
                continue
            return events
