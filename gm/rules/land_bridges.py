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
from gm.rules.hooks import MovementHooks
from gm.rules.rule import Rule


class LandBridges(Rule, MovementHooks):
    about = RULES["land_bridges"]

    def void_moves(self, planned, position, game_map):
        if not game_map.bridges:
            return None
        out: dict[int, str] = {}
        for move in planned:
            unit = move.unit
            if move.action != "move" or move.by_convoy or unit.is_fleet:
                continue
            sea = game_map.bridge_sea(unit.province, move.dest_province)
            if not sea:
                continue
            for fleet in planned:
                if fleet.unit.province != sea or not fleet.unit.is_fleet or \
                        fleet.unit.power == unit.power or fleet.void:
                    continue
                if fleet.action in ("move", "support_move") and \
                        fleet.dest_province == unit.province:
                    what = "moves" if fleet.action == "move" else "supports a move"
                    power = fleet.unit.power
                    owner = game_map.powers[power].adjective if power in game_map.powers \
                        else power
                    out[move.index] = (f"{self.cites('7.3')}: the {owner} fleet in "
                                       f"{game_map.provinces[sea].name} {what} into "
                                       f"{game_map.provinces[unit.province].name}, which "
                                       f"closes the land bridge to "
                                       f"{game_map.provinces[move.dest_province].name}")
                    break
        return out
