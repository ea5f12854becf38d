"""Victory per player: a Major with its Minor State and colonies, towns counting ½.

Hoplite Wars 13: 'There are 29 Cities and 23 Towns in this variant, equivalent to some 40½
supply centres. The special double supply centre at Delphi is not counted for the purposes of
assessing victory. The winner is the first player to control more than the equivalent of 20
Cities.' Read (docs/variants/hoplite-wars.md, rule 13): a player whose powers together own
20½ or more, Delphi left out, checked after the Winter adjustment (and whenever the year
changes); the winner is named by its Major. Parameters: `more_than` (20), `leave_out`
(["del"]).
"""

from __future__ import annotations

from gm.rule_catalogue import RULES
from gm.rules.hooks import VictoryHooks
from gm.rules.minor_states import player_of
from gm.rules.rule import Rule


class PlayerVictory(Rule, VictoryHooks):
    about = RULES["player_victory"]

    def _left_out(self) -> set[str]:
        return set(self.params.get("leave_out", ("del",)))

    def score(self, power, position, game_map):
        out = self._left_out()
        return float(sum(game_map.provinces[c].value_for(power)
                         for c, owner in position.owners.items()
                         if owner == power and c not in out and c in game_map.provinces))

    def player_scores(self, position, game_map) -> dict[str, float]:
        """Each player (named by its Major) and what its powers own, Delphi left out."""
        out: dict[str, float] = {}
        for power in game_map.powers:
            player = player_of(power, game_map)
            out[player] = out.get(player, 0.0) + self.score(power, position, game_map)
        return out

    def winners(self, position, game_map):
        if position.phase.kind == "Adjustment":
            return []  # checked once the Winter adjustment is made, not when Autumn ends
        limit = float(self.params.get("more_than", 20))
        scores = self.player_scores(position, game_map)
        best = [p for p, s in scores.items() if s > limit]
        best.sort(key=lambda p: -scores[p])
        return best[:1]
