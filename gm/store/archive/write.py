"""Writing an archive: the header, then each phase's heading, corrections, orders as written
and (when the phase was adjudicated) the recorded outcome. `read_archive` reads it back."""

from __future__ import annotations

import json

from gm.maps.gamemap import GameMap
from gm.store.archive.model import Archive, RecordedOutcome
from gm.store.codec import display_location as place
from gm.store.codec import display_unit as unit_display

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


def write_archive(archive: Archive, game_map: GameMap) -> str:
    out = [HEADER_COMMENT]
    if archive.game:
        out.append(f"Game: {archive.game}")
    out.append(f"Variant: {archive.variant}")
    out += [f"Notes: {note}" for note in archive.notes]
    for phase in archive.phases:
        out += ["", phase.heading]
        out += [f"GM edit: {e.command} (reason: {e.reason})" for e in phase.edits]
        for letter in phase.letters:
            out.append(f"{game_map.powers[letter.power].name}:")
            out += [f"  {line}" for line in letter.text.splitlines() if line.strip()]
        if phase.outcome is not None:
            out += _outcome(phase.outcome, game_map)
    if archive.result:
        out += ["", f"Result: {archive.result}"]
    return "\n".join(out) + "\n"
