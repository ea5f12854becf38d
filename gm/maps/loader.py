"""Find, read and compile map files. A map that fails `gm map check` is never loaded."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from gm.maps.gamemap import GameMap


class MapError(Exception):
    """A map could not be found or is not a valid board; the message says which and why."""


def maps_dir() -> Path:
    """`GM_MAPS` if set, else the repository's `maps/` folder."""
    env = os.environ.get("GM_MAPS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "maps"


def available_maps() -> list[str]:
    return sorted(p.stem for p in maps_dir().glob("*.toml"))


def map_path(name: str) -> Path:
    """A map id (`standard`, `Standard`) or a path to a `.toml` file."""
    candidate = Path(name)
    if candidate.suffix == ".toml" and candidate.exists():
        return candidate
    wanted = name.strip().lower().replace(" ", "-").replace("_", "-")
    path = maps_dir() / f"{wanted}.toml"
    if path.exists():
        return path
    known = ", ".join(available_maps()) or "none"
    raise MapError(f"no map named {name!r} in {maps_dir()} (known maps: {known})")


@lru_cache(maxsize=32)
def _load(path: str, mtime: float) -> GameMap:
    from gm.maps.check import check_text
    from gm.maps.gamemap import compile_map

    text = Path(path).read_text(encoding="utf-8")
    report = check_text(text, path)
    if report.problems:
        lines = "\n".join(f"  {p.format(path)}" for p in report.problems[:20])
        more = len(report.problems) - 20
        tail = f"\n  ... and {more} more" if more > 0 else ""
        raise MapError(
            f"map {path} has {len(report.problems)} problem(s); run 'gm map check' for all:\n"
            f"{lines}{tail}"
        )
    assert report.spec is not None
    return compile_map(report.spec)


def load_map(name: str) -> GameMap:
    path = map_path(name)
    return _load(str(path), path.stat().st_mtime)
