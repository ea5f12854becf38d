"""The layout of gm (docs/design.md, section 2): a module imports only from its own floor or
the floors below it, lazy imports included, and no two modules share a name. These tests read
every import in gm/ and say which one reaches up."""

from __future__ import annotations

import ast
from pathlib import Path

GM = Path(__file__).resolve().parents[1] / "gm"

# floor -> the top-level names of gm on it (a package, or a module of gm/ itself)
FLOORS = [
    {"maps", "_data"},  # the board, and the data files gm installs (maps, the grammar)
    {"calendar", "notation", "dates", "deadline_time"},  # the vocabulary: phases, units, dates
    {"orders"},  # reading orders
    {"engine", "rules"},  # adjudication, and the rules plugged into it
    {"store", "datc"},  # what is kept; the DATC runner
    {"report"},  # the report as data, and its renderers
    {"game"},  # the GM's workflow
    {"draw", "publish", "mail", "judge"},  # pictures; the site; mail; the judge's cycle
    {"cli", "demo", "__main__"},  # the command line
]
FLOOR = {name: level for level, names in enumerate(FLOORS) for name in names}
# Modules on another floor than their package: the rule registry (`gm.rules.base`, which the
# package `gm.rules` only re-exports) imports nothing of gm at run time, and the orders ask it
# which forms a map's rules bring.
FLOOR["rules.base"] = FLOOR["rules.__init__"] = FLOOR["calendar"]
# The one module that looks up: the map checker asks the rule registry which rules exist, and
# reads the units of a map file in gm's notation. It runs only when a map file changes.
LOOKS_UP = {"gm.maps.map_check": {"notation", "rules.__init__", "rules.base"}}


def _top(module: str) -> str | None:
    """The key of FLOOR a module is found under: `rules.base`, else its package (`orders`)."""
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "gm":
        return None
    if len(parts) == 2 and f"{parts[1]}.__init__" in FLOOR:
        return f"{parts[1]}.__init__"
    return ".".join(parts[1:3]) if ".".join(parts[1:3]) in FLOOR else parts[1]


def _imports(path: Path, module: str):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                 and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING"
                 for stmt in node.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
            if node.module == "gm":
                yield from (f"gm.{alias.name}" for alias in node.names)


def test_every_package_of_gm_has_a_floor():
    tops = {p.stem if p.is_file() else p.name for p in GM.iterdir()
            if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    assert tops == {name for name in FLOOR if "." not in name}


def test_no_module_imports_from_a_floor_above_its_own():
    upward = []
    for path in sorted(GM.rglob("*.py")):
        module = ".".join(("gm", *path.relative_to(GM).with_suffix("").parts))
        own = _top(module)
        if own is None:
            continue
        for target in _imports(path, module):
            other = _top(target)
            if other is None or other not in FLOOR or other in LOOKS_UP.get(module, ()):
                continue
            if FLOOR[other] > FLOOR[own]:
                upward.append(f"{module} imports {target} ({other} is above {own})")
    assert upward == []


def test_no_two_modules_share_a_name():
    """A module's name says what it is without its folder (`game_rows`, not a second
    `games`)."""
    seen: dict[str, list[str]] = {}
    for path in GM.rglob("*.py"):
        if path.name != "__init__.py":
            seen.setdefault(path.stem, []).append(str(path.relative_to(GM)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
