"""The order grammar (`grammars/orders.lark`, shipped in gm), compiled once (LALR) and cached.

Parsing yields a `Syntax`: the form of the order (`move`, `support_hold`, `merge`...) and the
units, places and names written in it, still as text. Nothing here knows a map; resolving
names is `gm.orders.names`' job. Lark's parser and its inline transformer, which saves building
a parse tree, are in `gm.orders.lark_tree`, loaded the first time an order needs Lark:
`gm.orders.quick` reads the common shapes into the same `Syntax` without it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from gm._data import data_folder
from gm.notation import MIX, mix_kind

GRAMMAR = data_folder("grammars") / "orders.lark"

PART_FORMS = ("part_hold", "part_move", "part_support_hold", "part_support_move")

_KIND_WORDS = {"a": "A", "army": "A", "f": "F", "fleet": "F", "g": "G", "garrison": "G",
               "a/f": "A/F"}


class NameText(NamedTuple):
    """A name as written (words joined by one space) and the 1-based column it starts at."""

    text: str
    column: int


class PlaceText(NamedTuple):
    name: NameText
    coast: str | None  # 'nc', 'sc', 'ec', 'wc' when a coast was written


class UnitText(NamedTuple):
    """`2A(Ur)`: kind 'A', strength 2.0, place Ur. Kind and strength are None if unwritten;
    place is None for a bare kind (`A Tyr becomes F`)."""

    kind: str | None
    strength: float | None
    place: PlaceText | None
    column: int


class Syntax(NamedTuple):
    """One order as read by the grammar: its form and what it names, in written order."""

    form: str
    items: tuple


def read_kind(token: str) -> tuple[str, float | None]:
    """`2A` -> ('A', 2.0); `a fleet` -> ('F', None); `A/F` -> ('A/F', None); `2A/F` ->
    ('A/F', 2.0); a mix of other kinds -> its canonical mix (`G/2A` -> ('2A+G', None)).
    Whether `A/F` is an A/F piece or an army and a fleet is the map's to say
    (`gm.orders.parse`)."""
    text = " ".join(token.lower().split())
    if text.startswith(("a ", "an ")) and text.split(" ", 1)[1] in _KIND_WORDS:
        text = text.split(" ", 1)[1]
    parts = [p.strip() for p in text.split("/")]
    if len(parts) > 1 and not (len(parts) == 2 and parts[1] == "f" and parts[0][-1] == "a"):
        counts: dict[str, float] = {}
        for part in parts:
            kind, strength = _one_kind(part)
            counts[kind] = counts.get(kind, 0) + (strength or 1)
        mixed = mix_kind(counts)
        return (mixed, None) if MIX in mixed else _one_kind(mixed.lower())
    return _one_kind(text)


def _one_kind(text: str) -> tuple[str, float | None]:
    strength = None
    if text[0].isdigit():
        strength = float(text[0])
        text = text[1:].strip()
    return _KIND_WORDS[text], strength


def coast_code(token: str) -> str:
    """`north coast` -> 'nc'; `SC` -> 'sc'."""
    return token[0].lower() + "c"


_EXTENSIONS: list[str] = []


def extend(lines: str) -> None:
    """Add grammar lines for an order kind that lives outside grammars/orders.lark (a test's
    or a plug-in's), written with Lark's `%extend order: ... -> form`."""
    if lines not in _EXTENSIONS:
        _EXTENSIONS.append(lines)
        grammar_text.cache_clear()  # and so the parser, which is built for each text


def withdraw(lines: str) -> None:
    """Take back grammar lines `extend` added."""
    if lines in _EXTENSIONS:
        _EXTENSIONS.remove(lines)
        grammar_text.cache_clear()


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The whole grammar: the shipped file and the lines kinds added (`extend`)."""
    return "\n".join([GRAMMAR.read_text(encoding="utf-8"), *_EXTENSIONS])
