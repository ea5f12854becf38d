"""Double units: a 2A or 2F fights as two pieces that always act together.

Lord of Hosts 4: 'A 2A is a standard army which moves, holds, and supports with the strength
of two single armies. A 2A which becomes a fleet becomes a 2F and vice versa. 2A's (or F's)
may not split their support, but a single attack on a 2A (or F) will only cut one of its
supports.'

- Strength two to move, hold and support is the unit's own `strength`; nothing to plug in.
- Conversion keeps the strength (`conversion.py`), so a 2A becomes a 2F.
- No split: a unit has one order, so all its support goes to one unit. The order reader
  refuses a `split` order on this map (no rule brings merging and splitting).
- Cutting: each attack that would cut a support takes one point of it, whatever the strength
  of the attacking unit, so one attack leaves a 2A's support at one and two attacks cut it all.
  A dislodged supporter gives nothing, as always. The report says when a cut was partial.

Parameters (`[rules.double_units]`): `rule` (the rulebook's number, for messages).
"""

from __future__ import annotations

from gm.engine import results as R
from gm.rule_catalogue import RULES
from gm.rules.conversion import unit_words
from gm.rules.hooks import MovementHooks
from gm.rules.rule import Rule


class DoubleUnits(Rule, MovementHooks):
    about = RULES["double_units"]

    def support_left(self, strength, cutting_attacks):
        return max(0.0, strength - len(cutting_attacks))

    def after_movement(self, before, after, results, attacked_by, game_map):
        """Name the rule when a double unit's support was only partly cut (the engine's
        result already says how much was left)."""
        events = []
        for result in results:
            unit = result.unit
            if result.code != R.CUT or unit is None or not result.detail.startswith("partly"):
                continue
            power = game_map.powers[unit.power].name if unit.power in game_map.powers \
                else unit.power
            place = game_map.provinces[unit.province].name
            cut, _, left = result.detail.partition(": ")
            origins = cut.removeprefix("partly cut by ").split(", ")
            where = " and ".join(game_map.provinces[o].name if o in game_map.provinces else o
                                 for o in origins)
            events.append(f"{power}: the {unit_words(unit)} in {place} {left}: the attack "
                          f"from {where} cut only part of its support, {self.ref}")
        return events
