"""Shared fixtures: where the DATC cases and the repository's maps are, and every archived
game the tests read, replayed once per session into one database. Also how the suite runs
(docs/performance.md): bytecode kept between runs, a width of its own for rich, and which test
files `-n 2 --dist loadfile` keeps on one worker."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

# No test may touch the GM's own store (gm.store.database.user_store, used where no --db,
# GM_DB or ./gm.db names one): the whole session, and every gm it starts, keeps it in a
# temporary data folder instead.
TEST_DATA_HOME = tempfile.mkdtemp(prefix="gm-tests-data-")
os.environ["XDG_DATA_HOME"] = TEST_DATA_HOME
atexit.register(shutil.rmtree, TEST_DATA_HOME, ignore_errors=True)

ROOT = Path(__file__).resolve().parents[1]

# Where the environment forbids bytecode beside the sources (PYTHONDONTWRITEBYTECODE), the
# suite keeps it under .pytest_cache/pyc instead, for this process and every gm it starts:
# without it each run compiles gm and rewrites every test module again (about half the time
# of collecting).
if sys.dont_write_bytecode or os.environ.get("PYTHONDONTWRITEBYTECODE"):
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / ".pytest_cache" / "pyc"))
    sys.pycache_prefix = sys.pycache_prefix or os.environ["PYTHONPYCACHEPREFIX"]
# rich fixes a console's width for good when COLUMNS is set as it is made; an xdist worker
# inherits one (80), and the tests that give the CLI COLUMNS=200 would see 80 and wrapped lines.
os.environ.pop("COLUMNS", None)

# Test files that share a session fixture too costly to make twice run on one xdist worker
# (`--dist loadfile` otherwise spreads files freely): the board pictures of every phase.
SAME_WORKER = {f"tests/draw/{name}.py": "tests/draw/pictures"
               for name in ("test_pictures", "test_golden", "test_file_size")}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadfile`, with the files of SAME_WORKER as one."""
    if config.getoption("dist", None) != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return SAME_WORKER.get(scope, scope)

    return Scheduling(config, log)
DATC_CASES = ROOT / "tests" / "cases" / "standard-datc.txt"
# The shared copy of the DATC file, beside the repository; `GM_SHARED_DATC` names another place.
# Under CI, or when `GM_SHARED_DATC` is set, it must exist: the comparison with it then fails
# instead of being left out.
SHARED_DATC = Path(os.environ.get("GM_SHARED_DATC")
                   or ROOT.parent / "shared" / "datc" / "datc_v2.4_06.txt")
SHARED_DATC_REQUIRED = bool(os.environ.get("GM_SHARED_DATC")) or os.environ.get("CI") == "true"


def shared_datc_wanted() -> bool:
    """Whether the suite compares its DATC cases with the shared file."""
    return SHARED_DATC_REQUIRED or SHARED_DATC.exists()


def pytest_terminal_summary(terminalreporter):
    """Say so at the end of the run when the comparison with the shared DATC file was left out."""
    if not shared_datc_wanted():
        terminalreporter.write_line(
            f"note: no shared DATC file at {SHARED_DATC}: the DATC cases ran from "
            f"{DATC_CASES.relative_to(ROOT)}, but were not compared with the shared file "
            "(set GM_SHARED_DATC to its path).")
DEMO = ROOT / "games" / "standard-demo.txt"
# The games the report, picture and zine tests read; their game names are all different.
REPLAYED = [DEMO, *sorted((ROOT / "tests").glob("*/games/*.txt"))]


def _build_commands_once() -> None:
    """typer's test runner turns the app into click commands at every call, which costs more
    than most commands themselves; the suite makes about a thousand calls on the same apps, so
    each app is turned into commands once (a weak key: an app a test builds goes with it)."""
    import weakref

    import typer.testing

    build = getattr(typer.testing, "_get_command", None)
    if build is None:  # another typer: nothing to speed up
        return
    built: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def get_command(app):
        if app not in built:
            built[app] = build(app)
        return built[app]

    typer.testing._get_command = get_command


_build_commands_once()


@pytest.fixture(scope="session")
def standard_map():
    from gm.maps import load_map

    return load_map("standard")


@pytest.fixture()
def standard_text() -> str:
    return (ROOT / "maps" / "standard.toml").read_text(encoding="utf-8")


def replay_file(store, path: Path) -> str:
    """Replay one archive file into `store`; returns the game's name."""
    from gm.game.archives import replay
    from gm.store.archive import read_archive

    archive = read_archive(path.read_text(encoding="utf-8"), str(path))
    return replay(store, archive, source=str(path)).game


@dataclass
class Replayed:
    """The demo game and every fixture game, replayed into one database (`db`), left open as
    `store`. Tests read it and never change it."""

    store: object
    db: Path
    games: dict[Path, str]  # archive file -> game name

    def game(self, archive: Path) -> str:
        return self.games[archive]


@pytest.fixture(scope="session")
def replayed(tmp_path_factory):
    from gm.store.database import open_store

    db = tmp_path_factory.mktemp("replayed") / "gm.db"
    store = open_store(str(db), create=True)
    yield Replayed(store, db, {path: replay_file(store, path) for path in REPLAYED})
    store.close()
