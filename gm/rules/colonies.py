"""The Aegean colonies declare for the Major States at the end of the first Autumn.

Hoplite Wars 6: 'The following Towns will each declare themselves in support of a different
Major States (to be determined at random) at the end of the first Autumn move. Chios; Phocaea;
Cos; Rhodes; Lesbos; Samos; Miletos. Thus each Major State will automatically control the Town
in question and may use its resources or even build there.'

The readings (docs/variants/hoplite-wars.md, rule 6): the draw is made after the moves,
retreats and changes of owner of Autumn 450 BC, from a seed stored when the game is created
(`initial_state`, from the game's name, so that a replay draws the same), unless the GM set
the draw first (`state["colonies"]["draw"]`); the declared Major owns the town at once, over
any capture that season; after that it is an ordinary town.

State: `state["colonies"] = {"seed": n, "declared": {town: major}}`.
"""

from __future__ import annotations

import hashlib
import random

from gm.rules.base import Rule, register

KEY = "colonies"
TOWNS = ("chi", "pho", "cos", "rho", "les", "sam", "mil")


def seed_for(game: str) -> int:
    """The game's seed: a number from its name, the same on every replay."""
    return int(hashlib.sha256(game.encode()).hexdigest()[:12], 16)


def draw(seed: int, towns, majors) -> dict[str, str]:
    """Each town to a different Major, from the seed."""
    chosen = random.Random(seed).sample(list(majors), len(towns))
    return dict(zip(towns, chosen, strict=True))


@register
class Colonies(Rule):
    name = "colonies"
    title = "colonies"

    def _towns(self):
        return tuple(self.params.get("towns", TOWNS))

    def initial_state(self, game, game_map):
        return {KEY: {"seed": seed_for(game)}}

    def after_season(self, position, season, game_map):
        state = dict(position.state.get(KEY, {}))
        cal = game_map.calendar
        if "declared" in state or season != self.params.get("season", "Autumn") \
                or position.phase.year != cal.first_year + cal.step:
            return None
        majors = [p.id for p in game_map.powers.values() if not p.player]
        towns = self._towns()
        declared = dict(state.get("draw") or draw(int(state.get("seed", 0)), towns, majors))
        for town, major in declared.items():
            position.owners[town] = major
        state["declared"] = declared
        position.state[KEY] = state
        said = ", ".join(f"{game_map.provinces[t].name} for {game_map.powers[m].name}"
                         for t, m in declared.items())
        return [f"{self.ref}: the colonies declare: {said}"]


def declared(position) -> dict[str, str]:
    return dict(position.state.get(KEY, {}).get("declared", {}))
