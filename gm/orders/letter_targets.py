"""Which phase a line of a letter is for: the open phase, a later one that a season heading
names (`Winter:`, `Autumn retreats:`, `W: B F Leb`), the retreat phase for a retreat sent 'if
dislodged' or said to be one (`A Boe - Aet (retreat)`), or none the letter may order, with the
reason. The words of a season heading are read by `gm.orders.sections`."""

from __future__ import annotations

import re

from gm.maps.gamemap import GameMap
from gm.orders.kinds.build import Build
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat
from gm.orders.line_kinds import STARTS_WITH_UNIT
from gm.orders.sections import LetterPhases, NotYet, PhaseSlot, place_heading, read_heading

# Conditional retreats: `If dislodged, A Mar - Gas`, `A Leb - Lam (if dislodged)`.
# These patterns are text, compiled by `re` when first used, and tried only on a line holding
# one of `_NEEDED` in any case: a letter of plain orders never compiles them. (`_NEEDED` holds
# parts of the words without an `i`: `re` takes the Turkish `İ` and `ı` for an `i` in any
# case, which `casefold` keeps apart.)
_DISLODGED = r"(?:dislodged|displaced|forced\s+out)"
_NEEDED = ("lodged", "placed", "forced", "retreat")
IF_LEAD = (rf"(?i)^(?:if|when|should)\s++(?:(?:it|the\s+unit|my\s+unit)\s++is\s++)?"
           rf"{_DISLODGED}\s*+[,:;.\-–—]*+\s*+(?:then\s++)?")
_IF_UNIT_LEAD = (rf"(?i)^(?:if|when|should)\s++(?P<unit>.{{1,40}}?)\s++(?:is|be|gets?)"
                 rf"\s++{_DISLODGED}\s*+[,:;.\-–—]*+\s*+(?:then\s++)?")
_IF_TAIL = (rf"(?i)(?<!\s)\s*+[,;:\-–—]?\s*+[(\[]?\s*+(?:if|when)\s++"
            rf"(?:(?:it\s++is|it's)\s++)?{_DISLODGED}\s*+[)\]]?\s*+\.?$")
# `A Boe - Aet (retreat)`: the line says it is a retreat
_RETREAT_TAIL = (r"(?i)(?<!\s)\s*+[(\[]\s*+(?:as\s++an?\s++|a\s++)?retreat(?:s|ing)?\s*+"
                 r"[)\]]\s*+\.?$")


def _may_say_retreat(text: str) -> bool:
    """Does the text hold a word one of the patterns above needs?"""
    folded = text.casefold()
    return any(word in folded for word in _NEEDED)


def if_dislodged_alone(text: str) -> bool:
    """Is the text only an 'if dislodged' (`If dislodged:`, a heading for the retreats)?"""
    return _may_say_retreat(text) and re.fullmatch(IF_LEAD, text) is not None


class LineTargets:
    """The phase the lines of one letter are for: the lines below a season heading
    (`section`), one line by its own words (`line_target`), and whether that line is a retreat
    sent 'if dislodged' (`conditional`)."""

    def __init__(self, game_map: GameMap, phase_kind: str | None,
                 phases: LetterPhases | None):
        self.map = game_map
        self.phase_kind = phase_kind
        self.phases = phases
        # the phase the lines below a season heading are for (None: the open phase), or why
        # they cannot be taken; `line_target` does the same for one line (`W: B F Leb`)
        self.section: tuple[PhaseSlot | None, str | None] = (None, None)
        self.line_target: tuple[PhaseSlot | None, str | None] | None = None
        self.conditional = False

    def heading_note(self, target) -> str:
        """What a season heading says of the lines below it, in the echo."""
        slot, refusal = target
        if refusal:
            return f"{refusal} (the lines below are not taken)"
        if slot is None or (self.phases and slot == self.phases.current):
            return "the orders below are for the open phase"
        return f"the orders below are kept for {slot.label}"

    def inline_season(self, name: str):
        """`W: B F Leb`, `Winter 3000: build fleet in Lebennin`: this line's phase; the heading
        that names it, or None if `name` names no phase."""
        heading = read_heading(name, self.map, loose=True)
        if heading is not None:
            self.line_target = self.place(heading)
        return heading

    def place(self, heading) -> tuple[PhaseSlot | None, str | NotYet | None]:
        """The phase the lines under a season heading are for (None: the open phase), or
        why they cannot be taken."""
        if self.phases is None:
            kind = heading.kind or "Movement"
            if self.phase_kind in (None, kind):
                return (None, None)
            return (None, f"the heading '{heading.text.strip()}' is for another phase than "
                          "this one")
        placed = place_heading(heading, self.phases, self.map)
        if isinstance(placed, (str, NotYet)):
            return (None, placed)
        return (None if placed == self.phases.current else placed, None)

    def retreat_target(self) -> tuple[PhaseSlot | None, str | None]:
        """The retreat phase a retreat sent with the moves is for, or why there is none."""
        if self.phase_kind == "Retreat":
            return (None, None)
        slot = self.phases.first_of_kind("Retreat") if self.phases else None
        if slot is None:
            return (None, "a conditional retreat ('if dislodged'), but no retreat phase comes "
                          "before the next movement")
        return (slot, None)

    def strip_conditional(self, body: str) -> str:
        """Strip 'if dislodged' from a line; the line is then a retreat for the retreat phase."""
        if not _may_say_retreat(body):
            return body
        said = re.search(_RETREAT_TAIL, body)
        if said:  # `A Boe - Aet (retreat)`: a retreat, for the retreat phase
            self.line_target = self.retreat_target()
            return body[:said.start()].strip()
        lead = re.match(IF_LEAD, body)
        unit_lead = None if lead else re.match(_IF_UNIT_LEAD, body)
        tail = re.search(_IF_TAIL, body)
        if not (lead or unit_lead or tail):
            return body
        if lead:
            body = body[lead.end():]
        elif unit_lead:
            rest = re.sub(r"^(?:then\s+)?(?:it|they)\s+", "", body[unit_lead.end():], flags=re.I)
            unit = unit_lead.group("unit")
            body = rest if re.match(STARTS_WITH_UNIT, rest) else f"{unit} {rest}"
        else:
            body = body[:tail.start()]
        self.line_target = self.retreat_target()
        self.conditional = True
        return body.strip()

    def target(self) -> tuple[PhaseSlot | None, str | None]:
        """The phase this line is for: as its own words say, else as its section's heading."""
        return self.line_target if self.line_target is not None else self.section

    def window(self) -> str:
        """Which phases a letter read now can order, for messages about the others."""
        if self.phases is None:
            return ""
        labels = [s.label for s in (self.phases.current, *self.phases.ahead)]
        if not self.phases.next_movement:
            return ""
        return (f"A letter now can order {' and '.join(labels)}; orders for "
                f"{self.phases.next_movement} and later are sent when that phase is open.")


def orders_called(order: Order, kind: str) -> str:
    """What a player calls the orders of this kind of phase, for `NotYet.words`."""
    if isinstance(order, Build):
        return "builds"
    if isinstance(order, (Remove, Disband)) and kind == "Adjustment":
        return "removals"
    if isinstance(order, Retreat):
        return "retreats"
    return ""
