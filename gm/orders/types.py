"""The typed orders the engine adjudicates. The parser produces them; the engine validates them.

Locations are resolved ids (`par`, `spa/nc`). `unit_kind` is the kind the player wrote ('A', 'F',
or None when omitted); the engine checks it against the unit that is really there.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.maps.gamemap import province_of


@dataclass(frozen=True, slots=True)
class Order:
    power: str | None
    unit_kind: str | None
    location: str

    @property
    def province(self) -> str:
        return province_of(self.location)

    def unit_text(self) -> str:
        return f"{self.unit_kind or '?'} {self.location}"

    def __str__(self) -> str:  # canonical notation, overridden per kind
        return f"{self.unit_text()} H"


@dataclass(frozen=True, slots=True)
class Hold(Order):
    def __str__(self) -> str:
        return f"{self.unit_text()} H"


@dataclass(frozen=True, slots=True)
class Move(Order):
    dest: str
    via_convoy: bool = False

    def __str__(self) -> str:
        return f"{self.unit_text()} - {self.dest}{' via convoy' if self.via_convoy else ''}"


@dataclass(frozen=True, slots=True)
class SupportHold(Order):
    target_kind: str | None
    target: str

    def __str__(self) -> str:
        return f"{self.unit_text()} S {self.target_kind or '?'} {self.target}"


@dataclass(frozen=True, slots=True)
class SupportMove(Order):
    target_kind: str | None
    target: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit_text()} S {self.target_kind or '?'} {self.target} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Convoy(Order):
    target_kind: str | None
    target: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit_text()} C {self.target_kind or 'A'} {self.target} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    dest: str

    def __str__(self) -> str:
        return f"{self.unit_text()} R {self.dest}"


@dataclass(frozen=True, slots=True)
class Disband(Order):
    def __str__(self) -> str:
        return f"{self.unit_text()} D"


@dataclass(frozen=True, slots=True)
class Build(Order):
    def __str__(self) -> str:
        return f"Build {self.unit_text()}"


@dataclass(frozen=True, slots=True)
class Remove(Order):
    def __str__(self) -> str:
        return f"Remove {self.unit_text()}"


@dataclass(frozen=True, slots=True)
class Waive(Order):
    location: str = ""

    def __str__(self) -> str:
        return "Waive"


MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)
