"""The Lark grammar in `grammars/orders.lark`, compiled once (LALR) and cached on disk."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark

GRAMMAR = Path(__file__).resolve().parents[2] / "grammars" / "orders.lark"


@lru_cache(maxsize=1)
def order_parser() -> Lark:
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", cache=True,
                propagate_positions=True)
