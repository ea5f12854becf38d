"""`gm map check`: is this file a playable board? Every problem is reported with its line.

Checks the file's shape (pydantic), then the board: links written on both sides, coasts, units
and centres where they may be, counts the map declares, and that every province can be reached.
Whatever would fail later is refused here, with its line: values nested beyond reason (the TOML
reader would recurse until it fails), numbers no store or drawing can hold (`nan`, `inf`, a
year of twenty digits), names longer than a letter's name may be, and an id that is not the
file's name (a game names its map by id, and finds it again by the file's name).
"""

from __future__ import annotations

import math
import re
import tomllib
from collections import deque
from dataclasses import dataclass, field

from pydantic import ValidationError

from gm import rule_catalogue
from gm.maps.gamemap import coast_of, fold_name, province_of
from gm.maps.map_file import MapFile
from gm.maps.toml_depth import MAX_NESTING, nested_too_deep
from gm.notation import UNIT_KINDS, read_unit

MAX_NUMBER = 10**15  # far above any count, year or position, within what SQLite stores
MAX_NAME = 100  # characters: no name in a letter is read longer (gm.orders.names)


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a map file, with the line it is on."""

    line: int | None
    message: str

    def format(self, path: str) -> str:
        where = f"{path}:{self.line}" if self.line else path
        return f"{where}: {self.message}"


@dataclass
class CheckReport:
    """What `gm map check` found in a map file."""

    spec: MapFile | None
    problems: list[Problem] = field(default_factory=list)


class _Lines:
    """Finds the line of a table, a key in it, or a word in that key's value."""

    _HEADER = re.compile(r"^\s*+\[\[?\s*+([^\]]++)\]\]?\s*+(#.*)?$")  # each part taken once

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        for no, line in enumerate(self.lines, 1):
            m = self._HEADER.match(line)
            if m:
                name = re.sub(r"\s+", "", m.group(1)).replace('"', "")
                self.headers.setdefault(name, []).append(no)

    def table(self, name: str, nth: int = 0) -> int | None:
        found = self.headers.get(name)
        return found[nth] if found and nth < len(found) else None

    def find(self, table: str, key: str | None = None, word: str | None = None,
             nth: int = 0) -> int | None:
        start = self.table(table, nth)
        if start is None:
            # keys may be written inline under the parent table: [provinces] par = {...}
            parent, _, last = table.rpartition(".")
            return self.find(parent, last) if parent else None
        if key is None:
            return start
        key_line = None
        for no in range(start, len(self.lines)):
            line = self.lines[no]
            if self._HEADER.match(line):
                break
            if re.match(rf"^\s*{re.escape(key)}\s*=", line):
                key_line = no + 1
            elif key_line and re.match(r"^\s*[A-Za-z_]+\s*=", line):
                if word is None:
                    break
            if key_line and word is not None and re.search(
                rf"[\"']{re.escape(word)}[\"']", line
            ):
                return no + 1
        return key_line or start


def _location_ok(spec: MapFile, loc: str) -> str | None:
    """Why `loc` is not a place a fleet can stand, or None if it is."""
    prov = spec.provinces.get(province_of(loc))
    if prov is None:
        return f"unknown province {province_of(loc)!r}"
    coast = coast_of(loc)
    if prov.kind in ("land", "impassable"):
        return f"{province_of(loc)!r} is {prov.kind}: no fleet can be there"
    if prov.coasts and coast is None:
        return f"{loc!r} must name a coast ({', '.join(prov.coasts)})"
    if coast is not None and coast not in prov.coasts:
        return f"{province_of(loc)!r} has no coast {coast!r}"
    return None




def check_text(text: str, path: str = "<map>", file_id: str | None = None) -> CheckReport:
    """Every problem of a map file's text, each with its line. `file_id`: the id the file is
    found by (its name, in a folder of maps), which the map's own id must be."""
    deep = nested_too_deep(text)
    if deep is not None:
        return CheckReport(None, [Problem(deep, f"values are nested more than {MAX_NESTING} "
                                                "deep; a map file nests a few levels at most")])
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        return CheckReport(None, [Problem(int(m.group(1)) if m else None,
                                          f"not valid TOML: {exc}")])
    except RecursionError:  # nesting the scan above did not see (it reads no strings)
        return CheckReport(None, [Problem(None, "values are nested too deep to read")])
    lines = _Lines(text)
    numbers = _bad_numbers(raw, lines)
    if numbers:  # before the models, whose checks would fail on them (int(inf))
        return CheckReport(None, numbers)
    try:
        spec = MapFile.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = [str(x) for x in err["loc"]]
            problems.append(Problem(_line_of(lines, loc), f"{'.'.join(loc)}: {err['msg']}"))
        return CheckReport(None, problems)
    problems = _check_board(spec, lines)
    if file_id is not None and file_id != spec.map.id:
        problems.insert(0, Problem(lines.find("map", "id"), (
            f"the map's id {spec.map.id!r} is not its file's name {file_id!r}: a game "
            f"finds its map by id, so write id = \"{file_id}\", or name the file "
            f"{spec.map.id}.toml")))
    return CheckReport(spec, problems)


def _bad_numbers(raw: dict, lines: _Lines) -> list[Problem]:
    """Numbers no store, picture or count can hold: `nan`, `inf`, and integers beyond
    `MAX_NUMBER` (a first year of twenty digits overflowed the store)."""
    problems = []
    stack: list[tuple[tuple[str, ...], object]] = [((), raw)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(((*where, str(k)), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((where, v) for v in value)
        elif isinstance(value, float) and not math.isfinite(value):
            problems.append(Problem(_line_of(lines, where), f"{'.'.join(where)}: {value} is "
                                                            "not a number gm can use"))
        elif isinstance(value, int) and not isinstance(value, bool) \
                and abs(value) > MAX_NUMBER:
            problems.append(Problem(_line_of(lines, where), f"{'.'.join(where)}: {value} is "
                                    f"too large a number (at most {MAX_NUMBER:,})"))
    problems.sort(key=lambda p: p.line or 0)
    return problems


def _line_of(lines: _Lines, loc) -> int | None:
    """The line of the value at key path `loc` (`provinces`, `par`, `pos`)."""
    table, key = ".".join(loc[:2]), (loc[2] if len(loc) > 2 else None)
    if len(loc) == 1:
        table, key = loc[0], None
    return lines.find(table, key) or lines.find(loc[0])


def _check_board(spec: MapFile, lines: _Lines) -> list[Problem]:
    problems: list[Problem] = []

    def add(table: str, key: str | None, word: str | None, message: str, nth: int = 0):
        problems.append(Problem(lines.find(table, key, word, nth), message))

    provs = spec.provinces
    # -- the map's own id and calendar --
    cal = spec.calendar
    if cal.start not in cal.phases:
        add("calendar", "start", None, f"start {cal.start!r} is not one of the phases")
    seasons = {ph.split()[0] for ph in cal.phases}
    for season in cal.ownership_after:
        if season not in seasons:
            add("calendar", "ownership_after", season,
                f"ownership_after names {season!r}, which is not a season of the calendar")
    if spec.victory.kind != "majority" and not spec.victory.count:
        add("victory", "count", None, f"victory kind {spec.victory.kind!r} needs a count")
    known = rule_catalogue.names()
    for rule in spec.rule_tables():
        if rule not in known:
            add(f"rules.{rule}", None, None,
                f"unknown rule {rule!r} (known: {', '.join(sorted(known)) or 'none'})")

    # -- provinces and their links --
    for pid, p in provs.items():
        table = f"provinces.{pid}"
        if not re.fullmatch(r"[a-z][a-z0-9]*", pid):
            add(table, None, None, f"province id {pid!r} must be lower-case letters and digits")
        if p.pos is None:
            add(table, None, None, f"province {pid!r} has no drawing position (pos)")
        if p.kind in ("sea", "impassable") and p.army:
            add(table, "army", None, f"{pid!r} is {p.kind}: it cannot have army links")
        if p.kind in ("land", "impassable") and (p.fleet or p.coasts):
            add(table, "fleet", None, f"{pid!r} is {p.kind}: it cannot have fleet links")
        if p.coasts and p.fleet:
            add(table, "fleet", None,
                f"{pid!r} has coasts: list fleet links under its coasts, not under fleet")
        if p.coasts and len(p.coasts) < 2:
            add(table, None, None, f"{pid!r} lists a single coast; a one-coast province "
                "needs no coasts table")
        if (p.supply or p.supply_for) and p.kind in ("sea", "impassable"):
            add(table, "supply", None, f"{pid!r} is {p.kind} and cannot be a supply centre")
        if p.supply_for and not p.supply:
            add(table, "supply_for", None, f"{pid!r} has supply_for but no supply value")
        for power in p.supply_for:
            if power not in spec.powers:
                add(table, "supply_for", None, f"supply_for names unknown power {power!r}")
        for other in p.army:
            if other == pid:
                add(table, "army", other, f"{pid!r} lists itself as a neighbour")
            elif other not in provs:
                add(table, "army", other, f"army link to unknown province {other!r}")
            elif provs[other].kind not in ("land", "coast"):
                add(table, "army", other, f"army link to {other!r}, which is {provs[other].kind}")
            elif pid not in provs[other].army:
                add(table, "army", other,
                    f"army link {pid} -> {other} is not written back under {other}.army")
        fleet_lists = {f"{pid}/{c}": (f"{table}.coasts", c, links)
                       for c, links in p.coasts.items()} or {pid: (table, "fleet", p.fleet)}
        for here, (tbl, key, links) in fleet_lists.items():
            for other in links:
                why = _location_ok(spec, other)
                if why:
                    add(tbl, key, other, f"fleet link {here} -> {other}: {why}")
                    continue
                if province_of(other) == pid:
                    add(tbl, key, other, f"{here} lists its own province as a neighbour")
                    continue
                back = provs[province_of(other)]
                back_links = back.coasts.get(coast_of(other) or "", []) if back.coasts else back.fleet
                if here not in back_links:
                    add(tbl, key, other,
                        f"fleet link {here} -> {other} is not written back under {other}")

    # -- special links --
    for kind, links in (("bridges", spec.bridges), ("passages", spec.passages)):
        for n, link in enumerate(links):
            for end in link.ends:
                if province_of(end) not in provs:
                    add(kind, None, None, f"{kind} #{n + 1}: unknown province {end!r}", n)
                elif provs[province_of(end)].kind not in ("land", "coast"):
                    add(kind, None, None, f"{kind} #{n + 1}: {end!r} is not a land province", n)
            if kind == "bridges":
                if link.sea is None:
                    add(kind, None, None, f"bridge #{n + 1} must name the sea it crosses", n)
                elif link.sea not in provs or provs[link.sea].kind != "sea":
                    add(kind, None, None, f"bridge #{n + 1}: {link.sea!r} is not a sea", n)

    # -- names must not collide, nor be longer than a letter's name is read --
    for table, what, named in (("provinces", "", provs), ("powers", "power ", spec.powers)):
        seen: dict[str, str] = {}
        for pid, p in named.items():
            extra = (p.adjective, *p.leaders) if table == "powers" else ()
            for name in (pid, p.name, *p.aliases, *extra):
                if len(name) > MAX_NAME:
                    add(f"{table}.{pid}", None, None, f"the name {name[:20]!r}... of {what}"
                        f"{pid!r} is longer than {MAX_NAME} characters, longer than gm reads "
                        "a name in a letter")
            for name in {fold_name(pid), fold_name(p.name), *(fold_name(a) for a in p.aliases)}:
                if name in seen and seen[name] != pid:
                    add(f"{table}.{pid}", "aliases", None,
                        f"name {name!r} of {what}{pid!r} is already used by {seen[name]!r}")
                seen.setdefault(name, pid)

    # -- powers: homes and units --
    home_of: dict[str, str] = {}
    for pid, pw in spec.powers.items():
        table = f"powers.{pid}"
        for home in pw.home:
            if home not in provs:
                add(table, "home", home, f"home centre {home!r} is not a province")
            elif not provs[home].supply:
                add(table, "home", home, f"home centre {home!r} is not a supply centre")
            elif home in home_of:
                add(table, "home", home, f"{home!r} is already a home centre of {home_of[home]!r}")
            else:
                home_of[home] = pid
        for site in pw.build_sites:
            if site not in provs or provs[site].kind in ("sea", "impassable"):
                add(table, "build_sites", site, f"build site {site!r} is not a land province")
        for unit in pw.units:
            parts = read_unit(unit)
            if parts is None or parts.kind not in UNIT_KINDS or parts.name is not None:
                add(table, "units", None, f"unit {unit!r} must look like 'A par' or 'F stp/sc'")
                continue
            kind, loc = parts.kind, parts.location
            prov = provs.get(province_of(loc))
            if prov is None:
                add(table, "units", None, f"unit {unit!r}: unknown province {province_of(loc)!r}")
            elif kind == "F":
                why = _location_ok(spec, loc)
                if why:
                    add(table, "units", None, f"unit {unit!r}: {why}")
            elif kind == "A/F" and prov.kind != "coast":
                add(table, "units", None, f"unit {unit!r}: an A/F must start on a coast")
            elif kind in ("A", "G") and prov.kind not in ("land", "coast"):
                add(table, "units", None, f"unit {unit!r}: an army cannot stand in {prov.kind}")

    # -- counts --
    centres = [pid for pid, p in provs.items() if p.supply]
    if spec.map.centres is not None and len(centres) != spec.map.centres:
        add("map", "centres", None,
            f"the map declares {spec.map.centres} supply centres but {len(centres)} provinces "
            "have a supply value")

    # -- every province can be reached --
    playable = [pid for pid, p in provs.items() if p.kind != "impassable"]
    if playable:
        graph: dict[str, set[str]] = {pid: set(provs[pid].army) for pid in playable}
        for pid in playable:
            p = provs[pid]
            for links in (p.fleet, *p.coasts.values()):
                graph[pid].update(province_of(x) for x in links)
        for link in (*spec.bridges, *spec.passages):
            a, b = (province_of(x) for x in link.ends)
            if a in graph and b in graph:
                graph[a].add(b)
                graph[b].add(a)
        reached = {playable[0]}
        queue = deque([playable[0]])
        while queue:
            for nxt in graph.get(queue.popleft(), ()):
                if nxt in graph and nxt not in reached:
                    reached.add(nxt)
                    queue.append(nxt)
        for pid in playable:
            if pid not in reached:
                add(f"provinces.{pid}", None, None,
                    f"{pid!r} cannot be reached from {playable[0]!r}: it has no path to the "
                    "rest of the board")
    problems.sort(key=lambda p: (p.line or 0))
    return problems
