"""The layout of gm (docs/design.md, section 2): a module imports only from its own floor or
the floors below it, no import circle ties modules together, and no two modules share a name.
These tests read every import in gm/ into one graph (lazy imports inside functions too, and a
registry's loading of modules by name) and say which import reaches up or closes a circle."""

from __future__ import annotations

import ast
import functools
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GM = ROOT / "gm"

# floor -> the top-level names of gm on it (a package, or a module of gm/ itself)
FLOORS = [
    # the board, the data files gm installs (maps, the grammar), and what each rule declares
    {"maps", "_data", "disk_cache", "cache_contents", "kept_code", "kept_patterns",
     "rule_catalogue"},
    # the vocabulary: phases, units, dates, outside text made safe to show
    {"calendar", "notation", "dates", "deadline_time", "visible", "visible_console"},
    {"orders"},  # reading orders
    {"engine", "rules"},  # adjudication, and the rules plugged into it
    {"store", "datc"},  # what is kept; the DATC runner
    {"report"},  # the report as data, and its renderers
    {"game"},  # the GM's workflow
    {"draw", "publish", "mail", "judge"},  # pictures; the site; mail; the judge's cycle
    {"cli", "demo", "__main__", "launcher"},  # the command line
]
FLOOR = {name: level for level, names in enumerate(FLOORS) for name in names}
# The one module that looks up: the map checker reads the units of a map file in gm's
# notation. It runs only when a map file changes.
LOOKS_UP = {"gm.maps.map_check": {"notation"}}
# The modules that load modules by name: the rules' registry loads a rule's module when a
# map names it, the order kinds' registry a kind's module when one of its orders is met, each
# by its full name written out, which the graph reads as an import. Any other registry is an
# explicit list of imports.
LOADS_BY_NAME = {"gm.rules.rule_registry", "gm.orders.kind_registry", "gm.cli"}
_LOADERS = {"import_module", "iter_modules", "__import__"}


def _modules(root: Path, package: str) -> dict[str, Path]:
    """Module name -> file, for a package (`gm`) or, with package "", a folder of scripts
    that import each other by their bare names (bench/)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(p for p in (package, *parts) if p)] = path
    return out


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes under `if TYPE_CHECKING:`: annotations only, never run."""
    return {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
            and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING"
            for stmt in node.body for n in ast.walk(stmt)}


def _named(module: str, is_package: bool, tree: ast.AST, skip: set[int]):
    """Every module name this file (a package's `__init__.py` or not) imports, as written
    (relative ones made absolute), and whether it loads modules by name (a registry): then the
    names it loads, or "*" for "every module of its folder"."""
    loads = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                if not is_package:
                    anchor = anchor[:-1]
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call):
            called = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if called in _LOADERS:
                first = node.args[0] if node.args else None
                literal = isinstance(first, ast.Constant) and isinstance(first.value, str) \
                    and called != "iter_modules"
                loads.append(first.value if literal else None)
    for name in loads:
        yield name if name is not None else "*"


@functools.cache
def _imports_of(module: str, is_package: bool, text: str) -> tuple[tuple[str, ...], bool]:
    """What `_named` finds in one file, and whether it calls a loader of modules by name
    anywhere; read once per text (the planted copy of gm holds the same files but one)."""
    tree = ast.parse(text)
    loads = any(isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", ""))
                in _LOADERS for n in ast.walk(tree))
    return tuple(_named(module, is_package, tree, _type_checking_only(tree))), loads


def import_graph(root: Path, package: str = "gm") -> dict[str, set[str]]:
    """Module -> the modules of `root` it imports: at the top and inside functions, relative
    imports resolved, `if TYPE_CHECKING:` blocks left out. `import_module("gm.x")` is an
    import of gm.x; any other `import_module`, `iter_modules` or `__import__` is an import of
    every module of its own folder (a registry's run-time loads). A module's own packages are
    left out: Python imports them first in any case."""
    modules = _modules(root, package)
    graph: dict[str, set[str]] = {name: set() for name in modules}

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    for module, path in modules.items():
        text = path.read_text(encoding="utf-8")
        for name in _imports_of(module, path.name == "__init__.py", text)[0]:
            if name == "*":  # a registry: every module of its folder
                targets = [m for m, p in modules.items()
                           if p.parent == path.parent and p.name != "__init__.py"]
            else:
                targets = [resolve(name)]
            graph[module] |= {t for t in targets
                              if t and t != module and not module.startswith(t + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of two modules or more (Tarjan),
    those inside one folder included, each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


@functools.cache
def gm_graph() -> dict[str, set[str]]:
    """gm's import graph, read once for every test here (when the first of them runs, not
    while the suite is collected)."""
    return import_graph(GM)


def _top(module: str) -> str | None:
    """The key of FLOOR a module is found under: its package below gm (`orders`)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "gm" else None


def test_gm_has_no_import_cycle():
    assert cycles(gm_graph()) == []


def test_bench_has_no_import_cycle():
    assert cycles(import_graph(ROOT / "bench", "")) == []


def _planted(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path / "pkg"


def test_a_planted_lazy_import_cycle_is_found(tmp_path):
    copy = tmp_path / "gm"
    shutil.copytree(GM, copy, ignore=shutil.ignore_patterns("__pycache__", "*.toml", "*.lark"))
    with (copy / "maps" / "gamemap.py").open("a", encoding="utf-8") as out:
        out.write("\n\ndef _late():\n    from gm.cli import app\n")
    found = cycles(import_graph(copy))
    assert len(found) == 1 and {"gm.maps.gamemap", "gm.cli"} <= set(found[0])


def test_a_registry_load_is_an_import(tmp_path):
    pkg = _planted(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/registry.py": "import importlib\nimport pkgutil\n\n\ndef load(path):\n"
                           "    for info in pkgutil.iter_modules(path):\n"
                           "        importlib.import_module(f'pkg.{info.name}')\n",
        "pkg/member.py": "from pkg.registry import load\n",
        "pkg/other.py": "X = 1\n"})
    assert cycles(import_graph(pkg, "pkg")) == [["pkg.member", "pkg.registry"]]


def test_a_module_loaded_by_its_name_is_an_import(tmp_path):
    pkg = _planted(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "def render():\n    import importlib\n\n"
                    "    return importlib.import_module('pkg.b')\n",
        "pkg/b.py": "from pkg import a\n",
        "pkg/c.py": "X = 1\n"})
    assert cycles(import_graph(pkg, "pkg")) == [["pkg.a", "pkg.b"]]


def test_relative_imports_count_and_annotations_only_do_not(tmp_path):
    pkg = _planted(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/sub/__init__.py": "from .x import f\n",
        "pkg/sub/x.py": "def f():\n    from ..y import g\n    return g\n",
        "pkg/y.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                    "    from pkg.z import Z\n\n\ndef g():\n    from . import sub\n",
        "pkg/z.py": "from pkg.y import g\n"})
    assert cycles(import_graph(pkg, "pkg")) == [["pkg.sub", "pkg.sub.x", "pkg.y"]]


def test_no_module_loads_modules_by_name_but_the_registries_each_named_in_full():
    loaders = {}
    for module, path in _modules(GM, "gm").items():
        named, loads = _imports_of(module, path.name == "__init__.py",
                                   path.read_text(encoding="utf-8"))
        if loads:
            loaders[module] = named
    assert set(loaders) == LOADS_BY_NAME
    assert all("*" not in named for named in loaders.values())  # no name made at run time


def test_every_package_of_gm_has_a_floor():
    tops = {p.stem if p.is_file() else p.name for p in GM.iterdir()
            if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    assert tops == set(FLOOR)


def test_no_module_imports_from_a_floor_above_its_own():
    upward = set()
    for module, targets in gm_graph().items():
        own = _top(module)
        for target in targets:
            other = _top(target)
            if own is None or other is None or other in LOOKS_UP.get(module, ()):
                continue
            if FLOOR[other] > FLOOR[own]:
                upward.add((module, target))
    assert upward == set()


def test_no_two_modules_share_a_name():
    """A module's name says what it is without its folder (`game_rows`, not a second
    `games`)."""
    seen: dict[str, list[str]] = {}
    for path in GM.rglob("*.py"):
        if path.name != "__init__.py":
            seen.setdefault(path.stem, []).append(str(path.relative_to(GM)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
