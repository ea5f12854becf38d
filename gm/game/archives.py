"""Exporting a game as an archive, and rebuilding a game from one.

An export writes the record of the game: each letter line with where gm filed it when the
letter was read, the corrections in their place among the letters, the players, deadlines,
press, outcomes and result (docs/archive-format.md). A replay runs the archive through the
same commands a GM would type, with the same checks (corrections, letters, players, deadline,
press, adjudication, a draw), phase by phase, in one transaction: it stores the whole game or
nothing. A recorded letter is filed line by line as recorded, never read anew
(`gm.orders.recorded`), so the game replays as it was played whatever gm's letter reader has
learnt since. With `check`, every adjudicated phase's position is compared with the outcome
the archive records, and every recorded order with what the replay made of it; any difference
fails the replay and is listed.

An export leaves out what only the GM may see (players' contacts, the senders of grey press,
the chatter of letters) unless it is `private`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from gm.calendar import PhaseNameError, label_key, phase_name, require_phase
from gm.engine.position import Position
from gm.game.adjudication import adjudicate_open_phase
from gm.game.corrections import correct
from gm.game.deadlines import set_due_date
from gm.game.games import GameView, check_game_name, new_game, open_game
from gm.game.history import declare_draw
from gm.game.intake import letter_phases, take_orders
from gm.game.letter_bytes import letter_text
from gm.game.players import set_player
from gm.game.press import add_press, allow_grey
from gm.game.stored_orders import phase_kind_of, typed_order
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.notation import place, unit_display, unit_record, unit_text
from gm.orders import ignored
from gm.orders.ignored import MAY_BE_ORDERS, ignored_reason
from gm.orders.recorded import HEADING, IGNORED, ORDER, REJECTED, RecordedLine
from gm.report.report_data import SeasonReport
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.archive import (
    Archive,
    ArchiveEdit,
    ArchiveLetter,
    ArchivePhase,
    ArchivePlayer,
    ArchivePress,
    Holding,
    RecordedDislodged,
    RecordedOutcome,
    write_archive,
)
from gm.store.codec import state_from_json, state_to_json
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of
from gm.store.edit_rows import edits_of_phase, position_before_edits
from gm.store.game_rows import GameRow, PhaseRow
from gm.store.order_rows import OrderRow, letters_of_phase, orders_of_phase
from gm.store.player_rows import players_of_game
from gm.store.position_rows import load_position
from gm.store.press_rows import grey_press_allowed, press_of_phase
from gm.store.result_rows import adjudication_from


def outcome_of(position: Position, game_map: GameMap) -> RecordedOutcome:
    """A position as an archive records it. Where the map's rules let pieces stack, each
    piece is written with its tag (`A Spa #W451A:spa:2`): which of two like pieces is which
    matters there. Elsewhere a piece is the only one in its province, and the archive is
    written as before tags."""
    shown = unit_record if RuleSet.for_map(game_map).answers("may_stack") else unit_text
    holdings = []
    for power in game_map.powers:
        units = [shown(u) for u in position.units_of(power)]
        centres = position.centres_of(power)
        if units or centres:
            holdings.append(Holding(power=power, units=units, centres=centres))
    dislodged = [RecordedDislodged(power=d.unit.power, unit=shown(d.unit),
                                   attacker_from=d.attacker_from) for d in position.dislodged]
    return RecordedOutcome(holdings=holdings, dislodged=dislodged,
                           standoffs=sorted(position.standoffs),
                           state=json.loads(state_to_json(position.state)))


def players_by_phase(store: Store, view: GameView, phases: list[PhaseRow]
                     ) -> dict[str, list[ArchivePlayer]]:
    """Each change of player under the first live phase at or after the one it starts from
    (a change made for a phase that was later undone moves to the phase that took its
    place); changes after the last live phase are left out."""
    keys = [label_key(p.label, view.map) for p in phases]
    out: dict[str, list[tuple[tuple[int, int], ArchivePlayer]]] = {}
    for row in players_of_game(store, view.game.id):
        start = label_key(row.from_phase, view.map)
        home = next((p for p, key in zip(phases, keys, strict=True)
                     if start is not None and key is not None and key >= start), None)
        if home is None or row.power not in view.map.powers:
            continue
        out.setdefault(home.label, []).append((start, ArchivePlayer(
            power=row.power, name=row.name, standby=row.standby, contact=row.contact)))
    return {label: [p for _, p in sorted(items, key=lambda item: item[0])]
            for label, items in out.items()}


def press_of(store: Store, game: GameRow, phase: PhaseRow) -> list[ArchivePress]:
    return [ArchivePress(kind=item.kind, power=item.power, grey=item.grey, text=item.text)
            for item in press_of_phase(store, game.id, phase.label)]


def letters_of(store: Store, view: GameView, phase: PhaseRow, private: bool
               ) -> tuple[list[ArchiveLetter], list[int]]:
    """The phase's letters as the record keeps them, each line with where gm filed it; and
    how many archive letters the first 0, 1, 2... stored letters make (a correction is written
    after the letters entered before it).

    Lines withdrawn (a letter the GM dropped, or a power's letters replaced) are left out:
    they never counted. So is the chatter of a letter (greetings, headings, quoted mail that
    reads as no order), unless the archive is `private`. A letter ordering for several powers
    (a heading for each) is written as one letter per power, in its order."""
    rows: dict[int, list[OrderRow]] = {}
    for row in orders_of_phase(store, phase.id):
        rows.setdefault(row.letter_id, []).append(row)
    out: list[ArchiveLetter] = []
    made = [0]
    for letter in letters_of_phase(store, phase.id):
        blocks: list[tuple[str | None, list[RecordedLine]]] = []
        for row in rows.get(letter["id"], []):
            if row.status == "withdrawn" or (not private and row.status == "ignored"
                                             and row.category not in MAY_BE_ORDERS):
                continue
            power = row.written_for if row.written_for is not None \
                else letter["power"] or row.power
            line = recorded_line(row, view, phase)
            if blocks and (power is None or blocks[-1][0] in (None, power)):
                blocks[-1] = (blocks[-1][0] or power, blocks[-1][1] + [line])
            else:
                blocks.append((power, [line]))
        out += [ArchiveLetter(power=power, text="\n".join(line.text for line in lines),
                              recorded=lines) for power, lines in blocks]
        made.append(len(out))
    return out, made


def recorded_line(row: OrderRow, view: GameView, phase: PhaseRow) -> RecordedLine:
    """A stored letter line as the archive records it."""
    if row.status == "rejected":
        return RecordedLine(row.text, REJECTED, kind=row.category,
                            detail=row.explanation or row.reason)
    if row.status == "ignored" and row.category == ignored.HEADING:
        return RecordedLine(row.text, HEADING, detail=row.reason)
    if row.status == "ignored":
        kind = row.category or ignored.NOT_AN_ORDER
        return RecordedLine(row.text, IGNORED, kind=kind,
                            detail=_reads_as(row.reason) if kind == ignored.QUOTED_ORDER else "")
    return RecordedLine(row.text, ORDER, reading=row.parsed,
                        later=_kept_for(row, view, phase) or None,
                        conditional=bool(row.conditional))


def _reads_as(reason: str) -> str:
    """The order a quoted line reads as, from the reason gm gave it."""
    before, _, after = ignored_reason(ignored.QUOTED_ORDER, "\0").partition("\0")
    if reason.startswith(before) and reason.endswith(after):
        return reason[len(before):len(reason) - len(after)]
    return ""


def _kept_for(row: OrderRow, view: GameView, phase: PhaseRow) -> str:
    """The label of the later phase a line was kept for ('' the phase it was entered in). For
    a replaced line stored before gm kept it, its kind says (store migration 9 gave the
    lines kept for later theirs)."""
    if row.target is not None:
        return row.target
    if row.status != "superseded":
        return ""
    try:
        kind = phase_kind_of(typed_order(row, view.map), view.map)
    except WorkflowError:
        return ""
    slot = letter_phases(phase.phase, view.map).first_of_kind(kind) \
        if kind not in (None, phase.kind) else None
    return slot.label if slot else ""


def export_game(store: Store, name: str, private: bool = False) -> str:
    """The game as archive text: every live phase with its corrections, players, deadline,
    letters as recorded, press and outcome. `private` adds what only the GM may see: players'
    contacts, who sent grey press, and every line of the letters."""
    with store.transaction(write=False):
        view = open_game(store, name)
        game = view.game
        archive = Archive(game=game.name, variant=game.variant,
                          notes=[n for n in game.notes.splitlines() if n.strip()],
                          grey_press=grey_press_allowed(store, game.id),
                          report_lines=rows.report_lines(store, game.id),
                          result=game.result)
        live = rows.live_phases(store, game)
        archive.start_state = json.loads(state_to_json(
            position_before_edits(store, live[0]).state)) if live else {}
        players = players_by_phase(store, view, live)
        for phase in live:
            entry = ArchivePhase(heading=phase.label)
            entry.players = players.get(phase.label, [])
            entry.deadline = deadline_of(store, game.id, phase.label)
            entry.press = press_of(store, game, phase)
            entry.letters, made = letters_of(store, view, phase, private)
            entry.edits = [ArchiveEdit(command=e.command, reason=e.reason,
                                       after_letters=made[min(e.letters_before or 0,
                                                              len(made) - 1)])
                           for e in edits_of_phase(store, phase.id)]
            adjudication = adjudication_from(store, phase.id, "live")
            if adjudication is not None:
                following = rows.get_phase(store, adjudication.next_phase_id)
                entry.outcome = outcome_of(position_before_edits(store, following),
                                           view.map)
            elif game.result_kind == "solo" and phase.id == game.ended_phase_id and not (
                    entry.letters or entry.edits or entry.players or entry.press
                    or entry.deadline):
                continue  # the phase a victory reached is never played: the result ends it
            archive.phases.append(entry)
        return write_archive(archive, view.map, private)


def untagged(units: set[str]) -> set[str]:
    """Units as an archive written before tags has them (`A par #S1901M:par` -> `A par`)."""
    return {re.sub(r" #\S+", "", u) for u in units}


def compare_outcomes(recorded: RecordedOutcome, actual: RecordedOutcome, game_map: GameMap
                     ) -> list[str]:
    """Where the replayed position differs from the recorded one, in words."""
    out: list[str] = []

    def differ(what: str, want: set[str], got: set[str], show: Callable[[str], str]) -> None:
        if want != got:
            only_a = ", ".join(show(x) for x in sorted(want - got)) or "-"
            only_r = ", ".join(show(x) for x in sorted(got - want)) or "-"
            out.append(f"{what}: the archive has {only_a}, the replay has {only_r}")

    want = {h.power: h for h in recorded.holdings}
    got = {h.power: h for h in actual.holdings}
    for power in game_map.powers:
        name = game_map.powers[power].name
        a, r = want.get(power), got.get(power)
        recorded_units = set(a.units if a else ())
        replayed = set(r.units if r else ())
        if not any(" #" in u for u in recorded_units):  # an archive written without tags
            recorded_units, replayed = untagged(recorded_units), untagged(replayed)
        differ(f"{name} units", recorded_units, replayed, unit_display)
        differ(f"{name} centres", set(a.centres if a else ()), set(r.centres if r else ()),
               place)

    def dislodged_key(d: RecordedDislodged) -> str:
        how = f"from {place(d.attacker_from)}" if d.attacker_from else "by convoy"
        return f"{game_map.powers[d.power].name} {unit_display(d.unit)} ({how})"

    want_dislodged = {dislodged_key(d) for d in recorded.dislodged}
    got_dislodged = {dislodged_key(d) for d in actual.dislodged}
    if not any(" #" in d.unit for d in recorded.dislodged):
        want_dislodged, got_dislodged = untagged(want_dislodged), untagged(got_dislodged)
    differ("dislodged", want_dislodged, got_dislodged, str)
    differ("standoffs", set(recorded.standoffs), set(actual.standoffs), place)
    if recorded.state != actual.state:
        out.append(f"variant state: the archive has {json.dumps(recorded.state)}, the replay "
                   f"has {json.dumps(actual.state)}")
    return out


@dataclass(slots=True)
class Difference:
    """One outcome of a replay that is not what the archive recorded (`gm replay --check`)."""

    phase: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"line {self.line}, {self.phase}: {self.text}"


class ReplayDifferences(WorkflowError):
    """`--check` found differences; the replay was not stored."""

    def __init__(self, differences: list[Difference]):
        self.differences = differences
        super().__init__(f"{len(differences)} difference(s) between the archive and the replay;"
                         " nothing was stored")


@dataclass(slots=True)
class Replayed:
    """What a replay of an archive did, for the GM's summary line."""

    game: str
    phases: int  # phases adjudicated
    checked: int  # outcomes compared
    current: str  # the open phase at the end
    result: str | None
    notes: list[str] = field(default_factory=list)


def replay(store: Store, archive: Archive, name: str | None = None, check: bool = False,
           source: str = "archive",
           on_report: Callable[[SeasonReport], None] | None = None) -> Replayed:
    """Rebuild the archive's game in the store, phase by phase, in one transaction."""
    game_name = name or archive.game
    if not game_name:
        raise WorkflowError(f"{source} has no 'Game:' line; name the game with --as NAME.")
    check_game_name(game_name)
    differences: list[Difference] = []
    with store.transaction():
        if rows.find_game(store, game_name) is not None:
            raise WorkflowError(f"there is already a game called {game_name!r} in "
                                f"{store.path}; replay the archive under another name with "
                                "--as NAME.")
        view = new_game(store, game_name, archive.variant, "\n".join(archive.notes),
                        state_from_json(json.dumps(archive.start_state))
                        if archive.start_state else None)
        if archive.grey_press:
            allow_grey(store, game_name, True)
        if archive.report_lines != "refused":
            rows.set_report_lines(store, view.game.id, archive.report_lines)
        done = checked = 0
        notes: list[str] = []
        for i, entry in enumerate(archive.phases):
            phase = rows.open_phase(store, view.game)
            if rows.find_game(store, game_name).ended:
                differences.append(Difference(entry.heading, entry.line,
                                              "the archive goes on after the game ended"))
                break
            problem = _heading_problem(entry, phase.phase, view)
            if problem:
                if not check:
                    raise WorkflowError(f"{source}:{entry.line}: {problem}")
                differences.append(Difference(entry.heading, entry.line, problem))
                break
            _correct(store, game_name, entry, 0, source)
            for n, letter in enumerate(entry.letters, 1):
                differences += _enter_letter(store, game_name, entry, letter, check, source)
                _correct(store, game_name, entry, n, source)
            _enter_zine(store, game_name, entry, source)
            if i == len(archive.phases) - 1 and (entry.outcome is None or archive.cut_line):
                notes += _cut_notes(archive, entry, source)
                break
            report = adjudicate_open_phase(store, view, phase)
            done += 1
            if on_report is not None:
                on_report(report)
            if check and entry.outcome is not None:
                checked += 1
                following = rows.open_phase(store, view.game)
                actual = outcome_of(load_position(store, following), view.map)
                differences += [Difference(entry.heading, entry.outcome.line, text)
                                for text in compare_outcomes(entry.outcome, actual, view.map)]
        _finish(store, archive, game_name, check, differences, source)
        if differences:
            raise ReplayDifferences(differences)
        game = rows.get_game(store, game_name)
        return Replayed(game.name, done, checked, rows.open_phase(store, game).label,
                        game.result, notes)


def _correct(store: Store, name: str, entry: ArchivePhase, after_letters: int, source: str
             ) -> None:
    """The phase's corrections made after that many of its letters (after the last letter:
    every one made after it), as `gm edit` makes them."""
    last = len(entry.letters)
    for edit in entry.edits:
        if min(edit.after_letters, last) != after_letters:
            continue
        action, _, rest = edit.command.partition(" ")
        try:
            correct(store, name, action, rest.split(), edit.reason)
        except WorkflowError as exc:
            raise WorkflowError(f"{source}:{edit.line}: {exc}") from None


def _enter_letter(store: Store, name: str, entry: ArchivePhase, letter: ArchiveLetter,
                  check: bool, source: str) -> list[Difference]:
    """A letter entered as `gm orders` enters it: a recorded one filed line by line as
    recorded (`gm.orders.recorded`), an older archive's read as a pasted letter. With `check`,
    each recorded order that the replay rejects or reads otherwise is a difference."""
    try:
        take_orders(store, name, letter.text, letter.power, source=f"{source}:{letter.line}",
                    force=True, recorded=letter.recorded)
    except WorkflowError as exc:
        raise WorkflowError(f"{source}:{letter.line}: {exc}") from None
    if not check or letter.recorded is None:
        return []
    phase = rows.open_phase(store, rows.get_game(store, name))
    stored = letters_of_phase(store, phase.id)[-1]["id"]
    out = []
    for row in orders_of_phase(store, phase.id):
        line = letter.recorded[row.line - 1] if row.letter_id == stored else None
        if line is None or line.filed != ORDER:
            continue
        meant = f"kept for {line.later}" if line.later else f"an order of {entry.heading}"
        if row.status == "rejected":
            out.append(Difference(entry.heading, line.where,
                                  f"{line.text!r} was {meant}; the replay rejects it: "
                                  f"{row.explanation or row.reason}"))
        elif line.reading and row.parsed != line.reading:
            out.append(Difference(entry.heading, line.where,
                                  f"{line.text!r} was read as {line.reading!r}; the replay "
                                  f"reads it as {row.parsed!r}"))
    return out


def _cut_notes(archive: Archive, entry: ArchivePhase, source: str) -> list[str]:
    """What a replay says of an archive cut off (`Archive.cut_line`)."""
    if not archive.cut_line:
        return []
    cut = f" ({archive.cut_text!r})" if archive.cut_text else ""
    unused = "; its recorded outcome is not used" if entry.outcome is not None else ""
    return [f"{source}:{archive.cut_line}: the archive ends in the middle of {entry.heading}, "
            f"cut off{cut}; what is cut is left out, and {entry.heading} is the phase in "
            f"progress{unused}."]


def archive_text(data: bytes, source: str) -> str:
    """An archive file's text, read as letters are read: UTF-8, or the charset an editor
    saved it in (UTF-16, latin-1, Windows-1252). A file cut inside a character loses that
    character; bytes that are no text are refused with the line they are on."""
    if b"\x00" not in data:  # NULs: UTF-16 without a mark, or no text
        try:
            return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        except UnicodeDecodeError as exc:
            if exc.reason == "unexpected end of data":
                return archive_text(data[:exc.start], source)
    try:
        return letter_text(data, source)
    except WorkflowError:
        text = data.decode("utf-8", errors="replace")
        bad = next((no for no, line in enumerate(text.splitlines(), 1)
                    if "\ufffd" in line or any(ord(ch) < 32 and ch not in "\t\f\v"
                                               for ch in line)), 1)
        raise WorkflowError(f"{source}:{bad}: this line holds bytes that are no text in any "
                            "charset gm knows; an archive is text (save it as UTF-8).") from None


def _enter_zine(store: Store, name: str, entry: ArchivePhase, source: str) -> None:
    """The phase's players, deadline and press, entered as the GM's commands would."""
    line = entry.line
    try:
        for player in entry.players:
            line = player.line
            set_player(store, name, player.power, player.name or None,
                       player.contact or None, player.standby, vacant=not player.name)
        if entry.deadline is not None:
            line = entry.deadline_line
            set_due_date(store, name, entry.deadline)
        for item in entry.press:
            line = item.line
            add_press(store, name, item.text, item.power, gm_note=item.kind == "note",
                      grey=item.grey, source=f"{source}:{item.line}")
    except WorkflowError as exc:
        raise WorkflowError(f"{source}:{line}: {exc}") from None


def _heading_problem(entry: ArchivePhase, reached, view: GameView) -> str | None:
    try:
        wanted = require_phase(entry.heading, view.map)
    except PhaseNameError as exc:
        return str(exc)
    if wanted != reached:
        return (f"the archive has {phase_name(wanted, view.map)} here, but the game has "
                f"reached {phase_name(reached, view.map)}")
    return None


def _finish(store: Store, archive: Archive, name: str, check: bool,
            differences: list[Difference], source: str) -> None:
    """Apply or check the archive's `Result:` line."""
    if differences:
        return
    result = archive.result
    game = rows.get_game(store, name)
    if result and result.lower().startswith("draw:") and not game.ended:
        powers = [p.strip() for p in result.split(":", 1)[1].split(",") if p.strip()]
        try:
            declare_draw(store, name, powers, include_eliminated=True)
        except WorkflowError as exc:
            raise WorkflowError(f"{source}:{archive.result_line}: {exc}") from None
        return
    if check and (result or game.result) and result != game.result:
        differences.append(Difference("Result", archive.result_line,
                                      f"the archive says {result or 'nothing'!s}, the replay "
                                      f"ends with {game.result or 'no result'}"))
