"""The typed orders the engine adjudicates. The parser produces them; the engine validates them.

Locations are resolved ids (`par`, `spa/nc`). `unit_kind` is the kind the player wrote ('A',
'F', 'G', 'A/F', or None when omitted); the engine checks it against the unit really there.
`strength` is the count written before the kind (`2A` -> 2.0), None when none was written;
`leader` names a leader unit (`Hannibal`) when the order is for one, and then `location` is
where that leader stands if known ('' when the order was read without a board).

`str(order)` is the canonical echo (`A Par - Bur`); it reads back to an equal order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from gm.maps.gamemap import province_of


def show_location(location: str) -> str:
    """`par` -> `Par`, `spa/nc` -> `Spa/nc`: ids as players write them in letters."""
    return location[:1].upper() + location[1:]


def kind_label(kind: str | None, strength: float | None) -> str:
    """`A`, `2A`, `2A/F`; '' when no kind was written."""
    count = "" if strength is None else f"{strength:g}"
    return f"{count}{kind}" if kind else count


def unit_label(kind: str | None, location: str, strength: float | None = None,
               leader: str | None = None) -> str:
    """How a unit is written in the canonical echo: `A Par`, `2F Ur`, `Par`, `Hannibal`."""
    if leader:
        return leader
    kind_text = kind_label(kind, strength)
    return f"{kind_text} {show_location(location)}" if kind_text else show_location(location)


class UnitRef(NamedTuple):
    """Another unit named inside an order (a partner in a merge); a plain tuple when stored."""

    kind: str | None
    location: str
    strength: float | None = None


@dataclass(frozen=True, slots=True)
class Order:
    power: str | None
    unit_kind: str | None
    location: str
    strength: float | None = field(default=None, kw_only=True)
    leader: str | None = field(default=None, kw_only=True)

    @property
    def province(self) -> str:
        return province_of(self.location)

    def unit_text(self) -> str:
        return unit_label(self.unit_kind, self.location, self.strength, self.leader)

    def tail(self) -> str:
        """What the order tells the unit to do, after the unit (` - Bur`, ` H`)."""
        return " H"

    def commands(self) -> tuple[str, ...]:
        """Keys of the units this order commands; a later order for one replaces it."""
        if self.leader:
            return (f"leader:{self.leader}",)
        return (self.province,)

    def __str__(self) -> str:
        return f"{self.unit_text()}{self.tail()}"


# --- the standard orders ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Hold(Order):
    pass


@dataclass(frozen=True, slots=True)
class Move(Order):
    dest: str
    via_convoy: bool = False

    def tail(self) -> str:
        return f" - {show_location(self.dest)}{' via convoy' if self.via_convoy else ''}"


@dataclass(frozen=True, slots=True)
class SupportHold(Order):
    target_kind: str | None
    target: str
    target_strength: float | None = field(default=None, kw_only=True)
    target_leader: str | None = field(default=None, kw_only=True)

    def target_text(self) -> str:
        return unit_label(self.target_kind, self.target, self.target_strength,
                          self.target_leader)

    def tail(self) -> str:
        return f" S {self.target_text()}"


@dataclass(frozen=True, slots=True)
class SupportMove(Order):
    target_kind: str | None
    target: str
    dest: str
    target_strength: float | None = field(default=None, kw_only=True)
    target_leader: str | None = field(default=None, kw_only=True)

    def target_text(self) -> str:
        return unit_label(self.target_kind, self.target, self.target_strength,
                          self.target_leader)

    def tail(self) -> str:
        return f" S {self.target_text()} - {show_location(self.dest)}"


@dataclass(frozen=True, slots=True)
class Convoy(Order):
    target_kind: str | None
    target: str
    dest: str
    target_strength: float | None = field(default=None, kw_only=True)

    def tail(self) -> str:
        target = unit_label(self.target_kind, self.target, self.target_strength)
        return f" C {target} - {show_location(self.dest)}"


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    """`A Bur R Pic`; a retreat sent ahead may name further choices (`R Pic or Bel`): the
    first one open when the retreat phase comes is taken."""

    dest: str
    alternatives: tuple[str, ...] = field(default=(), kw_only=True)

    def tail(self) -> str:
        return " R " + " or ".join(show_location(d) for d in (self.dest, *self.alternatives))


@dataclass(frozen=True, slots=True)
class Disband(Order):
    def tail(self) -> str:
        return " D"


@dataclass(frozen=True, slots=True)
class Build(Order):
    def commands(self) -> tuple[str, ...]:
        return ()  # a build commands no existing unit; several may share a province

    def __str__(self) -> str:
        return f"Build {self.unit_text()}"


@dataclass(frozen=True, slots=True)
class Remove(Order):
    def __str__(self) -> str:
        return f"Remove {self.unit_text()}"


@dataclass(frozen=True, slots=True)
class Waive(Order):
    location: str = ""

    def commands(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return "Waive"


# --- variant orders (each from a rulebook in ../shared/rulebooks) -----------------------------

@dataclass(frozen=True, slots=True)
class _BecomesKind(Order):
    """An order that makes the unit another kind where it stands: `A(Tyr)-F(Tyr)`."""

    new_kind: str
    new_location: str

    def tail(self) -> str:
        return f" - {unit_label(self.new_kind, self.new_location, self.strength)}"


@dataclass(frozen=True, slots=True)
class Convert(_BecomesKind):
    """An army becomes a fleet where it stands, or a fleet an army (`A(Tyr)-F(Tyr)`).

    Lord of Hosts 3, Middle-Earth VIII 2, Hoplite Wars 9 (in adjustments)."""


@dataclass(frozen=True, slots=True)
class ChooseKind(_BecomesKind):
    """An A/F unit's first orders say which it is (`A/F(Tanis)` -> `F(Tanis)`).

    Lord of Hosts 3: 'the first set of orders MUST specify A or F'."""


@dataclass(frozen=True, slots=True)
class DestroyCentre(Order):
    """Destroy the centre the unit stands in (Lord of Hosts 4 'Destroys', Diadochi V 7 'Z')."""

    def tail(self) -> str:
        return " destroys"


@dataclass(frozen=True, slots=True)
class RebuildCentre(Order):
    """Rebuild a destroyed centre by occupying it two seasons (Diadochi V 8, symbol R)."""

    def tail(self) -> str:
        return " rebuilds"


@dataclass(frozen=True, slots=True)
class Sack(Order):
    """Sack the centre a unit occupies (Rise of Rome II 6, Hoplite Wars 7 'SACK Delphi')."""

    def __str__(self) -> str:
        if self.unit_kind or self.leader:
            return f"{self.unit_text()} sacks"
        return f"Sack {show_location(self.location)}"


@dataclass(frozen=True, slots=True)
class Merge(Order):
    """Units merge into one multiple unit in `dest` (Multiplicity II R3, Hoplite Wars 3).

    `A(Mar) & A(Pic) MERGE 2A(Bur)`: this unit is the first named; `partners` are the others.
    `merged_kind` and `merged_strength` are the resulting unit as written, if written."""

    dest: str
    merged_kind: str | None = None
    merged_strength: float | None = field(default=None, kw_only=True)
    partners: tuple[UnitRef, ...] = field(default=(), kw_only=True)

    def commands(self) -> tuple[str, ...]:
        return (self.province, *(province_of(p[1]) for p in self.partners))

    def each(self) -> tuple[Merge, ...]:
        """One merge order per unit taking part, each without partners."""
        own = replace(self, partners=())
        return (own, *(replace(self, unit_kind=kind, location=location, strength=strength,
                               partners=()) for kind, location, strength in self.partners))

    def __str__(self) -> str:
        units = " & ".join([self.unit_text(), *(unit_label(*p) for p in self.partners)])
        return f"{units} merge {unit_label(self.merged_kind, self.dest, self.merged_strength)}"


@dataclass(frozen=True, slots=True)
class SupportMerge(Order):
    """Support a merge into `dest` without taking part (`A Par S MERGE Bur`, Multiplicity II)."""

    dest: str

    def tail(self) -> str:
        return f" S merge {show_location(self.dest)}"


@dataclass(frozen=True, slots=True)
class Split(Order):
    """A multiple unit splits: each part is an order for some of its strength.

    `2A Bur split A - Par & A H`. Multiplicity II allows splitting (Hoplite Wars 3); its exact
    text is lost, so each part is an ordinary hold, move or support by a smaller unit."""

    parts: tuple[Order, ...]

    def tail(self) -> str:
        parts = []
        for part in self.parts:
            label = kind_label(part.unit_kind, part.strength)
            parts.append(f"{label}{part.tail()}" if label else part.tail().lstrip())
        return " split " + " & ".join(parts)


@dataclass(frozen=True, slots=True)
class LoanCentre(Order):
    """Lend a centre to another power (Diadochi V 9). `location` is the centre."""

    to_power: str

    def commands(self) -> tuple[str, ...]:
        return (f"loan:{self.province}",)

    def __str__(self) -> str:
        return f"Loan {show_location(self.location)} to {show_location(self.to_power)}"


@dataclass(frozen=True, slots=True)
class EndLoan(Order):
    """End a loan of a centre (Diadochi V 9: 'Loans may be ended at any time')."""

    def commands(self) -> tuple[str, ...]:
        return (f"loan:{self.province}",)

    def __str__(self) -> str:
        return f"End loan {show_location(self.location)}"


@dataclass(frozen=True, slots=True)
class PlaceLeader(Order):
    """Where a leader starts, sent with the first Spring orders (Rise of Rome II 3.3)."""

    def commands(self) -> tuple[str, ...]:
        return (f"place:{self.leader}",)  # the leader's first move may come with it

    def __str__(self) -> str:
        return f"Place {self.leader} in {show_location(self.location)}"


# The standard orders by phase (the engine names these in its messages) and the variant ones.
MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)
VARIANT_ORDERS = (Convert, ChooseKind, DestroyCentre, RebuildCentre, Sack, Merge, SupportMerge,
                  Split, LoanCentre, EndLoan, PlaceLeader)
