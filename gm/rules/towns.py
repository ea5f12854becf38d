"""Towns change hands after every Spring and Autumn move; cities only after Autumn.

Hoplite Wars 8: 'Control of a City only passes after Autumn moves, as in Regular Diplomacy.
However, control of Towns passes after every Spring and Autumn move'. A town is a centre
worth ½ (rule 2); cities and Delphi follow the calendar's `ownership_after`.
"""

from __future__ import annotations

from gm.notation import mix_counts
from gm.rule_catalogue import RULES
from gm.rules.hooks import BuildHooks, OwnershipHooks
from gm.rules.rule import Rule


class Towns(Rule, BuildHooks, OwnershipHooks):
    about = RULES["towns"]

    def changes_hands(self, province, season, position, game_map):
        found = game_map.provinces.get(province)
        if found is not None and found.supply == 0.5:
            return season in self.params.get("seasons", ("Spring", "Autumn"))
        return None

    def build_problem(self, order, position, game_map, accepted):
        """Rule 2: builds are counted in halves (a city pays for one piece, a town half; a
        garrison costs ½), and may not be worth more than the power's allowance."""
        power = order.power or ""
        if power not in game_map.powers or position.state.get("delphi", {}).get(
                "owed", {}).get(power):
            return None  # the core counts builds beside Delphi's free ones
        supply = sum(game_map.provinces[c].value_for(power)
                     for c, owner in position.owners.items()
                     if owner == power and c in game_map.provinces)
        upkeep = sum(_cost(u.kind, u.strength, u.tag) for u in position.units
                     if u.power == power)
        spent = sum(_cost(b.unit_kind, b.strength or 1.0) for b in accepted
                    if b.power == power)
        left = supply - upkeep - spent
        cost = _cost(order.unit_kind, order.strength or 1.0)
        if cost > left:
            name = game_map.powers[power].name
            return f"{self.ref}: {name} has {_halves(max(left, 0))} to build, and " \
                   f"{order.unit_text()} costs {_halves(cost)}"
        return None


def _cost(kind, strength, tag=None) -> float:
    """A piece's upkeep in halves: A or F 1, G ½, a unit raised from Delphi nothing."""
    if tag and tag.endswith(":delphi"):
        return 0.0
    counts = mix_counts(kind)
    if counts:  # `Build A/G Spa`: each kind at its cost
        return sum(_cost(one, count) for one, count in counts.items())
    return (0.5 if kind == "G" else 1.0) * (strength or 1.0)


def _halves(value: float) -> str:
    whole, half = divmod(value * 2, 2)
    if not half:
        return f"{whole:g}"
    return f"{whole:g}½" if whole else "½"
