"""Build anywhere: a power builds in any vacant supply centre it owns, not only its homes.

Rise of Rome II 5.2: 'a civilised player may build units in any supply centres controlled by
that player provided they are vacant. Thus, once Macedonia takes Epirus it can build fleets
facing towards Italy. Barbarians can only build in the Barbarian build areas.'
Hoplite Wars 9: 'A player may build in any City or Town captured by that player or in a Colony
that declares for that player'.

- `build_sites`: every centre the power owns, still on the board, of a supply in `values`, and
  holding no piece of another player (a power's player is itself unless the map pairs powers).
  A site that holds the builder's own pieces is offered too: whether the new piece may join
  them is the map's stacking rule's to say (`may_stack(..., "build")`: a Rise of Rome II leader
  alone takes an army beside it; a Hoplite Wars Minor builds beside its Major's pieces).
- `build_problem` names the rule when the site is not one the power may build on.
- The powers named in `except` keep the standard answer or another rule's (Rise of Rome II's
  Barbarians: `barbarians.py`).

Parameters (`[rules.build_anywhere]`): `rule` (the rulebook's number), `values` (the supplies a
build site may have: ½ and 1 by default, so Hoplite Wars' Delphi is none), `except` (powers),
`sites` (how the refusal names the build sites: "the vacant centres it owns" by default).
"""

from __future__ import annotations

from gm.orders.kinds.board import place_name, power_name
from gm.rule_catalogue import RULES
from gm.rules import centres_gone
from gm.rules.hooks import BuildHooks
from gm.rules.rule import Rule


class BuildAnywhere(Rule, BuildHooks):
    about = RULES["build_anywhere"]

    def build_sites(self, power, position, game_map):
        if power in self.params.get("except", ()):
            return None
        if power not in game_map.powers:  # a build whose power is not known: no site is its
            return []
        player = game_map.powers[power].player or power
        others = {u.province for u in position.units
                  if (game_map.powers[u.power].player or u.power) != player}
        gone = centres_gone.gone(position)
        values = self.params.get("values", (0.5, 1))
        return [c for c in game_map.centres if position.owners.get(c) == power
                and game_map.provinces[c].supply in values and c not in others
                and c not in gone]

    def build_problem(self, order, position, game_map, accepted):
        power = order.power or ""
        where = order.location.split("/")[0]
        if power in self.params.get("except", ()) or power not in game_map.powers or \
                position.owners.get(where) == power:
            return None
        sites = self.params.get("sites", "the vacant centres it owns")
        return f"{self.ref}: {power_name(game_map, power)} builds in {sites}, and " \
               f"{place_name(game_map, where)} is not one of them"
