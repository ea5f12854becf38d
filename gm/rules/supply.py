"""Supply and victory: what a power's centres are worth, who has won, the score towards it.

One count of supply for every part of gm (adjustments, victory, the report and its standing
line, the legend and the chart, `gm show`, the pictures), built on the rules' supply hooks
(`is_centre`, `supplied_by`, `centre_value`, gm/rules/hooks.py) and their victory hooks
(`winners`, `score`). It is a part of the rule set, `rules.supply` (`RuleSet.supply`), which
answers the per-centre hooks these counts read: the rule set answers the hooks, this module
counts with the answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.engine.position import Position
    from gm.maps.gamemap import GameMap
    from gm.rules.rule_set import RuleSet


class Supply:
    """The supply and victory counts of one rule set (`rules.supply`)."""

    def __init__(self, rules: RuleSet):
        self._rules = rules

    def centres(self, position: Position, game_map: GameMap) -> list[str]:
        """The provinces that are supply centres in this position (for reports and lists)."""
        rules = self._rules
        if not rules.answers("is_centre"):
            return list(game_map.centres)
        return [c for c in game_map.centres if rules.is_centre(c, position, game_map)]

    def _supplying(self, position: Position, game_map: GameMap
                   ) -> Iterator[tuple[str, str, float]]:
        """(centre, power, value) for every centre that supplies a power (`supplied_by`),
        at its `centre_value`: what `by_power` adds up and `centres_by_power` lists."""
        rules = self._rules
        if not (rules.answers("supplied_by") or rules.answers("centre_value")
                or rules.answers("is_centre")):
            for centre, owner in position.owners.items():  # the standard game: owners only
                province = game_map.provinces.get(centre)
                if province is not None:
                    yield centre, owner, province.value_for(owner)
            return
        for centre in dict.fromkeys([*game_map.centres, *position.owners]):
            power = rules.supplied_by(centre, position, game_map)
            if power:
                yield centre, power, rules.centre_value(centre, power, position, game_map)

    def by_power(self, position: Position, game_map: GameMap) -> dict[str, float]:
        """Every power's supply: the sum, over the centres that supply it, of their values."""
        out: dict[str, float] = {}
        for _, power, value in self._supplying(position, game_map):
            out[power] = out.get(power, 0.0) + value
        return out

    def centres_by_power(self, position: Position, game_map: GameMap) -> dict[str, list[str]]:
        """Every power's supply centres: those that supply it and are worth something. Their
        number is what reports print beside the supply where centres are not worth one each
        (`8 supply centres worth 10`)."""
        out: dict[str, list[str]] = {}
        for centre, power, value in self._supplying(position, game_map):
            if value > 0:
                out.setdefault(power, []).append(centre)
        return out

    def of(self, power: str, position: Position, game_map: GameMap) -> float:
        """The power's supply (`by_power`): what adjustments, victory, reports, the chart,
        `gm show` and pictures count."""
        return self.by_power(position, game_map).get(power, 0.0)

    def board_total(self, position: Position, game_map: GameMap) -> float:
        """The supply of every centre still on the board (`centres`)."""
        return sum(game_map.provinces[c].supply for c in self.centres(position, game_map))

    def winners(self, position: Position, game_map: GameMap) -> list[str]:
        """Standard: the map's victory condition (centres, units, or a majority of the centres
        still on the board); one power, or nobody."""
        answer = self._rules.first_answer("winners", position, game_map)
        if answer is not None:
            return list(answer)
        kind, count = game_map.victory_kind, game_map.victory_count
        if kind == "units" and count:
            reached = [p for p in game_map.powers if len(position.units_of(p)) >= count]
        elif kind == "centres" and count:
            supplies = self.by_power(position, game_map)
            reached = [p for p in game_map.powers if supplies.get(p, 0.0) >= count]
        elif kind == "majority":
            supplies = self.by_power(position, game_map)
            total = self.board_total(position, game_map)
            reached = [p for p in game_map.powers if supplies.get(p, 0.0) * 2 > total]
        else:
            reached = []
        return reached[:1]  # the standard game has one winner: the first in the map's order

    def score(self, power: str, position: Position, game_map: GameMap) -> float:
        """Standard: what the victory condition counts, units or supply."""
        answer = self._rules.first_answer("score", power, position, game_map)
        if answer is not None:
            return answer
        if game_map.victory_kind == "units":
            return float(len(position.units_of(power)))
        return self.of(power, position, game_map)

    def score_words(self) -> str:
        """What the victory score counts when a rule says (`self-supporting units`), else ''."""
        return next((r.about.score_words for r in self._rules.answering("score")
                     if r.about.score_words), "")
