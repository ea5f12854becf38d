"""The typed orders, by name: each is defined in its kind's module (`gm/orders/kinds/`), and
gathered here for code that wants them all at hand. Adding a kind needs no edit here.

Locations are resolved ids (`par`, `spa/nc`). `unit_kind` is the kind the player wrote ('A',
'F', 'G', 'A/F', or None when omitted); the engine checks it against the unit really there.
`strength` is the count written before the kind (`2A` -> 2.0), None when none was written;
`leader` names a leader unit (`Hannibal`) when the order is for one, and then `location` is
where that leader stands if known ('' when the order was read without a board).

`str(order)` is the canonical echo (`A Par - Bur`); it reads back to an equal order.
"""

from __future__ import annotations

from gm.orders.kinds.build import Build
from gm.orders.kinds.choose_kind import ChooseKind
from gm.orders.kinds.convert import Convert
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.destroy_centre import DestroyCentre
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.loan import EndLoan, LoanCentre
from gm.orders.kinds.merge import Merge, SupportMerge
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import Order, UnitRef, kind_label, show_location, unit_label
from gm.orders.kinds.place_leader import PlaceLeader
from gm.orders.kinds.rebuild_centre import RebuildCentre
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat
from gm.orders.kinds.sack import Sack
from gm.orders.kinds.split import Split
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.orders.kinds.waive import Waive

__all__ = [
    "Build", "ChooseKind", "Convert", "Convoy", "DestroyCentre", "Disband", "EndLoan", "Hold",
    "LoanCentre", "Merge", "Move", "Order", "PlaceLeader", "RebuildCentre", "Remove", "Retreat",
    "Sack", "Split", "SupportHold", "SupportMerge", "SupportMove", "UnitRef", "Waive",
    "kind_label", "show_location", "unit_label",
]
