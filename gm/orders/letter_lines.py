"""What a letter is read into: each line as an order (`ReadOrder`), a line rejected with the
reason (`RejectedLine`) or ignored with its kind (`IgnoredLine`), a heading (`HeaderLine`), an
order a later one replaced (`ReplacedOrder`), and the whole `Letter`, in the order it was read.
The letter reader (`gm.orders.letters`) and the record's reader (`gm.orders.recorded`) fill a
`Letter` the same way; intake stores it and the echo prints it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from gm.orders.errors import OrderError
from gm.orders.ignored import ignored_reason
from gm.orders.kinds.order_kind import Order
from gm.orders.sections import PhaseSlot


@dataclass(frozen=True, slots=True)
class ReadOrder:
    """A line of a letter read as an order, with the power it is for."""

    line: int
    text: str
    power: str | None
    order: Order
    notes: tuple[str, ...] = ()
    later: PhaseSlot | None = None  # kept for this later phase; None: the open phase
    headed: bool = True  # the power came from --power or a heading, not from the unit
    conditional: bool = False  # a retreat sent 'if dislodged'


class Found(NamedTuple):
    """An order read from a piece of a line, and the later phase it is for, if any."""

    order: Order
    notes: tuple[str, ...] = ()
    later: PhaseSlot | None = None


@dataclass(frozen=True, slots=True)
class RejectedLine:
    """A line of a letter refused, with the reason the player is told."""

    line: int
    text: str
    power: str | None
    error: OrderError


@dataclass(frozen=True, slots=True)
class IgnoredLine:
    """A line of a letter that is no order (a greeting, press, a header), and why."""

    line: int
    text: str
    kind: str  # why it is no order: one of the kinds in `gm.orders.ignored`
    power: str | None = None  # the power whose orders surround it, if any
    reads_as: str | None = None  # the order a quoted line reads as

    @property
    def reason(self) -> str:
        return ignored_reason(self.kind, self.reads_as)


@dataclass(frozen=True, slots=True)
class HeaderLine:
    """A line that sets who the orders below are for, or what they are (`Builds:`)."""

    line: int
    text: str
    power: str | None
    note: str


# the category of a line that is not in force because a later line of the player's gives the
# same order (`A Par - Bur` twice, or `A Mar - Spx` read as the `A Mar - Spa` written before):
# nothing changed, and the echo, the confirmation and the listing say "repeated", not "replaced"
REPEATED = "repeated"


@dataclass(frozen=True, slots=True)
class ReplacedOrder:
    """An order that a later order for the same unit replaced, or `repeated`: gave again, the
    same order (`same_order`)."""

    old: ReadOrder
    by: ReadOrder
    repeated: bool = False

    @property
    def line(self) -> int:
        return self.old.line


def same_order(old: tuple[str | None, str | None], new: tuple[str | None, str | None]) -> bool:
    """Does a later order give the piece the same order as an earlier one, so that nothing
    changed? Each is (the order as the echo shows it, with its piece as it stands on the
    board: `letters.shown_order`; its power). `A Par - Bur` twice, `Par - Bur` after `A Par -
    Bur`, or `A Mar - Spx` read as the `A Mar - Spa` written before are the same order; the
    lines as written are not compared."""
    return old[0] is not None and old == new


@dataclass(frozen=True, slots=True)
class Doubt:
    """Why gm is not sure of an order it read, and what the player writes to remove the
    doubt: both go into the refusal when such an order would replace another (rule 9)."""

    why: str  # "gm guessed a name in it (read 'Picrdy' as Picardy (pic))"
    fix: str  # "If 'Picrdy' means Picardy (pic), write A Par - Pic: ..."


@dataclass
class Letter:
    """A whole letter as read: every line accepted, refused or listed as ignored."""

    orders: list[ReadOrder] = field(default_factory=list)
    rejected: list[RejectedLine] = field(default_factory=list)
    ignored: list[IgnoredLine] = field(default_factory=list)
    headers: list[HeaderLine] = field(default_factory=list)
    replaced: list[ReplacedOrder] = field(default_factory=list)
    # why the letter cannot be taken at all (a heading naming no power of the game...)
    refusals: list[str] = field(default_factory=list)
    # line -> the power it was written for (--power, or the heading above or on it), which
    # may differ from the power an order goes to (`gm.orders.attribution`)
    written_for: dict[int, str] = field(default_factory=dict)
    # the order items were read in, by id (several items can share a line)
    _read_order: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    # why gm is not sure of an order it read (a guessed name...), by the order's id: such an
    # order never replaces a different one the player gave (reading rule 9)
    _doubts: dict[int, Doubt] = field(default_factory=dict, repr=False, compare=False)

    def entries(self) -> list:
        """Everything read, in the order of the letter (by line, then place in the line)."""
        items = [*self.headers, *self.orders, *self.replaced, *self.rejected, *self.ignored]

        def place(item) -> tuple[int, int]:
            key = id(item.old) if isinstance(item, ReplacedOrder) else id(item)
            return item.line, self._read_order.get(key, 0)
        return sorted(items, key=place)

    def note_read(self, item, place: int | None = None) -> None:
        """`item` was read next (or at `place`, where it takes an earlier item's place)."""
        self._read_order[id(item)] = len(self._read_order) if place is None else place

    def place_of(self, item) -> int:
        """Where in the letter's reading `item` was read (0 if it never was)."""
        return self._read_order.get(id(item), 0)

    def items_read(self) -> int:
        """How many items have been read so far."""
        return len(self._read_order)

    def note_doubt(self, item: ReadOrder, doubt: Doubt) -> None:
        """Why gm is not sure of `item` (`doubt`)."""
        self._doubts[id(item)] = doubt

    def doubt(self, item: ReadOrder) -> Doubt | None:
        """Why gm is not sure of this order (a guessed name, a unit named with no order, a
        line under a heading it cannot place); None when it is. An order gm is not sure of
        replaces no different order of the player's, in this letter or an earlier one."""
        return self._doubts.get(id(item))

    def by_power(self) -> dict[str | None, list[Order]]:
        out: dict[str | None, list[Order]] = {}
        for item in self.orders:
            out.setdefault(item.power, []).append(item.order)
        return out


__all__ = ["Found", "HeaderLine", "IgnoredLine", "Letter", "ReadOrder", "RejectedLine",
           "REPEATED", "ReplacedOrder", "same_order"]
