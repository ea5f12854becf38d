"""Waive: a power leaves one build unused (`Waive`); with no build of its centres left, it
gives up an extra build a rule owes it (a Holy Place's award, Lord of Hosts 4)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.orders.kinds.build import allowance, counts_known, no_builds_problem
from gm.orders.kinds.order_kind import ADJUSTMENT, Order, OrderKind, Problem, Words, nothing_drawn


@dataclass(frozen=True, slots=True)
class Waive(Order):
    """A build left unused on purpose, or an extra build a rule owes given up."""

    location: str = ""

    def commands(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return "Waive"


def read_waive(b) -> Order:
    return Waive(b.power, None)


def check_waive(order: Waive, kind, location, position, game_map, rules=None) -> Problem | None:
    if position is None or not counts_known(rules):
        return None
    power = order.power or ""
    builds, extra = allowance(power, position, game_map, rules)
    return None if extra > 0 else no_builds_problem(power, builds, game_map)


def waived(order: Waive, ledger) -> None:
    """Its part in an adjustment phase: one build left unused, on the ledger."""
    ledger.waive(order)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(begins=("waives?",), names=("waives?",))

KINDS = (OrderKind(Waive, "a waive", (ADJUSTMENT,), reads={"waive": read_waive},
                   check=check_waive, on_unit=False, echo_word="Waive", in_adjustment=waived,
                   sketch=nothing_drawn,
                   words=WORDS),)
