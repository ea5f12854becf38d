"""Exporting a game as an archive, and rebuilding a game from one.

A replay runs the archive through the same commands a GM would type (corrections, orders,
players, deadline, press, adjudication), phase by phase, in one transaction: it stores the
whole game or nothing. With `check`, every adjudicated phase's position is compared with the
outcome the archive records; any difference fails the replay and is listed.

An export leaves out what only the GM may see (players' contacts, the senders of grey press)
unless it is `private`.
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
from gm.game.intake import take_orders
from gm.game.players import set_player
from gm.game.press import add_press, allow_grey
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.notation import place, unit_display, unit_record, unit_text
from gm.orders.ignored import MAY_BE_ORDERS
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
from gm.store.codec import state_to_json
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of
from gm.store.edit_rows import edits_of_phase, position_before_edits
from gm.store.game_rows import GameRow, PhaseRow
from gm.store.order_rows import letters_of_phase, orders_of_phase
from gm.store.player_rows import players_of_game
from gm.store.position_rows import load_position
from gm.store.press_rows import grey_press_allowed, press_of_phase
from gm.store.result_rows import adjudication_from

EXPORTED = ("accepted", "superseded", "rejected", "later")


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


def export_game(store: Store, name: str, private: bool = False) -> str:
    """The game as archive text: every live phase with its players, deadline, orders as
    written, press and outcome. `private` adds what only the GM may see: players' contacts
    and who sent grey press."""
    with store.transaction(write=False):
        view = open_game(store, name)
        game = view.game
        archive = Archive(game=game.name, variant=game.variant,
                          notes=[n for n in game.notes.splitlines() if n.strip()],
                          grey_press=grey_press_allowed(store, game.id),
                          result=game.result)
        live = rows.live_phases(store, game)
        players = players_by_phase(store, view, live)
        for phase in live:
            entry = ArchivePhase(heading=phase.label)
            entry.edits = [ArchiveEdit(command=e.command, reason=e.reason)
                           for e in edits_of_phase(store, phase.id)]
            entry.players = players.get(phase.label, [])
            entry.deadline = deadline_of(store, game.id, phase.label)
            entry.press = press_of(store, game, phase)
            by_power: dict[str, list[str]] = {}
            letter_power = {row["id"]: row["power"]
                            for row in letters_of_phase(store, phase.id)}
            for row in orders_of_phase(store, phase.id, EXPORTED + ("ignored",)):
                if row.status == "ignored" and row.category not in MAY_BE_ORDERS:
                    continue  # chatter the report leaves out (greetings, signatures)
                power = row.power or letter_power.get(row.letter_id)
                if power is not None:
                    by_power.setdefault(power, []).append(row.text)
            entry.letters = [ArchiveLetter(power=p, text="\n".join(by_power[p]))
                             for p in view.map.powers if p in by_power]
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
        recorded = next((e.outcome.state for e in archive.phases if e.outcome), None)
        view = new_game(store, game_name, archive.variant, "\n".join(archive.notes), recorded)
        if archive.grey_press:
            allow_grey(store, game_name, True)
        done = checked = 0
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
            for edit in entry.edits:
                action, _, rest = edit.command.partition(" ")
                try:
                    correct(store, game_name, action, rest.split(), edit.reason)
                except WorkflowError as exc:
                    raise WorkflowError(f"{source}:{edit.line}: {exc}") from None
            for letter in entry.letters:
                take_orders(store, game_name, letter.text, letter.power,
                            source=f"{source}:{letter.line}")
            _enter_zine(store, game_name, entry, source)
            if i == len(archive.phases) - 1 and entry.outcome is None:
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
                        game.result)


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
            declare_draw(store, name, powers, as_recorded=True)
        except WorkflowError as exc:
            raise WorkflowError(f"{source}:{archive.result_line}: {exc}") from None
        return
    if check and (result or game.result) and result != game.result:
        differences.append(Difference("Result", archive.result_line,
                                      f"the archive says {result or 'nothing'!s}, the replay "
                                      f"ends with {game.result or 'no result'}"))
