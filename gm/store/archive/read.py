"""Reading an archive. The reader is line-based and forgiving about layout (indentation,
blank lines, `#` comments) but strict about names: an unknown power, province or phase is an
error that names the file and line."""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import replace

from gm.calendar import (
    PhaseNameError,
    parse_phase_name,
    phase_key,
    phase_name,
    phases_ahead,
)
from gm.deadline_time import DeadlineError, read_due  # a leaf module: deadlines
from gm.maps import GameMap, MapError, load_map
from gm.notation import unit_record
from gm.orders import ignored
from gm.orders.errors import KINDS as ERROR_KINDS
from gm.orders.errors import OrderError
from gm.orders.parse import read_order
from gm.orders.recorded import HEADING, IGNORED, ORDER, REJECTED, RecordedLine
from gm.store.archive.archive_data import (
    MARK,
    ROW,
    Archive,
    ArchiveEdit,
    ArchiveError,
    ArchiveLetter,
    ArchivePhase,
    ArchivePlayer,
    ArchivePress,
    Holding,
    RecordedDislodged,
    RecordedOutcome,
)
from gm.store.codec import CodecError, parse_unit_text
from gm.store.game_rows import joint_victory

HEADER_KEYS = ("game", "variant", "notes", "grey press", "report lines", "start state")
REPORT_LINES = ("refused", "all", "none")
YES = ("allowed", "yes", "on", "true")
NO = ("not allowed", "no", "off", "false")
VACANT = "vacant"
# `Player France: Jane Smith`, `Standby France: ...`, `Contact France: jane@example.com`
_PLAYER = re.compile(r"^(?P<role>player|standby|contact)\s++(?P<power>[^:]*?[^:\s])\s*+:"
                     r"\s*+(?P<value>.*)$", re.I)
# `Press from France:`, `Grey press:`, `Grey press from France:`, `GM note:` (text may follow)
_PRESS = re.compile(r"^(?:(?P<grey>grey\s++)?press(?:\s++from\s++(?P<power>[^:]*?[^:\s]))?|"
                    r"(?P<note>gm\s++note))\s*+:\s*+(?P<rest>.*)$", re.I)
_KEY = re.compile(r"^(?P<key>[^:]*?[^:\s])\s*+:\s*+(?P<value>.*)$")  # names may hold ( ) ' -
# (each pattern reads a line of a file from outside in time linear in it: a lazy part ends
# where no run of spaces starts, and a tail is looked for only when the line ends with it)
_EDIT = re.compile(r"^(?=.*\)\s*+$)GM edit:\s*+(?P<command>(?:\S.*?(?<!\s))?)\s*+\(reason:"
                   r"\s*+(?P<reason>.*)\)\s*+$", re.I)
_DISLODGED = re.compile(r"^(?=.*\)$)(?P<power>\S+)\s++(?P<unit>.*?\S)\s*+\((?:from\s++"
                        r"(?P<src>[^)]++)|(?P<convoy>by convoy))\)$", re.I)
# A letter as the record keeps it: `Letter from France:` (or `Letter:`), then each line behind
# `|`, and under a line, behind `->`, where gm filed it (docs/archive-format.md).
_LETTER = re.compile(r"^letter(?:\s++from\s++(?P<power>[^:]*?[^:\s]))?\s*+:\s*+$", re.I)
_FILED = re.compile(r"^(?P<filed>rejected|ignored|heading)\b\s*+(?:\((?P<kind>[^)]*+)\))?\s*+"
                    r"(?::\s*+(?P<detail>.*))?$", re.I)
_FOR_PHASE = re.compile(r"^for\s++(?P<phase>[^,:]*?[^,:\s])\s*+(?=[,:]|$)", re.I)
_IF_DISLODGED = re.compile(r"^,?\s*if\s+dislodged\s*(?=:|$)", re.I)
_SENTENCE_END = (".", "!", "?", ")", "'", '"')  # how a whole reason ends


class _Reader:
    def __init__(self, source: str):
        self.source = source
        self.map: GameMap | None = None
        self.archive: Archive | None = None
        self.phase: ArchivePhase | None = None
        self.letter: ArchiveLetter | None = None
        self.letter_lines: list[str] = []
        self.rows: list[RecordedLine] | None = None  # a recorded letter's lines, when in one
        self.marked = False  # the last row has its '->' line
        self.in_outcome = False
        self.press: ArchivePress | None = None  # the item whose `|` lines are being read
        self.press_lines: list[str] = []

    def error(self, line: int, message: str) -> ArchiveError:
        return ArchiveError(f"{self.source}:{line}: {message}")

    # --- header -------------------------------------------------------------------------
    def header(self, lines: list[tuple[int, str]]) -> int:
        values: dict[str, list[str]] = {}
        lines_of: dict[str, int] = {}
        for i, (no, text) in enumerate(lines):
            m = _KEY.match(text)
            if m and m.group("key").lower() in HEADER_KEYS:
                values.setdefault(m.group("key").lower(), []).append(m.group("value").strip())
                lines_of[m.group("key").lower()] = no
                continue
            near = difflib.get_close_matches(m.group("key").lower(), HEADER_KEYS, 1, 0.7) \
                if m else []
            if near:
                raise self.error(no, f"'{m.group('key')}' is not an archive header; did you "
                                     f"mean '{near[0].title()}:'? (see docs/archive-format.md)")
            if not values.get("variant"):
                raise self.error(no, "an archive starts with 'Variant: <name>' (and "
                                     "'Game: <name>'); see docs/archive-format.md")
            self.start(values, lines[0][0], lines_of)
            return i
        if not values.get("variant"):
            raise self.error(lines[0][0] if lines else 1,
                             "an archive starts with 'Variant: <name>'")
        self.start(values, lines[0][0], lines_of)
        return len(lines)

    def start(self, values: dict[str, list[str]], line: int, lines_of: dict[str, int]
              ) -> None:
        variant = values["variant"][-1]
        try:
            self.map = load_map(variant)
        except MapError as exc:
            raise self.error(line, f"unknown variant {variant!r}: {exc}") from None
        game = values.get("game", [None])[-1]
        grey = values.get("grey press", ["not allowed"])[-1]
        if " ".join(grey.lower().split()) not in YES + NO:
            raise self.error(line, f"write 'Grey press: allowed' or 'Grey press: not allowed', "
                                   f"not {grey!r}")
        shown = " ".join(values.get("report lines", ["refused"])[-1].lower().split())
        if shown not in REPORT_LINES:
            raise self.error(line, f"write 'Report lines: refused', 'all' or 'none', not "
                                   f"{shown!r}")
        self.archive = Archive(game=game, variant=self.map.id, notes=values.get("notes", []),
                               grey_press=" ".join(grey.lower().split()) in YES,
                               report_lines=shown)
        if values.get("start state"):
            try:
                state = json.loads(values["start state"][-1])
            except json.JSONDecodeError as exc:
                raise self.error(lines_of["start state"], f"the start state is not valid "
                                                          f"JSON: {exc}") from None
            if not isinstance(state, dict):
                raise self.error(lines_of["start state"], "the start state is a JSON object: "
                                                          "'Start state: {...}'")
            self.archive.start_state = state

    # --- body ---------------------------------------------------------------------------
    def body(self, lines: list[tuple[int, str]]) -> None:
        for no, text in lines:
            if self.rows is not None:
                if text.startswith(ROW):
                    self.row(no, text)
                    continue
                if text.startswith(MARK):
                    self.mark(no, text)
                    continue
                self.end_letter()
            if self.press is not None:
                if text.startswith("|"):
                    self.press_lines.append(text[2:] if text[1:2] == " " else text[1:])
                    continue
                self.end_press()
            try:
                heading = parse_phase_name(text, self.map)
            except PhaseNameError as exc:
                raise self.error(no, str(exc)) from None
            if heading is not None:
                self.new_phase(no, text)
                continue
            key = _KEY.match(text)
            if key and key.group("key").lower() in ("result", "winner"):
                self.end_letter()
                value = key.group("value").strip()
                if key.group("key").lower() == "winner":
                    value = joint_victory(self.power_names(no, value))
                self.archive.result = value
                self.archive.result_line = no
                continue
            if self.archive.result is not None:
                raise self.error(no, "nothing may follow the 'Result:' or 'Winner:' line")
            if self.phase is None:
                raise self.error(no, f"expected a phase heading such as 'Spring "
                                     f"{self.map.calendar.year_label(self.map.calendar.first_year)}'"
                                     f", found {text!r}")
            if self.in_outcome:
                self.outcome_line(no, text)
            elif text.lower().startswith("gm edit:"):
                self.edit_line(no, text)
            elif _LETTER.match(text):
                self.start_recorded(no, _LETTER.match(text))
            elif self.zine_line(no, text, key):
                continue
            elif text.lower().rstrip(":").strip() == "outcome":
                self.end_letter()
                self.in_outcome = True
                self.phase.outcome = RecordedOutcome(line=no)
            else:
                self.order_line(no, text, key)
        self.end_press()
        self.end_letter()

    def power_names(self, no: int, text: str) -> list[str]:
        """The powers of a `Winner:` line, as the map names them."""
        names = []
        for part in (p.strip() for p in text.split(",")):
            power = self.map.power_id(part) if part else None
            if power is None:
                raise self.error(no, f"{part!r} is not a power of {self.map.name}")
            names.append(self.map.powers[power].name)
        return names

    def new_phase(self, no: int, text: str) -> None:
        self.end_letter()
        if self.archive.result is not None:
            raise self.error(no, "nothing may follow the 'Result:' or 'Winner:' line")
        self.phase = ArchivePhase(line=no, heading=text.strip())
        self.archive.phases.append(self.phase)
        self.in_outcome = False

    # --- the zine: players, deadline, press -------------------------------------------------
    def zine_line(self, no: int, text: str, key: re.Match | None) -> bool:
        """Read a player, deadline or press line; False if `text` is none of them."""
        press = _PRESS.match(text)
        player = _PLAYER.match(text)
        if press:
            self.end_letter()
            self.start_press(no, press)
        elif player:
            self.end_letter()
            self.player_line(no, player)
        elif key and key.group("key").lower() == "deadline":
            self.end_letter()
            if self.phase.deadline is not None:
                raise self.error(no, f"a second deadline for {self.phase.heading} (the first "
                                     f"is on line {self.phase.deadline_line}); keep one")
            try:
                self.phase.deadline = read_due(key.group("value"))
            except DeadlineError as exc:
                raise self.error(no, str(exc)) from None
            self.phase.deadline_line = no
        else:
            return False
        return True

    def player_line(self, no: int, m: re.Match) -> None:
        power = self.map.power_id(m.group("power"))
        if power is None:
            raise self.error(no, f"{m.group('power')!r} is not a power of {self.map.name}")
        role, value = m.group("role").lower(), " ".join(m.group("value").split())
        if role == "contact":
            last = next((p for p in reversed(self.phase.players) if p.power == power), None)
            if last is None or not last.name:
                raise self.error(no, f"a contact belongs under a 'Player {m.group('power')}:' "
                                     "line of the same phase")
            last.contact = value
            return
        if not value:
            raise self.error(no, f"give the player's name, or '{VACANT}' if nobody plays "
                                 f"{m.group('power')}")
        vacant = value.lower() == VACANT
        if vacant and role == "standby":
            raise self.error(no, f"a standby is somebody; write 'Player {m.group('power')}: "
                                 f"{VACANT}' if nobody plays it")
        self.phase.players.append(ArchivePlayer(line=no, power=power,
                                                name="" if vacant else value,
                                                standby=role == "standby"))

    def start_press(self, no: int, m: re.Match) -> None:
        power = None
        if m.group("power"):
            power = self.map.power_id(m.group("power"))
            if power is None:
                raise self.error(no, f"{m.group('power')!r} is not a power of {self.map.name}")
        self.press = ArchivePress(line=no, kind="note" if m.group("note") else "press",
                                  power=power, grey=bool(m.group("grey")), text="")
        if not m.group("note") and not m.group("grey") and power is None:
            raise self.error(no, "say whose press it is: 'Press from "
                                 f"{self.map.example_heading()}', or 'Grey press:' for "
                                 "anonymous press")
        self.press_lines = [m.group("rest")] if m.group("rest") else []

    def end_press(self) -> None:
        if self.press is None:
            return
        if not any(line.strip() for line in self.press_lines):
            raise self.error(self.press.line, "the press has no text; put its lines below the "
                                              "heading, each starting with '|'")
        self.press.text = "\n".join(self.press_lines)
        self.phase.press.append(self.press)
        self.press, self.press_lines = None, []

    def edit_line(self, no: int, text: str) -> None:
        m = _EDIT.match(text)
        if not m:
            raise self.error(no, "write a correction as 'GM edit: add France A Par (reason: "
                                 "why)'")
        self.end_letter()
        self.phase.edits.append(ArchiveEdit(line=no, command=m.group("command"),
                                            reason=m.group("reason"),
                                            after_letters=len(self.phase.letters)))

    def order_line(self, no: int, text: str, key: re.Match | None) -> None:
        power = self.map.power_id(key.group("key")) if key else None
        if power is not None:
            self.end_letter()
            self.letter = ArchiveLetter(line=no, power=power, text="")
            rest = key.group("value").strip()
            if rest:
                self.letter_lines.append(rest)
            return
        if self.letter is None:
            raise self.error(no, f"{text!r} comes before any power's name; put a line such "
                                 f"as '{self.map.example_heading()}' above the orders")
        self.letter_lines.append(text)

    def end_letter(self) -> None:
        if self.letter is not None:
            if self.rows is not None:
                if not self.rows:
                    raise self.error(self.letter.line, "the letter has no lines; put each "
                                                       "below it behind '|'")
                self.letter.recorded = self.rows
                self.letter_lines = [row.text for row in self.rows]
            self.letter.text = "\n".join(self.letter_lines)
            self.phase.letters.append(self.letter)
        self.letter, self.letter_lines, self.rows = None, [], None

    # --- a letter as the record keeps it ----------------------------------------------------
    def start_recorded(self, no: int, m: re.Match) -> None:
        self.end_letter()
        power = None
        if m.group("power"):
            power = self.map.power_id(m.group("power"))
            if power is None:
                raise self.error(no, f"{m.group('power')!r} is not a power of {self.map.name}")
        self.letter = ArchiveLetter(line=no, power=power, text="")
        self.rows, self.marked = [], False

    def row(self, no: int, text: str) -> None:
        line = text[2:] if text[1:2] == " " else text[1:]
        if not line.strip():
            raise self.error(no, "an empty letter line; leave it out")
        self.rows.append(RecordedLine(text=line, where=no))
        self.marked = False

    def mark(self, no: int, text: str) -> None:
        """`-> ...` under a letter line: where gm filed it (docs/archive-format.md)."""
        if not self.rows:
            raise self.error(no, "a '->' line says where gm filed the letter line above it; "
                                 "put it under one")
        if self.marked:
            raise self.error(no, "the letter line above already says where gm filed it; keep "
                                 "one '->' line under each")
        body = text[len(MARK):].strip()
        if not body:
            raise self.error(no, "say after '->' where gm filed the line (see "
                                 "docs/archive-format.md), or leave the '->' line out")
        self.rows[-1] = self.filed(no, body, self.rows[-1])
        self.marked = True

    def filed(self, no: int, body: str, row: RecordedLine) -> RecordedLine:
        m = _FILED.match(body)
        if m:
            filed, kind = m.group("filed").lower(), (m.group("kind") or "").strip().lower()
            detail = (m.group("detail") or "").strip()
            if filed == "rejected":  # any kind: one gm knows no more is kept as it is
                return replace(row, filed=REJECTED, kind=kind, detail=detail)
            if filed == "ignored":
                if not kind:
                    raise self.error(no, "say which kind of line was ignored: 'ignored "
                                         f"({ignored.GREETING})', 'ignored "
                                         f"({ignored.NOT_AN_ORDER})'")
                return replace(row, filed=IGNORED, kind=kind, detail=detail)
            return replace(row, filed=HEADING, detail=detail)
        later, rest = None, body
        target = _FOR_PHASE.match(rest)
        if target:
            try:
                phase = parse_phase_name(target.group("phase"), self.map)
            except PhaseNameError as exc:
                raise self.error(no, str(exc)) from None
            if phase is None:
                raise self.error(no, f"{target.group('phase')!r} is no phase of "
                                     f"{self.map.name}; write where gm filed the line as "
                                     "'-> for Winter 1901: Build A Par'")
            later, rest = phase_name(phase, self.map), rest[target.end():]
        conditional = _IF_DISLODGED.match(rest)
        if conditional:
            rest = rest[conditional.end():]
        if later or conditional:
            if rest.strip() and not rest.startswith(":"):
                raise self.error(no, "write where gm filed the line as '-> for Winter 1901: "
                                     "Build A Par' or '-> if dislodged: A Mar R Gas'")
            reading = rest[1:].strip() or None
        else:
            reading = body
        return replace(row, filed=ORDER, reading=reading, later=later,
                       conditional=bool(conditional))

    # --- outcome ------------------------------------------------------------------------
    def outcome_line(self, no: int, text: str) -> None:
        outcome = self.phase.outcome
        key = _KEY.match(text)
        if not key:
            raise self.error(no, f"cannot read the outcome line {text!r}; see "
                                 "docs/archive-format.md")
        name, value = key.group("key").lower(), key.group("value").strip()
        if name == "dislodged":
            outcome.dislodged = [self.dislodged(no, part) for part in _items(value)]
        elif name == "standoffs":
            outcome.standoffs = sorted(self.province(no, p) for p in _items(value))
        elif name == "state":
            try:
                outcome.state = json.loads(value or "{}")
            except json.JSONDecodeError as exc:
                raise self.error(no, f"the state is not valid JSON: {exc}") from None
        else:
            power = self.map.power_id(key.group("key"))
            if power is None:
                raise self.error(no, f"{key.group('key')!r} is not a power of {self.map.name}")
            outcome.holdings.append(self.holding(no, power, value))

    def holding(self, no: int, power: str, value: str) -> Holding:
        units_part, _, centres_part = value.partition(";")
        units = [self.unit(no, power, u) for u in _items(units_part, "no units")]
        centres_part = centres_part.strip()
        if centres_part.lower().startswith("centres"):
            centres_part = centres_part[len("centres"):]
        elif centres_part.lower() not in ("", "no centres"):
            raise self.error(no, "write a power's outcome as 'France: A Par, F Bre; centres "
                                 "Bre, Mar, Par'")
        centres = sorted(self.province(no, c) for c in _items(centres_part, "no centres"))
        return Holding(power=power, units=units, centres=centres)

    def unit(self, no: int, power: str, text: str) -> str:
        try:
            unit = parse_unit_text(text, power)
        except CodecError as exc:
            raise self.error(no, str(exc)) from None
        location = self.map.location_id(unit.location)
        if location is None:
            raise self.error(no, f"unknown province in {text!r}")
        return unit_record(unit.moved_to(location))  # with its tag, if the archive has one

    def leading_power(self, text: str) -> tuple[str | None, str]:
        """The power a text starts with (names may be several words: 'The Allies') and the
        rest of the text."""
        for name, power in _power_names(self.map):
            if text.lower().startswith(name.lower() + " "):
                return power, text[len(name):].strip()
        return None, text

    def province(self, no: int, text: str) -> str:
        location = self.map.location_id(text)
        if location is None:
            raise self.error(no, f"{text!r} is not a province of {self.map.name}")
        return location.split("/")[0]

    def dislodged(self, no: int, text: str) -> RecordedDislodged:
        power, rest = self.leading_power(text)
        m = _DISLODGED.match(f"x {rest}") if power else None
        if m is None:
            raise self.error(no, f"write a dislodged piece as 'France A Bur (from Mun)' or "
                                 f"'France A Bur (by convoy)', not {text!r}")
        source = None if m.group("convoy") else self.province(no, m.group("src"))
        return RecordedDislodged(power=power, unit=self.unit(no, power, m.group("unit")),
                                 attacker_from=source)


def _power_names(game_map: GameMap) -> list[tuple[str, str]]:
    """(name, power id) for every way a power is written, longest first."""
    names = []
    for power in game_map.powers.values():
        for name in {power.id, power.name, power.adjective, *power.aliases}:
            if name:
                names.append((name, power.id))
    return sorted(names, key=lambda pair: -len(pair[0]))


def _items(text: str, none_word: str = "none") -> list[str]:
    text = text.strip()
    if not text or text.lower() in ("none", none_word):
        return []
    return [part.strip() for part in text.split(",") if part.strip()]


def read_archive(text: str, source: str = "archive") -> Archive:
    """Read an archive's text; `source` names it in error messages. An archive whose last line
    has no line end may have been cut off (a copy or a disk that failed), or written by an
    editor that ends no file with a line end: the line is kept when it reads whole as what
    its place expects, and else left out, with a letter line whose '->' line may have been
    lost, and `Archive.cut_line` says so."""
    raw_lines = text.lstrip("\ufeff").splitlines()
    lines = []
    for no, raw in enumerate(raw_lines, 1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            lines.append((no, stripped))
    if not lines:
        raise ArchiveError(f"{source}: the archive is empty")
    reader = _Reader(source)
    body_start = reader.header(lines)
    body = lines[body_start:]
    cut = None
    if body and not text.endswith(("\n", "\r")):
        body, cut = _without_cut(body, len(raw_lines), not raw_lines[-1].strip(), reader)
    reader.body(body)
    if cut is not None:
        reader.archive.cut_line, reader.archive.cut_text = cut
    return reader.archive


def _without_cut(body: list[tuple[int, str]], last_no: int, blank: bool, reader: _Reader
                 ) -> tuple[list[tuple[int, str]], tuple[int, str] | None]:
    """The lines of an archive without a last line end, less what was cut off; and (the first
    line left out, the text cut), or None when the last line is whole (`_reads_whole`).
    `blank`: the cut fell before the last line's text. A letter line goes with its '->' line,
    which may be what was cut; a heading left with nothing under it (`Press from Rome:`,
    `Letter from Rome:`) goes too."""
    no, last = body[-1]
    if blank:  # the last line is whole, but a letter line may have lost its '->' line
        kept = body[:-1] if last.startswith(ROW) else body
        cut_text = last if last.startswith(ROW) else ""
    else:
        if _reads_whole(body, reader):
            return body, None
        kept, cut_text = body[:-1], last
        if last.startswith(MARK) and kept and kept[-1][1].startswith(ROW):
            kept = kept[:-1]
    while kept and kept[-1][1].endswith(":"):
        kept = kept[:-1]
    return kept, (body[len(kept)][0] if len(kept) < len(body) else last_no, cut_text)


def _reads_whole(body: list[tuple[int, str]], reader: _Reader) -> bool:
    """Does the last line read whole as the item its place expects? A `Result:` line; the
    heading of a phase after the one before it; a letter's line that reads as an order (with
    no guess: a cut name may still be a name), or its '->' line as the archive writes one; an
    outcome line; a correction, or a deadline, that reads. Free text (a player's name, press,
    a note) cannot show that it is whole, and goes as cut."""
    game_map = reader.map
    no, last = body[-1]
    headings = [(n, h) for n, h in ((n, _heading(t, game_map)) for n, t in body[:-1]) if h]
    phase = headings[-1][1] if headings else None
    if re.match(r"^(?:result|winner)\s*:", last, re.I):
        return True
    this = _heading(last, game_map)
    if this is not None:
        return phase is not None and phase_key(this, game_map) > phase_key(phase, game_map)
    above = next((i for i in range(len(body) - 2, -1, -1)
                  if not body[i][1].startswith((ROW, MARK))), None)
    head = body[above][1] if above is not None else ""
    letter = _LETTER.match(head)
    power = game_map.power_id(letter.group("power")) if letter and letter.group("power") \
        else None
    kind = phase.kind if phase is not None else None
    if last.startswith(MARK):
        return letter is not None and body[-2][1].startswith(ROW) and _whole_mark(
            no, last[len(MARK):].strip(), power, phase, reader)
    if last.startswith(ROW):
        return letter is not None and _whole_order(last[len(ROW):].strip(), power, game_map,
                                                   kind)
    if any(t.lower().rstrip(":").strip() == "outcome" for n, t in body[:-1]
           if n > (headings[-1][0] if headings else 0)):
        probe = _Reader(reader.source)
        probe.map, probe.phase = game_map, ArchivePhase(heading="")
        probe.phase.outcome = RecordedOutcome()
        try:
            probe.outcome_line(no, last)
        except ArchiveError:
            return False
        return True
    key = _KEY.match(last)
    if _EDIT.match(last):
        return True
    if key and key.group("key").lower() == "deadline":
        try:
            read_due(key.group("value"))
        except DeadlineError:
            return False
        return True
    if _PLAYER.match(last) or _PRESS.match(last) or _LETTER.match(last) \
            or last.lower().startswith("gm edit:"):
        return False
    power = game_map.power_id(key.group("key")) if key else None  # `France: A Par - Bur`
    return _whole_order(key.group("value").strip() if power else last, power, game_map, kind)


def _whole_order(text: str, power: str | None, game_map: GameMap, kind: str | None = None
                 ) -> bool:
    """Does `text` read as one order, with nothing guessed, in a phase of `kind` (a bare unit
    is a build in an adjustment phase) or in none?"""
    for phase_kind in dict.fromkeys((kind, None)):
        try:
            if not read_order(text, game_map, power, phase_kind=phase_kind).notes:
                return True
        except OrderError:
            continue
    return False


def _whole_mark(no: int, body: str, power: str | None, phase, reader: _Reader) -> bool:
    """Does a letter line's last '->' line read whole: a reading that reads, kept for a phase
    that follows the one it is in, a rejection of a known kind whose reason ends as a
    sentence, an ignored line of a known kind?"""
    try:
        row = reader.filed(no, body, RecordedLine(text=""))
    except ArchiveError:
        return False
    if row.filed == REJECTED:
        return row.kind in (*ERROR_KINDS, "") and row.detail.endswith(_SENTENCE_END)
    if row.filed == IGNORED:
        return row.kind in ignored.KINDS and (row.kind != ignored.QUOTED_ORDER or _whole_order(
            row.detail, power, reader.map))
    if row.filed != ORDER:
        return False  # a heading's note is free text
    ahead = {phase_name(p, reader.map): p.kind for p in phases_ahead(phase, reader.map)} \
        if phase is not None else {}
    if row.later is not None and row.later not in ahead:
        return False
    kind = ahead[row.later] if row.later is not None else phase.kind if phase else None
    return row.reading is None or _whole_order(row.reading, power, reader.map, kind)


def _heading(text: str, game_map: GameMap):
    try:
        return parse_phase_name(text, game_map)
    except PhaseNameError:
        return None
