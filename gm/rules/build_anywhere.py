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
- `build_problem` names the rule when the site is not one the power may build on, and, where
  the rulebook says the centre must be vacant (`vacant = true`: Rise of Rome II 5.2), when a
  piece stands there that the new one may not join: another power's piece, or the power's
  own army or fleet ("rule 5.2 (builds): Syracuse is occupied: a Carthaginian army stands
  there"). The power's own leader standing alone leaves the centre vacant (the stacking
  rule's answer, `may_stack(..., "build")`).
- The powers named in `except` keep the standard answer or another rule's (Rise of Rome II's
  Barbarians: `barbarians.py`).

Parameters (`[rules.build_anywhere]`): `rule` (the rulebook's number), `values` (the supplies a
build site may have: ½ and 1 by default, so Hoplite Wars' Delphi is none), `except` (powers),
`sites` (how the refusal names the build sites: "the vacant centres it owns" by default),
`vacant` (a site must be vacant: say so, citing this rule, when it is not).
"""

from __future__ import annotations

from gm.orders.kinds.board import KIND_WORDS, place_name, power_name
from gm.orders.kinds.build import NewPiece
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
        if power in self.params.get("except", ()) or power not in game_map.powers:
            return None
        if position.owners.get(where) != power:
            sites = self.params.get("sites", "the vacant centres it owns")
            return f"{self.ref}: {power_name(game_map, power)} builds in {sites}, and " \
                   f"{place_name(game_map, where)} is not one of them"
        if self.params.get("vacant"):
            return self._occupied(order, where, position, game_map)
        return None

    def _occupied(self, order, where, position, game_map) -> str | None:
        """A piece on the site that the new one may not join, in the rule's words."""
        here = [u for u in position.units if u.province == where]
        if not here:
            return None
        new = NewPiece(order.power or "", order.unit_kind or "A", order.location,
                       order.strength or 1.0, province=where)
        rules = self.rule_set  # the stacking rule's answer (a leader alone)
        if all(u.power == new.power for u in here) and rules is not None and \
                not rules.may_stack([*here, new], "build", position, game_map):
            return None
        first = next((u for u in here if not u.is_leader), here[0])
        owner = game_map.powers[first.power]
        what = first.name if first.is_leader and first.name else \
            f"a {owner.adjective or owner.name} {KIND_WORDS.get(first.kind, 'unit')}"
        return f"{self.ref}: {place_name(game_map, where)} is occupied ({what} stands " \
               f"there); {power_name(game_map, new.power)} builds only in " \
               f"{self.params.get('sites', 'the vacant centres it owns')}"
