"""Run adjudicator test cases written in the DATC/jDip text format.

A case file holds `VARIANT_ALL <map>` and cases:

    CASE 6.A.1
    PRESTATE_SETPHASE Spring 1901, Movement
    PRESTATE
        England: F nth
    ORDERS
        England: F nth-pic
    POSTSTATE_SAME
    END

Sections: PRESTATE_SETPHASE, PRESTATE, PRESTATE_DISLODGED, PRESTATE_RESULTS (the previous
movement's orders marked SUCCESS or FAILURE: they tell a retreat case where each dislodging
attack came from and which provinces were left empty by a standoff), PRESTATE_SUPPLYCENTER_OWNERS,
ORDERS, POSTSTATE, POSTSTATE_DISLODGED (dislodged units that have somewhere to retreat; a unit
with nowhere to go is destroyed at once, as in jDip), POSTSTATE_SAME. `#` starts a comment.
The format's extensions for variant pieces and state are in docs/datc-format.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import NamedTuple

from gm.calendar import Phase
from gm.engine.position import Dislodged, Position, Unit, piece_tag, starting_position
from gm.engine.retreat_phase import retreat_options
from gm.engine.season import Season
from gm.maps import GameMap, MapError, load_map
from gm.maps.gamemap import fold_name, province_of
from gm.notation import read_leader, units_listed
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import Order
from gm.orders.names import edit_distance, near_miss_limit
from gm.orders.parse import OrderError, parse_order

SECTIONS = {
    "PRESTATE_SETPHASE", "PRESTATE", "PRESTATE_DISLODGED", "PRESTATE_RESULTS",
    "PRESTATE_SUPPLYCENTER_OWNERS", "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED",
    "POSTSTATE_SAME",
    # gm's extensions for variants (docs/datc-format.md)
    "PRESTATE_START", "PRESTATE_STATE", "POSTSTATE_OWNERS", "POSTSTATE_STATE", "POSTSTATE_PHASE",
    "POSTSTATE_RESULTS", "POSTSTATE_WINNER",
}
VALUE_SECTIONS = {"PRESTATE_SETPHASE", "POSTSTATE_PHASE", "POSTSTATE_WINNER"}
SEASON_WORDS = {"fall": "Autumn", "autumn": "Autumn", "spring": "Spring", "winter": "Winter",
                "summer": "Summer"}


class CaseFormatError(Exception):
    """A case file that cannot be read; the message names the file and line."""


class Line(NamedTuple):
    no: int
    text: str


@dataclass
class Case:
    """One CASE ... END of a case file: its map, its line, and the lines of each section."""

    name: str
    variant: str
    file: str
    line: int
    phase: Line | None = None
    sections: dict[str, list[Line]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """The case's id, the first word of its name (`6.A.1` in `CASE 6.A.1 Bounce`)."""
        return self.name.split()[0].rstrip(".")


# `Line(no, text)` as Python's tuple makes it, without the call to `Line.__new__` (written in
# Python): a case file's lines are most of what reading it makes
_line = partial(tuple.__new__, Line)


class CaseResult(NamedTuple):
    case: Case
    passed: bool
    message: str = ""


def read_cases(path: str | Path) -> list[Case]:
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CaseFormatError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CaseFormatError(f"{path}: not a text file (it is not UTF-8)") from None
    cases: list[Case] = []
    variant = None
    case: Case | None = None

    def fail(no: int, message: str) -> CaseFormatError:
        return CaseFormatError(f"{path}:{no}: {message}")

    lines: list[Line] | None = None  # the lines of the section being read
    for no, full in enumerate(raw.splitlines(), 1):
        text = (full.split("#", 1)[0] if "#" in full else full).strip()
        if not text:
            continue
        if lines is not None and ":" in text and text[:3] not in _KEYWORD_HEADS:
            lines.append(_line((no, text)))  # `Power: ...`, most lines of a file: read at once
            continue
        word, _, rest = text.partition(" ")
        if word not in _KEYWORDS:  # a line of the section
            if case is None:
                raise fail(no, f"{text!r} is outside any CASE ... END")
            if word.isupper() and word.replace("_", "").isalpha() and ":" not in text:
                raise fail(no, f"unknown section {word!r} (known: {', '.join(sorted(SECTIONS))})")
            if lines is None:
                raise fail(no, f"{text!r} comes before any section of case {case.name!r}")
            lines.append(Line(no, text))
        elif word == "VARIANT_ALL":
            if case is not None:
                raise fail(no, "VARIANT_ALL inside a case")
            variant = rest.strip()
            if not variant:
                raise fail(no, "VARIANT_ALL needs a map name")
        elif word == "CASE":
            if case is not None:
                raise fail(no, f"CASE {rest.strip()!r} starts before case {case.name!r} has END")
            if variant is None:
                raise fail(no, "a CASE before VARIANT_ALL: say which map the cases use")
            case = Case(rest.strip() or f"line {no}", variant, str(path), no)
            lines = None
        elif word == "END":
            if case is None:
                raise fail(no, "END without CASE")
            cases.append(case)
            case = lines = None
        else:
            if case is None:
                raise fail(no, f"{text!r} is outside any CASE ... END")
            if word in case.sections:
                raise fail(no, f"{word} appears twice in case {case.name!r}")
            lines = case.sections[word] = []
            if word == "PRESTATE_SETPHASE":
                case.phase = Line(no, rest.strip())
            elif word in VALUE_SECTIONS:
                lines.append(Line(no, rest.strip()))
    if case is not None:
        raise fail(case.line, f"case {case.name!r} has no END")
    return cases


_KEYWORDS = {"VARIANT_ALL", "CASE", "END", *SECTIONS}
# how a keyword's line begins: a line that begins otherwise is no keyword's (a set lookup, where
# `str.startswith` with every keyword took a third of the time a file takes to read)
_KEYWORD_HEADS = {word[:3] for word in _KEYWORDS}


class Board:
    """A map as the cases of a run use it: the map, its season engine, and each unit or order
    line already read on it, so that a line repeated across cases is read once."""

    def __init__(self, game_map: GameMap):
        self.map = game_map
        self.season = Season.for_map(game_map)
        self.units: dict[str, Unit] = {}
        self.orders: dict[str, Order] = {}
        self.centres: dict[str, tuple[str, str]] = {}
        self.phases: dict[str, Phase] = {}
        self.powers: dict[str, str] = {}
        # by phase, each unit line tagged in it (keyed by phase first: a `Phase` hashes in
        # Python, so once a case, not once a line)
        self.placed: dict[Phase, dict[str, Unit]] = {}
        self.homes = {h: p.id for p in game_map.powers.values() for h in p.home}


class Boards:
    """The boards of a run, one per map, each loaded the first time a case names it."""

    def __init__(self):
        self._known: dict[str, Board] = {}

    def get(self, variant: str) -> Board:
        board = self._known.get(variant)
        if board is None:
            board = self._known[variant] = Board(load_map(variant))
        return board


class _CaseReader:
    """Turns one case's text into a position and orders on its map."""

    def __init__(self, case: Case, board: Board):
        self.case = case
        self.board = board
        self.map = board.map

    def fail(self, line: Line, message: str) -> CaseFormatError:
        return CaseFormatError(f"{self.case.file}:{line.no}: {message}")

    def power(self, line: Line, name: str) -> str:
        pid = self.board.powers.get(name)
        if pid is None:
            pid = self.board.powers[name] = self._read_power(line, name)
        return pid

    def _read_power(self, line: Line, name: str) -> str:
        pid = self.map.power_id(name)
        if pid:
            return pid
        # a misspelt power (`Germnay`): the one power whose name is a near miss of it, as
        # order letters count one (`gm.orders.names`)
        word = fold_name(name)
        limit = near_miss_limit(len(word))
        close = {p.id for p in self.map.powers.values()
                 if edit_distance(word, fold_name(p.name), limit) <= limit}
        if len(close) == 1:
            return close.pop()
        raise self.fail(line, f"unknown power {name!r} "
                              f"(powers: {', '.join(p.name for p in self.map.powers.values())})")

    def split(self, line: Line) -> tuple[str, str]:
        if ":" in line.text:
            name, _, rest = line.text.partition(":")
        else:  # tolerate a missing colon after the power: 'Italy F gol'
            name, _, rest = line.text.partition(" ")
            if not self.map.power_id(name):
                raise self.fail(line, f"{line.text!r} must start with a power: 'England: F nth'")
        return self.power(line, name.strip()), rest.strip()

    def unit(self, line: Line) -> Unit:
        """The piece a line names (untagged); each line's text is read once per board."""
        known = self.board.units.get(line.text)
        if known is None:
            known = self.board.units[line.text] = self._read_unit(line)
        return known

    def _read_unit(self, line: Line) -> Unit:
        power, text = self.split(line)
        m = _UNIT.match(text)
        if not m:
            return self.leader(line, power, text)
        loc = self.map.location_id(m.group(3))
        if loc is None:
            raise self.fail(line, f"unknown location {m.group(3)!r} on map {self.map.id}")
        kind = m.group(2).upper()
        if kind != "F":
            loc = province_of(loc)
        return Unit(power, kind, loc, float(m.group(1) or 1))

    def leader(self, line: Line, power: str, text: str) -> Unit:
        """`Scipio rom`: a leader of the power, with its place."""
        parts = read_leader(text, self.map.powers[power].leaders)
        loc = self.map.location_id(parts.location) if parts else None
        if parts is None or loc is None:
            raise self.fail(line, f"{text!r} is not a unit such as 'A par' or 'F spa/nc', "
                                  "nor a leader of the power with its place ('Scipio rom')")
        return Unit(power, parts.kind, province_of(loc), parts.strength, parts.name)

    def order(self, line: Line) -> Order:
        """The order a `Power: order` line gives; each line's text is read once per board."""
        known = self.board.orders.get(line.text)
        if known is None:
            power, text = self.split(line)
            try:
                known = parse_order(text, self.map, power)
            except OrderError as exc:
                raise self.fail(line, exc.describe()) from None
            self.board.orders[line.text] = known
        return known

    def phase(self, line: Line | None = None) -> Phase:
        """`Spring 1901, Movement` (the case's phase, or `line`) as a phase of the map."""
        line = line or self.case.phase
        if line is None:
            cal = self.map.calendar
            return Phase(cal.first_year, *cal.start)
        known = self.board.phases.get(line.text)
        if known is None:
            known = self.board.phases[line.text] = self._read_phase(line)
        return known

    def _read_phase(self, line: Line) -> Phase:
        cal = self.map.calendar
        m = re.match(r"^(\w+)\s+(\d+)\s*,?\s*(\w+)$", line.text)
        if not m:
            raise self.fail(line, f"phase {line.text!r} must look like 'Spring 1901, Movement'")
        season = SEASON_WORDS.get(m.group(1).lower(), m.group(1).capitalize())
        kind = m.group(3).capitalize()
        if kind not in ("Movement", "Retreat", "Adjustment"):
            raise self.fail(line, f"unknown phase kind {m.group(3)!r}")
        if (season, kind) not in cal.phases:
            # 'Fall 1901, Adjustment' means the adjustment phase of that year's calendar
            matches = [ph for ph in cal.phases if ph[1] == kind]
            if not matches:
                raise self.fail(line, f"map {self.map.id} has no {kind} phase")
            season = matches[0][0]
        return Phase(int(m.group(2)), season, kind)

    def centre(self, line: Line) -> tuple[str, str]:
        """`Power: par` or `Power: A par` -> (province, power)."""
        known = self.board.centres.get(line.text)
        if known is None:
            known = self.board.centres[line.text] = self._read_centre(line)
        return known

    def _read_centre(self, line: Line) -> tuple[str, str]:
        power, text = self.split(line)
        place = text.split()[-1] if text.split() else ""
        prov = self.map.province_id(place) or self.map.province_id(place.split("/")[0])
        if prov is None:
            raise self.fail(line, f"unknown province {place!r} on map {self.map.id}")
        return prov, power

    def state(self, lines: list[Line]) -> dict:
        """`key: value` lines; a value is JSON, or words making a list of strings."""
        if not lines:
            return {}
        import json  # only variant cases carry state

        out = {}
        for line in lines:
            key, sep, value = line.text.partition(":")
            if not sep or not key.strip():
                raise self.fail(line, f"{line.text!r} must be 'key: value'")
            value = value.strip()
            try:
                out[key.strip()] = json.loads(value)
            except ValueError:
                out[key.strip()] = value.split()
        return out

    def position(self) -> Position:
        s = self.case.sections
        if "PRESTATE_START" in s:
            start = starting_position(self.map)
            units, owners = start.units, start.owners
        else:
            units, owners = [], dict(self.board.homes)
        if "PRESTATE_SUPPLYCENTER_OWNERS" in s:
            owners = dict(self.centre(line) for line in s["PRESTATE_SUPPLYCENTER_OWNERS"])
        phase = self.phase()
        taken = {u.tag for u in units if u.tag}
        placed = self.board.placed.setdefault(phase, {})
        for line in s.get("PRESTATE", []):  # tagged as if they entered now, for PRESTATE_STATE
            unit = self.placed(line, phase, placed, taken)
            taken.add(unit.tag)
            units.append(unit)
        pos = Position(phase, units, owners, state=self.state(s.get("PRESTATE_STATE", [])))
        dislodged_units = [self.unit(line) for line in s.get("PRESTATE_DISLODGED", [])]
        if "PRESTATE_RESULTS" in s:
            self._history(pos, dislodged_units, s["PRESTATE_RESULTS"])
        else:
            pos.dislodged = [Dislodged(u, None) for u in dislodged_units]
        return pos

    def placed(self, line: Line, phase: Phase, placed: dict[str, Unit],
               taken: set[str]) -> Unit:
        """The piece a line names, tagged as entering in `phase` (`piece_tag`); made once per
        board and phase (`placed`: the board's for the phase), and afresh only where another
        piece of the case has its tag."""
        unit = placed.get(line.text)
        if unit is None:
            unit = self.unit(line)
            unit = placed[line.text] = unit.tagged(piece_tag(phase, unit.location))
        if unit.tag in taken:
            unit = unit.tagged(piece_tag(phase, unit.location, taken))
        return unit

    def _history(self, pos: Position, dislodged_units: list[Unit], lines: list[Line]) -> None:
        """Where each dislodging attack came from, and the standoffs, from the last results."""
        moves: list[tuple[bool, Move]] = []
        convoys: list[Convoy] = []
        for line in lines:
            flag, _, rest = line.text.partition(":")
            if flag.strip() not in ("SUCCESS", "FAILURE"):
                raise self.fail(line, "a result must start with SUCCESS: or FAILURE:")
            order = self.order(Line(line.no, rest.strip()))
            if isinstance(order, Move):
                moves.append((flag.strip() == "SUCCESS", order))
            elif isinstance(order, Convoy):
                convoys.append(order)

        def by_convoy(move: Move) -> bool:
            return move.via_convoy or (move.unit_kind != "F" and
                                       not self.map.army_can_move(move.location, move.dest))

        lost = {u.province for u in dislodged_units}

        def convoy_broken(move: Move) -> bool:
            return by_convoy(move) and any(
                c.province in lost for c in convoys
                if c.target == move.location and province_of(c.dest) == province_of(move.dest))

        winners = {province_of(m.dest): m for ok, m in moves if ok}
        for unit in dislodged_units:
            attack = winners.get(unit.province)
            origin = None if attack is None or by_convoy(attack) else attack.province
            pos.dislodged.append(Dislodged(unit, origin))
        occupied = {u.province for u in pos.units}
        standoffs = set()
        for ok, move in moves:
            target = province_of(move.dest)
            if ok or target in occupied:
                continue
            beaten = winners.get(move.province)
            if beaten is not None and beaten.province == target:
                continue  # dislodged by the unit it attacked: no standoff where it was going
            if convoy_broken(move):
                continue  # its convoy was dislodged: the army never arrived to bounce
            standoffs.add(target)
        pos.standoffs = frozenset(standoffs)


_UNIT = re.compile(r"^(\d+)?(A/F|A|F|G)\s+(.+)$", re.I)


def _state_value(value):
    """Lists of names compare as sets: their order in the store does not matter."""
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return sorted(value)
    if isinstance(value, dict):
        return {k: _state_value(v) for k, v in sorted(value.items())}
    return value


def case_facts(case: Case) -> dict:
    """What a case states: its map, phase, pieces, orders and expected outcome, each read onto
    the map, so that two copies of a case compare equal whatever their spelling, layout,
    comments or title. Raises `CaseFormatError` or `MapError` when the case cannot be read."""
    reader = _CaseReader(case, Board(load_map(case.variant)))
    facts: dict = {"map": reader.map.id, "phase": reader.phase()}
    for section, lines in case.sections.items():
        if section in ("PRESTATE", "PRESTATE_DISLODGED", "POSTSTATE", "POSTSTATE_DISLODGED"):
            facts[section] = units_listed(reader.unit(line) for line in lines)
        elif section in ("ORDERS", "POSTSTATE_RESULTS", "PRESTATE_RESULTS"):
            read = []
            for line in lines:
                flag, sep, rest = line.text.partition(":")
                if section == "ORDERS" or not sep:
                    flag, rest = "", line.text
                rest, _, reason = rest.partition(" | ")
                read.append((flag.strip(), repr(reader.order(Line(line.no, rest.strip()))),
                             reason.strip()))
            facts[section] = sorted(read)
        elif section in ("PRESTATE_SUPPLYCENTER_OWNERS", "POSTSTATE_OWNERS"):
            facts[section] = sorted(reader.centre(line) for line in lines)
        elif section == "POSTSTATE_PHASE":
            facts[section] = reader.phase(lines[0])
        elif section != "PRESTATE_SETPHASE":
            facts[section] = [line.text for line in lines]
    return facts


def run_case(case: Case, boards: Boards | None = None) -> CaseResult:
    """Adjudicate one case and compare the outcome with what it expects. `boards` keeps each
    map loaded, and the lines read on it, across the cases of a run."""
    try:
        board = (boards or Boards()).get(case.variant)
    except MapError as exc:
        return CaseResult(case, False, str(exc))
    s = case.sections
    try:
        reader = _CaseReader(case, board)
        position = reader.position()
        orders = [reader.order(line) for line in s.get("ORDERS", [])]
        units: list[tuple[str, list[Unit]]] = []  # (what, the pieces expected)
        checks: list[tuple[str, object]] = []  # (what, the value expected)
        if "POSTSTATE_SAME" in s:
            units.append(("units", list(position.units)))
            units.append(("dislodged", []))
        elif "POSTSTATE" in s or "POSTSTATE_DISLODGED" in s:
            units.append(("units", [reader.unit(x) for x in s.get("POSTSTATE", [])]))
            units.append(("dislodged", [reader.unit(x) for x in s.get("POSTSTATE_DISLODGED", [])]))
        if "POSTSTATE_OWNERS" in s:
            checks.append(("owners", sorted(f"{power}: {prov}" for prov, power in
                                            (reader.centre(x) for x in s["POSTSTATE_OWNERS"]))))
        want_state = reader.state(s.get("POSTSTATE_STATE", []))
        if "POSTSTATE_PHASE" in s:
            checks.append(("phase", reader.phase(s["POSTSTATE_PHASE"][0])))
        if "POSTSTATE_WINNER" in s:
            line = s["POSTSTATE_WINNER"][0]  # one power, several (joint), or none
            winners = [] if line.text.lower() in ("", "none", "nobody") else \
                [reader.power(line, name.strip()) for name in line.text.split(",")]
            checks.append(("winner", winners))
        want_results = []
        for line in s.get("POSTSTATE_RESULTS", []):
            code, _, rest = line.text.partition(":")
            rest, _, reason = rest.partition(" | ")  # `... | words the reason must contain`
            want_results.append((code.strip(), reader.order(Line(line.no, rest.strip())),
                                 reason.strip(), line))
    except CaseFormatError as exc:
        return CaseResult(case, False, str(exc))
    game_map, season = board.map, board.season
    outcome = season.adjudicate(position, orders)
    after = outcome.position

    def pieces(what: str) -> list[Unit]:
        if what == "units":
            return after.units
        # a dislodged unit with nowhere to retreat is destroyed at once in this format
        return [d.unit for d in after.dislodged
                if retreat_options(d, after, game_map, season.rules)]

    actual = {
        "owners": lambda: sorted(f"{power}: {prov}" for prov, power in after.owners.items()),
        "phase": lambda: after.phase,
        "winner": lambda: outcome.winners,
    }
    lines = []
    for what, want_units in units:
        got_units = pieces(what)
        if not _same_pieces(want_units, got_units):
            _compare(lines, what, units_listed(want_units), units_listed(got_units))
    for what, want in checks:
        _compare(lines, what, want, actual[what]())
    for key, want in want_state.items():
        got = after.state.get(key)
        if _state_value(want) != _state_value(got):
            lines.append(f"  state {key}: expected {want!r}, actual {got!r}")
    for code, order, reason, line in want_results:
        found = [r for r in outcome.results if r.order == order]
        codes = [r.code for r in found]
        if code not in codes:
            lines.append(f"  result of {order} (line {line.no}): expected {code}, actual "
                         f"{', '.join(codes) or 'no result'}")
        elif reason and not any(r.code == code and reason in r.detail for r in found):
            lines.append(f"  result of {order} (line {line.no}): expected the reason to say "
                         f"{reason!r}, actual {'; '.join(r.detail for r in found)!r}")
    if not lines:
        return CaseResult(case, True)
    lines.append("  results:")
    lines.extend(f"    {r.describe()}" for r in outcome.results)
    if outcome.events:
        lines.append("  events:")
        lines.extend(f"    {e if isinstance(e, str) else e.describe(game_map)}"
                     for e in outcome.events)
    return CaseResult(case, False, "\n".join(lines))


_PIECE = attrgetter("power", "kind", "location", "strength", "name")  # what `Unit` compares


def _same_pieces(want: list[Unit], got: list[Unit]) -> bool:
    """The same pieces, in any order: then `units_listed` lists them the same. (Comparing the
    pieces' fields is several times faster than listing them, or than hashing each `Unit`.)"""
    if len(want) != len(got):
        return False
    wanted = set(map(_PIECE, want))
    if len(wanted) == len(want):  # no piece twice, as usual: as many, all wanted, all there
        return wanted == set(map(_PIECE, got))
    return Counter(map(_PIECE, want)) == Counter(map(_PIECE, got))  # a stack's twins: counted


def _compare(lines: list[str], what: str, want, got) -> None:
    """Add the lines that show how `got` differs from `want`, if it does."""
    if want == got:
        return
    lines.append(f"  {what}: expected {want}")
    lines.append(f"  {what}: actual   {got}")
    if isinstance(want, list):
        missing = [x for x in want if x not in got]
        extra = [x for x in got if x not in want]
        if missing:
            lines.append(f"    missing: {missing}")
        if extra:
            lines.append(f"    unexpected: {extra}")


def run_files(paths: list[str | Path]) -> list[CaseResult]:
    results: list[CaseResult] = []
    boards = Boards()
    for path in paths:
        for case in read_cases(path):
            results.append(run_case(case, boards))
    return results


def report(results: list[CaseResult], verbose: bool = False) -> list[str]:
    """What `gm datc` prints: each failing case (each passing one too if `verbose`) with its
    expected and actual outcome, and last `N passed, N failed`."""
    lines = []
    for result in results:
        if result.passed:
            if verbose:
                lines.append(f"ok   {result.case.name}")
            continue
        lines.append(f"FAIL {result.case.name} ({result.case.file}:{result.case.line})")
        lines.append(result.message)
    failed = sum(not r.passed for r in results)
    lines.append(f"{len(results) - failed} passed, {failed} failed")
    return lines
