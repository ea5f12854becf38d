"""What a line of a letter can be, judged by its words alone: an email header or an
attribution, the start of a signature, a greeting or a sign-off, a numbered list or several
orders on one line, the verbs that make a line an order or a heading, and, for a line gm could
not read, how much of an order it has (an order refused with the reason, or chatter). Patterns
and pure functions: the reader (`gm.orders.letters`) decides what becomes of the line.

The verbs and signs of orders are the kinds' own (`OrderKind.words`): the patterns that read
them are built from the words of every kind the registry knows (`word_patterns`,
`kind_registry.letter_words`, which loads no kind module to give them), again whenever a kind
is added, so a new kind's words are read with no edit here."""

from __future__ import annotations

import re
from typing import NamedTuple

from gm.orders import ignored, kind_registry
from gm.orders.errors import SYNTAX, UNKNOWN_NAME, OrderError
from gm.orders.kinds import place_leader
from gm.orders.names import NameIndex, fold

EMAIL_HEADER = re.compile(
    r"^(?P<key>from|to|cc|bcc|date|sent|subject|reply-to|message-id|in-reply-to|references)"
    r"\s*:\s*(?P<rest>.*)$", re.I)
ATTRIBUTION = re.compile(r"^(?:on\b.*\bwrote:?|-+\s*(?:original|forwarded) message\s*-+|"
                         r"begin forwarded message:?)\s*$", re.I)
SIGNATURE_START = re.compile(r"^(?:--\s*|__+|—+|-{3,}|sent from my \w+.*)$", re.I)
# Patterns kept as text are compiled by `re` the first time one is used (and kept): most
# letters need none of them, and compiling costs every `gm orders` its time.
GREETING = (r"(?i)^(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening)|"
            r"howdy|hiya)\b")
SIGN_OFF = (r"(?i)^(?:thanks|thank you|many thanks|cheers|regards|best|yours|"
            r"sincerely|kind regards|best wishes|all the best|ta|love|later)\b")
# Every pattern here reads a stranger's text, so each runs in time linear in it: runs of
# spaces are taken whole (`\s*+`, possessive) and a separator starts where a run starts
# (`(?<!\s)`), or right after the run an earlier one took (`(?<=\s);`), never inside one:
# retried at every space of a long run, a plain `\s*;` took time as the run squared.
# Several numbered orders on one line: `1. A Vie - Gal 2. A Bud - Ser`.
_INLINE_NUMBER = re.compile(r"(?<!\s)\s*+;\s*+|(?<=\s);\s*+|(?<!\s)\s++(?=\(?\d{1,2}[.)]\s++\S)")
_NUMBERING = re.compile(r"^(?:\(?\d{1,3}[.):]|\(?[a-z]\)|[a-z]\.|#\d{1,3}[.:]?|[-*•·–])\s+")
STARTS_WITH_UNIT = r"(?i)^\d?\s*(?:a/f|army|fleet|garrison|a|f|g)\s*[\s(]"
# a heading that ends in a colon: the lines below it are read for what it says
COLON_END = re.compile(r":\s*$")
# Where one line holds several orders: tried in this order, only when the whole fails.
SEPARATORS = (r"(?<!\s)\s*+,\s*+|(?<=\s),\s*+", r"(?<=\S)\.\s++", r"(?i)(?<!\s)\s++(?:and|&)\s++")
PLACE = place_leader.WORDS.verb  # the verb a `Leaders:` heading carries


class WordPatterns(NamedTuple):
    """The patterns built from the known kinds' words (`OrderKind.words`), one per judgment
    of a line; each joins the kinds' words for it as alternatives, so it runs in linear time
    as the hand-written patterns did. Each is text, compiled by `re` when first used: a letter
    of plain orders needs two of them."""

    starts_with_verb: str  # `begins`: `Build F Lon` is an order
    verb_first: str  # `names`: `Loan:` before the rest is no heading
    order_signs: str  # `signs`, and the arrows and dashes of a move
    verb_heading: str  # `headings`: `Builds:` alone on a line
    heading_verb: str  # `headings`: `Russia builds:`
    verb_lead: str  # `leads`: `Retreat A Boe - Aet; F Ach - Goc`
    by_heading: tuple[tuple[str, str], ...]  # a heading's word -> the kind's verb
    by_lead: tuple[tuple[str, str], ...]  # a lead's word -> the kind's verb


_built: tuple[int, WordPatterns] | None = None


def word_patterns() -> WordPatterns:
    """The patterns of the kinds known now: built once, and again after a kind is added or
    withdrawn (`kind_registry.added`)."""
    global _built
    generation = kind_registry.generation()
    if _built is None or _built[0] != generation:
        _built = generation, _joined(kind_registry.letter_words())
    return _built[1]


def _joined(words) -> WordPatterns:
    """The patterns of these kinds' words (`Words`, one per kind)."""
    def either(field: str) -> str:
        found = dict.fromkeys(w for kind in words for w in getattr(kind, field))
        return "|".join(found) or "(?!)"  # no kind has such words: the pattern never matches

    def verbs(field: str) -> tuple[tuple[str, str], ...]:
        return tuple(("(?i)" + "|".join(getattr(kind, field)), kind.verb)
                     for kind in words if kind.verb and getattr(kind, field))

    headings = either("headings")
    return WordPatterns(
        starts_with_verb=rf"(?i)^(?:{either('begins')})\b",
        verb_first=rf"(?i)^(?:{either('names')})\s*$",
        order_signs=rf"(?i)->|=>|\w\s*+-\s*+\w|\b(?:{either('signs')})\b",
        verb_heading=rf"(?i)^(?P<verb>{headings})\s*+:?\s*+$",
        heading_verb=rf"(?i)\b({headings})\b",
        verb_lead=rf"(?i)^(?P<verb>{either('leads')})\b\s*:?",
        by_heading=verbs("headings"), by_lead=verbs("leads"))


def starts_with_verb(text: str) -> bool:
    """Does the line begin with an order's verb (`Build F Lon`)? Then it is an order, and no
    heading's verb is put before it."""
    return re.match(word_patterns().starts_with_verb, text) is not None


def names_an_order(word: str) -> bool:
    """Is `word`, before a colon, an order's verb (`Loan: Athens to Egypt`): the line is one
    order, not a heading?"""
    return re.match(word_patterns().verb_first, word) is not None


def verb_heading(text: str) -> re.Match[str] | None:
    """A heading that is a kind's word alone (`Builds:`): its `verb` group is the word."""
    return re.match(word_patterns().verb_heading, text)


def heading_verb(text: str) -> re.Match[str] | None:
    """A kind's heading word within a heading (`Russia builds:`), in group 1."""
    return re.search(word_patterns().heading_verb, text)


def verb_lead(text: str) -> re.Match[str] | None:
    """A kind's word before several orders on one line (`Retreat A Boe - Aet; ...`): its
    `verb` group is the word."""
    return re.match(word_patterns().verb_lead, text)


def verb_of_heading(word: str) -> str | None:
    """The verb (`Build`) put before the lines under a heading of this word (`builds`)."""
    return next((verb for pattern, verb in word_patterns().by_heading
                 if re.fullmatch(pattern, word)), None)


def verb_of_lead(word: str) -> str | None:
    """The verb (`Retreat`) put before each order a line led by this word holds."""
    return next((verb for pattern, verb in word_patterns().by_lead
                 if re.fullmatch(pattern, word)), None)

def numbered_pieces(body: str, index: NameIndex) -> list[str]:
    """The orders of a line that holds several (`1. A Vie - Gal 2. A Bud - Ser`, `A; B`),
    each without its number."""
    return [unnumbered(p.strip(), index) for p in _INLINE_NUMBER.split(body) if p]


def unnumbered(line: str, index: NameIndex) -> str:
    """The line without its number (`1.`, `a)`), but never without a leader's initial
    (`P. Scipio - Cam`)."""
    found = _NUMBERING.match(line)
    if found is None:
        return line
    dot = found.group(0).find(".")
    if dot >= 0 and index.initial_before(line, dot):
        return line
    return line[found.end():]


def split_at(separator: str, text: str, index: NameIndex) -> list[str]:
    """`text` cut at `separator`, but never at a leader's initial (`P. Scipio`)."""
    pieces, start = [], 0
    for cut in re.finditer(separator, text):
        if "." in cut.group(0) and index.initial_before(text, cut.start()):
            continue
        pieces.append(text[start:cut.start()])
        start = cut.end()
    return [*pieces, text[start:]]


def looks_like_order(text: str, error: OrderError, index: NameIndex) -> bool:
    """An order gm could not read (rejected, with the reason) rather than chatter."""
    if error.kind not in (SYNTAX, UNKNOWN_NAME):
        return True  # it read as an order; a name, unit, phase or variant was wrong
    return _signals(text, index) >= 2


def _signals(text: str, index: NameIndex) -> int:
    """How much of an order a line has: a unit first, a verb, an order sign, a name."""
    signals = 0
    if re.match(STARTS_WITH_UNIT, text):
        signals += 1
    if starts_with_verb(text):
        signals += 2
    if re.search(word_patterns().order_signs, text):
        signals += 1
    if any(is_name(word, index) for word in re.findall(r"[^\W\d_][\w'.]*", text)[:8]):
        signals += 1
    return signals


def is_name(word: str, index: NameIndex) -> bool:
    """Does `word` name a province or a leader of the game?"""
    key = fold(word)
    return len(key) >= 3 and (key in index.provinces.names
                              or key in index.leaders.names)


def junk_kind(text: str, index: NameIndex) -> str:
    """Why a line is not an order. Only 'not an order' (a line with something of an order
    in it) is printed in the published report; remarks, like greetings, stay private."""
    if re.match(GREETING, text):
        return ignored.GREETING
    if re.match(SIGN_OFF, text):
        return ignored.SIGN_OFF
    return ignored.NOT_AN_ORDER if _signals(text, index) else ignored.REMARK
