"""Read a pasted letter or email into orders: every line is an order, rejected, or ignored.

Players send orders inside email: headers, quoted replies, greetings, signatures, numbered
lists, power headings (`EGYPT:`, `Orders for Egypt`, `Egypt -`), several orders on a line.
Each non-blank line ends in exactly one place of the `Letter`, with a reason when it is not an
order, so nothing is dropped silently. A later order for the same unit replaces an earlier
one; the replaced order is kept in `Letter.replaced` and the new one says so in its notes.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace

from gm.maps.gamemap import GameMap
from gm.orders import ignored
from gm.orders.check import checked_order
from gm.orders.errors import PHASE, SYNTAX, UNKNOWN_NAME, OrderError
from gm.orders.ignored import ignored_reason
from gm.orders.names import NameIndex, NameProblem, fold, name_index
from gm.orders.parse import Reading, read_order
from gm.orders.types import Order

# --- what a line can be -----------------------------------------------------------------------
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
_NUMBERING = re.compile(r"^(?:\(?\d{1,3}[.):]|\(?[a-z]\)|[a-z]\.|#\d{1,3}[.:]?|[-*•·–])\s+")
_HEADER = re.compile(
    r"^(?:(?P<lead>orders?|moves?|builds?|adjustments?|retreats?)\s+(?:for|from|of)\s+)?"
    r"(?P<name>[^:()\[\],;]+?)(?:'s|’s)?"
    r"(?:\s+(?:orders?|moves?|builds?|adjustments?|retreats?))?"
    r"\s*(?:\([^)]*\))?\s*(?:,[^:]*)?\s*(?P<mark>[:\-–—]+)?\s*$", re.I)
_POWER_PREFIX = re.compile(r"^(?P<name>[^:]{1,60}?)\s*:\s*(?P<rest>\S.*)$")
_POWER_DASH = re.compile(r"^(?P<name>[^-–—]{1,40}?)\s+[-–—]\s+(?P<rest>\S.*)$")
_VERB_HEADING = re.compile(r"^(?P<verb>builds?|removals?|removes?|disbands?)\s*:?\s*$", re.I)
_HEADING_VERB = re.compile(r"\b(builds?|removals?|removes?|disbands?)\b", re.I)
_VERB_LEAD = re.compile(r"^(?P<verb>builds?|b|removes?|disbands?)\b\s*:?", re.I)
_STARTS_WITH_UNIT = re.compile(r"^\d?\s*(?:a/f|army|fleet|garrison|a|f|g)\s*[\s(]", re.I)
_STARTS_WITH_VERB = re.compile(r"^(?:builds?|removes?|disbands?|waives?|sack|loan|lend|"
                               r"end\s+loan|place|destroy)\b", re.I)
_ORDER_SIGNS = re.compile(
    r"->|=>|\w\s*-\s*\w|\b(?:h|s|c|r|d|z|holds?|supports?|convoys?|moves?|retreats?|"
    r"disbands?|merges?|splits?|destroys?|sacks?|converts?|becomes?)\b", re.I)
# Where one line holds several orders: tried in this order, only when the whole fails.
_SEPARATORS = (re.compile(r"\s*,\s*"), re.compile(r"(?<=\S)\.\s+"),
               re.compile(r"\s+(?:and|&)\s+", re.I))
_VERBS = {"build": "Build", "builds": "Build", "b": "Build", "removal": "Remove",
          "removals": "Remove", "remove": "Remove", "removes": "Remove",
          "disband": "Disband", "disbands": "Disband"}


@dataclass(frozen=True, slots=True)
class ReadOrder:
    line: int
    text: str
    power: str | None
    order: Order
    notes: tuple[str, ...] = ()


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
    # the order items were read in, by id (several items can share a line)
    _read_order: dict[int, int] = field(default_factory=dict, repr=False, compare=False)

    def entries(self) -> list:
        """Everything read, in the order of the letter (by line, then place in the line)."""
        items = [*self.headers, *self.orders, *self.replaced, *self.rejected, *self.ignored]

        def place(item) -> tuple[int, int]:
            key = id(item.old) if isinstance(item, ReplacedOrder) else id(item)
            return item.line, self._read_order.get(key, 0)
        return sorted(items, key=place)

    def _note_read(self, item) -> None:
        self._read_order[id(item)] = len(self._read_order)

    def by_power(self) -> dict[str | None, list[Order]]:
        out: dict[str | None, list[Order]] = {}
        for item in self.orders:
            out.setdefault(item.power, []).append(item.order)
        return out


def read_orders(text: str, game_map: GameMap, power: str | None = None, *,
                phase_kind: str | None = None, board=None,
                forms: Collection[str] | None = None, rules=None) -> Letter:
    """Read every line of `text`. `power` is the sender if known; headers may change it.
    `phase_kind`, `board` and `forms` are as for `gm.orders.parse.read_order`; with a board,
    each order gets the legality check (`gm.orders.check`): orders for units that are not
    there (or not the power's) are rejected with the reason, and orders the engine will void
    are kept with a note saying why. `rules` (the map's `RuleSet`) lets its rules object too."""
    reader = _LetterReader(game_map, power, phase_kind, board, forms, rules)
    for no, raw in enumerate(text.splitlines(), 1):
        reader.read_line(no, raw)
    return reader.finish()


class _LetterReader:
    def __init__(self, game_map: GameMap, power: str | None, phase_kind: str | None, board,
                 forms: Collection[str] | None, rules=None):
        self.map = game_map
        self.rules = rules
        self.index: NameIndex = name_index(game_map)
        self.power = power
        self.phase_kind = phase_kind
        self.board = board
        self.forms = forms
        self.letter = Letter()
        self.in_signature = False
        self.verb: str | None = None  # set by a `Builds:` heading, until a blank line

    # --- one line ----------------------------------------------------------------------------
    def read_line(self, no: int, raw: str) -> None:
        line = raw.replace("\xa0", " ").replace("\u200b", "").strip()
        if not line:
            self.verb = None
            return
        if self.in_signature:
            return self.ignore(no, line, ignored.SIGNATURE)
        if line.startswith(">"):
            return self._quoted(no, line)
        if _SIGNATURE_START.match(line):
            self.in_signature = True
            return self.ignore(no, line, ignored.SIGNATURE)
        header = _EMAIL_HEADER.match(line)
        if header:
            return self._email_header(no, line, header)
        if _ATTRIBUTION.match(line):
            return self.ignore(no, line, ignored.ATTRIBUTION)
        body = _NUMBERING.sub("", line, count=1)
        heading = _VERB_HEADING.match(body)
        if heading:
            self.verb = _VERBS[heading.group("verb").lower()]
            self._add(self.letter.headers, HeaderLine(
                no, line, self.power, f"the units below are {heading.group('verb')}"))
            return
        found = self._header_power(body)
        if found:
            self._set_power(no, line, found)
            verb = _HEADING_VERB.search(body)  # `Russia builds:`
            if verb:
                self.verb = _VERBS[verb.group(1).lower()]
            return
        prefix = _POWER_PREFIX.match(body)
        if prefix:
            power = self._header_power(prefix.group("name"), strong=True)
            if power:
                self.power = power
                self.verb = None
                body = prefix.group("rest")
        dashed = _POWER_DASH.match(body)  # `Italy - A Ven H, A Rom - Apu`
        if dashed and self.index.power_exact(dashed.group("name")) \
                and not isinstance(self._try(body), Reading):
            self.power = self.index.power_exact(dashed.group("name"))
            self.verb = None
            body = dashed.group("rest")
        before = len(self.letter._read_order)
        for piece in body.split(";"):
            if piece.strip():
                self._read_piece(no, piece.strip())
        if len(self.letter._read_order) == before:  # only separators, or a bare heading
            self.ignore(no, line, ignored.NOTHING_TO_READ)

    def _read_piece(self, no: int, text: str) -> None:
        for piece, outcome in self._outcomes(text, _SEPARATORS):
            if isinstance(outcome, Reading):
                self._add(self.letter.orders, ReadOrder(no, piece, outcome.order.power,
                                                        outcome.order, outcome.notes))
            elif self._looks_like_order(piece, outcome):
                self._add(self.letter.rejected, RejectedLine(no, piece, self.power, outcome))
            else:
                self.ignore(no, piece, self._junk_kind(piece))

    def _outcomes(self, text: str, separators: tuple[re.Pattern[str], ...]
                  ) -> list[tuple[str, Reading | OrderError]]:
        """The text read whole; or, if that fails, split at the first separator that yields
        at least one order, of this phase or another (`A Par - Bur, A Mar S A Par - Bur`)."""
        whole = self._try(text, self.verb)
        if isinstance(whole, Reading):
            return [(text, whole)]
        for i, separator in enumerate(separators):
            pieces = [p.strip() for p in separator.split(text) if p.strip()]
            if len(pieces) < 2:
                continue
            lead = _VERB_LEAD.match(pieces[0])
            verb = _VERBS.get(lead.group("verb").lower()) if lead else self.verb
            found: list[tuple[str, Reading | OrderError]] = []
            for n, piece in enumerate(pieces):
                carried = verb if n > 0 and not _STARTS_WITH_VERB.match(piece) else None
                outcome = self._try(piece, carried) if carried else None
                if isinstance(outcome, Reading):
                    found.append((piece, outcome))
                else:
                    found.extend(self._outcomes(piece, separators[i + 1:]))
            # a piece that reads as an order of another phase counts too: the caller may keep
            # it for that phase (`A(Moa) Destroys Moa. Builds: 2A(Ur)` with Autumn moves)
            if any(isinstance(o, Reading) or getattr(o, "kind", None) == PHASE
                   for _, o in found):
                return found
        return [(text, whole)]

    def _try(self, text: str, verb: str | None = None) -> Reading | OrderError:
        """One order read and checked; with a carried verb (`Build`) tried first."""
        if verb and not _STARTS_WITH_VERB.match(text):
            with_verb = self._try(f"{verb} {text}")
            if isinstance(with_verb, Reading):
                return with_verb
        try:
            reading = read_order(text, self.map, self.power, phase_kind=self.phase_kind,
                                 forms=self.forms)
        except OrderError as exc:
            return exc
        try:
            order, void = checked_order(reading.order, self.map, self.board,
                                        self.phase_kind, text, reading.spots, self.rules)
        except OrderError as exc:
            if not reading.notes:
                return exc
            # the GM should know a name was guessed when the guess made the order fail
            notes = "; ".join(reading.notes)
            return OrderError(exc.text, exc.message, exc.column, f"{exc.hint} (Note: {notes}.)",
                              kind=exc.kind, candidates=exc.candidates)
        if void:
            return reading._replace(order=order, notes=reading.notes + (void,))
        return reading._replace(order=order)

    # --- headers and junk ----------------------------------------------------------------------
    def _header_power(self, text: str, strong: bool = False) -> str | None:
        """The power a heading names (`EGYPT:`, `Orders for Egypt`, `Egypt -`), else None.
        Headings with a colon or 'orders for' may abbreviate the power or misspell it."""
        m = _HEADER.match(text.strip())
        if not m:
            return None
        name = m.group("name").strip()
        exact = self.index.power_exact(name)
        if exact or not (strong or m.group("mark") or m.group("lead")):
            return exact
        if len(fold(name)) < 3 or len(name.split()) > 4:
            return None
        try:
            return self.index.power(name).id
        except NameProblem:
            return None

    def _set_power(self, no: int, line: str, power: str) -> None:
        self.power = power
        self.verb = None
        name = self.map.powers[power].name
        self._add(self.letter.headers, HeaderLine(no, line, power, f"orders below are for {name}"))

    def _email_header(self, no: int, line: str, header: re.Match[str]) -> None:
        if header.group("key").lower() == "subject":
            subject = re.sub(r"^(?:re|fwd?|aw)\s*:\s*", "", header.group("rest"), flags=re.I)
            for words in (subject, *re.split(r"\s*[-–—:,]\s*", subject)):
                power = self._header_power(words) if words else None
                if power:
                    return self._set_power(no, line, power)
        self.ignore(no, line, ignored.EMAIL_HEADER)

    def _quoted(self, no: int, line: str) -> None:
        """Quoted text belongs to an earlier message; say so, and say if it reads as an order."""
        inner = line.lstrip("> ").strip()
        outcome = self._try(inner) if inner else None
        if isinstance(outcome, Reading):
            return self.ignore(no, line, ignored.QUOTED_ORDER, str(outcome.order))
        return self.ignore(no, line, ignored.QUOTED)

    def _looks_like_order(self, text: str, error: OrderError) -> bool:
        """An order gm could not read (rejected, with the reason) rather than chatter."""
        if error.kind not in (SYNTAX, UNKNOWN_NAME):
            return True  # it read as an order; a name, unit, phase or variant was wrong
        signals = 0
        if _STARTS_WITH_UNIT.match(text):
            signals += 1
        if _STARTS_WITH_VERB.match(text):
            signals += 2
        if _ORDER_SIGNS.search(text):
            signals += 1
        if any(self._is_name(word) for word in re.findall(r"[^\W\d_][\w'.]*", text)[:8]):
            signals += 1
        return signals >= 2

    def _is_name(self, word: str) -> bool:
        key = fold(word)
        return len(key) >= 3 and (key in self.index.provinces.names
                                  or key in self.index.leaders.names)

    @staticmethod
    def _junk_kind(text: str) -> str:
        if _GREETING.match(text):
            return ignored.GREETING
        if _SIGN_OFF.match(text):
            return ignored.SIGN_OFF
        return ignored.NOT_AN_ORDER

    def ignore(self, no: int, text: str, kind: str, reads_as: str | None = None) -> None:
        self._add(self.letter.ignored, IgnoredLine(no, text, kind, self.power, reads_as))

    def _add(self, items: list, item) -> None:
        items.append(item)
        self.letter._note_read(item)

    # --- the whole letter --------------------------------------------------------------------
    def finish(self) -> Letter:
        """Apply 'a later order for the same unit replaces the earlier one'."""
        letter = self.letter
        kept: list[ReadOrder | None] = []
        holder: dict[tuple[str | None, str], int] = {}  # unit -> index in kept
        for item in letter.orders:
            keys = [(item.power, key) for key in item.order.commands()]
            earlier = sorted({holder[k] for k in keys
                              if k in holder and kept[holder[k]] is not None})
            if earlier:
                seen = letter._read_order.get(id(item), 0)
                item = replace(item, notes=item.notes + tuple(
                    f"replaces line {kept[i].line}: {kept[i].order}" for i in earlier))
                for i in earlier:
                    letter.replaced.append(ReplacedOrder(kept[i], item))
                    kept[i] = None
                letter._read_order[id(item)] = seen
            kept.append(item)
            for key in keys:
                holder[key] = len(kept) - 1
        letter.orders = [item for item in kept if item is not None]
        return letter


__all__ = ["HeaderLine", "IgnoredLine", "Letter", "ReadOrder", "RejectedLine", "ReplacedOrder",
           "read_orders"]
