"""Holy Places: every home centre; its captor may destroy it and is owed a double unit.

Lord of Hosts 4: 'All Home Supply Centres are "Holy Places". If they are captured by another
power, that power may when capturing it opt to DESTROY the Holy Place, thus rendering it
useless for the rest of the game as a non-supply centre province. The power destroying the
Holy Place is awarded a double army (or fleet) (built as usual) ... Such double units may not
be rebuilt if lost.' Rule 6: destroyed Holy Places do not count towards the 16 centres.

The readings (docs/variants/lord-of-hosts.md, "Rules"):
- `A Moa destroys` is a movement order, in place of the unit's move, for a unit standing in
  another power's home centre that its power owns or takes at the end of this season. It
  succeeds unless the unit is dislodged: the province then has no owner and is no centre.
- The award is an extra build at the next adjustment on a vacant owned home centre, on top of
  the power's other builds or removals; it waits for a later adjustment while none is free.
  It must be a double unit (`Build 2A Ur`, `Build 2F Ur`), and it needs no centre to keep
  (parameter `award_upkeep`, 0). Once built it is spent: a lost double unit is not rebuilt.

State: `state["holy_places"] = {"destroyed": [province, ...], "awards": {power: owed}}`.
Parameters (`[rules.holy_places]`): `rule` (the rulebook's number), `award_upkeep`.
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.orders.types import Build, DestroyCentre
from gm.rules.base import Rule, register

KEY = "holy_places"
DESTROYED = "destroyed"  # result code of a destruction carried out


def destroyed(position) -> list[str]:
    return list(position.state.get(KEY, {}).get("destroyed", []))


def awards(position) -> dict[str, int]:
    return dict(position.state.get(KEY, {}).get("awards", {}))


def _store(position, destroyed_places: list[str], owed: dict[str, int]) -> None:
    """New values every time: `Position.copy` shares nested values with the last phase."""
    position.state[KEY] = {"destroyed": sorted(destroyed_places),
                           "awards": {p: n for p, n in sorted(owed.items()) if n > 0}}


@register
class HolyPlaces(Rule):
    name = "holy_places"

    @property
    def ref(self) -> str:
        rule = self.params.get("rule")
        return f"rule {rule} (Holy Places)" if rule else "the Holy Places rule"

    @staticmethod
    def _holy_to(province: str, game_map) -> str | None:
        """The power whose Holy Place (home centre) this is, if any."""
        for power in game_map.powers.values():
            if province in power.home:
                return power.id
        return None

    # --- the Destroy order, in a movement phase --------------------------------------------
    def stands(self, order):
        return True if isinstance(order, DestroyCentre) else None

    def order_problem(self, order, unit, position, game_map):
        if not isinstance(order, DestroyCentre):
            return None
        here = game_map.provinces[unit.province]
        holy_to = self._holy_to(unit.province, game_map)
        mine = game_map.powers[unit.power].name
        if unit.province in destroyed(position):
            return f"{self.ref}: {here.name} was destroyed already"
        if holy_to is None:
            return f"{self.ref}: only a Holy Place (a home centre) may be destroyed; " \
                   f"{here.name} is not one"
        if holy_to == unit.power:
            return f"{self.ref}: {here.name} is one of {mine}'s own Holy Places; only a power " \
                   "that captures it may destroy it"
        owner = position.owners.get(unit.province)
        takes_it = position.phase.season in game_map.calendar.ownership_after
        if owner != unit.power and not takes_it:
            held = game_map.powers[owner].name if owner in game_map.powers else "nobody"
            return f"{self.ref}: {here.name} still belongs to {held}, and centres change " \
                   f"hands only after the {' and '.join(game_map.calendar.ownership_after)}; " \
                   f"{mine} may destroy it in a season in which it captures it, or once it " \
                   "has captured it"
        return None

    def after_movement(self, before, after, results, attacked_by, game_map):
        events = []
        places, owed = destroyed(after), awards(after)
        done = False
        for i, result in enumerate(results):
            order, unit = result.order, result.unit
            # only the order the unit stood under: not a void one, nor one a later order replaced
            if not isinstance(order, DestroyCentre) or unit is None or \
                    result.code not in (R.HELD, R.DISLODGED):
                continue
            place = game_map.provinces[unit.province].name
            power = game_map.powers[unit.power].name
            if unit not in after.units:
                results[i] = replace(result, succeeded=False, code="failed",
                                     detail="the Holy Place stands: the unit was dislodged")
                events.append(f"{power} did not destroy {place}: {unit.label()} was dislodged")
                continue
            victim = game_map.powers[self._holy_to(unit.province, game_map)].name
            done = True
            places.append(unit.province)
            owed[unit.power] = owed.get(unit.power, 0) + 1
            after.owners.pop(unit.province, None)
            results[i] = replace(result, succeeded=True, code=DESTROYED,
                                 detail=f"{place} is no longer a supply centre")
            events.append(f"{power} destroyed {place}, a Holy Place of {victim}: it is no "
                          f"longer a supply centre, and {power} is owed a double unit, "
                          f"{self.ref}")
        if done:
            _store(after, places, owed)
        return events

    # --- a destroyed Holy Place is no centre -------------------------------------------------
    def changes_hands(self, province, season, position, game_map):
        return False if province in destroyed(position) else None

    def is_centre(self, province, position, game_map):
        return False if province in destroyed(position) else None

    # --- the award: a double unit, built on top of the other builds ---------------------------
    def upkeep(self, unit):
        if unit.strength > 1:
            return float(self.params.get("award_upkeep", 0))
        return None

    def extra_builds(self, power, position, game_map):
        owed = awards(position).get(power, 0)
        if not owed:
            return None
        home = game_map.powers[power].home
        occupied = {u.province for u in position.units}
        free = [h for h in home if position.owners.get(h) == power and h not in occupied
                and h not in destroyed(position)]
        return owed if free else None  # waits for an adjustment with a free home centre

    def draws_extra_build(self, order, position, game_map):
        return True if isinstance(order, Build) and (order.strength or 1) > 1 else None

    def build_problem(self, order, position, game_map, accepted=()):
        if order.province in destroyed(position):
            place = game_map.provinces[order.province].name
            return f"{self.ref}: {place} was destroyed; it is no supply centre, and nobody " \
                   "builds there"
        if (order.strength or 1) <= 1:
            return None
        power = order.power or ""
        name = game_map.powers[power].name if power in game_map.powers else power
        if order.strength != 2:
            return f"{self.ref}: the award for a destroyed Holy Place is a double unit (2A or " \
                   f"2F), not {order.strength:g}{order.unit_kind or 'A'}"
        if not awards(position).get(power):
            return f"{self.ref}: only a power that has destroyed a Holy Place builds a double " \
                   f"unit, one for each; {name} is owed none (a lost double unit is not rebuilt)"
        return None

    def extra_builds_used(self, power, units, position, game_map):
        owed = awards(position)
        owed[power] = owed.get(power, 0) - len(units)
        _store(position, destroyed(position), owed)
        name = game_map.powers[power].name
        return [f"{name} built {u.label()}, its award for a destroyed Holy Place, {self.ref}"
                for u in units]

    def after_adjustments(self, position, game_map):
        return [f"{game_map.powers[p].name} is still owed {n} double unit(s), to build at a later "
                f"adjustment, {self.ref}" for p, n in awards(position).items()]
