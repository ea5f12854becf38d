"""Read one order's text into a typed order, resolving names against the map.

Errors are `OrderError`s that say what was wrong, where in the text, and how to fix it.
"""

from __future__ import annotations

import difflib

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from gm.maps.gamemap import GameMap, fold_name
from gm.orders.grammar import order_parser
from gm.orders.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)

KIND_LETTER = {"a": "A", "army": "A", "f": "F", "fleet": "F"}


class OrderError(ValueError):
    """An order that cannot be read. `column` is 1-based where known."""

    def __init__(self, text: str, message: str, column: int | None = None, hint: str = ""):
        self.text = text
        self.message = message
        self.column = column
        self.hint = hint
        super().__init__(self.describe())

    def describe(self) -> str:
        where = f" (at column {self.column})" if self.column else ""
        hint = f" {self.hint}" if self.hint else ""
        return f"{self.text!r}: {self.message}{where}.{hint}"


def suggest_provinces(game_map: GameMap, word: str, n: int = 3) -> list[str]:
    names = {}
    for p in game_map.provinces.values():
        for name in (p.id, p.name, *p.aliases):
            names.setdefault(fold_name(name), p.id)
    close = difflib.get_close_matches(fold_name(word), list(names), n=n * 3, cutoff=0.6)
    out: list[str] = []
    for c in close:
        pid = names[c]
        label = f"{pid} ({game_map.provinces[pid].name})"
        if label not in out:
            out.append(label)
    return out[:n]


def parse_order(text: str, game_map: GameMap, power: str | None = None) -> Order:
    """Parse `text` (one order) for `power` on `game_map`."""
    try:
        tree = order_parser().parse(text)
    except UnexpectedInput as exc:
        col = getattr(exc, "column", None)
        got = text[exc.pos_in_stream:exc.pos_in_stream + 12] if exc.pos_in_stream is not None \
            else ""
        raise OrderError(text, f"cannot read the order near {got!r}" if got
                         else "the order stops too early", col,
                         "Write it like 'A Par - Bur', 'F Nth S A Yor - Nwy' or 'Build A Par'.")\
            from None
    except LarkError as exc:
        raise OrderError(text, f"cannot read the order: {exc}") from None
    return _Builder(text, game_map, power).order(tree)


class _Builder:
    def __init__(self, text: str, game_map: GameMap, power: str | None):
        self.text = text
        self.map = game_map
        self.power = power

    def place(self, tree: Tree) -> str:
        name_tree = tree.children[0]
        words = [str(t) for t in name_tree.children]
        name = " ".join(words)
        coast = None
        if len(tree.children) > 1:
            coast = str(tree.children[1].children[0]).lower()
        prov = self.map.province_id(name)
        if prov is None:
            col = getattr(name_tree.meta, "column", None)
            options = suggest_provinces(self.map, name)
            hint = f"Did you mean {' or '.join(options)}?" if options else \
                "Check the spelling against 'gm map show'."
            raise OrderError(self.text, f"unknown province {name!r}", col, hint)
        if coast is None:
            return prov
        if coast not in self.map.provinces[prov].coasts:
            return prov  # a coast on a one-coast province (or an army) means nothing
        return f"{prov}/{coast}"

    def unit(self, tree: Tree) -> tuple[str | None, str]:
        kind = None
        place = None
        for child in tree.children:
            if isinstance(child, Token) and child.type == "KIND":
                kind = KIND_LETTER[child.lower()]
            elif isinstance(child, Tree) and child.data == "place":
                place = self.place(child)
        assert place is not None
        return kind, place

    def order(self, tree: Tree) -> Order:
        kind = tree.data
        parts = [c for c in tree.children if isinstance(c, Tree)]
        units = [self.unit(c) for c in parts if c.data == "unit_ref"]
        places = [self.place(c) for c in parts if c.data == "place"]
        via = any(c.data == "via" for c in parts)
        p = self.power
        if kind == "waive":
            return Waive(p, None)
        (uk, loc) = units[0]
        if kind == "hold":
            return Hold(p, uk, loc)
        if kind == "move":
            return Move(p, uk, loc, places[0], via)
        if kind == "support_hold":
            return SupportHold(p, uk, loc, units[1][0], units[1][1])
        if kind == "support_move":
            return SupportMove(p, uk, loc, units[1][0], units[1][1], places[0])
        if kind == "convoy":
            return Convoy(p, uk, loc, units[1][0], units[1][1], places[0])
        if kind == "retreat":
            return Retreat(p, uk, loc, places[0])
        if kind == "disband":
            return Disband(p, uk, loc)
        if kind == "build":
            return Build(p, uk, loc)
        if kind == "remove":
            return Remove(p, uk, loc)
        raise OrderError(self.text, f"unknown order kind {kind}")
