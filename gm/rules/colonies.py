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

from gm.rule_catalogue import RULES
from gm.rules.hooks import GameHooks, OwnershipHooks
from gm.rules.rule import Rule

KEY = "colonies"
TOWNS = ("chi", "pho", "cos", "rho", "les", "sam", "mil")


def seed_for(game: str) -> int:
    """The game's seed: a number from its name, the same on every replay."""
    import hashlib  # only a game of this rule draws: no other command pays for the import

    return int(hashlib.sha256(game.encode()).hexdigest()[:12], 16)


def draw(seed: int, towns, majors) -> dict[str, str]:
    """Each town to a different Major, from the seed."""
    import random

    chosen = random.Random(seed).sample(list(majors), len(towns))
    return dict(zip(towns, chosen, strict=True))


class Colonies(Rule, GameHooks, OwnershipHooks):
    about = RULES["colonies"]

    def _towns(self):
        return tuple(self.params.get("towns", TOWNS))

    def correction(self, action, text, position, game_map):
        """`gm edit G colonies Chios=Athens, ...`: the GM sets the draw before it is made
        (dice at the table, or a draw the players agreed); `colonies seed N` sets the seed it
        is drawn from. Refused once the colonies have declared."""
        if action != "colonies":
            return None
        state = dict(position.state.get(KEY, {}))
        if "declared" in state:
            said = ", ".join(f"{game_map.provinces[t].name} for {game_map.powers[m].name}"
                             for t, m in state["declared"].items())
            raise ValueError(f"{self.ref}: the colonies have declared already ({said}); the "
                             "draw can be set only before it is made")
        words = text.split()
        if len(words) == 2 and words[0].lower() == "seed":
            if not words[1].isdigit():
                raise ValueError(f"the seed must be a whole number, not {words[1]!r}")
            state.pop("draw", None)
            state["seed"] = int(words[1])
            position.state[KEY] = state
            return f"colonies seed {state['seed']}", \
                f"the colonies will be drawn from seed {state['seed']}"
        chosen = self._read_draw(text, game_map)
        state["draw"] = chosen
        position.state[KEY] = state
        pairs = [(game_map.provinces[t].name, game_map.powers[m].name)
                 for t, m in chosen.items()]
        return "colonies " + ", ".join(f"{t}={m}" for t, m in pairs), \
            "the colonies' draw is set: " + ", ".join(f"{t} for {m}" for t, m in pairs)

    def _read_draw(self, text: str, game_map) -> dict[str, str]:
        """`Chios=Athens, Phocaea=Sparta, ...` -> {town: major}: every town, each to a
        different Major."""
        towns = self._towns()
        majors = [p.id for p in game_map.powers.values() if not p.player]
        example = self.about.corrections["colonies"]
        chosen: dict[str, str] = {}
        for pair in filter(None, (p.strip() for p in text.split(","))):
            town_text, eq, major_text = pair.partition("=")
            if not eq:
                raise ValueError(f"cannot read {pair!r}: write each colony and its Major "
                                 f"as 'Chios=Athens': '{example}'")
            town = game_map.location_id(town_text.strip())
            major = game_map.power_id(major_text.strip())
            if town not in towns:
                raise ValueError(f"{town_text.strip()!r} is not one of the colonies ("
                                 + ", ".join(game_map.provinces[t].name for t in towns) + ")")
            if major not in majors:
                raise ValueError(f"{major_text.strip()!r} is not a Major State ("
                                 + ", ".join(game_map.powers[m].name for m in majors) + ")")
            if town in chosen:
                raise ValueError(f"{game_map.provinces[town].name} is named twice")
            chosen[town] = major
        missing = [game_map.provinces[t].name for t in towns if t not in chosen]
        if missing:
            raise ValueError(f"{self.ref}: every colony declares; name the Major for "
                             f"{', '.join(missing)} too: write '{example}'")
        twice = sorted({game_map.powers[m].name for m in chosen.values()
                        if list(chosen.values()).count(m) > 1})
        if twice:
            raise ValueError(f"{self.ref}: each colony declares for a different Major; "
                             f"{', '.join(twice)} is given more than one")
        return {t: chosen[t] for t in towns}

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
