"""Rebel centres (Diadochi V 6): 'Armenia, Belgica, Illyria, and Scythia are liable to rebel
and so must be garrisoned each Winter if they are to be counted for supply centre totals.'

The reading (issue 19; docs/variants/diadochi-v.md, rule 6): a rebel centre counts for supply
only while a unit of the power it supplies (its owner, or the power it is lent to) stands in
it; supply is counted at the Winter adjustment, so that is when the garrison matters. An
ungarrisoned rebel centre is not counted, but its owner does not change.

Parameters (`[rules.rebels]`): `centres`, the rebel centres; `rule`, the rulebook's number.
No state.
"""

from __future__ import annotations

from gm.orders.kinds.board import place_name, power_name
from gm.rules.base import Rule, register
from gm.rules.loans import holder


def rebel_centres(game_map) -> list[str]:
    """The map's rebel centres (`[rules.rebels] centres`), none without the rule."""
    return list((game_map.rules or {}).get(Rebels.name, {}).get("centres", []))


def ungarrisoned(position, game_map) -> list[str]:
    """The rebel centres that count for nobody now: no unit of the power they would supply
    stands in them (the reports list them)."""
    out = []
    for centre in rebel_centres(game_map):
        power = holder(position, centre)
        if power and not any(u.province == centre and u.power == power
                             for u in position.units):
            out.append(centre)
    return out


@register
class Rebels(Rule):
    name = "rebels"
    title = "rebel centres"

    def supplied_by(self, centre, position, game_map):
        if centre not in self.params.get("centres", ()):
            return None
        power = holder(position, centre)
        if power and any(u.province == centre and u.power == power for u in position.units):
            return None  # garrisoned: the owner or the borrower counts it, as the rules say
        return ""  # rebels: nobody counts it

    def board_notes(self, position, game_map):
        idle = [c for c in ungarrisoned(position, game_map)
                if c in self.params.get("centres", ())]
        if not idle:
            return None
        names = ", ".join(f"{place_name(game_map, c)} "
                          f"({power_name(game_map, holder(position, c))})" for c in idle)
        return [f"Rebel centres not counted, no garrison, {self.ref}: {names}."]
