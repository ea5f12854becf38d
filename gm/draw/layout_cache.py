"""Board layouts kept on disk between runs (`gm.disk_cache`), as compiled maps are.

Laying out the standard board on its coastline takes longer than everything else a cold
`gm draw` does, and its answer changes only when the map's places or adjacencies, its
outline or features file, or the drawing code change. So the layout is pickled into the
cache folder (`GM_CACHE`, else the user's cache folder), one file per map id, with a digest
of all of those inside: a layout whose digest differs is computed again and replaces the
file, so a cached layout is never stale. A cache folder that cannot be read or written only
means the layout is computed each time.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from gm.disk_cache import cache_folder, read_cached, write_cached
from gm.maps.gamemap import GameMap

# Bump when BoardLayout (or anything pickled inside it) changes shape.
LAYOUT_FORMAT = "gm-layout-3"
# The drawing modules whose code decides the layout: any change to one of them is a new layout.
LAYOUT_CODE = ("layout.py", "outline.py", "geometry.py", "features.py", "style.py",
               "province_room.py")
COMPANIONS = ("outline.json", "features.json")  # files beside the map file that shape it

T = TypeVar("T")


def map_key(game_map: GameMap) -> tuple:
    """Everything of a map the layout is made from: its places, kinds and adjacencies."""
    return (game_map.id, game_map.projection,
            tuple(sorted((pid, p.pos, p.kind) for pid, p in game_map.provinces.items())),
            tuple(sorted((a, tuple(sorted(b))) for a, b in game_map.army_adj.items())),
            tuple(sorted((a, tuple(sorted(b))) for a, b in game_map.fleet_adj.items())),
            tuple(sorted((tuple(sorted(pair)), sea) for pair, sea in game_map.bridges.items())))


def digest(game_map: GameMap, key: tuple) -> str:
    """A digest of `key` (`map_key`'s answer), the map's companion files' bytes, the drawing
    code's files and gm's version: equal digests mean an equal layout."""
    from gm import __version__
    from gm.draw.outline import companion_path

    here = Path(__file__).resolve().parent
    code = []
    for name in LAYOUT_CODE:
        stat = (here / name).stat()
        code.append((name, stat.st_size, stat.st_mtime_ns))
    companions = []
    for ending in COMPANIONS:
        path = companion_path(game_map.id, ending)
        companions.append(hashlib.sha1(path.read_bytes()).hexdigest() if path else None)
    text = repr((LAYOUT_FORMAT, __version__, code, companions, key))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def cache_file(map_id: str) -> Path:
    return cache_folder() / f"layout-{re.sub(r'[^A-Za-z0-9_-]', '_', map_id)}.pickle"


def cached(game_map: GameMap, key: tuple, build: Callable[[GameMap], T], kind: type) -> T:
    """The layout of `game_map` from the cache file if it was made from the same map, files
    and code; otherwise `build(game_map)`, stored for the next run."""
    try:
        wanted = digest(game_map, key)
    except OSError:  # the drawing code's files cannot be read: no cache
        return build(game_map)
    path = cache_file(game_map.id)
    found = read_cached(path, wanted)
    if isinstance(found, kind):
        return found  # type: ignore[return-value]
    layout = build(game_map)
    write_cached(path, wanted, layout)  # if it cannot, the next run computes it again
    return layout
