"""Waive: a power leaves one build unused (`Waive`)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.orders.kinds.base import ADJUSTMENT, Order, OrderKind


@dataclass(frozen=True, slots=True)
class Waive(Order):
    location: str = ""

    def commands(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return "Waive"


def read_waive(b) -> Order:
    return Waive(b.power, None)


KINDS = (OrderKind(Waive, "a waive", (ADJUSTMENT,), reads={"waive": read_waive},
                   on_unit=False),)
