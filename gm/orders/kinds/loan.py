"""Centre loans (Diadochi V 9): lend a centre to another power, or end the loan ('Loans may be
ended at any time', so in every kind of phase)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.orders.errors import VARIANT
from gm.orders.kinds.order_kind import (
    ADJUSTMENT,
    PHASE_KINDS,
    VOID,
    WARNING,
    Order,
    OrderKind,
    Problem,
    Words,
    show_location,
)
from gm.orders.names import POWER


@dataclass(frozen=True, slots=True)
class LoanCentre(Order):
    """Lend a centre to another power. `location` is the centre."""

    to_power: str

    def commands(self) -> tuple[str, ...]:
        return (f"loan:{self.province}",)

    def __str__(self) -> str:
        return f"Loan {show_location(self.location)} to {show_location(self.to_power)}"


class EndLoan(Order):
    """End a loan of a centre."""
    __slots__ = ()  # a dataclass through its base: see `Order`

    def commands(self) -> tuple[str, ...]:
        return (f"loan:{self.province}",)

    def __str__(self) -> str:
        return f"End loan {show_location(self.location)}"


def read_loan(b, centre, to) -> Order:
    where = b.province(centre)
    receiver = b.resolve(to, (POWER,)).id
    return LoanCentre(b.power, None, where, receiver)


def check_declaration(order, kind, location, position, game_map, rules) -> Problem | None:
    """What the map's rule that carries out loans (`declare`) would say, tried on a copy of
    the board, so that intake gives the words the adjudication gives; and what the player
    should know of a loan that stands (`WARNING`: it would leave the lender short on this
    board; declared with an adjustment phase's orders it takes effect at once: void now)."""
    if rules is None or position is None or not hasattr(position, "copy"):
        return None
    result = rules.declare(order, position.copy(), game_map)
    if result is not None and not result.succeeded:
        return Problem(result.detail, "Check who holds the centre in the last report.",
                       VARIANT, refused=True)
    warning = rules.declaration_warning(order, position, game_map)
    if warning is None:
        return None
    return Problem(warning, kind=VOID if position.phase.kind == ADJUSTMENT else WARNING)


def read_end_loan(b, centre) -> Order:
    return EndLoan(b.power, None, b.province(centre))


KINDS = (
    OrderKind(LoanCentre, "a loan", PHASE_KINDS, form="loans",
              form_words=("centre loans", "Diadochi V"), reads={"loan": read_loan},
              check=check_declaration, on_unit=False, declares="loan", echo_word="Loan",
              words=Words(begins=("loans?", "lend"), names=("loans?", "lends?"))),
    OrderKind(EndLoan, "ending a loan", PHASE_KINDS, form="loans",
              reads={"end_loan": read_end_loan}, check=check_declaration, on_unit=False,
              declares="loan", echo_word="End",
              words=Words(begins=(r"end\s+loan",), names=(r"end\s+loan", "cancel"))),
)
