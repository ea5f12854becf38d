"""At most two fleets built in one adjustment phase (Diadochi V 10: 'In any particular
adjustments season, no power may construct more than two fleets').

A third fleet build of one power in one phase is void; its armies are not limited. The limit
counts the builds accepted so far in the phase (`build_problem`'s `accepted`), so the order
in which the builds are written decides which fleet is the third.

Parameters (`[rules.fleet_build_limit]`): `fleets` (2), `rule` (10). No state.
"""

from __future__ import annotations

from gm.rule_catalogue import RULES
from gm.rules.hooks import BuildHooks
from gm.rules.rule import Rule


class FleetBuildLimit(Rule, BuildHooks):
    about = RULES["fleet_build_limit"]

    def build_problem(self, order, position, game_map, accepted=()):
        if order.unit_kind != "F":
            return None
        limit = int(self.params.get("fleets", 2))
        power = order.power
        built = sum(1 for b in accepted if b.unit_kind == "F" and b.power == power)
        if built >= limit:
            name = game_map.powers[power].name if power in game_map.powers else power
            return f"{self.ref}: {name} has built {built} fleets in this phase already; no " \
                   f"power builds more than {limit} fleets in one adjustment phase"
        return None
