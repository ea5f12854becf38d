"""What `gm variants` lists of a map without reading the map: its `[map]` table, and its powers
and centres counted from its table headers and `supply` lines.

Checking and compiling a map takes a twentieth of a second; a GM with a hundred map files in
`GM_MAPS` waited five seconds for the list. The header is read alone (a few lines of TOML), the
rest of the file only scanned line by line. Whether a map passes `gm map check` is known without
checking it only for gm's own maps and for maps compiled since their file last changed; the
others are listed as not checked yet.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from gm.maps.loader import MapError, cache_file, map_files, read_map_text
from gm.maps.toml_depth import nested_too_deep

_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"'-]+?)\s*\]\s*(?:#.*)?$")
_SUPPLY = re.compile(r"^\s*supply\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*(?:#.*)?$")


@dataclass(frozen=True, slots=True)
class MapHeader:
    """What `gm variants` shows of a map file without compiling the whole map."""

    id: str
    name: str
    powers: int
    centres: int
    supply: float  # what the centres are worth together
    draft: str = ""
    checked: bool = True  # known to pass `gm map check`
    problem: str = ""  # why even the header cannot be read


def map_headers() -> list[MapHeader]:
    """Every map gm can find, by id, as `gm variants` lists it (`MapError` if gm's own maps
    are not installed)."""
    from gm._data import MissingData, data_folder

    try:
        own = data_folder("maps").resolve()
    except MissingData as exc:
        raise MapError(str(exc)) from None
    return [read_header(path, path.resolve().parent == own or _compiled_since(path))
            for path in map_files().values()]


def _compiled_since(path: Path) -> bool:
    """Was the map compiled (so checked) since its file last changed? Told by the files'
    times alone: the compiled form is not read."""
    try:
        return cache_file(path).stat().st_mtime_ns >= path.stat().st_mtime_ns
    except OSError:
        return False


def read_header(path: Path, checked: bool) -> MapHeader:
    """The listing of one map file, found by the file's name."""
    try:
        text = read_map_text(path)
    except MapError as exc:
        return MapHeader(path.stem, "", 0, 0, 0, problem=str(exc))
    powers, centres, supply, table = 0, 0, 0.0, ""
    header_lines: list[str] = []
    for line in text.splitlines():
        m = _TABLE.match(line)
        if m:
            table = m.group(1).replace('"', "").replace("'", "")
            powers += table.startswith("powers.") and table.count(".") == 1
            continue
        if table == "map":
            header_lines.append(line)
        elif table.startswith("provinces.") and (s := _SUPPLY.match(line)):
            centres, supply = centres + 1, supply + float(s.group(1))
    table_text = "\n".join(header_lines)
    try:
        if nested_too_deep(table_text) is not None:
            raise RecursionError
        header = tomllib.loads(table_text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        return MapHeader(path.stem, "", powers, centres, supply,
                         problem=f"its [map] table cannot be read ({str(exc) or 'nested too deep'})")
    return MapHeader(path.stem, str(header.get("name", path.stem)), powers, centres, supply,
                     str(header.get("draft", "")), checked)
