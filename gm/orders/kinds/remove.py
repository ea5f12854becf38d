"""Remove: a power with more units than centres takes one off (`Remove A Mun`)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.orders.kinds.base import ADJUSTMENT, Order, OrderKind


@dataclass(frozen=True, slots=True)
class Remove(Order):
    def __str__(self) -> str:
        return f"Remove {self.unit_text()}"


def read_remove(b, written) -> Order:
    unit = b.unit(written)
    return Remove(b.power, unit.kind, unit.location, **b.common(unit))


KINDS = (OrderKind(Remove, "a removal", (ADJUSTMENT,), reads={"remove": read_remove}),)
