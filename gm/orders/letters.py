"""Read a pasted letter or email into orders: every line is an order, rejected, or ignored.

Players send orders inside email: headers, quoted replies, greetings, signatures, numbered
lists, power headings (`EGYPT:`, `Orders for Egypt`, `Egypt -`, `Sparta spring 450:`,
`Argos:`), several orders on a line. Each non-blank line ends in exactly one place of the
`Letter`, with a reason when it is not an order, so nothing is dropped silently. A later order
for the same unit replaces an earlier one; the replaced order is kept in `Letter.replaced` and
the new one says so in its notes (that it repeats it, where it gives the same order). When gm is not sure of the later line (a guessed name, a line
under a heading it cannot place), it asks rather than replaces: the line is rejected (reading
rule 9). A name the map cannot settle is judged by the board (rule 11).

Nothing meant for a later phase becomes an order of the open one (`gm/orders/README.md`,
reading rules 1 and 2): lines under a season heading (`Winter:`, `Autumn retreats:`, `W:`),
conditional retreats (`If dislodged, A Mar - Gas`) and retreats, builds and removals written
with the moves are read for the phase they name and kept for it (`ReadOrder.later`), or
rejected with the reason. A heading naming no power, or another power than the one the
letter is entered for, is a refusal of the whole letter (`Letter.refusals`); so is a letter
with no heading that names nothing of this game (rule 12).

This module is the reader, line by line. What a line can be by its words alone is in
`gm.orders.line_kinds`, which phase a line is for in `gm.orders.letter_targets`, whose orders a
heading names in `gm.orders.letter_headings`, and what a letter is read into in
`gm.orders.letter_lines`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

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
from gm.orders.kinds.build import Build, site_power
from gm.orders.kinds.hold import NO_ORDER
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.place_leader import PlaceLeader
from gm.orders.kinds.retreat import Retreat
from gm.orders.letter_headings import (
    NOT_POWERS,
    POWER_DASH,
    POWER_PREFIX,
    PowerHeadings,
    other_power_refusal,
    unknown_power_refusal,
)
from gm.orders.letter_lines import (
    Doubt,
    Found,
    HeaderLine,
    IgnoredLine,
    Letter,
    ReadOrder,
    RejectedLine,
    ReplacedOrder,
    same_order,
)
from gm.orders.letter_targets import LineTargets, if_dislodged_alone, orders_called
from gm.orders.line_kinds import (
    ATTRIBUTION,
    COLON_END,
    EMAIL_HEADER,
    GREETING,
    PLACE,
    SEPARATORS,
    SIGN_OFF,
    SIGNATURE_START,
    heading_verb,
    junk_kind,
    looks_like_order,
    names_an_order,
    numbered_pieces,
    split_at,
    starts_with_verb,
    unnumbered,
    verb_heading,
    verb_lead,
    verb_of_heading,
    verb_of_lead,
)
from gm.orders.names import LEADER, Match, NameIndex, NameProblem, name_index
from gm.orders.parse import read_order
from gm.orders.sections import (
    LetterPhases,
    NotYet,
    PhaseSlot,
    not_yet,
    read_heading,
)

# What a letter costs is bounded by its length: a line longer than a line of orders is prose,
# read by no pattern; a letter gives no more orders than every power of a game has, and tries
# no more pieces of text as orders than a few a line (a megabyte of commas would otherwise
# take a minute). Lines past any of these are ignored, saying so.
MAX_LINE_LENGTH = 1_000  # a line of orders is a few hundred characters at most
MAX_ORDERS = 1_000  # orders read from one letter; all of a game's powers order a few hundred
_TRIES = 4_000  # pieces tried as orders in any letter, and `_TRIES_A_LINE` for each line
_TRIES_A_LINE = 1
# The patterns of this module are text, which `re` compiles the first time one is used and
# keeps: a letter that needs none (no leader, no alternatives) never pays for compiling it.
# A leader's placement, as players word it (`Place Hannibal in Carthage`, `Hannibal starts in
# Carthage`, `Leader: Ptolemy IV (Memphis)`): the letter is read twice, for its placements first
PLACEMENT = (r"(?i)\b(?:place[sd]?|placing|put|starts?|starting|begins?|set\s*up|sets\s+up|"
             r"leaders?|placements?|located|stationed|positioned|based|deployed)\b|"
             r"[:(]")
# `Leader:`, `Leaders:`, `Leader placement:`, `Starting positions:`: the lines (or the rest of
# the line) place leaders
_PLACING = (r"(?i)^(?:(?:the\s+)?leaders?(?:'s?)?(?:\s+(?:placements?|starts?|positions?|"
            r"locations?))?|placements?|(?:starting|start|initial)\s+(?:placements?|"
            r"positions?|locations?|places?))\s*(?:\([^)]*\))?\s*$")
# `Leader Hannibal starts in Carthage`, `Leader - Hannibal - Carthage`: a leader's placement
_LEADER_WORD = r"(?i)^(?:the\s+)?leader\b\s*[:\-–—]?\s*"
# what names a leader's place in a placement: `Ptolemy IV (Memphis)`, `Ptolemy IV - Memphis`
_LEADER_AT = (r"^(?P<leader>[^():,\-–—]+?)\s*(?:\(\s*(?P<paren>[^()]+?)\s*\)|"
              r"(?:[:,\-–—]|\b(?i:in|at|to|on)\b)\s*(?P<rest>[^():]+?))\s*\.?$")
_ALTERNATIVES = (r"(?i)(?<!\s)\s++or\s++|(?<!\s)\s*+/\s*+(?=[A-Za-z]{3})|"
                 r"(?<=\s)/\s*+(?=[A-Za-z]{3})")
# a rejected line with such an error names nothing of the game (for a letter for another game)
_NAMES_NOTHING = (SYNTAX, UNKNOWN_NAME, AMBIGUOUS_NAME, NO_UNIT)
_MAX_JUDGED = 4  # candidates of a name tried on the board
_MAX_PLACEMENT = 120  # a longer line is no leader's placement (and no regex gets to backtrack)


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
            and re.search(PLACEMENT, text):
        # a placement is carried out before the phase's orders, wherever the letter puts it:
        # read the letter once for its placements, then every line against the board they make
        first = LetterReader(game_map, power, phase_kind, board, forms, phases, rules, tries)
        for no, raw in enumerate(lines, 1):
            first.read_line(no, raw)
        board = first.board
    reader = LetterReader(game_map, power, phase_kind, board, forms, phases, rules, tries)
    for no, raw in enumerate(lines, 1):
        reader.read_line(no, raw)
        if reader.power:
            reader.letter.written_for[no] = reader.power
    return reader.finish()


class LetterReader:
    """Reads one letter, line by line, into a `Letter` (`read_orders`). The record's reader
    (`gm.orders.recorded`) files recorded lines through it: `add`, `ignore`, `read_alone`,
    `targets.window()` and `finish`."""

    def __init__(self, game_map: GameMap, power: str | None, phase_kind: str | None, board,
                 forms: Collection[str] | None, phases: LetterPhases | None = None,
                 rules=None, tries: int = _TRIES):
        self.map = game_map
        self.rules = rules
        self.index: NameIndex = name_index(game_map)
        self.power = power
        self.given_power = power  # `--power`: the letter is for this power only
        self.headings = PowerHeadings(game_map, self.index)
        self.phases = phases
        self.targets = LineTargets(game_map, phase_kind, phases)  # the phase of each line
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
        if SIGNATURE_START.match(line):
            self.in_signature = True
            return self.ignore(no, line, ignored.SIGNATURE)
        header = EMAIL_HEADER.match(line)
        if header:
            return self._email_header(no, line, header)
        if ATTRIBUTION.match(line):
            return self.ignore(no, line, ignored.ATTRIBUTION)
        body = unnumbered(line, self.index)
        self.targets.line_target, self.targets.conditional = None, False
        inline_unknown = inline_verb = False
        verb_before = self.verb
        if self._season_heading(no, line, body):
            return
        heading = verb_heading(body)
        if heading:
            self.verb = verb_of_heading(heading.group("verb"))
            self.doubt_heading = None
            self.add(self.letter.headers, HeaderLine(
                no, line, self.power, f"the units below are {heading.group('verb')}"))
            return
        if self.index.leader_power and re.match(_PLACING, COLON_END.sub("", body)) \
                and COLON_END.search(body):
            self.verb, self.doubt_heading = PLACE, None  # `Leaders:`
            self.add(self.letter.headers, HeaderLine(
                no, line, self.power, "the lines below place leaders"))
            return
        found = self.headings.power_heading(body)
        if found:
            power, heading = found
            self._set_power(no, line, power)
            verb = heading_verb(body)  # `Russia builds:`
            if verb:
                self.verb = verb_of_heading(verb.group(1))
            if heading is not None:  # `Germany, Autumn retreats:`, `Sparta spring 450:`
                self.targets.section = self.targets.place(heading)
                self.verb = heading.verb or self.verb
            return
        if self._unknown_power(no, body):
            self._doubt(no, line)
            return self.ignore(no, line, ignored.REMARK)  # or a heading for no power: see below
        prefix = POWER_PREFIX.match(body)
        if prefix:
            name = prefix.group("name")
            power = None if self.headings.leader_named(name) \
                else self.headings.header_power(name, strong=True)
            if power:
                self._switch_power(no, power, name)
                body = prefix.group("rest")
            elif (season := self.targets.inline_season(name)) is not None:
                self.verb = season.verb or self.verb  # `W: B F Leb`
                body, inline_verb = prefix.group("rest"), True
            elif self.index.leader_power and re.match(_PLACING, name):
                self.verb, inline_verb = PLACE, True  # `Leader: Ptolemy IV (Memphis)`
                body = prefix.group("rest")
            elif names_an_order(name) or self.headings.leader_named(name):
                pass  # `Loan: Athens to Egypt`, `Hannibal: Carthage`: the line is one order
            elif self._unknown_power(no, name + ":"):
                inline_unknown = True  # `Atlantis: A Mun - Ruh` if the rest is an order
                body = prefix.group("rest")
        dashed = POWER_DASH.match(body)  # `Italy - A Ven H, A Rom - Apu`
        if dashed and self.index.power_exact(dashed.group("name")) \
                and not isinstance(self._try(body), Found):
            self._switch_power(no, self.index.power_exact(dashed.group("name")),
                               dashed.group("name"))
            body = dashed.group("rest")
        body = self.targets.strip_conditional(body)
        before = self.letter.items_read()
        pieces = numbered_pieces(body, self.index)
        lead = verb_lead(pieces[0]) if len(pieces) > 1 else None
        for n, piece in enumerate(pieces):
            if piece and n == 1 and lead and not self.verb:  # `Retreat A Boe - Aet; F Ach - Goc`
                self.verb, inline_verb = verb_of_lead(lead.group("verb")), True
            if piece:
                self._read_piece(no, piece)
        if self.letter.items_read() == before:  # only separators, or a bare heading
            self.ignore(no, line, ignored.NOTHING_TO_READ)
        if COLON_END.search(line) and not any(
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
        if if_dislodged_alone(body.strip()) or if_dislodged_alone(text + " "):
            self.targets.section = self.targets.retreat_target()
            self.verb, self.doubt_heading = None, None
            return self._note_heading(no, line, self.targets.section)
        heading = read_heading(text, self.map, loose=bool(COLON_END.search(body))) \
            if text else None
        if heading is None:
            return False
        self.unknown_heading = self.doubt_heading = None
        self.targets.section = self.targets.place(heading)
        self.verb = heading.verb
        return self._note_heading(no, line, self.targets.section)

    def _note_heading(self, no: int, line: str, target) -> bool:
        note = self.targets.heading_note(target)
        self.add(self.letter.headers, HeaderLine(no, line, self.power, note))
        return True

    def _read_piece(self, no: int, text: str) -> None:
        for piece, outcome in self._outcomes(text, SEPARATORS):
            if isinstance(outcome, Found):
                notes = outcome.notes + (("if the unit is dislodged",)
                                         if self.targets.conditional else ())
                self._refuse_unknown()
                self.names_game = True
                item = ReadOrder(no, piece, outcome.order.power, outcome.order, notes,
                                 outcome.later, headed=self.power is not None,
                                 conditional=self.targets.conditional)
                self.add(self.letter.orders, item)
                doubt = self._doubt_of(item)
                if doubt:
                    self.letter.note_doubt(item, doubt)
            elif looks_like_order(piece, outcome, self.index):
                self._refuse_unknown()
                if outcome.kind not in _NAMES_NOTHING and "(Note: read '" not in outcome.hint:
                    self.names_game = True  # its names are this game's, its unit is not
                self.add(self.letter.rejected, RejectedLine(no, piece, self.power, outcome))
            else:
                self.ignore(no, piece, junk_kind(piece, self.index))

    def _doubt_of(self, item: ReadOrder) -> Doubt | None:
        """Why gm is not sure of an order read (a guessed name, a unit with no order, a line
        under a heading it cannot place), and what to write instead; None when it is sure.
        For a guessed name the fix names the guess and the order as gm read it."""
        if self.doubt_heading is not None:
            return Doubt(f"it is under '{self.doubt_heading[1]}', which gm does not read as "
                         "a power or a phase", _WRITE_PLAINLY)
        for note in item.notes:
            guess = re.match(_GUESS, note)
            if guess:
                written, meant = guess.groups()
                return Doubt(f"gm guessed a name in it ({note})",
                             f"If {written} means {meant}, write {self._shown(item)}: it then "
                             "replaces that order. If not, write the name as the map has it.")
            if note == NO_ORDER:
                return Doubt("it names the unit and gives it no order", _WRITE_PLAINLY)
        return None

    def _doubt(self, no: int, line: str) -> None:
        """A line ending in a colon that gm cannot read as a heading (`If bounced:`): until
        the next heading, no line below it replaces an order the player gave."""
        words = COLON_END.sub("", unnumbered(line, self.index)).strip()
        key = words.lower().rstrip(".")
        if not words or re.match(GREETING, words) or re.match(SIGN_OFF, words) \
                or all(w in NOT_POWERS for w in key.split()):
            return
        self.doubt_heading = (no, words)

    def _outcomes(self, text: str, separators: tuple[str, ...]
                  ) -> list[tuple[str, Found | OrderError]]:
        """The text read whole; or, if that fails, split at the first separator that yields
        at least one order, of this phase or another (`A Par - Bur, A Mar S A Par - Bur`)."""
        whole = self._try(text, self.verb)
        if isinstance(whole, Found):
            return [(text, whole)]
        for i, separator in enumerate(separators):
            pieces = [p.strip() for p in split_at(separator, text, self.index) if p.strip()]
            if len(pieces) < 2:
                continue
            lead = verb_lead(pieces[0])
            verb = verb_of_lead(lead.group("verb")) if lead else self.verb
            found: list[tuple[str, Found | OrderError]] = []
            for n, piece in enumerate(pieces):
                carried = verb if n > 0 and not starts_with_verb(piece) else None
                outcome = self._try(piece, carried) if carried else None
                if isinstance(outcome, Found) or _meant_with_verb(outcome):
                    # `Build A Par, F Bre`: `F Bre` is a build, never a hold
                    found.append((piece, outcome))
                else:
                    found.extend(self._outcomes(piece, separators[i + 1:]))
            if any(isinstance(o, Found) or _meant_with_verb(o) for _, o in found):
                return found
        return [(text, whole)]

    def _try(self, text: str, verb: str | None = None) -> Found | OrderError:
        """One order read and checked, for the phase its line is for: the open phase, or a
        later one (a heading, 'if dislodged', or an order only a later phase allows)."""
        self.tries_left -= 1
        if self.tries_left < 0:
            return OrderError(text, "the letter holds more than gm reads as orders", None,
                              "Send the orders in a letter of their own.")
        slot, refusal = self.targets.target()
        if refusal:
            outcome = self._read(text, verb, None, None)
            if isinstance(outcome, OrderError):
                return outcome
            if isinstance(refusal, NotYet):
                words = refusal.words(orders_called(outcome.order, refusal.kind))
                return OrderError(text, words, None, "Or correct the heading.", kind=PHASE
                                  ).with_notes(outcome.notes)
            return OrderError(text, refusal, None, "Enter it when its phase is open, or "
                              "correct the heading.", kind=PHASE).with_notes(outcome.notes)
        if slot is not None:
            return self._read(text, verb, slot.kind, None, slot)
        outcome = self._read(text, verb, self.phase_kind, self.board)
        if isinstance(outcome, OrderError) and outcome.kind == PHASE and self.phases:
            for later in self.phases.ahead:
                ahead = self._read(text, verb, later.kind, None, later)
                if isinstance(ahead, Found):
                    return ahead
            coming = self._coming(text, verb)
            if coming is not None:  # `Build F Rom` in Spring: builds are taken from Autumn on
                words = coming[0].words(orders_called(coming[1].order, coming[0].kind))
                return OrderError(text, outcome.message, outcome.column,
                                  f"{words[0].upper()}{words[1:]}.", kind=PHASE
                                  ).with_notes(coming[1].notes)
            return OrderError(text, outcome.message, outcome.column,
                              f"{outcome.hint} {self.targets.window()}".strip(), kind=PHASE)
        return outcome

    def _coming(self, text: str, verb: str | None) -> tuple[NotYet, Found] | None:
        """The first phase after those a letter now may order in which `text` reads as an
        order, and the order: from when it is taken."""
        kinds = {}
        for kind in ("Retreat", "Adjustment", "Movement"):
            outcome = self._read(text, verb, kind, None)
            if isinstance(outcome, Found):
                kinds[kind] = outcome
        coming = not_yet(self.phases, self.map, lambda p: p.kind in kinds) \
            if kinds and self.phases else None
        return (coming, kinds[coming.kind]) if coming is not None else None

    def _read(self, text: str, verb: str | None, phase_kind: str | None, board,
              later: PhaseSlot | None = None) -> Found | OrderError:
        """One order read and checked in one kind of phase; a carried verb (`Build`) first."""
        carried = self._placement_text(text) if verb == PLACE else \
            f"{verb} {text}" if verb and not starts_with_verb(text) else None
        if carried:
            with_verb = self._read(carried, None, phase_kind, board, later)
            if isinstance(with_verb, Found) or _meant_with_verb(with_verb):
                return with_verb
        if phase_kind == "Retreat" and re.search(_ALTERNATIVES, text):
            return self._retreat_choices(text, board, later)
        try:
            reading = read_order(text, self.map, self.power, phase_kind=phase_kind,
                                 forms=self.forms)
        except OrderError as exc:
            placing = self._placement_text(text, named_only=True) \
                if exc.kind == SYNTAX and verb != PLACE else None
            if placing:  # `Ptolemy IV (Memphis)`: where a leader starts
                placed = self._read(placing, None, phase_kind, board, later)
                if isinstance(placed, Found) or _meant_with_verb(placed):
                    return placed
            leading = re.match(_LEADER_WORD, text) if self.index.leader_power else None
            if leading and text[leading.end():]:  # `Leader Hannibal starts in Carthage`
                placed = self._read(text[leading.end():], PLACE, phase_kind, board, later)
                if isinstance(placed, Found) or _meant_with_verb(placed):
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
        return Found(order, notes, later)

    def _site_power(self, order: Order, board) -> Order:
        """A build in a letter that names no power is for the power whose site it names (the
        centre's owner, else the power whose home it is), as intake files it; the check then
        asks that power's rules (`Build A(Athens)` in a set-up letter with no heading)."""
        if order.power is not None or board is None or not isinstance(order, Build):
            return order
        owner = site_power(order.province, getattr(board, "owners", {}), self.map)
        return replace(order, power=owner) if owner else order

    def _placement_text(self, text: str, named_only: bool = False) -> str | None:
        """A leader's placement as gm's grammar reads it (`Place Ptolemy IV in Memphis`), from
        the ways players word it under a `Leaders:` heading or after `Leader:` (`Ptolemy IV
        (Memphis)`, `Ptolemy IV - Memphis`, `Ptolemy IV, Memphis`); `named_only`: only the
        form that says it alone, a leader with its place in brackets."""
        if starts_with_verb(text):
            return text if not named_only else None
        if len(text) > _MAX_PLACEMENT:
            return None
        found = re.match(_LEADER_AT, text.strip().rstrip(" .,;!"))
        if not found or (named_only and not found.group("paren")):
            return None
        leader = found.group("leader").strip()
        try:
            self.index.resolve(leader, (LEADER,))
        except NameProblem:
            return None
        return f"Place {leader} in {found.group('paren') or found.group('rest')}"

    def _judged(self, text: str, error: OrderError, phase_kind: str | None, board,
                later: PhaseSlot | None) -> Found | OrderError:
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
        fit: list[tuple[str, Found]] = []
        choices = list(error.choices)[:_MAX_JUDGED]
        for pool, ident in choices:
            tried = self._read(f"{text[:start - 1]}{ident}{text[end - 1:]}", None, phase_kind,
                               board, later)
            if isinstance(tried, Found):
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
                         ) -> Found | OrderError:
        """`A Bur R Pic or Bel`: one retreat with further choices, the first open one taken.
        The choices are read on the map; the board's check then sees them all together."""
        first, *others = re.split(_ALTERNATIVES, text)
        found = self._read(first, None, "Retreat", None, later)
        if not isinstance(found, Found) or not isinstance(found.order, Retreat):
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
        return Found(order, notes, later)

    def read_alone(self, text: str, slot: PhaseSlot | None) -> Found | OrderError:
        """One order read for the phase given alone (`slot`; None: the open phase), no later
        phase tried instead: the record's reader (`gm.orders.recorded`) reads a line for the
        phase it was filed for."""
        if slot is None:
            return self._read(text, None, self.phase_kind, self.board)
        return self._read(text, None, slot.kind, None, slot)

    # --- headers and junk ----------------------------------------------------------------------

    def _switch_power(self, no: int, power: str, written: str) -> None:
        """Orders below are for `power`; a letter entered for another power is refused."""
        self.unknown_heading = None
        given = self.given_power
        if given and power != given:
            self.letter.refusals.append(other_power_refusal(no, written, power, given, self.map))
        self.power = power
        self.verb = None
        self.targets.section = (None, None)
        self.doubt_heading = None
        self.names_game = True

    def _unknown_power(self, no: int, text: str) -> bool:
        """`Atlantis:`, `Orders for Atlantis`: a heading for a power this game does not have
        (`PowerHeadings.unknown_power`) stops the letter once it says it heads a power's
        orders, or an order follows it."""
        found = self.headings.unknown_power(text)
        if found is None:
            return False
        name, stated = found
        self.unknown_heading = (no, name)
        if stated:
            self._refuse_unknown()
        return True

    def _refuse_unknown(self) -> None:
        if self.unknown_heading is None:
            return
        no, name = self.unknown_heading
        self.unknown_heading = None
        self.letter.refusals.append(unknown_power_refusal(no, name, self.map))

    def _set_power(self, no: int, line: str, power: str) -> None:
        self._switch_power(no, power, line)
        name = self.map.powers[power].name
        self.add(self.letter.headers, HeaderLine(no, line, power, f"orders below are for {name}"))

    def _email_header(self, no: int, line: str, header: re.Match[str]) -> None:
        power = self.headings.subject_power(header.group("rest")) \
            if header.group("key").lower() == "subject" else None
        if power:
            return self._set_power(no, line, power)
        self.ignore(no, line, ignored.EMAIL_HEADER)

    def _quoted(self, no: int, line: str) -> None:
        """Quoted text belongs to an earlier message; say so, and say if it reads as an order."""
        inner = line.lstrip("> ").strip()
        outcome = self._try(inner) if inner else None
        if isinstance(outcome, Found):
            return self.ignore(no, line, ignored.QUOTED_ORDER, str(outcome.order))
        return self.ignore(no, line, ignored.QUOTED)

    def ignore(self, no: int, text: str, kind: str, reads_as: str | None = None) -> None:
        self.add(self.letter.ignored, IgnoredLine(no, text, kind, self.power, reads_as))

    def add(self, items: list, item) -> None:
        """Put `item` in the letter (in `items`, one of its lists), in the order read."""
        items.append(item)
        self.letter.note_read(item)

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
            seen = letter.place_of(item)
            doubt = letter.doubt(item)
            same = {i: same_order((self._shown(kept[i]), kept[i].power),
                                  (self._shown(item), item.power)) for i in earlier}
            if earlier and doubt and not all(same.values()):
                given = "; ".join(f"on line {kept[i].line}, {self._shown(kept[i])}"
                                  for i in earlier)
                refused = RejectedLine(item.line, item.text, self.power,
                                       unsure_error(item.text, given, doubt))
                letter.rejected.append(refused)
                letter.note_read(refused, seen)
                continue
            if earlier:
                item = replace(item, notes=item.notes + tuple(
                    replaces_words(self._shown(kept[i]), kept[i].line, same[i])
                    for i in earlier))
                for i in earlier:
                    letter.replaced.append(ReplacedOrder(kept[i], item, same[i]))
                    kept[i] = None
                letter.note_read(item, seen)
                if doubt:
                    letter.note_doubt(item, doubt)
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


def replaces_words(shown: str, line: int | None = None, repeats: bool = False) -> str:
    """The note on an order that replaced an earlier one for the same piece, in words the
    player reads in the echo: the earlier order as shown, on `line` of this letter, or (None)
    in an earlier letter. An order that `repeats` the earlier one (`same_order`) changed
    nothing, and says so."""
    where = f"on line {line}" if line is not None else "in an earlier letter"
    return f"{_EARLIER_VERBS[repeats]}{_EARLIER_ORDER}{where}, {shown}"


_EARLIER_VERBS, _EARLIER_ORDER = ("replaces", "repeats"), " your earlier order "


def earlier_order_note(notes: str, start: int = 0) -> int:
    """Where the first of `replaces_words`' notes at or after `start` begins among `notes`
    (joined by '; ', the '; ' before it included), or -1: a note that must stay when a void
    note before it is taken out or cut off."""
    found = [at for verb in _EARLIER_VERBS
             if (at := notes.find(f"; {verb}{_EARLIER_ORDER}", start)) >= 0]
    return min(found, default=-1)


def unsure_error(text: str, given: str, doubt: Doubt) -> OrderError:
    """The refusal of a line gm is not sure of that would replace a different order the
    player gave (`given`: 'on line 2, A Par - Bur', or 'in an earlier letter, A Par - Bur'):
    it asks rather than replaces (reading rule 9), and says what to write (`Doubt.fix`)."""
    return OrderError(text, f"this would replace your order {given}, but {doubt.why}", None,
                      doubt.fix, kind=UNSURE)


# a guessed name's note (`gm.orders.names`): "read 'Picrdy' as Picardy (pic)", or the one of
# several places the order can take: "read 'Spa' as Spain/nc, the one of ... that ..."
_GUESS = r"read ('[^']*'|\".*?\") as (.+?)(?:, the one of .*)?$"
_WRITE_PLAINLY = ("Write it plainly if it replaces that order; put a retreat or a build under a "
                  "heading such as 'Retreats:' or 'Builds:'.")


def _either(labels) -> str:
    labels = list(labels)
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


def _meant_with_verb(outcome) -> bool:
    """The carried verb made an order of the piece that failed for a reason other than its
    wording (a build in a movement phase): the piece means that order, not another."""
    return isinstance(outcome, OrderError) and outcome.kind not in (SYNTAX, UNKNOWN_NAME)


__all__ = ["PLACEMENT", "LetterReader", "read_orders", "replaces_words", "shown_order",
           "unsure_error"]
