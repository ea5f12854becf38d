"""Holy Places: every home centre; its captor may destroy it, and is awarded a double unit.

Lord of Hosts 4: 'All Home Supply Centres are "Holy Places". If they are captured by another
power, that power may when capturing it opt to DESTROY the Holy Place, thus rendering it
useless for the rest of the game as a non-supply centre province. The power destroying the
Holy Place is awarded a double army (or fleet) (built as usual) ... Such double units may not
be rebuilt if lost. E.g.: BABYLON: A(Moa) Destroys Moa. Builds: 2A(Ur)'. Rule 6: destroyed
Holy Places do not count towards the 16 centres.

The readings (docs/variants/lord-of-hosts.md, rule 4):
- A power captures a Holy Place when it becomes its owner, after a movement season and its
  retreats (`after_ownership` notes it). It may destroy it in the adjustment phase that
  follows, and only then, by an order of its unit standing there (`A Moa destroys`), beside
  that phase's builds; a place held since an earlier season cannot be destroyed. That phase
  is played even with nothing to build or remove (`plays_adjustment`).
- The destruction comes before the count: the place supplies nothing in that same phase.
- The award is an extra build in that same phase, on a vacant owned home centre, beside the
  other builds or removals: a double unit (`Build 2A Ur`, `Build 2F Ur`), which needs no centre
  to keep (parameter `award_upkeep`, 0). Not built then, it is forfeit: awards are not banked.

State: `state["holy_places"] = {"destroyed": [...], "captured": {province: power},
"awards": {power: n}}`; captures last until the next adjustment phase ends, awards only
within it. Parameters (`[rules.holy_places]`): `rule` (the rulebook's number), `award_upkeep`.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.results import OrderResult
from gm.orders.kinds.build import Build
from gm.orders.kinds.destroy_centre import DestroyCentre
from gm.rule_catalogue import RULES
from gm.rules import centres_gone
from gm.rules.hooks import (
    AdjustmentHooks,
    BuildHooks,
    ExtraBuildHooks,
    OwnershipHooks,
    PieceHooks,
    SupplyHooks,
)
from gm.rules.rule import Rule

KEY = "holy_places"
DESTROYED = "destroyed"  # result code of a destruction carried out


def destroyed(position) -> list[str]:
    return centres_gone.destroyed(position, KEY)


def captured(position) -> dict[str, str]:
    """Holy Places captured since the last adjustment phase, and by whom."""
    return centres_gone.part(position, KEY, "captured")


def awards(position) -> dict[str, int]:
    return centres_gone.part(position, KEY, "awards")


def _store(position, destroyed_places: list[str] | None = None,
           captures: dict[str, str] | None = None, owed: dict[str, int] | None = None) -> None:
    """Write the rule's state, keeping the parts not given."""
    centres_gone.store(
        position, KEY, destroyed(position) if destroyed_places is None else destroyed_places,
        captured=dict(sorted((captured(position) if captures is None else captures).items())),
        awards={p: n for p, n in sorted((awards(position) if owed is None
                                         else owed).items()) if n > 0})


def _name(game_map, power: str) -> str:
    return game_map.powers[power].name if power in game_map.powers else power


def _says(game_map, power: str, singular: str, plural: str) -> str:
    """The word that agrees with the power's name (`is`, or `are` for The Allies)."""
    found = game_map.powers.get(power)
    return found.verb(singular, plural) if found is not None else singular


def _place(game_map, province: str) -> str:
    return game_map.provinces[province].name if province in game_map.provinces else province


class HolyPlaces(Rule, PieceHooks, BuildHooks,
                 ExtraBuildHooks, AdjustmentHooks, OwnershipHooks, SupplyHooks):
    about = RULES["holy_places"]

    @staticmethod
    def _holy_to(province: str, game_map) -> str | None:
        """The power whose Holy Place (home centre) this is, if any."""
        return game_map.home_power(province)

    # --- the capture, at the end of a movement season --------------------------------------
    def after_ownership(self, owners_before, position, game_map):
        captures = captured(position)
        events = []
        gone = set(destroyed(position))
        for power in game_map.powers.values():
            for place in power.home:
                old, new = owners_before.get(place), position.owners.get(place)
                if old == new or place in gone:
                    continue
                if new is None or new == power.id:  # lost, or retaken by its own power
                    captures.pop(place, None)
                    continue
                captures[place] = new
                events.append(f"{_name(game_map, new)} captured {_place(game_map, place)}, a "
                              f"Holy Place of {power.name}, and may destroy it in the "
                              f"adjustment phase that follows, {self.ref}")
        if captures != captured(position):
            _store(position, captures=captures)
        return events

    def plays_adjustment(self, position, game_map):
        """A power whose unit still stands on the Holy Place it captured may destroy it in
        this phase, which is then played even with nothing to build or remove."""
        return True if any(who in game_map.powers and any(
            u.province == p and u.power == who for u in position.units)
            for p, who in captured(position).items()) else None

    # --- the Destroy order, in the adjustment phase after the capture ---------------------------
    def adjustment_orders(self, position, orders, game_map):
        mine = [o for o in orders if isinstance(o, DestroyCentre)]
        if not mine:
            return None
        results: list[OrderResult] = []
        events: list[str] = []
        places, owed, captures = destroyed(position), awards(position), captured(position)
        for order in mine:
            unit = position.unit_in(order.province)
            problem = self._destroy_problem(order, unit, position, places, captures, game_map)
            if problem:
                results.append(OrderResult(order.power or "", order, unit, False, R.VOID,
                                           problem))
                continue
            power, place = unit.power, order.province
            places.append(place)
            captures.pop(place, None)
            owed[power] = owed.get(power, 0) + 1
            position.owners.pop(place, None)
            name = _place(game_map, place)
            results.append(OrderResult(power, order, unit, True, DESTROYED,
                                       f"{name} is no longer a supply centre"))
            victim = _name(game_map, self._holy_to(place, game_map) or "")
            events.append(f"{_name(game_map, power)} destroyed {name}, a Holy Place of "
                          f"{victim}: it is no longer a supply centre, and "
                          f"{_name(game_map, power)} {_says(game_map, power, 'is', 'are')} "
                          f"awarded a double unit to build now, {self.ref}")
        _store(position, places, captures, owed)
        return [o for o in orders if not isinstance(o, DestroyCentre)], results, events

    def _destroy_problem(self, order, unit, position, places, captures, game_map) -> str | None:
        here = _place(game_map, order.province)
        power = order.power or (unit.power if unit else "")
        who = _name(game_map, power)
        if unit is None or unit.power != power:
            return f"{self.ref}: there is no {who} unit in {here}; a Holy Place is destroyed " \
                   "by the captor's unit standing in it"
        holy_to = self._holy_to(order.province, game_map)
        if order.province in places:
            return f"{self.ref}: {here} was destroyed already"
        if holy_to is None:
            return f"{self.ref}: only a Holy Place (a home centre) may be destroyed; " \
                   f"{here} is not one"
        if holy_to == power:
            return f"{self.ref}: {here} is one of {who}'s own Holy Places; only a power " \
                   "that captures it may destroy it"
        if captures.get(order.province) == power:
            return None
        owner = position.owners.get(order.province)
        if owner == power:
            return f"{self.ref}: {who} has held {here} since an earlier season; a Holy Place " \
                   "may be destroyed only in the adjustment phase that follows its capture"
        held = _name(game_map, owner) if owner else "nobody"
        return f"{self.ref}: {who} has not captured {here} (it belongs to {held}); a Holy " \
               "Place may be destroyed only in the adjustment phase that follows its capture"

    # --- a destroyed Holy Place is no centre -------------------------------------------------
    def changes_hands(self, province, season, position, game_map):
        return False if province in destroyed(position) else None

    def is_centre(self, province, position, game_map):
        return False if province in destroyed(position) else None

    # --- the award: a double unit, built in the same phase, beside the other builds ----------
    def upkeep(self, unit):
        if unit.strength > 1:
            return float(self.params.get("award_upkeep", 0))
        return None

    def extra_builds(self, power, position, game_map):
        return awards(position).get(power) or None

    def draws_extra_build(self, order, position, game_map):
        return True if isinstance(order, Build) and (order.strength or 1) > 1 else None

    def build_problem(self, order, position, game_map, accepted=()):
        if order.province in destroyed(position):
            return f"{self.ref}: {_place(game_map, order.province)} was destroyed; it is no " \
                   "supply centre, and nobody builds there"
        if (order.strength or 1) <= 1:
            return None
        power = order.power or ""
        if order.strength != 2:
            return f"{self.ref}: the award for a destroyed Holy Place is a double unit (2A or " \
                   f"2F), not {order.strength:g}{order.unit_kind or 'A'}"
        if not awards(position).get(power):
            return f"{self.ref}: only a power that destroys a Holy Place in this phase builds " \
                   f"a double unit, one for each; {_name(game_map, power)} has destroyed none " \
                   "now (an award is built at once or forfeit, and a lost double unit is not " \
                   "rebuilt)"
        return None

    def extra_builds_used(self, power, units, position, game_map):
        owed = awards(position)
        owed[power] = owed.get(power, 0) - len(units)
        _store(position, owed=owed)
        kinds = {"A": "army", "F": "fleet"}
        their = _says(game_map, power, "its", "their")
        return [f"{_name(game_map, power)} built a double {kinds.get(u.kind, u.kind)} in "
                f"{_place(game_map, u.province)}, {their} award for destroying a Holy Place, "
                f"{self.ref}" for u in units]

    def after_adjustments(self, position, game_map):
        """Awards not built in this phase are forfeit; captures not acted on lapse."""
        events = [f"{_name(game_map, p)} did not build the double unit "
                  f"{_says(game_map, p, 'it was', 'they were')} awarded: the award is forfeit, "
                  f"{self.ref}" if n == 1 else
                  f"{_name(game_map, p)} did not build {n} of the double units "
                  f"{_says(game_map, p, 'it was', 'they were')} awarded: they are forfeit, "
                  f"{self.ref}" for p, n in awards(position).items()]
        if captured(position) or awards(position):
            _store(position, captures={}, owed={})
        return events
