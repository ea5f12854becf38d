"""Rebel centres (Diadochi V 6): 'Armenia, Belgica, Illyria, and Scythia are liable to rebel
and so must be garrisoned each Winter if they are to be counted for supply centre totals.'

The reading (issues 19 and 29; docs/variants/diadochi-v.md, rule 6): a rebel centre counts for
supply only while it is garrisoned: a unit of its owner stands in it, or, while it is lent, a
unit of its owner or of the power it is lent to (either garrisons it for the borrower). Supply
is counted at the Winter adjustment, so that is when the garrison matters. An ungarrisoned
rebel centre is not counted, but its owner does not change.

Parameters (`[rules.rebels]`): `centres`, the rebel centres; `rule`, the rulebook's number.
No state.
"""

from __future__ import annotations

from gm.orders.kinds.board import place_name, power_name
from gm.rule_catalogue import RULES
from gm.rules.hooks import SupplyHooks, VictoryHooks
from gm.rules.loans import holder, in_force
from gm.rules.rule import Rule


def rebel_centres(game_map) -> list[str]:
    """The map's rebel centres (`[rules.rebels] centres`), none without the rule."""
    return list((game_map.rules or {}).get(Rebels.about.name, {}).get("centres", []))


def garrisoned(position, centre: str) -> bool:
    """Does a unit of the centre's owner, or of the power it is lent to, stand in it?"""
    chain = in_force(position).get(centre)
    powers = {chain[0], chain[-1]} if chain else {position.owners.get(centre)}
    return any(u.province == centre and u.power in powers for u in position.units)


def ungarrisoned(position, game_map) -> list[str]:
    """The rebel centres that count for nobody now: held by a power, and not garrisoned (the
    reports list them)."""
    return [centre for centre in rebel_centres(game_map)
            if holder(position, centre) and not garrisoned(position, centre)]


class Rebels(Rule, SupplyHooks, VictoryHooks):
    about = RULES["rebels"]

    def supplied_by(self, centre, position, game_map):
        if centre not in self.params.get("centres", ()):
            return None
        if holder(position, centre) and garrisoned(position, centre):
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
