"""Builds in any city or town the power owns, not only on home centres.

Hoplite Wars 9: 'A player may build in any City or Town captured by that player or in a
Colony that declares for that player'. A site may already hold pieces of the builder's player
(a Minor builds beside its Major's pieces: rule 5); Delphi, neither city nor town, is no build
site (docs/variants/hoplite-wars.md, rule 9).
"""

from __future__ import annotations

from gm.rules.base import Rule, register


@register
class BuildAnywhere(Rule):
    name = "build_anywhere"
    title = "builds"

    def build_sites(self, power, position, game_map):
        player = game_map.powers[power].player or power
        others = {u.province for u in position.units
                  if (game_map.powers[u.power].player or u.power) != player}
        values = self.params.get("values", (0.5, 1))
        return [c for c in game_map.centres if position.owners.get(c) == power
                and game_map.provinces[c].supply in values and c not in others]
