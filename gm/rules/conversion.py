"""Army/fleet conversion: a unit on a coast becomes the other kind in place of its order.

Lord of Hosts 3: 'any army in a coastal space may turn itself into a fleet ... takes a full
season ... if it is not dislodged'; a fleet likewise into an army, and a 2A becomes a 2F.
Middle-Earth VIII 2: the unit 'does not move nor support in the season and it is not attacked'.

Parameters (`[rules.conversion]`): `fails_if = "dislodged"` (Lord of Hosts) or `"attacked"`
(Middle-Earth VIII: any attack by another power that reached the space, successful or not);
`rule` = the rulebook's number for messages.
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.maps.gamemap import coast_of, province_of
from gm.orders.kinds.convert import Convert
from gm.rule_catalogue import RULES
from gm.rules.hooks import AdjustmentHooks, MovementHooks, OrderHooks
from gm.rules.rule import Rule

KIND_WORDS = {"A": "army", "F": "fleet"}


def unit_words(unit, game_map=None) -> str:
    """`army`, `double fleet`: what a unit is, in words."""
    kind = KIND_WORDS.get(unit.kind, unit.kind)
    return {1: kind, 2: f"double {kind}"}.get(int(unit.strength), f"{unit.strength:g}{kind}")


def became(unit, new, game_map) -> str:
    """`Babylon: the army in Ur became a fleet`."""
    power = game_map.powers[unit.power].name if unit.power in game_map.powers else unit.power
    place = game_map.provinces[unit.province].name
    what = unit_words(new)
    return f"{power}: the {unit_words(unit)} in {place} became {'an' if what[0] in 'aeiou' else 'a'} " \
           f"{what}"


class Conversion(Rule, OrderHooks, MovementHooks):
    about = RULES["conversion"]

    def order_problem(self, order, unit, position, game_map):
        if not isinstance(order, Convert):
            return None
        here = game_map.provinces[unit.province]
        if here.kind != "coast":
            return f"{self.ref}: only a unit in a coastal space may convert; {here.name} is " \
                   f"{'inland' if here.kind == 'land' else here.kind}"
        if unit.kind not in ("A", "F"):
            return f"{self.ref}: only an army or a fleet can convert"
        if order.new_kind not in ("A", "F") or order.new_kind == unit.kind:
            other = "F" if unit.kind == "A" else "A"
            return f"{self.ref}: {unit.label()} can only become {other}, not {order.new_kind}"
        if province_of(order.new_location) != unit.province:
            return f"{self.ref}: a unit converts where it stands, in {here.name}"
        if order.new_kind == "F" and here.coasts and coast_of(order.new_location) not in \
                here.coasts:
            return f"{self.ref}: say which coast of {here.name} the fleet is on " \
                   f"({', '.join(here.coasts)})"
        return None

    def after_movement(self, before, after, results, attacked_by, game_map):
        events = []
        fails_if = self.params.get("fails_if", "dislodged")
        for i, result in enumerate(results):
            order, unit = result.order, result.unit
            # only the order the unit stood under: not a void one, nor one a later order replaced
            if not isinstance(order, Convert) or unit is None or \
                    result.code not in (R.HELD, R.DISLODGED):
                continue
            new = replace(unit, kind=order.new_kind,
                          location=order.new_location if order.new_kind == "F"
                          else unit.province)
            attackers = attacked_by.get(unit.province, set()) - {unit.power}
            if unit not in after.units:
                why = "the unit was dislodged"
            elif fails_if == "attacked" and attackers:
                names = sorted(game_map.powers[p].name if p in game_map.powers else p
                               for p in attackers)
                why = f"the unit was attacked by {' and '.join(names)}"
            else:
                after.units[after.units.index(unit)] = new
                results[i] = replace(result, succeeded=True, code="converted",
                                     detail=f"now {new.label()}")
                events.append(became(unit, new, game_map))
                continue
            results[i] = replace(result, succeeded=False, code="failed",
                                 detail=f"conversion failed: {why}")
        return events


class WinterConversion(Conversion, OrderHooks, MovementHooks, AdjustmentHooks):
    """Army/fleet conversion in the adjustment phase instead of a season's move.

    Hoplite Wars 9: 'Players may also elect to transform any Army unit in a supply centre
    (City or Town) to a Fleet during adjustments (or vice versa)'. Read
    (docs/variants/hoplite-wars.md, rule 9): `A Ath - F Ath`, `2A Ath - 2F Ath` (that many of
    the player's pieces of the kind there), in a coastal city or town, using no build; the
    change comes before the count. Since a change of kind is always possible, the adjustment
    phase is played every year (`plays_adjustment`). Parameter `values`: the centres' values
    where it may be made (cities 1, towns ½)."""

    about = RULES["winter_conversion"]

    def order_problem(self, order, unit, position, game_map):
        return None

    def after_movement(self, before, after, results, attacked_by, game_map):
        return None

    def plays_adjustment(self, position, game_map):
        return True

    def adjustment_orders(self, position, orders, game_map):
        """Each change of kind, before the count, on the phase's own copy of the position."""
        mine = [o for o in orders if isinstance(o, Convert)]
        if not mine:
            return None
        results = [self._convert(order, position, game_map) for order in mine]
        return [o for o in orders if not isinstance(o, Convert)], results, []

    def _convert(self, order, position, game_map) -> R.OrderResult:
        power = order.power or ""
        here = game_map.provinces.get(order.province)
        old = "F" if order.new_kind == "A" else "A"

        def void(why: str) -> R.OrderResult:
            return R.OrderResult(power, order, None, False, R.VOID, f"{self.ref}: {why}")

        if here is None:
            return void(f"unknown province {order.province!r}")
        if here.kind != "coast":
            return void(f"only a piece in a coastal city or town may convert; {here.name} is "
                        "inland")
        if here.supply not in self.params.get("values", (0.5, 1)):
            return void(f"a piece converts only in a city or town; {here.name} is no centre")
        if order.new_kind not in ("A", "F") or (order.unit_kind or old) != old:
            return void("an army becomes a fleet, or a fleet an army")
        if here.coasts and order.new_kind == "F" and coast_of(order.new_location) \
                not in here.coasts:
            return void(f"say which coast of {here.name} the fleet is on")
        pieces = [u for u in position.units if u.power == power and u.province == here.id
                  and u.kind == old]
        count = int(order.strength or 1)
        if len(pieces) < count:
            return void(f"{game_map.powers[power].name} has {len(pieces)} "
                        f"{KIND_WORDS[old]}{'' if len(pieces) == 1 else 's'} in {here.name}")
        for unit in pieces[:count]:
            new = replace(unit, kind=order.new_kind,
                          location=order.new_location if order.new_kind == "F" else here.id)
            position.units[position.units.index(unit)] = new
        new_label = f"{count if count > 1 else ''}{order.new_kind} {here.name}"
        return R.OrderResult(power, order, pieces[0], True, "converted", f"now {new_label}")
