"""Helpers shared by the map tests."""

from __future__ import annotations


def named(game_map, name: str) -> str:
    """The id of the province the rulebook calls `name` (fails if the map lacks it)."""
    ident = game_map.province_id(name)
    assert ident is not None, f"the map has no province called {name!r}"
    return ident
