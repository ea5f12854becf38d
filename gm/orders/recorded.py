"""A letter as the record keeps it: each line with what gm made of it when the letter was read.

An archive (docs/archive-format.md) writes every line of a letter with the place gm filed it
in: an order of the phase it was entered in, an order kept for a later phase (which one, and
whether it is a retreat sent 'if dislodged'), a line rejected (with the reason) or ignored (of
what kind), a heading. A replay files each line there again. It does not read the letter
anew: the letter reader's guesses (which phase a line is for, whose heading a line is, what
is chatter) change as gm grows, and a game recorded years ago must replay as it was played.
Only an order is read again, alone, as an order of the phase and power recorded (from gm's
own reading of it where the archive gives one), and checked against the board as intake
checks it; a recorded rejection or ignored line is stored as recorded.

`read_recorded` returns the same `Letter` the letter reader returns, so that intake stores a
recorded letter exactly as it stores a pasted one (a later order for the same unit replaces
the earlier, placements count for every line, and so on).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gm.calendar import PhaseNameError, parse_phase_name
from gm.maps.gamemap import GameMap
from gm.orders import ignored
from gm.orders.errors import PHASE, OrderError
from gm.orders.letter_lines import Found, HeaderLine, Letter, ReadOrder, RejectedLine
from gm.orders.letters import PLACEMENT, LetterReader
from gm.orders.sections import LetterPhases, PhaseSlot

ORDER, REJECTED, IGNORED, HEADING = "order", "rejected", "ignored", "heading"
DISLODGED_NOTE = "if the unit is dislodged"


@dataclass(frozen=True, slots=True)
class RecordedLine:
    """One line of a letter and where gm filed it when the letter was read."""

    text: str  # the line as the player wrote it (an order's piece of a line, alone)
    filed: str = ORDER  # ORDER, REJECTED, IGNORED or HEADING
    reading: str | None = None  # an order as gm read it, read again in place of the text
    later: str | None = None  # the label of the later phase an order was kept for
    conditional: bool = False  # a retreat sent 'if dislodged'
    kind: str = ""  # a rejected line's error kind; an ignored line's kind (`gm.orders.ignored`)
    detail: str = ""  # a rejection's reason, a quoted order's reading, a heading's note
    where: int = 0  # the archive line it was written on, for messages


class RecordedRejection(OrderError):
    """A rejection as the record has it: its reason whole, as the report printed it."""

    def __init__(self, text: str, reason: str, kind: str):
        self.reason = reason
        super().__init__(text, reason, kind=kind)

    def describe(self) -> str:
        return f"{self.text!r}: {self.reason}"

    def explain(self) -> str:
        return self.reason


class _RecordedReader(LetterReader):
    def __init__(self, *args):
        super().__init__(*args)
        self.names_game = True  # the letter was taken when it was read: it is this game's

    def read_recorded(self, no: int, line: RecordedLine) -> None:
        if line.filed == HEADING:
            self.add(self.letter.headers, HeaderLine(no, line.text, self.power, line.detail))
        elif line.filed == IGNORED:
            self.ignore(no, line.text, line.kind or ignored.NOT_AN_ORDER, line.detail or None)
        elif line.filed == REJECTED:
            self.add(self.letter.rejected, RejectedLine(
                no, line.text, self.power, RecordedRejection(line.text, line.detail, line.kind)))
        else:
            self._recorded_order(no, line)

    def _recorded_order(self, no: int, line: RecordedLine) -> None:
        slot, refusal = self._slot(line.later)
        if refusal:
            found: Found | OrderError = OrderError(line.text, refusal, None,
                                                   self.targets.window(), kind=PHASE)
        else:
            found = self.read_alone(line.reading or line.text, slot)
            if line.reading and line.reading != line.text:
                found = self._as_written(line.text, slot, found)
        if isinstance(found, Found):
            notes = found.notes + ((DISLODGED_NOTE,) if line.conditional else ())
            self.add(self.letter.orders, ReadOrder(
                no, line.text, found.order.power, found.order, notes, found.later,
                headed=self.power is not None, conditional=line.conditional))
        else:
            self.add(self.letter.rejected, RejectedLine(no, line.text, self.power, found))

    def _as_written(self, text: str, slot: PhaseSlot | None, found: Found | OrderError
                    ) -> Found | OrderError:
        """The player's words read again where they give the order recorded, so that the line
        keeps the notes gm gave it when the letter was read (a guessed name's "read 'Spx' as
        Spain (spa)"), which the archive does not write; or where gm's notation has changed
        since and the recorded reading no longer reads. Otherwise the recorded reading."""
        from_text = self.read_alone(text, slot)
        if not isinstance(from_text, Found):
            return found
        if isinstance(found, OrderError) or (
                from_text.order == found.order and from_text.later == found.later):
            return from_text
        return found

    def _slot(self, label: str | None) -> tuple[PhaseSlot | None, str | None]:
        """The later phase a line was kept for, among those a letter read now may order."""
        if label is None:
            return None, None
        phases: LetterPhases | None = self.phases
        try:
            wanted = parse_phase_name(label, self.map)
        except PhaseNameError:
            wanted = None
        for slot in phases.ahead if phases else ():
            if wanted is not None and (slot.kind, slot.season, slot.year) == (
                    wanted.kind, wanted.season, wanted.year):
                return slot, None
        now = phases.current.label if phases else "this phase"
        return None, f"the line was kept for {label}, which does not follow {now}"


def read_recorded(lines: Iterable[RecordedLine], game_map: GameMap, power: str | None = None,
                  *, phase_kind: str | None = None, board=None, phases: LetterPhases | None = None,
                  rules=None, forms=None) -> Letter:
    """A recorded letter filed line by line as recorded; the arguments are
    `gm.orders.letters.read_orders`'s. A leader placed anywhere in the letter stands for
    every line of it, as when the letter was read."""
    lines = list(lines)
    if board is not None and rules is not None and any(
            line.filed == ORDER and line.later is None
            and re.search(PLACEMENT, line.reading or line.text) for line in lines):
        first = _RecordedReader(game_map, power, phase_kind, board, forms, phases, rules)
        for no, line in enumerate(lines, 1):
            first.read_recorded(no, line)
        board = first.board  # with the letter's placements made
    reader = _RecordedReader(game_map, power, phase_kind, board, forms, phases, rules)
    for no, line in enumerate(lines, 1):
        reader.read_recorded(no, line)
        if power:
            reader.letter.written_for[no] = power
    return reader.finish()


__all__ = ["HEADING", "IGNORED", "ORDER", "REJECTED", "RecordedLine", "RecordedRejection",
           "read_recorded"]
