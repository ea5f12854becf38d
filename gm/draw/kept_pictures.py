"""Season pictures kept on disk between runs (`gm.disk_cache`), so that `gm publish` (and the
judge, which publishes after every season) draws only the seasons that are new or changed.

A season's picture is `draw_phase(game_map, board)`: it changes only when its board (pieces,
orders and their results, owners, legend, notes), the map and its companion files, or the
drawing code change. Each picture is kept compressed in the cache folder, one file per store,
game and phase, beside a digest of all of those; a picture whose digest differs is drawn again
and replaces the file, so what is published is always what drawing it now would give. A cache
folder that cannot be read or written only means every picture is drawn.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import zlib
from pathlib import Path

from gm.disk_cache import cache_folder, read_cached, write_cached
from gm.draw.board_data import Board
from gm.maps.gamemap import GameMap

# Bump when what is kept (the compressed SVG text) changes shape.
PICTURE_FORMAT = "gm-picture-1"
# Code a picture is made with besides gm/draw: the map's compiled form and the notation.
_OTHER_CODE = ("maps/gamemap.py", "maps/loader.py", "notation.py")


def kept_picture(game_map: GameMap, board: Board, slot: str) -> str:
    """The picture of `board`: the one kept for `slot` (a store, game and phase) if it was
    drawn from the same board, map and code; else drawn now and kept for the next run."""
    from gm.draw.render import draw_phase
    from gm.maps.loader import MapError

    try:
        wanted = picture_digest(game_map, board)
    except (OSError, MapError):  # the code or map file cannot be read: draw, keep nothing
        return draw_phase(game_map, board)
    path = cache_folder() / "pictures" / f"{zlib.crc32(slot.encode('utf-8')):08x}.pickle"
    found = read_cached(path, (slot, wanted))
    if isinstance(found, bytes):
        try:
            return zlib.decompress(found).decode("utf-8")
        except (zlib.error, UnicodeDecodeError):
            pass
    svg = draw_phase(game_map, board)
    write_cached(path, (slot, wanted), zlib.compress(svg.encode("utf-8")))
    return svg


def picture_digest(game_map: GameMap, board: Board) -> str:
    """A digest of everything the picture is drawn from: equal digests, equal pictures."""
    from gm import __version__
    from gm.draw.layout_cache import digest as layout_digest
    from gm.draw.layout_cache import map_key
    from gm.maps.loader import map_path

    gm_root = Path(__file__).resolve().parents[1]
    code = [(str(p.relative_to(gm_root)), p.stat().st_size, p.stat().st_mtime_ns)
            for p in [*sorted((gm_root / "draw").glob("*.py")),
                      *(gm_root / name for name in _OTHER_CODE)]]
    map_file = hashlib.sha1(map_path(game_map.id).read_bytes()).hexdigest()
    text = json.dumps([PICTURE_FORMAT, __version__, code, map_file,
                       layout_digest(game_map, map_key(game_map)),
                       dataclasses.asdict(board)], sort_keys=True, default=_plain)
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def _plain(value: object) -> object:
    """Sets in a fixed order (their own order changes from one run to the next)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot key a picture on {type(value).__name__}")
