"""The compiled board the engine works on: plain, fast lookups built once from a map file.

A *location* is where a unit stands: a province id (`par`), or a province and coast for a fleet
on a multi-coast province (`spa/nc`). Armies always stand on the province itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.maps.map_file import MapFile


def province_of(location: str) -> str:
    """`spa/nc` -> `spa`; `par` -> `par`. (Asked a hundred times a movement phase: `in`
    costs a fraction of `str.find`, whose arguments are parsed at every call.)"""
    return location if "/" not in location else location.partition("/")[0]


def coast_of(location: str) -> str | None:
    return None if "/" not in location else location.partition("/")[2]


_FOLD = re.compile(r"[^a-z0-9/]+")
_COAST_AT_END = re.compile(r"\b(nc|sc|ec|wc)\)?$", re.IGNORECASE)  # `spa/nc`, `Spain (nc)`


def fold_name(text: str) -> str:
    """Fold a name for lookup: case, spaces, dots and dashes do not matter."""
    return _FOLD.sub("", text.lower())


@dataclass(frozen=True, slots=True)
class Province:
    """A province of the map as the engine reads it: its names, kind, coasts and centre."""

    id: str
    name: str
    kind: str  # land | coast | sea | impassable
    coasts: tuple[str, ...]
    supply: float
    supply_for: dict[str, float]
    build_site: bool
    canal: bool
    convoys: bool
    pos: tuple[float, float] | None
    aliases: tuple[str, ...]
    rule: str = ""  # the rulebook's rule for this province's oddity, cited by refusals

    @property
    def is_centre(self) -> bool:
        return self.supply > 0

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    def value_for(self, power: str | None) -> float:
        """A centre's worth to its owner (some centres are worth more to one power)."""
        if power is not None and power in self.supply_for:
            return self.supply_for[power]
        return self.supply


@dataclass(frozen=True, slots=True)
class Power:
    """A power of the map: its names, home centres and starting pieces."""

    id: str
    name: str
    adjective: str
    aliases: tuple[str, ...]
    colour: str
    home: tuple[str, ...]
    units: tuple[str, ...]
    build_sites: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    plural: bool = False  # the name takes a plural verb ("The Allies gain", "Elves have")
    player: str | None = None  # the side it plays on, when not its own (`RuleSet.side`)

    def verb(self, singular: str, plural: str) -> str:
        """The form of a word that agrees with the power's name: `verb("gains", "gain")`."""
        return plural if self.plural else singular


@dataclass(slots=True)
class Calendar:
    """How the map counts its years and seasons, and which phases each season has."""

    first_year: int
    step: int  # +1 for years counting up, -1 for BC years
    year_format: str
    phases: tuple[tuple[str, str], ...]  # (season, kind)
    start: tuple[str, str]
    ownership_after: tuple[str, ...]

    def year_label(self, year: int) -> str:
        return self.year_format.format(year=year)


@dataclass(slots=True)
class GameMap:
    """The compiled board the engine plays on: provinces, adjacencies, powers, calendar and
    rules, with the indexes that name a province or a power from what a player writes."""

    id: str
    name: str
    projection: str
    declared_centres: int | None
    calendar: Calendar
    victory_kind: str
    victory_count: float | None  # in halves
    rules: dict[str, dict]
    powers: dict[str, Power]
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]
    fleet_adj: dict[str, frozenset[str]]
    bridges: dict[frozenset[str], str]  # army-only links -> the sea they cross
    draft: str = ""  # why the map cannot be played yet; empty for a playable map
    civil_disorder: str = "home"  # removals measured from "home" centres or "owned" ones
    # when victory is judged: "ownership" (as centres change hands) or "adjustments" (at the
    # end of the year's adjustments, dated by them even when none was needed)
    victory_judged: str = "ownership"
    # Indexes and remembered answers, all derived from the fields above. They are not
    # arguments (init=False): a copy made with `dataclasses.replace` (a map with a link taken
    # out, say) starts them afresh instead of sharing the original's answers.
    _province_names: dict[str, str] = field(default_factory=dict, init=False, repr=False,
                                            compare=False)
    _power_names: dict[str, str] = field(default_factory=dict, init=False, repr=False,
                                         compare=False)
    _sea_cache: dict[str, frozenset[str]] = field(default_factory=dict, init=False, repr=False,
                                                  compare=False)
    _fleet_cache: dict[tuple[str, str], tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    # answers about moves that depend only on the board (gm.engine.movement_phase remembers them)
    move_checks: dict[tuple, tuple] = field(default_factory=dict, init=False, repr=False,
                                            compare=False)
    _reach_cache: dict[str, frozenset[str]] = field(default_factory=dict, init=False,
                                                    repr=False, compare=False)
    _neighbours_cache: dict[str, frozenset[str]] = field(default_factory=dict, init=False,
                                                         repr=False, compare=False)

    def __post_init__(self) -> None:
        self.index_names()

    # --- geography -------------------------------------------------------------------------
    def locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in a province: its coasts, or the province itself."""
        p = self.provinces[province]
        if p.coasts:
            return tuple(f"{province}/{c}" for c in p.coasts)
        return (province,)

    def army_can_move(self, src: str, dst: str) -> bool:
        return province_of(dst) in self.army_adj.get(province_of(src), ())

    def fleet_can_move(self, src: str, dst: str) -> bool:
        return dst in self.fleet_adj.get(src, ())

    def fleet_destinations(self, src: str, province: str) -> tuple[str, ...]:
        """The locations in `province` a fleet at `src` can reach (a coast each, or the province)."""
        key = (src, province)
        found = self._fleet_cache.get(key)
        if found is None:
            reach = self.fleet_adj.get(src, ())
            found = tuple(loc for loc in self.locations(province) if loc in reach)
            self._fleet_cache[key] = found
        return found

    def can_reach(self, kind_is_fleet: bool, src: str, province: str) -> bool:
        """Can a unit at `src` move into `province` by its own movement (any coast)?"""
        if kind_is_fleet:
            return bool(self.fleet_destinations(src, province))
        return province in self.army_adj.get(province_of(src), ())

    def sea_neighbours(self, province: str) -> frozenset[str]:
        """Provinces next to `province` where a fleet could convoy (seas, convoying islands)."""
        cache = self._sea_cache
        found = cache.get(province)
        if found is None:
            found = frozenset(
                p for loc in self.locations(province) for x in self.fleet_adj.get(loc, ())
                if self.provinces[(p := province_of(x))].convoys)
            cache[province] = found
        return found

    def convoy_reach(self, province: str) -> frozenset[str]:
        """Every convoying province a chain of fleets could reach from `province`."""
        cache = self._reach_cache
        found = cache.get(province)
        if found is None:
            seen = set(self.sea_neighbours(province))
            todo = list(seen)
            while todo:
                for nxt in self.sea_neighbours(todo.pop()):
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            found = cache[province] = frozenset(seen)
        return found

    def bridge_sea(self, a: str, b: str) -> str | None:
        return self.bridges.get(frozenset((province_of(a), province_of(b))))

    def neighbours(self, province: str) -> frozenset[str]:
        """Every province a unit of either kind could step to from `province` (for distances:
        civil disorder asks for every province's, once for each power and year)."""
        cache = self._neighbours_cache
        found = cache.get(province)
        if found is None:
            out = set(self.army_adj.get(province, ()))
            for loc in self.locations(province) if province in self.provinces else ():
                out.update(province_of(x) for x in self.fleet_adj.get(loc, ()))
            found = cache[province] = frozenset(out)
        return found

    # --- economy ---------------------------------------------------------------------------
    @property
    def centres(self) -> list[str]:
        return [p.id for p in self.provinces.values() if p.is_centre]

    @property
    def centres_worth_one(self) -> bool:
        """Is every centre worth one to every power, as in the standard game? Where not
        (double centres, towns worth ½), a supply is not a number of centres, and reports
        say what centres are worth."""
        return all(p.supply == 1 and all(v == 1 for v in p.supply_for.values())
                   for p in self.provinces.values() if p.is_centre)

    def home_power(self, province: str) -> str | None:
        for power in self.powers.values():
            if province in power.home:
                return power.id
        return None

    # --- names -----------------------------------------------------------------------------
    def province_id(self, text: str) -> str | None:
        """Exact lookup by id, name or alias, ignoring case and punctuation."""
        return self._province_names.get(fold_name(text))

    def location_id(self, text: str) -> str | None:
        """`spa/nc`, `Spain (nc)`, `stp/sc` -> a known location; None if unknown."""
        text = text.strip()
        coast = None
        m = _COAST_AT_END.search(text)
        if m:  # the name is what comes before the coast, less the spaces, `/` and `(` between
            end = m.start()
            while end and (text[end - 1].isspace() or text[end - 1] in "/("):
                end -= 1
            if self.province_id(text[:end]):
                text, coast = text[:end], m.group(1).lower()
        prov = self.province_id(text)
        if prov is None:
            return None
        if coast is None:
            return prov
        return f"{prov}/{coast}" if coast in self.provinces[prov].coasts else None

    def power_id(self, text: str) -> str | None:
        return self._power_names.get(fold_name(text))

    def example_heading(self) -> str:
        """A heading a letter on this map could have, for hints (`Egypt:` on Lord of Hosts,
        never another map's `France:`): the name of the power the map lists first."""
        return f"{next(iter(self.powers.values())).name}:"

    def index_names(self) -> None:
        for p in self.provinces.values():
            for name in (p.name, *p.aliases):
                self._province_names.setdefault(fold_name(name), p.id)
        for p in self.provinces.values():  # ids win over aliases
            self._province_names[fold_name(p.id)] = p.id
        for pw in self.powers.values():
            for name in (pw.id, pw.name, pw.adjective, *pw.aliases):
                if name:
                    self._power_names.setdefault(fold_name(name), pw.id)


def compile_map(spec: MapFile) -> GameMap:
    """Build the engine's board from a checked map file."""
    provinces = {
        pid: Province(
            id=pid,
            name=p.name,
            kind=p.kind,
            coasts=tuple(p.coasts),
            supply=p.supply or 0.0,
            supply_for=dict(p.supply_for),
            build_site=p.build_site,
            canal=p.canal,
            convoys=p.kind == "sea" or p.convoys,
            pos=p.pos,
            aliases=tuple(p.aliases),
            rule=p.rule,
        )
        for pid, p in spec.provinces.items()
    }
    army: dict[str, set[str]] = {pid: set() for pid in provinces}
    fleet: dict[str, set[str]] = {}
    for pid, p in spec.provinces.items():
        army[pid].update(p.army)
        if p.coasts:
            for coast, links in p.coasts.items():
                fleet.setdefault(f"{pid}/{coast}", set()).update(links)
        elif p.kind in ("coast", "sea"):
            fleet.setdefault(pid, set()).update(p.fleet)
    bridges: dict[frozenset[str], str] = {}
    for link in spec.bridges:
        a, b = (province_of(x) for x in link.ends)
        army[a].add(b)
        army[b].add(a)
        bridges[frozenset((a, b))] = link.sea or ""
    for link in spec.passages:
        a, b = link.ends
        pa, pb = province_of(a), province_of(b)
        army[pa].add(pb)
        army[pb].add(pa)
        if a in fleet and b in fleet:
            fleet[a].add(b)
            fleet[b].add(a)
    cal = spec.calendar
    phases = tuple(tuple(ph.split()) for ph in cal.phases)
    gm = GameMap(
        id=spec.map.id,
        name=spec.map.name,
        projection=spec.map.projection,
        declared_centres=spec.map.centres,
        calendar=Calendar(
            first_year=cal.first_year,
            step=1 if cal.years == "up" else -1,
            year_format=cal.year_format,
            phases=phases,  # type: ignore[arg-type]
            start=tuple(cal.start.split()),  # type: ignore[arg-type]
            ownership_after=tuple(cal.ownership_after),
        ),
        victory_kind=spec.victory.kind,
        victory_count=spec.victory.count,
        victory_judged=spec.victory.judged or (
            "adjustments" if spec.victory.kind == "units" else "ownership"),
        rules={k: dict(v) for k, v in spec.rule_tables().items()},
        civil_disorder=str(spec.rules.get("civil_disorder", "home")),
        powers={
            pid: Power(
                id=pid,
                name=p.name,
                adjective=p.adjective,
                aliases=tuple(p.aliases),
                colour=p.colour,
                home=tuple(p.home),
                units=tuple(p.units),
                build_sites=tuple(p.build_sites),
                leaders=tuple(p.leaders),
                plural=p.plural,
                player=p.player,
            )
            for pid, p in spec.powers.items()
        },
        provinces=provinces,
        army_adj={k: frozenset(v) for k, v in army.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet.items()},
        bridges=bridges,
        draft=spec.map.draft,
    )
    return gm
