"""The grammar itself: LALR without conflicts, compiled once, and what it hands on."""

from __future__ import annotations

import logging

import pytest
from lark import Lark
from lark import logger as lark_logger
from lark.exceptions import UnexpectedInput

from gm.orders.grammar import GRAMMAR, NameText, Syntax, UnitText
from gm.orders.lark_tree import order_parser, read_syntax


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def test_grammar_is_lalr_without_conflicts():
    # Lark would silently resolve a shift/reduce conflict as a shift; with debug=True it
    # reports each one on its logger, and a reduce/reduce conflict raises outright.
    assert _conflicts('start: s\ns: "if" s | "if" s "else" s | "x"')  # the check can see one
    assert _conflicts(GRAMMAR.read_text(encoding="utf-8")) == []


def _conflicts(grammar: str) -> list[str]:
    collect = _Collect()
    level = lark_logger.level
    lark_logger.addHandler(collect)
    lark_logger.setLevel(logging.DEBUG)
    try:
        Lark(grammar, parser="lalr", debug=True)
    finally:
        lark_logger.removeHandler(collect)
        lark_logger.setLevel(level)
    return [m for m in collect.messages if "conflict" in m.lower()]


def test_parser_is_built_once():
    assert order_parser() is order_parser()


def test_syntax_keeps_names_as_written_with_columns():
    syntax = read_syntax("F(AFRICAN SEA) S F(IBERIAN SEA)-Sicily")
    assert isinstance(syntax, Syntax)
    assert syntax.form == "support_move"
    supporter, supported, dest = syntax.items
    assert supporter == UnitText("F", None, supporter.place, 1)
    assert supporter.place.name == NameText("AFRICAN SEA", 3)
    assert supported.place.name.text == "IBERIAN SEA"
    assert dest.name == NameText("Sicily", 33)


@pytest.mark.parametrize("text, kind, strength", [
    ("2A(Ur) H", "A", 2.0), ("3F Aeg H", "F", 3.0), ("A/F Tan H", "A/F", None),
    ("2A/F Boe H", "A/F", 2.0), ("G(Prasiae) H", "G", None), ("Army Paris H", "A", None),
    ("Garrison Pra H", "G", None), ("2 A Ur H", "A", 2.0),
])
def test_unit_kinds_and_counts(text, kind, strength):
    unit = read_syntax(text).items[0]
    assert (unit.kind, unit.strength) == (kind, strength)


@pytest.mark.parametrize("text, coast", [
    ("F Spa/nc H", "nc"), ("F Spa(sc) H", "sc"), ("F Spa nc H", "nc"),
    ("F Spa north coast H", "nc"), ("F Spa (South Coast) H", "sc"), ("F(Spa)(ec) H", "ec"),
])
def test_every_coast_notation(text, coast):
    assert read_syntax(text).items[0].place.coast == coast


def test_keywords_are_only_keywords_where_expected():
    # "to" and "in" are keywords after a unit, but a name may still hold other words
    syntax = read_syntax("Place Hannibal in New Carthage")
    assert syntax.form == "place_leader"
    assert syntax.items[1].name.text == "New Carthage"


@pytest.mark.parametrize("text", ["", "A Par -", "- Bur", "A Par S", "Build", "A (Par", "@@"])
def test_unreadable_text_raises_lark_errors_here(text):
    with pytest.raises(UnexpectedInput):
        read_syntax(text)
