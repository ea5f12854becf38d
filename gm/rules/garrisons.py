"""Garrisons (`G`): half-cost pieces that never move and support only a merge into their place.

Hoplite Wars 4: 'garrison units ... are the same as regular armies in all respects save that
they may not move from the Town or City on which they are built and they may only support
other units which combine with them to form a multiple unit. They may receive support as
normal. A Town or City may have more than one garrison unit ... If a garrison unit is forced to
retreat it disbands. A player may decide to voluntarily disband any number of garrison units
during winter adjustments which will enable him to use the builds released for new builds.'

The readings (docs/variants/hoplite-wars.md, rule 4): a garrison costs and needs ½ (rule 2);
its move is void; its only support is of a merge into its own province, in which it counts
anyway (`G Pra S MERGE Pra` says the same); `Disband G Pra` (or `Remove G Pra`) in Winter takes
it off before the count, so the half it frees builds in that same phase.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.results import OrderResult
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.merge import Merge, SupportMerge
from gm.orders.kinds.move import Move
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.rule_catalogue import RULES
from gm.rules.hooks import AdjustmentHooks, BuildHooks, OrderHooks, PieceHooks
from gm.rules.rule import Rule

GARRISON = "G"


class Garrisons(Rule, OrderHooks, PieceHooks, BuildHooks, AdjustmentHooks):
    about = RULES["garrisons"]

    def build_kinds(self, power, position, game_map):
        return ["A", "F", GARRISON]

    def upkeep(self, unit):
        if unit.kind == GARRISON:
            return 0.5 * (unit.strength or 1.0)
        return None

    def disbands_when_dislodged(self, unit):
        return True if unit.kind == GARRISON else None

    def order_problem(self, order, unit, position, game_map):
        if unit.kind != GARRISON:
            return None
        here = game_map.provinces[unit.province].name
        if isinstance(order, Move) or (isinstance(order, Merge)
                                       and order.dest.split("/")[0] != unit.province):
            return f"{self.ref}: a garrison never moves; the garrison in {here} holds"
        if isinstance(order, (SupportHold, SupportMove, Convoy)) or (
                isinstance(order, SupportMerge) and order.dest.split("/")[0] != unit.province):
            return f"{self.ref}: a garrison supports only a merge into its own province " \
                   f"({here}), in which it counts anyway"
        return None

    def adjustment_orders(self, position, orders, game_map):
        """`Disband G Pra`: garrisons leave before the count (Winter, rule 4)."""
        rest, results, events = [], [], []
        for order in orders:
            if not (isinstance(order, (Remove, Disband)) and order.unit_kind == GARRISON):
                rest.append(order)
                continue
            here = [u for u in position.units if u.power == order.power
                    and u.province == order.province and u.kind == GARRISON]
            count = int(order.strength or 1)
            place = game_map.provinces[order.province].name \
                if order.province in game_map.provinces else order.province
            if len(here) < count:
                results.append(OrderResult(order.power or "", order, None, False, R.VOID,
                                           f"{self.ref}: {place} holds {len(here)} garrison"
                                           f"{'' if len(here) == 1 else 's'} of this power"))
                continue
            for unit in here[:count]:
                position.units.remove(unit)
                results.append(OrderResult(unit.power, order, unit, True, R.REMOVED,
                                           f"{self.ref}: disbanded in Winter"))
            events.append(f"{game_map.powers[order.power].name}: {count} garrison"
                          f"{'' if count == 1 else 's'} in {place} disbanded")
        return rest, results, events
