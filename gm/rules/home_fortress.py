"""Home fortresses: a unit in one of its own power's home centres defends more strongly.

Middle-Earth VIII 4: 'A unit in its home fortress centre (not that of another player) has a
defence strength of two. Thus an attack with one support will not dislodge the defending unit.
An unsupported attack still cuts the support of the defending unit.' Support cutting is
untouched; only the strength with which the unit stands in the space changes.

Parameters (`[rules.home_fortress]`): `defence` (default 2).
"""

from __future__ import annotations

from gm.rule_catalogue import RULES
from gm.rules.hooks import MovementHooks
from gm.rules.rule import Rule


class HomeFortress(Rule, MovementHooks):
    about = RULES["home_fortress"]

    def defence_bonus(self, unit, position, game_map):
        power = game_map.powers.get(unit.power)
        if power is None or unit.province not in power.home:
            return None
        return max(0.0, float(self.params.get("defence", 2)) - unit.strength)
