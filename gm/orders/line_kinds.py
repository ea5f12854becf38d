"""What a line of a letter can be, judged by its words alone: an email header or an
attribution, the start of a signature, a greeting or a sign-off, a numbered list or several
orders on one line, the verbs that make a line an order or a heading, and, for a line gm could
not read, how much of an order it has (an order refused with the reason, or chatter). Patterns
and pure functions: the reader (`gm.orders.letters`) decides what becomes of the line."""

from __future__ import annotations

import re

from gm.orders import ignored
from gm.orders.errors import SYNTAX, UNKNOWN_NAME, OrderError
from gm.orders.names import NameIndex, fold

EMAIL_HEADER = re.compile(
    r"^(?P<key>from|to|cc|bcc|date|sent|subject|reply-to|message-id|in-reply-to|references)"
    r"\s*:\s*(?P<rest>.*)$", re.I)
ATTRIBUTION = re.compile(r"^(?:on\b.*\bwrote:?|-+\s*(?:original|forwarded) message\s*-+|"
                         r"begin forwarded message:?)\s*$", re.I)
SIGNATURE_START = re.compile(r"^(?:--\s*|__+|—+|-{3,}|sent from my \w+.*)$", re.I)
GREETING = re.compile(r"^(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening)|"
                      r"howdy|hiya)\b", re.I)
SIGN_OFF = re.compile(r"^(?:thanks|thank you|many thanks|cheers|regards|best|yours|"
                      r"sincerely|kind regards|best wishes|all the best|ta|love|later)\b", re.I)
# Every pattern here reads a stranger's text, so each runs in time linear in it: runs of
# spaces are taken whole (`\s*+`, possessive) and a separator starts where a run starts
# (`(?<!\s)`), or right after the run an earlier one took (`(?<=\s);`), never inside one:
# retried at every space of a long run, a plain `\s*;` took time as the run squared.
# Several numbered orders on one line: `1. A Vie - Gal 2. A Bud - Ser`.
_INLINE_NUMBER = re.compile(r"(?<!\s)\s*+;\s*+|(?<=\s);\s*+|(?<!\s)\s++(?=\(?\d{1,2}[.)]\s++\S)")
_NUMBERING = re.compile(r"^(?:\(?\d{1,3}[.):]|\(?[a-z]\)|[a-z]\.|#\d{1,3}[.:]?|[-*•·–])\s+")
STARTS_WITH_UNIT = re.compile(r"^\d?\s*(?:a/f|army|fleet|garrison|a|f|g)\s*[\s(]", re.I)
STARTS_WITH_VERB = re.compile(r"^(?:builds?|removes?|disbands?|waives?|sack|loans?|lend|"
                              r"end\s+loan|place|destroy|retreats?)\b", re.I)
# a line's first word that is an order's verb, never a heading (`Loan: Athens to Egypt`)
VERB_FIRST = re.compile(r"^(?:builds?|removes?|disbands?|waives?|sacks?|loans?|lends?|"
                        r"end\s+loan|cancel|places?|put|destroys?|merges?|splits?|converts?|"
                        r"retreats?|moves?|supports?|convoys?|holds?|rebuilds?)\s*$", re.I)
# a heading that ends in a colon: the lines below it are read for what it says
COLON_END = re.compile(r":\s*$")
_ORDER_SIGNS = re.compile(
    r"->|=>|\w\s*+-\s*+\w|\b(?:h|s|c|r|d|z|holds?|supports?|convoys?|moves?|retreats?|"
    r"disbands?|merges?|splits?|destroys?|sacks?|converts?|becomes?)\b", re.I)
# Where one line holds several orders: tried in this order, only when the whole fails.
SEPARATORS = (re.compile(r"(?<!\s)\s*+,\s*+|(?<=\s),\s*+"), re.compile(r"(?<=\S)\.\s++"),
              re.compile(r"(?<!\s)\s++(?:and|&)\s++", re.I))
VERB_HEADING = re.compile(r"^(?P<verb>builds?|removals?|removes?|disbands?)\s*+:?\s*+$", re.I)
HEADING_VERB = re.compile(r"\b(builds?|removals?|removes?|disbands?)\b", re.I)
VERB_LEAD = re.compile(r"^(?P<verb>builds?|b|removes?|disbands?|retreats?)\b\s*:?", re.I)
VERBS = {"build": "Build", "builds": "Build", "b": "Build", "removal": "Remove",
         "removals": "Remove", "remove": "Remove", "removes": "Remove",
         "disband": "Disband", "disbands": "Disband", "retreat": "Retreat",
         "retreats": "Retreat"}
PLACE = "Place"  # the verb a `Leaders:` heading carries


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


def split_at(separator: re.Pattern[str], text: str, index: NameIndex) -> list[str]:
    """`text` cut at `separator`, but never at a leader's initial (`P. Scipio`)."""
    pieces, start = [], 0
    for cut in separator.finditer(text):
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
    if STARTS_WITH_UNIT.match(text):
        signals += 1
    if STARTS_WITH_VERB.match(text):
        signals += 2
    if _ORDER_SIGNS.search(text):
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
    if GREETING.match(text):
        return ignored.GREETING
    if SIGN_OFF.match(text):
        return ignored.SIGN_OFF
    return ignored.NOT_AN_ORDER if _signals(text, index) else ignored.REMARK
