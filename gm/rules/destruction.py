"""Destroying and rebuilding centres (Diadochi V 7 and 8): `A Cyr Z`, `A Cyr R`.

Rule 7: 'Any power may destroy any of the supply centres (except Alexandria, Antioch and
Rome). A unit already occupying the centre should be ordered to destroy it (order symbol Z),
though it may not be given any other order for that campaign season. Destroyed supply centres
become useless for supply purposes unless rebuilt.' Rule 8: 'the destroyed centre should be
occupied for two consecutive campaign seasons by a unit that has been ordered to rebuild it
(order symbol R). Once rebuilt, the centre may again be counted for supply purposes in the
next adjustments.'

The readings (issue 19; docs/variants/diadochi-v.md, rules 7 and 8):
- `Z` is the whole order of a unit standing in a centre, anyone's or nobody's, at the start
  of a movement phase; it succeeds unless the unit is dislodged (the rulebook names no other
  way to stop it). Not Alexandria, Antioch or Rome (parameter `protected`), not a province
  that is no centre, not a centre destroyed already.
- A destroyed centre supplies nothing and is no build site, but still changes hands: its
  owner is kept for when it is rebuilt.
- `R` must be the order of the same unit, standing in the destroyed centre, in two movement
  phases in a row, and the unit must not be dislodged; the centre then counts again (double
  if it was double). Moving, another order or a dislodgement starts the count again. In a
  retreat phase `A Cyr R Ion` is a retreat (the grammar reads it so).

State: `state["destruction"] = {"destroyed": [centre, ...], "rebuilding": {centre: [power,
seasons]}}` (`destroyed` is the key the pictures read for any rule).
Parameters (`[rules.destruction]`): `rule` (7), `rebuild_rule` (8), `protected`.
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.orders.kinds.board import place_name, power_name
from gm.orders.kinds.destroy_centre import DestroyCentre
from gm.orders.kinds.rebuild_centre import RebuildCentre
from gm.rule_catalogue import RULES
from gm.rules import centres_gone
from gm.rules.hooks import BuildHooks, MovementHooks, OrderHooks, SupplyHooks, VictoryHooks
from gm.rules.rule import Rule

KEY = "destruction"
DESTROYED = "destroyed"
REBUILDING = "rebuilding"
REBUILT = "rebuilt"
SEASONS = 2  # 'two consecutive campaign seasons'


def destroyed(position) -> list[str]:
    return centres_gone.destroyed(position, KEY)


def rebuilding(position) -> dict[str, list]:
    """centre -> [the power rebuilding it, the seasons of rebuilding done so far]."""
    return {c: list(v) for c, v in centres_gone.part(position, KEY, REBUILDING).items()}


def _store(position, gone: list[str], works: dict[str, list]) -> None:
    centres_gone.store(position, KEY, gone, rebuilding=dict(sorted(works.items())))


class Destruction(Rule, OrderHooks, MovementHooks, BuildHooks, SupplyHooks, VictoryHooks):
    about = RULES["destruction"]

    @property
    def rebuild_ref(self) -> str:
        """`rule 8 (rebuilding)`: the rulebook numbers rebuilding apart (`about.numbered`)."""
        return self.about.ref(self.params, "rebuild_centre")

    def order_problem(self, order, unit, position, game_map):
        if not isinstance(order, (DestroyCentre, RebuildCentre)):
            return None
        here = unit.province
        place = place_name(game_map, here)
        gone = here in destroyed(position)
        if isinstance(order, RebuildCentre):
            if not gone:
                return f"{self.rebuild_ref}: {place} is not a destroyed centre; only a " \
                       "destroyed centre is rebuilt"
            return None
        spared = list(self.params.get("protected", ()))
        if here in spared:
            names = ", ".join(place_name(game_map, c) for c in spared[:-1])
            names = f"{names} and {place_name(game_map, spared[-1])}" if names else place
            return f"{self.ref}: {place} may not be destroyed; {names} are spared"
        if gone:
            return f"{self.ref}: {place} was destroyed already; order R to rebuild it"
        if not game_map.provinces[here].is_centre:
            return f"{self.ref}: {place} is not a supply centre; only a centre is destroyed"
        return None

    def after_movement(self, before, after, results, attacked_by, game_map):
        gone, works = destroyed(after), rebuilding(after)
        events: list[str] = []
        kept: dict[str, list] = {}
        for i, result in enumerate(results):
            order, unit = result.order, result.unit
            if not isinstance(order, (DestroyCentre, RebuildCentre)) or unit is None or \
                    result.code not in (R.HELD, R.DISLODGED):
                continue  # void or replaced: the unit did something else
            here, place = unit.province, place_name(game_map, unit.province)
            if unit not in after.units:  # dislodged
                what = "destruction" if isinstance(order, DestroyCentre) else "rebuilding"
                results[i] = replace(result, succeeded=False, code="failed",
                                     detail=f"{what} failed: the unit was dislodged")
                continue
            if isinstance(order, DestroyCentre):
                gone.append(here)
                results[i] = replace(result, succeeded=True, code=DESTROYED,
                                     detail=f"{place} is no longer a supply centre")
                events.append(f"{power_name(game_map, unit.power)} destroyed {place}: it supplies "
                              f"nothing until it is rebuilt, {self.ref}")
                continue
            power, done = unit.power, 1
            if works.get(here, [None])[0] == power:
                done = works[here][1] + 1
            if done >= SEASONS:
                gone = [c for c in gone if c != here]
                results[i] = replace(result, succeeded=True, code=REBUILT,
                                     detail=f"{place} is a supply centre again")
                events.append(f"{power_name(game_map, power)} rebuilt {place}: it counts again "
                              f"from the next adjustments, {self.rebuild_ref}")
            else:
                kept[here] = [power, done]
                results[i] = replace(result, succeeded=True, code=REBUILDING,
                                     detail=f"{done} of {SEASONS} seasons")
        # a rebuilding not carried on this season starts again
        _store(after, gone, kept)
        return events

    def is_centre(self, province, position, game_map):
        return False if province in destroyed(position) else None

    def centre_value(self, centre, power, position, game_map):
        return 0.0 if centre in destroyed(position) else None

    def build_problem(self, order, position, game_map, accepted=()):
        if order.province in destroyed(position):
            return f"{self.ref}: {place_name(game_map, order.province)} was destroyed; it is no " \
                   "build site until it is rebuilt"
        return None

    def board_notes(self, position, game_map):
        gone, works = destroyed(position), rebuilding(position)
        if not gone:
            return None
        parts = []
        for centre in sorted(gone, key=lambda c: place_name(game_map, c)):
            owner = position.owners.get(centre)
            text = place_name(game_map, centre) + (f" ({power_name(game_map, owner)}'s)" if owner else "")
            if centre in works:
                power, done = works[centre]
                text += f", being rebuilt by {power_name(game_map, power)} ({done} of {SEASONS} " \
                        "seasons)"
            parts.append(text)
        return [f"Destroyed centres, supplying nothing, {self.ref}: {'; '.join(parts)}."]
