"""Land bridges: army links over a sea, which a hostile fleet in that sea can close.

Rise of Rome II 7.2-7.3: 'A land bridge is a direct connection which allows Armies (but not
Fleets) to move directly from one space to the next. An army may not use a land bridge if at
the beginning of the move the intervening sea space is occupied by a fleet belonging to a
different player which is ordered either to attack the space from which the unit is hoping to
move or supports an attack on that space.'

- The bridges are the map's `[[bridges]]`: army links (and leader links) that fleets lack, so a
  fleet ordered across one is refused by the move check, which names this rule
  (`gm.orders.kinds.board.rule_citing`).
- Blocking (`void_moves`): a move by land across a bridge is blocked, and the piece holds,
  when a fleet of another power stands in the bridge's sea with a legal order (as written,
  whatever becomes of it) to move into the mover's province or to support a move into it.
  The result is `blocked` ("(*blocked*: rule 7.3 ...)"), not void: the other power's orders
  did it, so no check of the order alone could have told the player.
- A leader crossing a bridge is blocked the same way (a house reading). Supports across a
  bridge and retreats across one are never blocked: the rule speaks of moves.

Parameters (`[rules.land_bridges]`): `rule` (the rulebook's number of the rule that keeps fleets
off the bridges, 7.2 in Rise of Rome II; blocking is cited as 7.3).
"""

from __future__ import annotations

from gm.rule_catalogue import RULES
from gm.rules.rule import Rule


class LandBridges(Rule):
    about = RULES["land_bridges"]

    def void_moves(self, phase):
        game_map, units, plans = phase.map, phase.units, phase.plans
        if not game_map.bridges:
            return None
        out: dict[int, str] = {}
        for idx, plan in enumerate(plans):
            unit = units[idx]
            if plan.kind != "move" or plan.via_convoy or plan.needs_convoy or unit.is_fleet:
                continue
            sea = game_map.bridge_sea(unit.province, plan.dest_province)
            if not sea:
                continue
            for f in phase.by_province.get(sea, ()):
                fleet, order = units[f], plans[f]
                if not fleet.is_fleet or fleet.power == unit.power or order.void:
                    continue
                if order.kind in ("move", "support_move") and \
                        order.dest_province == unit.province:
                    what = "moves" if order.kind == "move" else "supports a move"
                    owner = game_map.powers[fleet.power].adjective if fleet.power in \
                        game_map.powers else fleet.power
                    out[idx] = (f"{self.cites('7.3')}: the {owner} fleet in "
                                f"{game_map.provinces[sea].name} {what} into "
                                f"{game_map.provinces[unit.province].name}, which closes the "
                                f"land bridge to {game_map.provinces[plan.dest_province].name}")
                    break
        return out
