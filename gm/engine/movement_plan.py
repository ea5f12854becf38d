"""A piece's plan in a movement phase: what the resolver will do with its order, as the order's
kind planned it (`gm.orders.kinds.phase_parts`), and the force the resolver sees. Shared by the
phase's steps (check, match, forces, stacks, outcome)."""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Unit
from gm.engine.resolver import Force
from gm.orders.kinds.order_kind import Order

# what a piece does (`Plan.role`), set only by the phase's planner verbs
STAND = 0
MOVE = 1
MERGE = 2  # moves into its side's merge
SUPPORT_HOLD = 3
SUPPORT_MOVE = 4
SUPPORT_MERGE = 5
CONVOY = 6
# each role as a rule reads it (`results.PlannedOrder.action`)
ACTIONS = ("hold", "move", "merge", "support_hold", "support_move", "support_merge", "convoy")
NOT_CARRIED = "the army did not make that move by convoy"  # a convoy that matches no move


class Plan(Force):
    """A unit's order after checking: what the resolver will do with it. The plan is also the
    piece's `Force`, made with it as the piece's own (its power, province and strength), which
    `movement_forces.build_forces` completes once every order is checked and matched (a side,
    a defence, an attack, supports): a phase makes one object per piece, not two."""

    __slots__ = ("order", "role", "dest", "dest_province", "target", "dest_coast", "via_convoy",
                 "needs_convoy", "convoyed", "void", "void_code", "unmatched",
                 "route")

    def __init__(self, order: Order | None, unit: Unit):
        # the piece's own force, standing unsupported: `Force.__init__`'s fields, set here in
        # the same call, as a phase makes a plan for every piece (tests/engine/test_plans.py)
        self.power, self.province, self.strength = unit.power, unit.province, unit.strength
        self.defence_bonus = 0.0
        self.attack = -1
        self.hold_supports = ()
        self.supports_into = None
        self.order = order
        self.role = STAND
        self.dest: str | None = None  # move: the location moved to; support/convoy: the province
        self.dest_province: str | None = None  # the province of `dest`
        self.target = -1  # support/convoy: the unit supported or convoyed
        self.dest_coast: str | None = None  # support_move: coast named in the support, if any
        self.via_convoy = False
        self.needs_convoy = False  # a move that is not adjacent by land
        self.convoyed = False
        self.void: str | None = None  # why the order was set aside
        self.void_code = R.VOID  # BLOCKED when other units' orders set it aside (`void_moves`)
        self.unmatched: str | None = None  # support/convoy: why it matches no order, if not
        self.route: tuple | None = None  # a convoyed move: the convoy route graph

