"""Multiplicity II (Hoplite Wars 3): a player's pieces in one province are one multiple unit.

Hoplite Wars 3: 'Full Multiplicity II rules apply'; 'players are permitted to form multiple
units comprising a mix of units from the Major and Minor States under their control'. Only
part of Multiplicity II survives (../shared/map-facts.md §6), so most of this is gm's house
reading (docs/variants/hoplite-wars.md, rule 3):
- pieces come together only by MERGE (each merging piece next to or in the target, never by
  convoy) or by being built together; a plain move into a province the player's own pieces
  keep fails as usual, two plain moves of one player into one province bounce, and a
  dislodged multiple retreats as one, never onto the player's own pieces;
- `Build 2A Spa` is two single builds on one site (each piece needs its own centre: R2).
The pieces of one province attack as one when they make the same move (the core's attack by
side); the resolver's merge takes the player's pieces staying in the target.
"""

from __future__ import annotations

from dataclasses import replace

from gm.notation import mix_counts
from gm.orders.kinds.build import Build
from gm.orders.kinds.merge import Merge
from gm.rule_catalogue import RULES
from gm.rules.hooks import AdjustmentHooks, OrderHooks, PieceHooks
from gm.rules.rule import Rule


def _provinces(pieces) -> set[str]:
    return {getattr(p, "province", "") or p.location.split("/")[0] for p in pieces}


class Multiplicity(Rule, OrderHooks, PieceHooks, AdjustmentHooks):
    about = RULES["multiplicity"]

    def may_stack(self, pieces, how, position, game_map):
        if how in ("build", "merge"):
            return ""
        # a multiple moves or retreats as one; pieces from elsewhere join it only by a merge
        if len(_provinces(pieces)) <= 1:
            return ""
        if how == "retreat":
            return f"{self.ref}: a dislodged multiple retreats as one, never onto its " \
                   "player's own pieces"
        return f"{self.ref}: pieces come together only by a MERGE order"

    def adjustment_orders(self, position, orders, game_map):
        """`Build 2A Spa` is two single builds on Sparta, each paid for by a centre; `Build
        A/G Spa` an army and a garrison."""
        if not any(isinstance(o, Build) and ((o.strength or 1) > 1 or mix_counts(o.unit_kind))
                   for o in orders):
            return None
        out = []
        for order in orders:
            if not isinstance(order, Build) or not (
                    (order.strength or 1) > 1 or mix_counts(order.unit_kind)):
                out.append(order)
                continue
            counts = mix_counts(order.unit_kind) or {order.unit_kind: order.strength or 1}
            for kind, count in counts.items():
                if count > 1 and float(count).is_integer():
                    out.extend(replace(order, unit_kind=kind, strength=None)
                               for _ in range(int(count)))
                else:
                    out.append(replace(order, unit_kind=kind,
                                       strength=None if count == 1 else count))
        return out, [], []

    def order_problem(self, order, unit, position, game_map):
        """Each merging piece must be next to or in the target, and never goes by convoy
        (asked of the whole merge at intake, and of each piece's part in the engine)."""
        if not isinstance(order, Merge):
            return None
        dest = order.dest.split("/")[0]
        for kind, location in [(unit.kind, unit.location),
                               *((k or "A", loc) for k, loc, _ in order.partners)]:
            here = location.split("/")[0]
            links = game_map.fleet_adj.get(location, ()) if kind == "F" \
                else game_map.army_adj.get(here, ())
            if here != dest and dest not in {x.split("/")[0] for x in links}:
                return f"{self.ref}: a merging piece must be next to or in the target, never " \
                       f"convoyed; {kind} {game_map.provinces[here].name} is not next to " \
                       f"{game_map.provinces[dest].name}"
        return None

