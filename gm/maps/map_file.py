"""The map file as pydantic models: what a GM may write in `maps/<id>.toml`.

These models check the *shape* of the file (types, allowed values). Whether the map makes sense
as a board (symmetric adjacency, counts, reachability) is `gm.maps.map_check`'s job.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

COAST_NAMES = ("nc", "sc", "ec", "wc")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# Civil disorder: removals measured from the home centres (the 1971 and 1982 rulebooks, DATC
# v2.4) or from every centre the power owns (the 2023 rulebook, DATC v3.0).
CIVIL_DISORDER = "civil_disorder"
CIVIL_DISORDER_READINGS = ("home", "owned")


class MapInfo(_Strict):
    id: str
    name: str
    description: str = ""
    source: str = ""
    projection: Literal["xy", "lonlat"] = "xy"
    centres: int | None = None
    # Why the map is not yet playable (its rule modules are still to be built); empty when it is.
    draft: str = ""


class CalendarSpec(_Strict):
    first_year: int
    years: Literal["up", "down"] = "up"
    year_format: str = "{year}"
    phases: list[str]
    start: str
    ownership_after: list[str] = Field(default_factory=lambda: ["Autumn"])

    @field_validator("phases")
    @classmethod
    def _phase_names(cls, phases: list[str]) -> list[str]:
        for phase in phases:
            parts = phase.split()
            if len(parts) != 2 or parts[1] not in ("Movement", "Retreat", "Adjustment"):
                raise ValueError(
                    f"phase {phase!r} must be '<Season> Movement|Retreat|Adjustment'"
                )
        if not phases:
            raise ValueError("a year needs at least one phase")
        return phases

    @field_validator("year_format")
    @classmethod
    def _has_year(cls, fmt: str) -> str:
        if "{year}" not in fmt:
            raise ValueError("year_format must contain {year}")
        try:
            fmt.format(year=1901)
        except (KeyError, IndexError, ValueError, AttributeError):
            raise ValueError("year_format may hold {year} and no other braces") from None
        return fmt


def _in_halves(value: float | None, what: str, examples: str) -> float | None:
    """Supply and victory counts come in halves (towns, garrisons)."""
    if value is not None and (value <= 0 or value * 2 != int(value * 2)):
        raise ValueError(f"{what} must be a positive multiple of 1/2 ({examples})")
    return value


class VictorySpec(_Strict):
    kind: Literal["centres", "units", "majority"] = "centres"
    count: float | None = None  # supply, in halves (`16`, `12.5`); units for kind "units"
    # when it is judged: "ownership", when centres change hands (after the Autumn retreats);
    # "adjustments", at the end of the year's adjustments. Default: units at the adjustments,
    # centres when they change hands.
    judged: Literal["ownership", "adjustments"] | None = None

    @field_validator("count")
    @classmethod
    def _count(cls, value: float | None) -> float | None:
        return _in_halves(value, "count", "12, 12.5")


class PowerSpec(_Strict):
    name: str
    adjective: str = ""
    aliases: list[str] = Field(default_factory=list)
    colour: str = "#888888"
    home: list[str] = Field(default_factory=list)
    units: list[str] = Field(default_factory=list)
    build_sites: list[str] = Field(default_factory=list)
    leaders: list[str] = Field(default_factory=list)
    plural: bool = False  # the name takes a plural verb: "The Allies gain Moab"
    player: str | None = None  # the side the power plays on (a Major and its Minor State)

    @field_validator("colour")
    @classmethod
    def _colour(cls, colour: str) -> str:
        if len(colour) != 7 or colour[0] != "#" or any(
            c not in "0123456789abcdefABCDEF" for c in colour[1:]
        ):
            raise ValueError(f"colour {colour!r} must be #rrggbb")
        return colour


class ProvinceSpec(_Strict):
    name: str
    kind: Literal["land", "coast", "sea", "impassable"]
    aliases: list[str] = Field(default_factory=list)
    supply: float | None = None
    supply_for: dict[str, float] = Field(default_factory=dict)
    build_site: bool = False
    canal: bool = False
    convoys: bool = False
    # the rulebook's rule that makes this province odd (a canal, an island fleets sail through),
    # as refusals about it cite it: "8.1 (map oddities)"
    rule: str = ""
    pos: tuple[float, float] | None = None
    army: list[str] = Field(default_factory=list)
    fleet: list[str] = Field(default_factory=list)
    coasts: dict[str, list[str]] = Field(default_factory=dict)

    @field_validator("supply")
    @classmethod
    def _supply(cls, value: float | None) -> float | None:
        return _in_halves(value, "supply", "0.5, 1, 2, 3")

    @field_validator("coasts")
    @classmethod
    def _coasts(cls, coasts: dict[str, list[str]]) -> dict[str, list[str]]:
        for name in coasts:
            if name not in COAST_NAMES:
                raise ValueError(f"coast {name!r} must be one of {', '.join(COAST_NAMES)}")
        return coasts


class LinkSpec(_Strict):
    ends: tuple[str, str]
    sea: str | None = None


class MapFile(_Strict):
    map: MapInfo
    calendar: CalendarSpec
    victory: VictorySpec = VictorySpec()
    # each rule's table by its module name; and one setting that is no module:
    # `civil_disorder = "home"` (the default) or `"owned"`
    rules: dict[str, dict | str] = Field(default_factory=dict)
    powers: dict[str, PowerSpec]
    provinces: dict[str, ProvinceSpec]
    bridges: list[LinkSpec] = Field(default_factory=list)
    passages: list[LinkSpec] = Field(default_factory=list)

    @field_validator("rules")
    @classmethod
    def _rules(cls, rules: dict[str, dict | str]) -> dict[str, dict | str]:
        for name, value in rules.items():
            if name == CIVIL_DISORDER:
                if value not in CIVIL_DISORDER_READINGS:
                    raise ValueError(f"civil_disorder must be one of "
                                     f"{', '.join(map(repr, CIVIL_DISORDER_READINGS))}, not "
                                     f"{value!r}")
            elif not isinstance(value, dict):
                raise ValueError(f"rules.{name} must be a table of the rule's parameters "
                                 f"([rules.{name}])")
        return rules

    def rule_tables(self) -> dict[str, dict]:
        """The variant rules in force, without the settings that are no rule module."""
        return {k: v for k, v in self.rules.items() if isinstance(v, dict)}
