"""Build anywhere: a power builds in any vacant supply centre it owns, not only its homes.

Rise of Rome II 5.2: 'Unlike regular Diplomacy, a civilised player may build units in any
supply centres controlled by that player provided they are vacant. Thus, once Macedonia takes
Epirus it can build fleets facing towards Italy. Barbarians can only build in the Barbarian
build areas.'

- `build_sites`: every centre the power owns that is still a centre and holds no piece of
  another power. A centre where only the power's own leader stands is vacant enough: the new
  unit joins it where the map's rules let pieces stack (`may_stack(..., "build")`).
- The powers named in `except` keep the standard answer or another rule's (the Barbarians:
  `barbarians.py`). List `barbarians` first in `[rules]` as well; the first answer wins.

Parameters (`[rules.build_anywhere]`): `rule` (the rulebook's number), `except` (powers).
"""

from __future__ import annotations

from gm.rules.base import Rule, register


@register
class BuildAnywhere(Rule):
    name = "build_anywhere"
    title = "building"

    def build_problem(self, order, position, game_map, accepted):
        """Name the rule when the site is not a centre the power owns."""
        power = order.power or ""
        where = order.location.split("/")[0]
        if power in self.params.get("except", ()) or where in self.build_sites(
                power, position, game_map) or position.owners.get(where) == power:
            return None
        name = game_map.powers[power].name if power in game_map.powers else power
        place = game_map.provinces[where].name if where in game_map.provinces else where
        return f"{self.ref}: {name} builds in the vacant centres it owns, and {place} is not " \
               "one of them"

    def build_sites(self, power, position, game_map):
        if power in self.params.get("except", ()):
            return None
        foreign = {u.province for u in position.units if u.power != power}
        gone = set()
        for rule_state in position.state.values():  # centres a rule took off the board
            if isinstance(rule_state, dict):
                gone.update(rule_state.get("destroyed", ()))
        return [c for c in game_map.centres
                if position.owners.get(c) == power and c not in foreign and c not in gone]
