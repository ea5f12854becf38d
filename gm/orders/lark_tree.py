"""Lark's parser of the order grammar, and its reading of an order turned into a `Syntax` as
the parser reduces each rule (an inline transformer: no parse tree is built). Loaded with Lark,
only when an order needs it (`gm.orders.parse`): `gm.orders.quick` reads the common shapes."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer

from gm.disk_cache import cache_folder, mark_file_used
from gm.orders.grammar import (
    PART_FORMS,
    NameText,
    PlaceText,
    Syntax,
    UnitText,
    coast_code,
    grammar_text,
    read_kind,
)


def read_syntax(text: str) -> Syntax:
    """Parse one order's text with Lark; raises lark's `UnexpectedInput` when it is not an
    order. (`gm.orders.quick.quick_syntax` reads the common shapes the same, faster.)"""
    return order_parser().parse(text)


def order_parser() -> Lark:
    """The LALR parser of the grammar as it stands (kinds may `extend` it)."""
    return _parser(grammar_text())


@lru_cache(maxsize=1)
def _parser(grammar: str) -> Lark:
    """Built once per grammar text; the compiled tables are kept in gm's cache folder, so a
    cold start stays fast (and the folder's pruning bounds them, as it does gm's other files;
    Lark's own default is a file in the system's temporary folder, never removed)."""
    tables = _tables_file(grammar)
    parser = Lark(grammar, parser="lalr", lexer="contextual", transformer=SyntaxBuilder(),
                  cache=str(tables) if tables is not None else False,
                  maybe_placeholders=False)
    if tables is not None:
        mark_file_used(tables)
    return parser


def _tables_file(grammar: str) -> Path | None:
    """Where Lark keeps the tables of this grammar (Lark checks the grammar, its own version
    and Python's inside the file, and builds them again when they differ); None when the
    cache folder cannot be made, and the tables are built each time."""
    from hashlib import sha256

    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"lark-{sha256(grammar.encode('utf-8')).hexdigest()[:16]}.tables"


class SyntaxBuilder(Transformer):
    """Turns each grammar rule into plain tuples as the parser reduces it. An order's form
    is the name of its alternative (`-> move`): every name without a method here is one, so
    a new kind's grammar lines need no edit in this module."""

    def __default__(self, data, children, meta):
        if data.startswith("_"):  # a rule Lark made itself (`WORD+`): its own tree
            return super().__default__(data, children, meta)
        return Syntax(str(data), tuple(c for c in children if not isinstance(c, Token)))

    def name(self, children: list[Token]) -> NameText:
        return NameText(" ".join(children), children[0].column)

    def coast(self, children: list[Token]) -> str:
        return coast_code(children[-1])

    def place(self, children: list) -> PlaceText:
        return PlaceText(children[0], children[1] if len(children) > 1 else None)

    def via(self, children: list) -> bool:
        return True

    def unit(self, children: list) -> UnitText:
        kind = strength = None
        column = 0
        place: PlaceText | None = None
        for child in children:
            if isinstance(child, Token):
                if child.type == "KIND":
                    kind, strength = read_kind(child)
                    column = child.column
            elif isinstance(child, PlaceText):
                place = child
            elif isinstance(child, str) and place is not None:  # `F(Spa)(nc)`: coast outside
                place = PlaceText(place.name, child)
        if not column and place is not None:
            column = place.name.column
        return UnitText(kind, strength, place, column)

    dest = unit

    def build_at(self, children: list) -> Syntax:
        """`Build a fleet in Rome`: the same as `Build F Rome`."""
        kind_token, place = children[1], children[3]
        kind, strength = read_kind(kind_token)
        return Syntax("build", (UnitText(kind, strength, place, kind_token.column),))


def _part_form(form: str):
    def build(self, children: list) -> Syntax:
        kind = strength = None
        items = []
        for child in children:
            if isinstance(child, Token):
                if child.type == "KIND":
                    kind, strength = read_kind(child)
            else:
                items.append(child)
        return Syntax(form, (kind, strength, *items))
    return build


for _form in PART_FORMS:
    setattr(SyntaxBuilder, _form, _part_form(_form))
