"""Victory in self-supporting units (Diadochi V 13: 'Victory is achieved by the first power to
control 25 self-supporting units on the board. A tie results in a joint victory'; rule 9:
'Units which are supported by loans do not count towards fulfilling the victory conditions').

The reading (issue 19; docs/variants/diadochi-v.md, rule 13): a power's self-supporting units
are the smaller of its unit count and the supply of its own centres that are not lent out (a
borrowed centre supports units, but not self-supporting ones; a rebel centre left without a
garrison and a destroyed centre count for nothing). Victory is checked when the engine checks
it: after each adjustment phase, or at the end of the year when the adjustment is skipped.
Every power that reaches the count (`[victory] count`) at one check wins, jointly if several.

Parameters (`[rules.self_supporting]`): `rule` (13). No state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm.rule_catalogue import RULES
from gm.rules.hooks import VictoryHooks
from gm.rules.rule import Rule

if TYPE_CHECKING:
    from gm.rules.rule_set import RuleSet


def own_supply(power: str, position, game_map, rules: RuleSet) -> float:
    """The supply a power draws from centres it owns and has not lent out."""
    return sum(rules.centre_value(c, power, position, game_map)
               for c, owner in position.owners.items()
               if owner == power and rules.supplied_by(c, position, game_map) == power)


def self_supporting(power: str, position, game_map, rules: RuleSet) -> float:
    """The smaller of the power's units and its own supply: units a loan keeps do not count."""
    return min(float(len(position.units_of(power))),
               own_supply(power, position, game_map, rules))


class SelfSupporting(Rule, VictoryHooks):
    about = RULES["self_supporting"]

    def score(self, power, position, game_map):
        return self_supporting(power, position, game_map, self.rule_set)

    def winners(self, position, game_map):
        count = game_map.victory_count or 25
        rules = self.rule_set
        return [p for p in game_map.powers
                if self_supporting(p, position, game_map, rules) >= count]

    def board_notes(self, position, game_map):
        """Each power's supply centre by centre, at its value (a double 2, Rome 3 to Rome),
        borrowed centres marked, and its self-supporting units."""
        rules = self.rule_set
        lines = []
        for power, info in game_map.powers.items():
            units = len(position.units_of(power))
            parts = []
            for centre in game_map.centres:
                if rules.supplied_by(centre, position, game_map) != power:
                    continue
                value = rules.centre_value(centre, power, position, game_map)
                if not value:
                    continue  # destroyed: the destruction rule says so
                owner = position.owners.get(centre)
                lent = "" if owner == power else f" lent by {game_map.powers[owner].name}" \
                    if owner in game_map.powers else ""
                parts.append(f"{game_map.provinces[centre].name} {value:g}{lent}")
            if not parts and not units:
                continue
            supply = sum(rules.centre_value(c, power, position, game_map)
                         for c in game_map.centres
                         if rules.supplied_by(c, position, game_map) == power)
            lines.append(f"{info.name}: supply {supply:g} ({', '.join(parts) or 'none'}); "
                         f"{self_supporting(power, position, game_map, rules):g} "
                         f"self-supporting units of {units}, {self.ref}.")
        return lines
