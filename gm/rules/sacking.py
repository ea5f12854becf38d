"""Sacking: a unit strips the centre it stands in, which leaves the board, and fights double.

Rise of Rome II 6.1: 'Any player may order a unit to sack any supply centre which it occupies.
The effect ... is that the player concerned can derive enough resources from it to convert the
unit doing the sacking into a double unit (2A or 2F) for the following two movement seasons
including retreats (ie. one game year), but in so doing the supply centre is eliminated ...
However, the order to Sack a supply centre is prevented by an attack on the unit doing the
sacking (whether successful or not). Barbarian home centres cannot be sacked.'
6.2: '... they move, support (and retreat) with the strength of two units ... An attack on a
multiple unit which is giving support will only cut that support to the extent of the value
of the attack.'

The readings (issue 20; docs/variants/rise-of-rome-ii.md, rules 6.1 and 6.2):
- `A Syracuse sacks` / `Sack Syracuse` is the whole order of a unit, not a leader, standing in a
  centre (`stands`); any centre may be sacked, the sacker's own included, except the homes of
  the `protected` powers (the Barbarians), whoever holds them. A double may not sack again.
- The sack fails if another power attacks the province with an attack that has effect (a land
  move, or a convoy that arrives), successful or not; the sacker's own power's moves do not
  count. A dislodged sacker sacks nothing.
- A sacked centre is gone for good: no owner, no supply, no builds, no count for victory
  (`is_centre`, `changes_hands`), listed under `destroyed` as pictures expect.
- The unit becomes a 2A or 2F (strength 2) for the next two movement seasons and their
  retreats, and needs one centre (`upkeep`). It is followed by its tag; once the second
  season after the sack is over (`after_season`) it is single again.
- 6.2: a double has one order, so it never splits. A support is cut by the summed strength of
  the cutting attacks' own pieces (`support_left`), never below 0; a single unit or a leader
  loses all of it to any attack.

State: `state["sacking"] = {"destroyed": [...], "doubled": {tag: seasons left}}`, kept by
`centres_gone` as every rule that takes centres off the board keeps it.
Parameters (`[rules.sacking]`): `rule` (the rulebook's number), `protected` (powers whose home
centres cannot be sacked).
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.engine.position import piece_tag
from gm.engine.results import OrderResult
from gm.notation import piece_shown
from gm.orders.kinds.board import place_name, power_name
from gm.orders.kinds.sack import Sack
from gm.rule_catalogue import RULES
from gm.rules import centres_gone
from gm.rules.hooks import MovementHooks, OrderHooks, OwnershipHooks, PieceHooks, SupplyHooks
from gm.rules.rule import Rule

KEY = "sacking"
SACKED = "sacked"
SEASONS = 3  # the season of the sack, then the two movement seasons the double fights in


def destroyed(position) -> list[str]:
    return centres_gone.destroyed(position, KEY)


def doubled(position) -> dict[str, int]:
    return centres_gone.part(position, KEY, "doubled")


def _store(position, places: list[str], doubles: dict[str, int]) -> None:
    centres_gone.store(position, KEY, places, doubled=dict(sorted(doubles.items())))


class Sacking(Rule, OrderHooks, PieceHooks, MovementHooks, OwnershipHooks, SupplyHooks):
    about = RULES["sacking"]

    def _protected_homes(self, game_map) -> set[str]:
        return {home for power in self.params.get("protected", ())
                if power in game_map.powers for home in game_map.powers[power].home}

    def order_problem(self, order, unit, position, game_map):
        if not isinstance(order, Sack):
            return None
        here = place_name(game_map, unit.province)
        if unit.is_leader:
            return f"{self.cites('6.1')}: {unit.name} is a leader; only an army or a fleet " \
                   "can sack a centre"
        if unit.strength > 1:
            return f"{self.cites('6.1')}: the {piece_shown(unit)} is double already and may not sack"
        if unit.province in destroyed(position):
            return f"{self.cites('6.1')}: {here} was sacked already"
        if not game_map.provinces[unit.province].is_centre:
            return f"{self.cites('6.1')}: {here} is not a supply centre"
        if unit.province in self._protected_homes(game_map):
            return f"{self.cites('6.1')}: {here} is a Barbarian home centre, which cannot " \
                   "be sacked"
        return None

    def after_movement(self, before, after, results, attacked_by, game_map):
        events = self._partial_cuts(results, game_map)
        sacks = [(i, r) for i, r in enumerate(results)
                 if isinstance(r.order, Sack) and r.code != R.VOID and r.unit is not None]
        if not sacks:
            return events or None
        places, doubles = destroyed(after), doubled(after)
        taken = {u.tag for u in after.units if u.tag}
        for i, result in sacks:
            unit = result.unit
            here = place_name(game_map, unit.province)
            others = sorted(p for p in attacked_by.get(unit.province, ()) if p != unit.power)
            if result.code == R.DISLODGED or others:
                by = " and ".join(power_name(game_map, p) for p in others)
                results[i] = OrderResult(unit.power, result.order, unit, False, "failed",
                                         f"the sack was prevented by an attack from {by}")
                continue
            tag = unit.tag or piece_tag(after.phase, unit.location, taken)
            taken.add(tag)
            double = replace(unit, strength=2.0, tag=tag)
            after.units[after.units.index(unit)] = double
            places.append(unit.province)
            doubles[tag] = SEASONS
            after.owners.pop(unit.province, None)
            results[i] = OrderResult(unit.power, result.order, unit, True, SACKED,
                                     f"{here} is no longer a supply centre")
            events.append(f"{power_name(game_map, unit.power)} sacked {here}: it is no longer a "
                          f"supply centre, and the {piece_shown(unit)} is {piece_shown(double)} for the "
                          f"next two movement seasons, {self.cites('6.1')}")
        _store(after, places, doubles)
        return events

    def _partial_cuts(self, results, game_map) -> list[str]:
        """Name rule 6.2 when a double's support was only partly cut (the engine's result
        already says how much was left)."""
        events = []
        for result in results:
            unit = result.unit
            if result.code != R.CUT or unit is None or not result.detail.startswith("partly"):
                continue
            cut, _, left = result.detail.partition(": ")
            origins = cut.removeprefix("partly cut by ").split(", ")
            where = " and ".join(place_name(game_map, o) for o in origins)
            events.append(f"{power_name(game_map, unit.power)}: the {piece_shown(unit)} {left}: the "
                          f"attack from {where} cut its support only by its own strength, "
                          f"{self.cites('6.2')}")
        return events

    def after_season(self, position, season, game_map):
        """A double fights for the two movement seasons after its sack, then is single."""
        doubles = doubled(position)
        if not doubles:
            return None
        events = []
        by_tag = {u.tag: i for i, u in enumerate(position.units) if u.tag}
        for tag, left in list(doubles.items()):
            if tag not in by_tag:  # destroyed, disbanded or removed
                del doubles[tag]
                continue
            if left > 1:
                doubles[tag] = left - 1
                continue
            del doubles[tag]
            unit = position.units[by_tag[tag]]
            single = replace(unit, strength=1.0)
            position.units[by_tag[tag]] = single
            events.append(f"{power_name(game_map, unit.power)}: the {piece_shown(unit)} is single again "
                          f"({piece_shown(single)}), two movement seasons after its sack, "
                          f"{self.cites('6.1')}")
        _store(position, destroyed(position), doubles)
        return events

    def is_centre(self, province, position, game_map):
        return False if province in destroyed(position) else None

    def changes_hands(self, province, season, position, game_map):
        return False if province in destroyed(position) else None

    def upkeep(self, unit):
        return 1.0 if unit.strength == 2 and unit.kind in ("A", "F") else None

    def support_left(self, strength, cutting_attacks):
        if strength <= 1:
            return 0.0
        return max(0.0, strength - sum(cutting_attacks))
