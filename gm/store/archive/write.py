"""Writing an archive: the header, then each phase's heading, corrections, players, deadline,
orders as written, press and notes, and (when the phase was adjudicated) the recorded outcome.
`read_archive` reads it back. Contacts and the senders of grey press are written only into an
archive made for the GM (`private=True`)."""

from __future__ import annotations

import json

from gm.maps.gamemap import GameMap
from gm.notation import place, unit_display
from gm.orders.recorded import HEADING, IGNORED, REJECTED, RecordedLine
from gm.store.archive.archive_data import (
    MARK,
    ROW,
    Archive,
    ArchiveLetter,
    ArchivePhase,
    ArchivePress,
    RecordedOutcome,
)
from gm.store.game_rows import JOINT_VICTORY

HEADER_COMMENT = "# gm game archive; the format is described in docs/archive-format.md"


def _list(items: list[str], none: str = "none") -> str:
    return ", ".join(items) if items else none


def _outcome(outcome: RecordedOutcome, game_map: GameMap) -> list[str]:
    out = ["Outcome:"]
    for h in outcome.holdings:
        units = _list([unit_display(u) for u in h.units], "no units")
        centres = f"centres {_list([place(c) for c in h.centres])}" if h.centres \
            else "no centres"
        out.append(f"  {game_map.powers[h.power].name}: {units}; {centres}")
    if outcome.dislodged:
        parts = []
        for d in outcome.dislodged:
            how = f"from {place(d.attacker_from)}" if d.attacker_from else "by convoy"
            parts.append(f"{game_map.powers[d.power].name} {unit_display(d.unit)} ({how})")
        out.append(f"  Dislodged: {', '.join(parts)}")
    if outcome.standoffs:
        out.append(f"  Standoffs: {', '.join(place(s) for s in outcome.standoffs)}")
    if outcome.state:
        out.append(f"  State: {json.dumps(outcome.state, sort_keys=True)}")
    return out


def _edits(phase: ArchivePhase, after_letters: int) -> list[str]:
    """The corrections made after that many of the phase's letters (the last letter's: every
    one made after it)."""
    last = len(phase.letters)
    return [f"GM edit: {e.command} (reason: {e.reason})" for e in phase.edits
            if min(e.after_letters, last) == after_letters]


def _players(phase: ArchivePhase, game_map: GameMap, private: bool) -> list[str]:
    out = []
    for player in phase.players:
        power = game_map.powers[player.power].name
        role = "Standby" if player.standby and player.name else "Player"
        out.append(f"{role} {power}: {player.name or 'vacant'}")
        if private and player.contact and player.name:
            out.append(f"Contact {power}: {player.contact}")
    return out


def _press(item: ArchivePress, game_map: GameMap, private: bool) -> list[str]:
    """The item's heading, then its lines as written, each behind `| ` so that nothing in
    them (a `#`, an indent, a line like a phase heading) is read as archive layout."""
    sender = game_map.powers[item.power].name if item.power in game_map.powers else None
    if item.kind == "note":
        heading = "GM note:"
    elif item.grey:
        heading = f"Grey press from {sender}:" if private and sender else "Grey press:"
    else:
        heading = f"Press from {sender}:"
    return [heading] + [f"  | {line}".rstrip() for line in item.text.splitlines()]


def filed(line: RecordedLine) -> str:
    """Where gm filed a letter line, as the `->` line under it says it; '' for an order of
    the phase the letter was entered in, read as written."""
    if line.filed == HEADING:
        return f"heading: {line.detail}" if line.detail else "heading"
    if line.filed in (REJECTED, IGNORED):
        kind = f" ({line.kind})" if line.kind else ""
        return f"{line.filed}{kind}" + (f": {line.detail}" if line.detail else "")
    target = ", ".join(part for part in (f"for {line.later}" if line.later else "",
                                         "if dislodged" if line.conditional else "") if part)
    reading = line.reading if line.reading and line.reading != line.text else ""
    if target:
        return f"{target}: {reading}" if reading else target
    return reading


def _letter(letter: ArchiveLetter, game_map: GameMap) -> list[str]:
    if letter.recorded is None:  # read as a pasted letter
        return [f"{game_map.powers[letter.power].name}:"] + \
            [f"  {line}" for line in letter.text.splitlines() if line.strip()]
    sender = f" from {game_map.powers[letter.power].name}" if letter.power else ""
    out = [f"Letter{sender}:"]
    for line in letter.recorded:
        out.append(f"  {ROW} {line.text}")
        where = " ".join(filed(line).split())  # one line, whatever a reason held
        if where:
            out.append(f"    {MARK} {where}")
    return out


def write_archive(archive: Archive, game_map: GameMap, private: bool = False) -> str:
    out = [HEADER_COMMENT]
    if archive.game:
        out.append(f"Game: {archive.game}")
    out.append(f"Variant: {archive.variant}")
    out += [f"Notes: {note}" for note in archive.notes]
    if archive.grey_press:
        out.append("Grey press: allowed")
    if archive.report_lines != "refused":
        out.append(f"Report lines: {archive.report_lines}")
    if archive.start_state:
        out.append(f"Start state: {json.dumps(archive.start_state, sort_keys=True)}")
    for phase in archive.phases:
        out += ["", phase.heading]
        out += _edits(phase, 0)
        out += _players(phase, game_map, private)
        if phase.deadline is not None:
            out.append(f"Deadline: {phase.deadline.words()}")
        for n, letter in enumerate(phase.letters, 1):
            out += _letter(letter, game_map)
            out += _edits(phase, n)
        for item in phase.press:
            out += _press(item, game_map, private)
        if phase.outcome is not None:
            out += _outcome(phase.outcome, game_map)
    if archive.result and archive.result.startswith(JOINT_VICTORY):
        out += ["", f"Winner: {archive.result.removeprefix(JOINT_VICTORY)}"]
    elif archive.result:
        out += ["", f"Result: {archive.result}"]
    return "\n".join(out) + "\n"
