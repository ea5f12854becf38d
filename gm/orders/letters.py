"""Read a pasted letter or email into orders: every line is an order, rejected, or ignored.

Players send orders inside email: headers, quoted replies, greetings, signatures, numbered
lists, power headings (`EGYPT:`, `Orders for Egypt`, `Egypt -`, `Sparta spring 450:`,
`Argos:`), several orders on a line. Each non-blank line ends in exactly one place of the
`Letter`, with a reason when it is not an order, so nothing is dropped silently. A later order
for the same unit replaces an earlier one; the replaced order is kept in `Letter.replaced` and
the new one says so in its notes. When gm is not sure of the later line (a guessed name, a line
under a heading it cannot place), it asks rather than replaces: the line is rejected (reading
rule 9). A name the map cannot settle is judged by the board (rule 11).

Nothing meant for a later phase becomes an order of the open one (`gm/orders/README.md`,
reading rules 1 and 2): lines under a season heading (`Winter:`, `Autumn retreats:`, `W:`),
conditional retreats (`If dislodged, A Mar - Gas`) and retreats, builds and removals written
with the moves are read for the phase they name and kept for it (`ReadOrder.later`), or
rejected with the reason. A heading naming no power, or another power than the one the
letter is entered for, is a refusal of the whole letter (`Letter.refusals`); so is a letter
with no heading that names nothing of this game (rule 12).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from gm.maps.gamemap import GameMap
from gm.notation import order_display, standing
from gm.orders import ignored, legality
from gm.orders.attribution import ordering_side
from gm.orders.check import checked_order
from gm.orders.errors import (
    AMBIGUOUS_NAME,
    NO_UNIT,
    PHASE,
    SYNTAX,
    UNKNOWN_NAME,
    UNSURE,
    OrderError,
)
from gm.orders.ignored import ignored_reason
from gm.orders.kinds.hold import NO_ORDER
from gm.orders.names import LEADER, Match, NameIndex, NameProblem, fold, name_index
from gm.orders.parse import read_order
from gm.orders.sections import (
    LetterPhases,
    NotYet,
    PhaseSlot,
    not_yet,
    place_heading,
    read_heading,
)
from gm.orders.types import Build, Disband, Order, PlaceLeader, Remove, Retreat

# --- what a line can be -----------------------------------------------------------------------
# What a letter costs is bounded by its length: a line longer than a line of orders is prose,
# read by no pattern; a letter gives no more orders than every power of a game has, and tries
# no more pieces of text as orders than a few a line (a megabyte of commas would otherwise
# take a minute). Lines past any of these are ignored, saying so.
MAX_LINE_LENGTH = 1_000  # a line of orders is a few hundred characters at most
MAX_ORDERS = 1_000  # orders read from one letter; all of a game's powers order a few hundred
_TRIES = 4_000  # pieces tried as orders in any letter, and `_TRIES_A_LINE` for each line
_TRIES_A_LINE = 1
_EMAIL_HEADER = re.compile(
    r"^(?P<key>from|to|cc|bcc|date|sent|subject|reply-to|message-id|in-reply-to|references)"
    r"\s*:\s*(?P<rest>.*)$", re.I)
_ATTRIBUTION = re.compile(r"^(?:on\b.*\bwrote:?|-+\s*(?:original|forwarded) message\s*-+|"
                          r"begin forwarded message:?)\s*$", re.I)
_SIGNATURE_START = re.compile(r"^(?:--\s*|__+|—+|-{3,}|sent from my \w+.*)$", re.I)
_GREETING = re.compile(r"^(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening)|"
                       r"howdy|hiya)\b", re.I)
_SIGN_OFF = re.compile(r"^(?:thanks|thank you|many thanks|cheers|regards|best|yours|"
                       r"sincerely|kind regards|best wishes|all the best|ta|love|later)\b", re.I)
# Every pattern here reads a stranger's text, so each runs in time linear in it: runs of
# spaces are taken whole (`\s*+`, possessive) and a separator starts where a run starts
# (`(?<!\s)`), or right after the run an earlier one took (`(?<=\s);`), never inside one:
# retried at every space of a long run, a plain `\s*;` took time as the run squared.
# Several numbered orders on one line: `1. A Vie - Gal 2. A Bud - Ser`.
_INLINE_NUMBER = re.compile(r"(?<!\s)\s*+;\s*+|(?<=\s);\s*+|(?<!\s)\s++(?=\(?\d{1,2}[.)]\s++\S)")
# Conditional retreats: `If dislodged, A Mar - Gas`, `A Leb - Lam (if dislodged)`.
_DISLODGED = r"(?:dislodged|displaced|forced\s+out)"
# a leader's placement, as players word it (`Place Hannibal in Carthage`, `Hannibal starts in
# Carthage`, `Leader: Ptolemy IV (Memphis)`): the letter is read twice, for its placements first
_PLACEMENT = re.compile(r"\b(?:place[sd]?|placing|put|starts?|starting|begins?|set\s*up|sets\s+up|"
                        r"leaders?|placements?|located|stationed|positioned|based|deployed)\b|"
                        r"[:(]", re.I)
# `Leader:`, `Leaders:`, `Leader placement:`, `Starting positions:`: the lines (or the rest of
# the line) place leaders
_PLACING = re.compile(r"^(?:(?:the\s+)?leaders?(?:'s?)?(?:\s+(?:placements?|starts?|positions?|"
                      r"locations?))?|placements?|(?:starting|start|initial)\s+(?:placements?|"
                      r"positions?|locations?|places?))\s*(?:\([^)]*\))?\s*$", re.I)
# `Leader Hannibal starts in Carthage`, `Leader - Hannibal - Carthage`: a leader's placement
_LEADER_WORD = re.compile(r"^(?:the\s+)?leader\b\s*[:\-–—]?\s*", re.I)
# what names a leader's place in a placement: `Ptolemy IV (Memphis)`, `Ptolemy IV - Memphis`
_LEADER_AT = re.compile(r"^(?P<leader>[^():,\-–—]+?)\s*(?:\(\s*(?P<paren>[^()]+?)\s*\)|"
                        r"(?:[:,\-–—]|\b(?i:in|at|to|on)\b)\s*(?P<rest>[^():]+?))\s*\.?$")
_IF_LEAD = re.compile(rf"^(?:if|when|should)\s++(?:(?:it|the\s+unit|my\s+unit)\s++is\s++)?"
                      rf"{_DISLODGED}\s*+[,:;.\-–—]*+\s*+(?:then\s++)?", re.I)
_IF_UNIT_LEAD = re.compile(rf"^(?:if|when|should)\s++(?P<unit>.{{1,40}}?)\s++(?:is|be|gets?)"
                           rf"\s++{_DISLODGED}\s*+[,:;.\-–—]*+\s*+(?:then\s++)?", re.I)
_IF_TAIL = re.compile(rf"(?<!\s)\s*+[,;:\-–—]?\s*+[(\[]?\s*+(?:if|when)\s++"
                      rf"(?:(?:it\s++is|it's)\s++)?{_DISLODGED}\s*+[)\]]?\s*+\.?$", re.I)
_ALTERNATIVES = re.compile(r"(?<!\s)\s++or\s++|(?<!\s)\s*+/\s*+(?=[A-Za-z]{3})|"
                           r"(?<=\s)/\s*+(?=[A-Za-z]{3})", re.I)
# `Atlantis:` or `Orders for Atlantis`: a heading for a power, but not one of the game's.
_POWER_LIKE = re.compile(
    r"^(?:(?P<lead>(?i:orders?|moves?))\s+(?i:for|from|of)\s+)?(?P<name>[A-Z][\w'’.-]*"
    r"(?:\s++[A-Z][\w'’.-]*)?)(?:'s|’s)?(?P<tail>\s++(?i:orders?))?\s*+(?P<mark>:)?\s*+$")
_NOT_POWERS = {"orders", "order", "moves", "movement", "press", "note", "notes", "ps", "p.s",
               "p.s.", "comments", "comment", "diplomacy", "subject", "gm", "dear gm",
               "postscript", "message", "messages", "re", "fwd", "the end", "end", "nb",
               "n.b", "my", "our", "the", "here", "final", "new", "revised", "updated"}
# `Germany, Autumn retreats:`, `Gondor's orders for Summer 3000`, `France (Winter 1901)`
_SEASON_AFTER_POWER = re.compile(r"^[^,:(]+?(?:,|\bfor\b|\()\s*+(?P<season>[^:()]*?[^:()\s])"
                                 r"\s*+\)?\s*+[:\-–—]*+\s*+$", re.I)
_MARKED = re.compile(r"^(?P<text>[^:]{1,80}?)\s*[:\-–—]+\s*$")  # words, then `:` or a dash
_NUMBERING = re.compile(r"^(?:\(?\d{1,3}[.):]|\(?[a-z]\)|[a-z]\.|#\d{1,3}[.:]?|[-*•·–])\s+")
_HEADER = re.compile(
    r"^(?:(?P<lead>orders?|moves?|builds?|adjustments?|retreats?)\s+(?:for|from|of)\s+)?"
    r"(?P<name>[^:()\[\],;]+?)(?:'s|’s)?"
    r"(?:\s++(?:orders?|moves?|builds?|adjustments?|retreats?)(?:\s++(?:for|of)\s+[^:]{1,30})?)?"
    r"\s*+(?:\([^)]*+\))?\s*+(?:,[^:]*+)?\s*+(?P<mark>[:\-–—]++)?\s*+$", re.I)
# `_HEADER` and `_SEASON_AFTER_POWER` try many ways to split a line: they are only given a
# heading's length of text, its spaces collapsed (`_header_power`).
_HEADING_LENGTH = 120  # a heading is a few words; a longer line is never read as one
_POWER_PREFIX = re.compile(r"^(?P<name>[^:]{1,60}?)\s*+:\s*+(?P<rest>\S.*)$")
_POWER_DASH = re.compile(r"^(?P<name>[^-–—]{1,40}?)\s++[-–—]\s++(?P<rest>\S.*)$")
_VERB_HEADING = re.compile(r"^(?P<verb>builds?|removals?|removes?|disbands?)\s*+:?\s*+$", re.I)
_HEADING_VERB = re.compile(r"\b(builds?|removals?|removes?|disbands?)\b", re.I)
_VERB_LEAD = re.compile(r"^(?P<verb>builds?|b|removes?|disbands?|retreats?)\b\s*:?", re.I)
# `A Boe - Aet (retreat)`: the line says it is a retreat
_RETREAT_TAIL = re.compile(r"(?<!\s)\s*+[(\[]\s*+(?:as\s++an?\s++|a\s++)?retreat(?:s|ing)?\s*+"
                           r"[)\]]\s*+\.?$", re.I)
_STARTS_WITH_UNIT = re.compile(r"^\d?\s*(?:a/f|army|fleet|garrison|a|f|g)\s*[\s(]", re.I)
_STARTS_WITH_VERB = re.compile(r"^(?:builds?|removes?|disbands?|waives?|sack|loans?|lend|"
                               r"end\s+loan|place|destroy|retreats?)\b", re.I)
# a line's first word that is an order's verb, never a heading (`Loan: Athens to Egypt`)
_VERB_FIRST = re.compile(r"^(?:builds?|removes?|disbands?|waives?|sacks?|loans?|lends?|"
                         r"end\s+loan|cancel|places?|put|destroys?|merges?|splits?|converts?|"
                         r"retreats?|moves?|supports?|convoys?|holds?|rebuilds?)\s*$", re.I)
# a heading that ends in a colon: the lines below it are read for what it says
_COLON_END = re.compile(r":\s*$")
_ORDER_SIGNS = re.compile(
    r"->|=>|\w\s*+-\s*+\w|\b(?:h|s|c|r|d|z|holds?|supports?|convoys?|moves?|retreats?|"
    r"disbands?|merges?|splits?|destroys?|sacks?|converts?|becomes?)\b", re.I)
# Where one line holds several orders: tried in this order, only when the whole fails.
_SEPARATORS = (re.compile(r"(?<!\s)\s*+,\s*+|(?<=\s),\s*+"), re.compile(r"(?<=\S)\.\s++"),
               re.compile(r"(?<!\s)\s++(?:and|&)\s++", re.I))
_VERBS = {"build": "Build", "builds": "Build", "b": "Build", "removal": "Remove",
          "removals": "Remove", "remove": "Remove", "removes": "Remove",
          "disband": "Disband", "disbands": "Disband", "retreat": "Retreat",
          "retreats": "Retreat"}
PLACE = "Place"  # the verb a `Leaders:` heading carries
# a rejected line with such an error names nothing of the game (for a letter for another game)
_NAMES_NOTHING = (SYNTAX, UNKNOWN_NAME, AMBIGUOUS_NAME, NO_UNIT)
_MAX_JUDGED = 4  # candidates of a name tried on the board
_MAX_PLACEMENT = 120  # a longer line is no leader's placement (and no regex gets to backtrack)



@dataclass(frozen=True, slots=True)
class ReadOrder:
    line: int
    text: str
    power: str | None
    order: Order
    notes: tuple[str, ...] = ()
    later: PhaseSlot | None = None  # kept for this later phase; None: the open phase
    headed: bool = True  # the power came from --power or a heading, not from the unit
    conditional: bool = False  # a retreat sent 'if dislodged'


class _Found(NamedTuple):
    """An order read from a piece of a line, and the later phase it is for, if any."""

    order: Order
    notes: tuple[str, ...] = ()
    later: PhaseSlot | None = None


@dataclass(frozen=True, slots=True)
class RejectedLine:
    line: int
    text: str
    power: str | None
    error: OrderError


@dataclass(frozen=True, slots=True)
class IgnoredLine:
    line: int
    text: str
    kind: str  # why it is no order: one of the kinds in `gm.orders.ignored`
    power: str | None = None  # the power whose orders surround it, if any
    reads_as: str | None = None  # the order a quoted line reads as

    @property
    def reason(self) -> str:
        return ignored_reason(self.kind, self.reads_as)


@dataclass(frozen=True, slots=True)
class HeaderLine:
    """A line that sets who the orders below are for, or what they are (`Builds:`)."""

    line: int
    text: str
    power: str | None
    note: str


@dataclass(frozen=True, slots=True)
class ReplacedOrder:
    """An order that a later order for the same unit replaced."""

    old: ReadOrder
    by: ReadOrder

    @property
    def line(self) -> int:
        return self.old.line


@dataclass
class Letter:
    orders: list[ReadOrder] = field(default_factory=list)
    rejected: list[RejectedLine] = field(default_factory=list)
    ignored: list[IgnoredLine] = field(default_factory=list)
    headers: list[HeaderLine] = field(default_factory=list)
    replaced: list[ReplacedOrder] = field(default_factory=list)
    # why the letter cannot be taken at all (a heading naming no power of the game...)
    refusals: list[str] = field(default_factory=list)
    # line -> the power it was written for (--power, or the heading above or on it), which
    # may differ from the power an order goes to (`gm.orders.attribution`)
    written_for: dict[int, str] = field(default_factory=dict)
    # the order items were read in, by id (several items can share a line)
    _read_order: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    # why gm is not sure of an order it read (a guessed name...), by the order's id: such an
    # order never replaces a different one the player gave (reading rule 9)
    _doubts: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    def entries(self) -> list:
        """Everything read, in the order of the letter (by line, then place in the line)."""
        items = [*self.headers, *self.orders, *self.replaced, *self.rejected, *self.ignored]

        def place(item) -> tuple[int, int]:
            key = id(item.old) if isinstance(item, ReplacedOrder) else id(item)
            return item.line, self._read_order.get(key, 0)
        return sorted(items, key=place)

    def _note_read(self, item) -> None:
        self._read_order[id(item)] = len(self._read_order)

    def doubt(self, item: ReadOrder) -> str:
        """Why gm is not sure of this order (a guessed name, a unit named with no order, a
        line under a heading it cannot place); '' when it is. An order gm is not sure of
        replaces no different order of the player's, in this letter or an earlier one."""
        return self._doubts.get(id(item), "")

    def by_power(self) -> dict[str | None, list[Order]]:
        out: dict[str | None, list[Order]] = {}
        for item in self.orders:
            out.setdefault(item.power, []).append(item.order)
        return out


def read_orders(text: str, game_map: GameMap, power: str | None = None, *,
                phase_kind: str | None = None, board=None,
                forms: Collection[str] | None = None,
                phases: LetterPhases | None = None, rules=None) -> Letter:
    """Read every line of `text`. `power` is the sender if known: the letter is then for that
    power alone; without it, headings say whose orders follow.
    `phase_kind`, `board` and `forms` are as for `gm.orders.parse.read_order`; with a board,
    each order of the open phase gets the legality check (`gm.orders.check`): orders for
    units that are not there (or not the power's) are rejected with the reason, and orders
    the engine will void are kept with a note saying why. `rules` (the map's `RuleSet`) lets
    its rules object too. `phases` (the open phase and those before the next movement) lets
    lines meant for a later phase be kept for it; without it they are rejected."""
    lines = text.splitlines()
    tries = _TRIES + _TRIES_A_LINE * len(lines)
    if board is not None and rules is not None and name_index(game_map).leader_power \
            and _PLACEMENT.search(text):
        # a placement is carried out before the phase's orders, wherever the letter puts it:
        # read the letter once for its placements, then every line against the board they make
        first = _LetterReader(game_map, power, phase_kind, board, forms, phases, rules, tries)
        for no, raw in enumerate(lines, 1):
            first.read_line(no, raw)
        board = first.board
    reader = _LetterReader(game_map, power, phase_kind, board, forms, phases, rules, tries)
    for no, raw in enumerate(lines, 1):
        reader.read_line(no, raw)
        if reader.power:
            reader.letter.written_for[no] = reader.power
    return reader.finish()


class _LetterReader:
    def __init__(self, game_map: GameMap, power: str | None, phase_kind: str | None, board,
                 forms: Collection[str] | None, phases: LetterPhases | None = None,
                 rules=None, tries: int = _TRIES):
        self.map = game_map
        self.rules = rules
        self.index: NameIndex = name_index(game_map)
        self.power = power
        self.given_power = power  # `--power`: the letter is for this power only
        self.phases = phases
        # the phase the lines below a season heading are for (None: the open phase), or why
        # they cannot be taken; `line_target` does the same for one line (`W: B F Leb`)
        self.section: tuple[PhaseSlot | None, str | None] = (None, None)
        self.line_target: tuple[PhaseSlot | None, str | None] | None = None
        self.conditional = False
        self.unknown_heading: tuple[int, str] | None = None  # `Atlantis:`, until an order
        self.phase_kind = phase_kind
        self.board = board
        self.forms = forms
        self.letter = Letter()
        self.in_signature = False
        self.verb: str | None = None  # set by a `Builds:` heading, until a blank line
        self.tries_left = tries  # orders this letter may still try to read
        # a line ending in a colon that gm could not read as a heading (`If bounced:`): the
        # orders below it never replace one the player gave, until the next heading or the
        # end of the paragraph under it
        self.doubt_heading: tuple[int, str] | None = None
        self.names_game = False  # a line names a piece, power or place of this game

    # --- one line ----------------------------------------------------------------------------
    def read_line(self, no: int, raw: str) -> None:
        line = raw.replace("\xa0", " ").replace("\u200b", "").strip()
        if not line:
            self.verb = None
            if self.doubt_heading is not None and self.doubt_heading[0] < no - 1:
                self.doubt_heading = None  # the paragraph under `If bounced:` has ended
            return
        if self.in_signature:
            return self.ignore(no, line, ignored.SIGNATURE)
        if line.startswith(">"):
            return self._quoted(no, line)
        if len(line) > MAX_LINE_LENGTH or self.tries_left <= 0 \
                or len(self.letter.orders) >= MAX_ORDERS:
            return self.ignore(no, line, ignored.TOO_LONG)
        if _SIGNATURE_START.match(line):
            self.in_signature = True
            return self.ignore(no, line, ignored.SIGNATURE)
        header = _EMAIL_HEADER.match(line)
        if header:
            return self._email_header(no, line, header)
        if _ATTRIBUTION.match(line):
            return self.ignore(no, line, ignored.ATTRIBUTION)
        body = self._unnumbered(line)
        self.line_target, self.conditional = None, False
        inline_unknown = inline_verb = False
        verb_before = self.verb
        if self._season_heading(no, line, body):
            return
        heading = _VERB_HEADING.match(body)
        if heading:
            self.verb = _VERBS[heading.group("verb").lower()]
            self.doubt_heading = None
            self._add(self.letter.headers, HeaderLine(
                no, line, self.power, f"the units below are {heading.group('verb')}"))
            return
        if self.index.leader_power and _PLACING.match(_COLON_END.sub("", body)) \
                and _COLON_END.search(body):
            self.verb, self.doubt_heading = PLACE, None  # `Leaders:`
            self._add(self.letter.headers, HeaderLine(
                no, line, self.power, "the lines below place leaders"))
            return
        found = self._power_heading(body)
        if found:
            power, heading = found
            self._set_power(no, line, power)
            verb = _HEADING_VERB.search(body)  # `Russia builds:`
            if verb:
                self.verb = _VERBS[verb.group(1).lower()]
            if heading is not None:  # `Germany, Autumn retreats:`, `Sparta spring 450:`
                self.section = self._place(heading)
                self.verb = heading.verb or self.verb
            return
        if self._unknown_power(no, body):
            self._doubt(no, line)
            return self.ignore(no, line, ignored.REMARK)  # or a heading for no power: see below
        prefix = _POWER_PREFIX.match(body)
        if prefix:
            name = prefix.group("name")
            power = None if self._leader_named(name) else self._header_power(name, strong=True)
            if power:
                self._switch_power(no, power, name)
                body = prefix.group("rest")
            elif self._inline_season(name):
                body, inline_verb = prefix.group("rest"), True
            elif self.index.leader_power and _PLACING.match(name):
                self.verb, inline_verb = PLACE, True  # `Leader: Ptolemy IV (Memphis)`
                body = prefix.group("rest")
            elif _VERB_FIRST.match(name) or self._leader_named(name):
                pass  # `Loan: Athens to Egypt`, `Hannibal: Carthage`: the line is one order
            elif self._unknown_power(no, name + ":"):
                inline_unknown = True  # `Atlantis: A Mun - Ruh` if the rest is an order
                body = prefix.group("rest")
        dashed = _POWER_DASH.match(body)  # `Italy - A Ven H, A Rom - Apu`
        if dashed and self.index.power_exact(dashed.group("name")) \
                and not isinstance(self._try(body), _Found):
            self._switch_power(no, self.index.power_exact(dashed.group("name")),
                               dashed.group("name"))
            body = dashed.group("rest")
        body = self._conditional(body)
        before = len(self.letter._read_order)
        pieces = [self._unnumbered(p.strip()) for p in _INLINE_NUMBER.split(body) if p]
        lead = _VERB_LEAD.match(pieces[0]) if len(pieces) > 1 else None
        for n, piece in enumerate(pieces):
            if piece and n == 1 and lead and not self.verb:  # `Retreat A Boe - Aet; F Ach - Goc`
                self.verb, inline_verb = _VERBS[lead.group("verb").lower()], True
            if piece:
                self._read_piece(no, piece)
        if len(self.letter._read_order) == before:  # only separators, or a bare heading
            self.ignore(no, line, ignored.NOTHING_TO_READ)
        if _COLON_END.search(line) and not any(
                isinstance(item, (ReadOrder, RejectedLine)) and item.line == no
                for item in (*self.letter.orders[-3:], *self.letter.rejected[-3:])):
            self._doubt(no, line)  # `If bounced:`: a heading gm cannot place
        if inline_unknown:
            self.unknown_heading = None
        if inline_verb:  # `Builds: F Leb, A Mti` speaks for its own line only
            self.verb = verb_before

    # --- which phase a line is for ------------------------------------------------------------
    def _season_heading(self, no: int, line: str, body: str) -> bool:
        """`Winter:`, `Autumn retreats:`, `Builds:`, `If dislodged:` alone on a line: the lines
        below are for that phase, until the next heading."""
        text = re.sub(r"(?<![\s:\-–—])\s*+[:\-–—]++\s*+$", "", body)
        if _IF_LEAD.fullmatch(body.strip()) or _IF_LEAD.fullmatch(text + " "):
            self.section = self._retreat_target()
            self.verb, self.doubt_heading = None, None
            return self._note_heading(no, line, self.section, "if dislodged")
        heading = read_heading(text, self.map, loose=bool(_COLON_END.search(body))) \
            if text else None
        if heading is None:
            return False
        self.unknown_heading = self.doubt_heading = None
        self.section = self._place(heading)
        self.verb = heading.verb
        return self._note_heading(no, line, self.section, heading.text.strip())

    def _note_heading(self, no: int, line: str, target, text: str) -> bool:
        slot, refusal = target
        if refusal:
            note = f"{refusal} (the lines below are not taken)"
        elif slot is None or (self.phases and slot == self.phases.current):
            note = "the orders below are for the open phase"
        else:
            note = f"the orders below are kept for {slot.label}"
        self._add(self.letter.headers, HeaderLine(no, line, self.power, note))
        return True

    def _inline_season(self, name: str) -> bool:
        """`W: B F Leb`, `Winter 3000: build fleet in Lebennin`: this line's phase."""
        heading = read_heading(name, self.map, loose=True)
        if heading is None:
            return False
        self.line_target = self._place(heading)
        if heading.verb:
            self.verb = heading.verb
        return True

    def _place(self, heading) -> tuple[PhaseSlot | None, str | NotYet | None]:
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

    def _retreat_target(self) -> tuple[PhaseSlot | None, str | None]:
        if self.phase_kind == "Retreat":
            return (None, None)
        slot = self.phases.first_of_kind("Retreat") if self.phases else None
        if slot is None:
            return (None, "a conditional retreat ('if dislodged'), but no retreat phase comes "
                          "before the next movement")
        return (slot, None)

    def _conditional(self, body: str) -> str:
        """Strip 'if dislodged' from a line; the line is then a retreat for the retreat phase."""
        said = _RETREAT_TAIL.search(body)
        if said:  # `A Boe - Aet (retreat)`: a retreat, for the retreat phase
            self.line_target = self._retreat_target()
            return body[:said.start()].strip()
        lead = _IF_LEAD.match(body)
        unit_lead = None if lead else _IF_UNIT_LEAD.match(body)
        tail = _IF_TAIL.search(body)
        if not (lead or unit_lead or tail):
            return body
        if lead:
            body = body[lead.end():]
        elif unit_lead:
            rest = re.sub(r"^(?:then\s+)?(?:it|they)\s+", "", body[unit_lead.end():], flags=re.I)
            unit = unit_lead.group("unit")
            body = rest if _STARTS_WITH_UNIT.match(rest) else f"{unit} {rest}"
        else:
            body = body[:tail.start()]
        self.line_target = self._retreat_target()
        self.conditional = True
        return body.strip()

    def _target(self) -> tuple[PhaseSlot | None, str | None]:
        return self.line_target if self.line_target is not None else self.section

    def _read_piece(self, no: int, text: str) -> None:
        for piece, outcome in self._outcomes(text, _SEPARATORS):
            if isinstance(outcome, _Found):
                notes = outcome.notes + (("if the unit is dislodged",) if self.conditional
                                         else ())
                self._refuse_unknown()
                self.names_game = True
                item = ReadOrder(no, piece, outcome.order.power, outcome.order, notes,
                                 outcome.later, headed=self.power is not None,
                                 conditional=self.conditional)
                self._add(self.letter.orders, item)
                doubt = self._doubt_of(notes)
                if doubt:
                    self.letter._doubts[id(item)] = doubt
            elif self._looks_like_order(piece, outcome):
                self._refuse_unknown()
                if outcome.kind not in _NAMES_NOTHING and "(Note: read '" not in outcome.hint:
                    self.names_game = True  # its names are this game's, its unit is not
                self._add(self.letter.rejected, RejectedLine(no, piece, self.power, outcome))
            else:
                self.ignore(no, piece, self._junk_kind(piece, outcome))

    def _split(self, separator: re.Pattern[str], text: str) -> list[str]:
        """`text` cut at `separator`, but never at a leader's initial (`P. Scipio`)."""
        pieces, start = [], 0
        for cut in separator.finditer(text):
            if "." in cut.group(0) and self.index.initial_before(text, cut.start()):
                continue
            pieces.append(text[start:cut.start()])
            start = cut.end()
        return [*pieces, text[start:]]

    def _doubt_of(self, notes: tuple[str, ...]) -> str:
        """Why gm is not sure of an order read (a guessed name, a unit with no order, a line
        under a heading it cannot place); '' when it is."""
        if self.doubt_heading is not None:
            return f"it is under '{self.doubt_heading[1]}', which gm does not read as a " \
                   "power or a phase"
        for note in notes:
            if note.startswith("read '"):
                return f"gm guessed a name in it ({note})"
            if note == NO_ORDER:
                return "it names the unit and gives it no order"
        return ""

    def _doubt(self, no: int, line: str) -> None:
        """A line ending in a colon that gm cannot read as a heading (`If bounced:`): until
        the next heading, no line below it replaces an order the player gave."""
        words = _COLON_END.sub("", self._unnumbered(line)).strip()
        key = words.lower().rstrip(".")
        if not words or _GREETING.match(words) or _SIGN_OFF.match(words) \
                or all(w in _NOT_POWERS for w in key.split()):
            return
        self.doubt_heading = (no, words)

    def _unnumbered(self, line: str) -> str:
        """The line without its number (`1.`, `a)`), but never without a leader's initial
        (`P. Scipio - Cam`)."""
        found = _NUMBERING.match(line)
        if found is None:
            return line
        dot = found.group(0).find(".")
        if dot >= 0 and self.index.initial_before(line, dot):
            return line
        return line[found.end():]

    def _outcomes(self, text: str, separators: tuple[re.Pattern[str], ...]
                  ) -> list[tuple[str, _Found | OrderError]]:
        """The text read whole; or, if that fails, split at the first separator that yields
        at least one order, of this phase or another (`A Par - Bur, A Mar S A Par - Bur`)."""
        whole = self._try(text, self.verb)
        if isinstance(whole, _Found):
            return [(text, whole)]
        for i, separator in enumerate(separators):
            pieces = [p.strip() for p in self._split(separator, text) if p.strip()]
            if len(pieces) < 2:
                continue
            lead = _VERB_LEAD.match(pieces[0])
            verb = _VERBS.get(lead.group("verb").lower()) if lead else self.verb
            found: list[tuple[str, _Found | OrderError]] = []
            for n, piece in enumerate(pieces):
                carried = verb if n > 0 and not _STARTS_WITH_VERB.match(piece) else None
                outcome = self._try(piece, carried) if carried else None
                if isinstance(outcome, _Found) or _meant_with_verb(outcome):
                    # `Build A Par, F Bre`: `F Bre` is a build, never a hold
                    found.append((piece, outcome))
                else:
                    found.extend(self._outcomes(piece, separators[i + 1:]))
            if any(isinstance(o, _Found) or _meant_with_verb(o) for _, o in found):
                return found
        return [(text, whole)]

    def _try(self, text: str, verb: str | None = None) -> _Found | OrderError:
        """One order read and checked, for the phase its line is for: the open phase, or a
        later one (a heading, 'if dislodged', or an order only a later phase allows)."""
        self.tries_left -= 1
        if self.tries_left < 0:
            return OrderError(text, "the letter holds more than gm reads as orders", None,
                              "Send the orders in a letter of their own.")
        slot, refusal = self._target()
        if refusal:
            outcome = self._read(text, verb, None, None)
            if isinstance(outcome, OrderError):
                return outcome
            if isinstance(refusal, NotYet):
                return OrderError(text, refusal.words(_what(outcome.order, refusal.kind)), None,
                                  "Or correct the heading.", kind=PHASE
                                  ).with_notes(outcome.notes)
            return OrderError(text, refusal, None, "Enter it when its phase is open, or "
                              "correct the heading.", kind=PHASE).with_notes(outcome.notes)
        if slot is not None:
            return self._read(text, verb, slot.kind, None, slot)
        outcome = self._read(text, verb, self.phase_kind, self.board)
        if isinstance(outcome, OrderError) and outcome.kind == PHASE and self.phases:
            for later in self.phases.ahead:
                ahead = self._read(text, verb, later.kind, None, later)
                if isinstance(ahead, _Found):
                    return ahead
            coming = self._coming(text, verb)
            if coming is not None:  # `Build F Rom` in Spring: builds are taken from Autumn on
                words = coming[0].words(_what(coming[1].order, coming[0].kind))
                return OrderError(text, outcome.message, outcome.column,
                                  f"{words[0].upper()}{words[1:]}.", kind=PHASE
                                  ).with_notes(coming[1].notes)
            return OrderError(text, outcome.message, outcome.column,
                              f"{outcome.hint} {self._window()}".strip(), kind=PHASE)
        return outcome

    def _coming(self, text: str, verb: str | None) -> tuple[NotYet, _Found] | None:
        """The first phase after those a letter now may order in which `text` reads as an
        order, and the order: from when it is taken."""
        kinds = {}
        for kind in ("Retreat", "Adjustment", "Movement"):
            outcome = self._read(text, verb, kind, None)
            if isinstance(outcome, _Found):
                kinds[kind] = outcome
        coming = not_yet(self.phases, self.map, lambda p: p.kind in kinds) \
            if kinds and self.phases else None
        return (coming, kinds[coming.kind]) if coming is not None else None

    def _window(self) -> str:
        """Which phases a letter read now can order, for messages about the others."""
        if self.phases is None:
            return ""
        labels = [s.label for s in (self.phases.current, *self.phases.ahead)]
        if not self.phases.next_movement:
            return ""
        return (f"A letter now can order {' and '.join(labels)}; orders for "
                f"{self.phases.next_movement} and later are sent when that phase is open.")

    def _read(self, text: str, verb: str | None, phase_kind: str | None, board,
              later: PhaseSlot | None = None) -> _Found | OrderError:
        """One order read and checked in one kind of phase; a carried verb (`Build`) first."""
        carried = self._placement_text(text) if verb == PLACE else \
            f"{verb} {text}" if verb and not _STARTS_WITH_VERB.match(text) else None
        if carried:
            with_verb = self._read(carried, None, phase_kind, board, later)
            if isinstance(with_verb, _Found) or _meant_with_verb(with_verb):
                return with_verb
        if phase_kind == "Retreat" and _ALTERNATIVES.search(text):
            return self._retreat_choices(text, board, later)
        try:
            reading = read_order(text, self.map, self.power, phase_kind=phase_kind,
                                 forms=self.forms)
        except OrderError as exc:
            placing = self._placement_text(text, named_only=True) \
                if exc.kind == SYNTAX and verb != PLACE else None
            if placing:  # `Ptolemy IV (Memphis)`: where a leader starts
                placed = self._read(placing, None, phase_kind, board, later)
                if isinstance(placed, _Found) or _meant_with_verb(placed):
                    return placed
            leading = _LEADER_WORD.match(text) if self.index.leader_power else None
            if leading and text[leading.end():]:  # `Leader Hannibal starts in Carthage`
                placed = self._read(text[leading.end():], PLACE, phase_kind, board, later)
                if isinstance(placed, _Found) or _meant_with_verb(placed):
                    return placed
            return self._judged(text, exc, phase_kind, board, later)
        try:
            order, void = checked_order(self._site_power(reading.order, board), self.map,
                                        board, phase_kind, text, reading.spots, self.rules)
        except OrderError as exc:
            # the GM should know a name was guessed when the guess made the order fail
            return exc.with_notes(reading.notes)
        notes = self._for_other(order) + reading.notes + ((void,) if void else ())
        if board is not None and board is self.board and isinstance(order, PlaceLeader):
            self.board = self._placed(order, board)
        return _Found(order, notes, later)

    def _site_power(self, order: Order, board) -> Order:
        """A build in a letter that names no power is for the power whose site it names (the
        centre's owner, else the power whose home it is), as intake files it; the check then
        asks that power's rules (`Build A(Athens)` in a set-up letter with no heading)."""
        if order.power is not None or board is None or not isinstance(order, Build):
            return order
        owner = getattr(board, "owners", {}).get(order.province) \
            or self.map.home_power(order.province)
        return replace(order, power=owner) if owner else order

    def _placement_text(self, text: str, named_only: bool = False) -> str | None:
        """A leader's placement as gm's grammar reads it (`Place Ptolemy IV in Memphis`), from
        the ways players word it under a `Leaders:` heading or after `Leader:` (`Ptolemy IV
        (Memphis)`, `Ptolemy IV - Memphis`, `Ptolemy IV, Memphis`); `named_only`: only the
        form that says it alone, a leader with its place in brackets."""
        if _STARTS_WITH_VERB.match(text):
            return text if not named_only else None
        if len(text) > _MAX_PLACEMENT:
            return None
        found = _LEADER_AT.match(text.strip().rstrip(" .,;!"))
        if not found or (named_only and not found.group("paren")):
            return None
        leader = found.group("leader").strip()
        try:
            self.index.resolve(leader, (LEADER,))
        except NameProblem:
            return None
        return f"Place {leader} in {found.group('paren') or found.group('rest')}"

    def _leader_named(self, text: str) -> bool:
        """Is `text` a leader's name (`Ptolemy IV`, `Scipio`, `P. Scipio`), never a heading?"""
        return bool(self.index.leader_power) and fold(text) in self.index.leaders.names

    def _judged(self, text: str, error: OrderError, phase_kind: str | None, board,
                later: PhaseSlot | None) -> _Found | OrderError:
        """A name gm could not settle, judged by the board: each candidate is tried in its
        place, and the order read and checked with it. Of several near misses, the one the
        order can take (`F Cyp - Gulf of Isus`: the Gulf of Issus, since the Red Sea is out of
        the fleet's reach) is read, with a note; an unknown name is still refused, but its
        'did you mean' names only candidates the order can take, where there are some."""
        if board is None or error.span is None or not error.choices \
                or error.kind not in (AMBIGUOUS_NAME, UNKNOWN_NAME):
            return error
        start, end = error.span
        written = text[start - 1:end - 1]
        fit: list[tuple[str, _Found]] = []
        choices = list(error.choices)[:_MAX_JUDGED]
        for pool, ident in choices:
            tried = self._read(f"{text[:start - 1]}{ident}{text[end - 1:]}", None, phase_kind,
                               board, later)
            if isinstance(tried, _Found):
                fit.append((self.index.label(Match(pool, ident)), tried))
        if not fit or len(fit) == len(choices):
            return error
        labels = tuple(label for label, _ in fit)
        if error.kind == AMBIGUOUS_NAME and len(fit) == 1:
            label, found = fit[0]
            others = _either([self.index.label(Match(*c)) for c in choices])
            note = f"read {written!r} as {label}, the one of {others} that this order can take"
            return found._replace(notes=(*found.notes, note))
        if error.kind == AMBIGUOUS_NAME:
            message = f"{written!r} could be {_either(labels)}"
            return OrderError(error.text, message, error.column, error.hint, kind=error.kind,
                              candidates=labels, span=error.span)
        return OrderError(error.text, error.message, error.column,
                          f"Did you mean {_either(labels)}?", kind=error.kind,
                          candidates=labels, span=error.span)

    def _for_other(self, order: Order) -> tuple[str, ...]:
        """`for Anactorium`: the line was read for another power of the letter's player, whose
        piece or build site it names (`gm.orders.attribution`)."""
        if self.power is None or order.power in (None, self.power) \
                or order.power not in self.map.powers:
            return ()
        return (f"for {self.map.powers[order.power].name}",)

    def _placed(self, order: Order, board):
        """The board later lines are read against once a declaration places a piece (`Place
        Hannibal in Carthage`: the leader may be ordered in the same letter)."""
        if self.rules is None or not hasattr(board, "copy"):
            return board
        placed = board.copy()
        result = self.rules.declare(order, placed, self.map)
        return placed if result is not None and result.succeeded else board

    def _retreat_choices(self, text: str, board, later: PhaseSlot | None
                         ) -> _Found | OrderError:
        """`A Bur R Pic or Bel`: one retreat with further choices, the first open one taken.
        The choices are read on the map; the board's check then sees them all together."""
        first, *others = _ALTERNATIVES.split(text)
        found = self._read(first, None, "Retreat", None, later)
        if not isinstance(found, _Found) or not isinstance(found.order, Retreat):
            return found
        order = found.order
        dests = []
        for other in others:
            alt = self._read(f"{order.unit_text()} R {other}", None, "Retreat", None, later)
            if isinstance(alt, OrderError):
                return alt
            dests.append(alt.order.dest)
        notes = found.notes + ("the first of these retreats that is open is taken",)
        order = replace(order, alternatives=tuple(dests))
        if board is not None:
            try:
                order, void = checked_order(order, self.map, board, "Retreat", text, None,
                                            self.rules)
            except OrderError as exc:
                return exc
            notes += (void,) if void else ()
        return _Found(order, notes, later)

    # --- headers and junk ----------------------------------------------------------------------
    def _power_heading(self, body: str) -> tuple[str, object] | None:
        """The power a heading names, with the phase it names too, if any (`Sparta:`,
        `Germany, Autumn retreats:`, `Sparta (Spring 450 BC):`, `Sparta spring 450:`,
        `Spring 450 BC - Sparta:`); None if it names no power."""
        loose = bool(_COLON_END.search(body))
        found = self._header_power(body)
        if found:
            season = _SEASON_AFTER_POWER.match(body)
            return found, (read_heading(season.group("season"), self.map, loose)
                           if season else None)
        marked = _MARKED.match(body)
        if marked is None:
            return None
        both = self._one_players(marked.group("text"))
        if both is not None:  # `Argolis & Pherea:`
            return both, None
        words = re.findall(r"[^\W_][\w'’.]*", marked.group("text"))
        if not 2 <= len(words) <= 10:
            return None
        for k in range(len(words) - 1, 0, -1):
            for named, rest in ((words[:k], words[k:]), (words[-k:], words[:-k])):
                heading = read_heading(" ".join(rest), self.map, loose=True)
                power = self._header_power(" ".join(named) + ":") if heading else None
                if power:
                    return power, heading
        return None

    def _one_players(self, text: str) -> str | None:
        """`Argolis & Pherea`, `Sparta/Elatea`: powers of one player, whose heading is the
        Major's (the power the others' `player` names)."""
        parts = [p for p in re.split(r"\s*(?:&|\+|/|,|\band\b)\s*", text, flags=re.I) if p]
        if len(parts) < 2:
            return None
        powers = [self._header_power(f"{part}:") for part in parts]
        if None in powers:
            return None
        players = {self.map.powers[p].player or p for p in powers}
        return players.pop() if len(players) == 1 else None

    def _home_power(self, name: str) -> str | None:
        """`Argos:`: a heading naming a home centre of one power alone is that power's
        (players name a power by its city: Argos for Argolis, Thebes for Boeotia)."""
        province = self.index.provinces.names.get(fold(name))
        if province is None:
            return None
        homes = [p.id for p in self.map.powers.values() if province in p.home]
        return homes[0] if len(homes) == 1 else None

    def _header_power(self, text: str, strong: bool = False) -> str | None:
        """The power a heading names (`EGYPT:`, `Orders for Egypt`, `Egypt -`), else None.
        Headings with a colon or 'orders for' may abbreviate the power or misspell it."""
        if len(text) > _HEADING_LENGTH:
            return None
        m = _HEADER.match(" ".join(text.split()))
        if not m:
            return None
        name = m.group("name").strip()
        exact = self.index.power_exact(name)
        if exact or not (strong or m.group("mark") or m.group("lead")):
            return exact
        if len(fold(name)) < 3 or len(name.split()) > 4 or self._leader_named(name):
            return None
        try:
            return self.index.power(name).id
        except NameProblem:
            return self._home_power(name)

    def _switch_power(self, no: int, power: str, written: str) -> None:
        """Orders below are for `power`; a letter entered for another power is refused."""
        self.unknown_heading = None
        given = self.given_power
        if given and power != given:
            self.letter.refusals.append(
                f"line {no} is headed '{written.strip()}' ({self.map.powers[power].name}) but "
                f"the letter is entered for {self.map.powers[given].name} (--power); enter "
                f"{self.map.powers[power].name}'s orders with --power "
                f"{self.map.powers[power].name}, or leave out --power to follow the headings")
        self.power = power
        self.verb = None
        self.section = (None, None)
        self.doubt_heading = None
        self.names_game = True

    def _unknown_power(self, no: int, text: str) -> bool:
        """`Atlantis:`, `Orders for Atlantis`: a heading for a power this game does not have
        stops the letter. A bare `Word:` is such a heading only if an order follows it
        (`Question:` over prose is a remark)."""
        m = _POWER_LIKE.match(text.strip()) if len(text) <= _HEADING_LENGTH else None
        if not m or not (m.group("mark") or m.group("lead")):
            return False
        name = m.group("name").strip()
        key = name.lower().rstrip(".")
        if key in _NOT_POWERS or _GREETING.match(name) or _SIGN_OFF.match(name) \
                or read_heading(name, self.map) is not None or self._is_name(name):
            return False
        self.unknown_heading = (no, name)
        if m.group("lead") or m.group("tail"):
            self._refuse_unknown()
        return True

    def _refuse_unknown(self) -> None:
        if self.unknown_heading is None:
            return
        no, name = self.unknown_heading
        self.unknown_heading = None
        powers = ", ".join(p.name for p in self.map.powers.values())
        self.letter.refusals.append(f"line {no}: '{name}' is not a power in this game; powers "
                                    f"are {powers}. Correct the heading, or give --power.")

    def _set_power(self, no: int, line: str, power: str) -> None:
        self._switch_power(no, power, line)
        name = self.map.powers[power].name
        self._add(self.letter.headers, HeaderLine(no, line, power, f"orders below are for {name}"))

    def _email_header(self, no: int, line: str, header: re.Match[str]) -> None:
        if header.group("key").lower() == "subject":
            subject = re.sub(r"^(?:re|fwd?|aw)\s*:\s*", "", header.group("rest"), flags=re.I)
            for words in (subject, *re.split(r"(?<!\s)\s*+[-–—:,]\s*+|(?<=\s)[-–—:,]\s*+",
                                             subject)):
                power = self._header_power(words) if words else None
                if power:
                    return self._set_power(no, line, power)
        self.ignore(no, line, ignored.EMAIL_HEADER)

    def _quoted(self, no: int, line: str) -> None:
        """Quoted text belongs to an earlier message; say so, and say if it reads as an order."""
        inner = line.lstrip("> ").strip()
        outcome = self._try(inner) if inner else None
        if isinstance(outcome, _Found):
            return self.ignore(no, line, ignored.QUOTED_ORDER, str(outcome.order))
        return self.ignore(no, line, ignored.QUOTED)

    def _looks_like_order(self, text: str, error: OrderError) -> bool:
        """An order gm could not read (rejected, with the reason) rather than chatter."""
        if error.kind not in (SYNTAX, UNKNOWN_NAME):
            return True  # it read as an order; a name, unit, phase or variant was wrong
        return self._signals(text, error) >= 2

    def _signals(self, text: str, error: OrderError) -> int:
        """How much of an order a line has: a unit first, a verb, an order sign, a name."""
        signals = 0
        if _STARTS_WITH_UNIT.match(text):
            signals += 1
        if _STARTS_WITH_VERB.match(text):
            signals += 2
        if _ORDER_SIGNS.search(text):
            signals += 1
        if any(self._is_name(word) for word in re.findall(r"[^\W\d_][\w'.]*", text)[:8]):
            signals += 1
        return signals

    def _is_name(self, word: str) -> bool:
        key = fold(word)
        return len(key) >= 3 and (key in self.index.provinces.names
                                  or key in self.index.leaders.names)

    def _junk_kind(self, text: str, error: OrderError) -> str:
        """Why a line is not an order. Only 'not an order' (a line with something of an order
        in it) is printed in the published report; remarks, like greetings, stay private."""
        if _GREETING.match(text):
            return ignored.GREETING
        if _SIGN_OFF.match(text):
            return ignored.SIGN_OFF
        return ignored.NOT_AN_ORDER if self._signals(text, error) else ignored.REMARK

    def ignore(self, no: int, text: str, kind: str, reads_as: str | None = None) -> None:
        self._add(self.letter.ignored, IgnoredLine(no, text, kind, self.power, reads_as))

    def _add(self, items: list, item) -> None:
        items.append(item)
        self.letter._note_read(item)

    # --- the whole letter --------------------------------------------------------------------
    def _shown(self, item: ReadOrder) -> str:
        """An order of the letter as the echo names it (`shown_order`)."""
        if self.board is None or item.later is not None:
            return str(item.order)
        return shown_order(item.order, self.board, self.map, self.phase_kind, self.rules)

    def finish(self) -> Letter:
        """Apply 'a later order for the same unit replaces the earlier one', unless gm is
        not sure of the later one (when unsure, ask, never replace); and refuse a letter
        that names nothing of this game. The same unit is the same piece ordered by the
        same player: where one player plays several powers, an order under either power's
        heading replaces the other's (`attribution.ordering_side`)."""
        letter = self.letter
        kept: list[ReadOrder | None] = []
        holder: dict[tuple, int] = {}  # (player, phase, unit) -> index in kept
        for item in letter.orders:
            later = item.later.label if item.later else None
            who = ordering_side(item.power, item.later.kind if item.later else self.phase_kind,
                                self.rules)
            keys = [(who, later, key) for key in item.order.commands()]
            earlier = sorted({holder[k] for k in keys
                              if k in holder and kept[holder[k]] is not None})
            seen = letter._read_order.get(id(item), 0)
            doubt = letter.doubt(item)
            if earlier and doubt and any(kept[i].order != item.order for i in earlier):
                given = "; ".join(f"on line {kept[i].line}, {self._shown(kept[i])}"
                                  for i in earlier)
                refused = RejectedLine(item.line, item.text, self.power,
                                       unsure_error(item.text, given, doubt))
                letter.rejected.append(refused)
                letter._read_order[id(refused)] = seen
                continue
            if earlier:
                item = replace(item, notes=item.notes + tuple(
                    replaces_words(self._shown(kept[i]), kept[i].line) for i in earlier))
                for i in earlier:
                    letter.replaced.append(ReplacedOrder(kept[i], item))
                    kept[i] = None
                letter._read_order[id(item)] = seen
                if doubt:
                    letter._doubts[id(item)] = doubt
            kept.append(item)
            for key in keys:
                holder[key] = len(kept) - 1
        letter.orders = [item for item in kept if item is not None]
        if self.given_power is None and not self.names_game and not letter.refusals \
                and (letter.rejected or letter.ignored):
            letter.refusals.append(
                f"no line of this letter names a piece, power or place of this game "
                f"({self.map.name}): is this letter for another game? gm games lists them")
        return letter


def shown_order(order: Order, board, game_map: GameMap, phase_kind: str | None, rules) -> str:
    """An order of the open phase as the echo, the confirmation and the report name it: its
    piece as it stands on the board (`2A Syr - Zam` for `A(Syracuse)-Zama` to a double army),
    or as the player wrote it when the order will be void (`legality.shown_units`)."""
    pieces, helped = legality.shown_units(order, board, game_map, phase_kind, rules)
    return order_display(order, *standing(pieces), helped)


def replaces_words(shown: str, line: int | None = None) -> str:
    """The note on an order that replaced an earlier one for the same piece, in words the
    player reads in the echo: the earlier order as shown, on `line` of this letter, or (None)
    in an earlier letter."""
    where = f"on line {line}" if line is not None else "in an earlier letter"
    return f"replaces your earlier order {where}, {shown}"


def unsure_error(text: str, given: str, doubt: str) -> OrderError:
    """The refusal of a line gm is not sure of that would replace a different order the
    player gave (`given`: 'on line 2, A Par - Bur', or 'in an earlier letter, A Par - Bur'):
    it asks rather than replaces (reading rule 9)."""
    return OrderError(
        text, f"this would replace your order {given}, but {doubt}", None,
        "Write it plainly if it replaces that order; put a retreat or a build under a "
        "heading such as 'Retreats:' or 'Builds:'.", kind=UNSURE)


def _what(order: Order, kind: str) -> str:
    """What a player calls the orders of this kind of phase, for `NotYet.words`."""
    if isinstance(order, Build):
        return "builds"
    if isinstance(order, (Remove, Disband)) and kind == "Adjustment":
        return "removals"
    if isinstance(order, Retreat):
        return "retreats"
    return ""


def _either(labels) -> str:
    labels = list(labels)
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


def _meant_with_verb(outcome) -> bool:
    """The carried verb made an order of the piece that failed for a reason other than its
    wording (a build in a movement phase): the piece means that order, not another."""
    return isinstance(outcome, OrderError) and outcome.kind not in (SYNTAX, UNKNOWN_NAME)


__all__ = ["HeaderLine", "IgnoredLine", "Letter", "ReadOrder", "RejectedLine", "ReplacedOrder",
           "read_orders", "replaces_words", "shown_order", "unsure_error"]
