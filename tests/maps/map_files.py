"""Shared by the tests of single map files: a province found by the name its rulebook gives
it, and what `gm map check` finds wrong with a file."""

from __future__ import annotations

from pathlib import Path

from gm.maps.map_check import check_text


def named(game_map, name: str) -> str:
    """The id of the province the rulebook calls `name` (fails if the map lacks it)."""
    ident = game_map.province_id(name)
    assert ident is not None, f"the map has no province called {name!r}"
    return ident


def file_problems(path: Path) -> list[str]:
    """Every problem `gm map check` reports for the map file at `path`."""
    return [p.message for p in check_text(path.read_text(encoding="utf-8"), str(path)).problems]
