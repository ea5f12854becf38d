"""Find, read and compile map files. A map that fails `gm map check` is never loaded."""

from __future__ import annotations

import os
import zlib
from functools import lru_cache
from pathlib import Path

from gm.disk_cache import cache_folder, read_cached, write_cached
from gm.maps.gamemap import GameMap

# Bump when GameMap or compile_map change shape, so old cached boards are not reused.
_CODE_VERSION = "gm-map-10"


class MapError(Exception):
    """A map could not be found or is not a valid board; the message says which and why."""


MAX_MAP_BYTES = 10_000_000  # the largest map gm ships is 33 KB


def read_map_text(path: str | Path) -> str:
    """A map file's text: UTF-8, as docs/map-format.md asks, and of a map's size; anything
    else (a file saved in latin-1, a folder, a device) is a `MapError` saying where and why."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_MAP_BYTES + 1)
    except OSError as exc:
        raise MapError(f"cannot read the map file {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_MAP_BYTES:
        raise MapError(f"{path} is more than {MAX_MAP_BYTES:,} bytes, more than a map file; "
                       "check it is the right file.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise MapError(f"{path}:{line}: the file is not UTF-8 (byte {exc.start:,} is "
                       f"{data[exc.start]:#04x}); save it as UTF-8 in your editor.") from None


def own_maps_dirs() -> list[Path]:
    """The GM's own map folders, from `GM_MAPS` (several separated by the path separator)."""
    return [Path(p) for p in os.environ.get("GM_MAPS", "").split(os.pathsep) if p.strip()]


def maps_dirs() -> list[Path]:
    """Where maps are looked for: the GM's own folders first, then the maps gm ships with.

    A map in a GM's folder replaces gm's own map of the same id."""
    from gm._data import MissingData, data_folder

    try:
        return [*own_maps_dirs(), data_folder("maps")]
    except MissingData as exc:
        raise MapError(str(exc)) from None


def map_files() -> dict[str, Path]:
    """Every map gm can find, by id, with the file it is read from."""
    found: dict[str, Path] = {}
    for folder in maps_dirs():
        for path in folder.glob("*.toml"):
            found.setdefault(path.stem, path)
    return dict(sorted(found.items()))


def available_maps() -> list[str]:
    return list(map_files())


def map_path(name: str) -> Path:
    """A map id (`standard`, `Standard`) or a path to a `.toml` file."""
    candidate = Path(name)
    if candidate.suffix == ".toml" and candidate.exists():
        return candidate
    wanted = name.strip().lower().replace(" ", "-").replace("_", "-")
    for folder in maps_dirs():
        path = folder / f"{wanted}.toml"
        if path.exists():
            return path
    known = ", ".join(available_maps()) or "none"
    where = ", ".join(str(folder) for folder in maps_dirs())
    raise MapError(f"no map named {name!r} in {where} (known maps: {known})")


def cache_file(path: Path) -> Path:
    """Where the compiled form of a checked map file is kept between runs: a name from the
    file's stem and a checksum of its whole path (the key inside holds the path itself;
    hashlib is not used, as loading it costs a command more than reading the map)."""
    key = zlib.crc32(str(path.resolve()).encode("utf-8", "surrogateescape"))
    return cache_folder() / f"map-{path.stem}-{key:08x}.pickle"


def _fingerprint(path: Path) -> tuple:
    stat = path.stat()
    return (stat.st_mtime_ns, stat.st_size, _CODE_VERSION)


@lru_cache(maxsize=32)
def _load(path: str, fingerprint: tuple, file_id: str | None = None) -> GameMap:
    """Check and compile a map file, or take the compiled form cached for this exact file.

    Checking needs pydantic and takes a while; a GM's every command loads a map, so the
    compiled board is cached on disk keyed by the file's path, size, time and gm's version.
    """
    cache = cache_file(Path(path))
    # a map checked by its path was not checked for its id
    key = (str(Path(path).resolve()), *fingerprint, file_id)
    found = read_cached(cache, key)
    if isinstance(found, GameMap):
        return found
    from gm.maps.gamemap import compile_map
    from gm.maps.map_check import check_text

    text = read_map_text(path)
    report = check_text(text, path, file_id)
    if report.problems:
        lines = "\n".join(f"  {p.format(path)}" for p in report.problems[:20])
        more = len(report.problems) - 20
        tail = f"\n  ... and {more} more" if more > 0 else ""
        raise MapError(
            f"map {path} has {len(report.problems)} problem(s); run 'gm map check' for all:\n"
            f"{lines}{tail}"
        )
    assert report.spec is not None
    game_map = compile_map(report.spec)
    write_cached(cache, key, game_map)  # if it cannot, the next load checks again
    return game_map


def load_map(name: str) -> GameMap:
    """A map by id, found in the map folders (its id must be its file's name, by which a game
    finds it again), or by the path of its file."""
    path = map_path(name)
    by_path = Path(name).suffix == ".toml" and Path(name).exists()
    return _load(str(path), _fingerprint(path), None if by_path else path.stem)
