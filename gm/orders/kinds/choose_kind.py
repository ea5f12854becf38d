"""An A/F unit's first orders say which it is (`A/F(Tanis)` -> `F(Tanis)`). Lord of Hosts 3:
'the first set of orders MUST specify A or F'. Read by the glue of a change of kind
(`A/F Tan - F`); settled by the army_fleet rule."""

from __future__ import annotations

from gm.orders.kinds.convert import BecomesKind
from gm.orders.kinds.order_kind import MOVEMENT, OrderKind


class ChooseKind(BecomesKind):
    """An A/F unit's choice of kind."""
    __slots__ = ()  # a dataclass through its base: see `Order`


KINDS = (OrderKind(ChooseKind, "an A/F choice", (MOVEMENT,), form="army_fleet"),)
