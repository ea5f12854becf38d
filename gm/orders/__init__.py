"""Orders: the typed order objects, and reading them from the text players write.

The package exports the typed orders and `OrderError`. Reading lives in its modules:
`gm.orders.parse.parse_order` reads one order, `gm.orders.letters.read_orders` a whole letter
or email, and `gm.orders.echo.echo_letter` shows the GM, line by line, what was understood,
rejected or ignored.
"""

from gm.orders.errors import OrderError
from gm.orders.types import (
    Build,
    ChooseKind,
    Convert,
    Convoy,
    DestroyCentre,
    Disband,
    EndLoan,
    Hold,
    LoanCentre,
    Merge,
    Move,
    Order,
    PlaceLeader,
    RebuildCentre,
    Remove,
    Retreat,
    Sack,
    Split,
    SupportHold,
    SupportMerge,
    SupportMove,
    UnitRef,
    Waive,
)

__all__ = [
    "Build", "ChooseKind", "Convert", "Convoy", "DestroyCentre", "Disband", "EndLoan", "Hold",
    "LoanCentre", "Merge", "Move", "Order", "OrderError", "PlaceLeader", "RebuildCentre",
    "Remove", "Retreat", "Sack", "Split", "SupportHold", "SupportMerge", "SupportMove",
    "UnitRef", "Waive",
]
