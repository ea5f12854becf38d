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
from hypothesis import settings

# The suite's temporary files (every test's store, the shared stores, mail folders, the cache
# below, and those of every gm and xdist worker it starts) go to the machine's RAM disk, where
# it has one with room and TMPDIR names no other place: each gm command commits to SQLite, and
# a commit on a real disk waits for it (fdatasync, 2-5 ms here; the suite makes thousands),
# while a test killed or crashed in the middle behaves the same on either. TMPDIR set by hand
# wins, as does pytest's own --basetemp.
RAM_DISK = Path("/dev/shm")
if not os.environ.get("TMPDIR") and RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK):
    _room = os.statvfs(RAM_DISK)
    if _room.f_bavail * _room.f_frsize >= 2 * 1024**3:
        os.environ["TMPDIR"] = str(RAM_DISK)
        tempfile.tempdir = str(RAM_DISK)

# No test may touch the GM's own store (gm.store.database.user_store, used where no --db,
# GM_DB or ./gm.db names one): the whole session, and every gm it starts, keeps it in a
# temporary data folder instead.
TEST_DATA_HOME = tempfile.mkdtemp(prefix="gm-tests-data-")
os.environ["XDG_DATA_HOME"] = TEST_DATA_HOME
atexit.register(shutil.rmtree, TEST_DATA_HOME, ignore_errors=True)
# Nor the user's cache folder (compiled maps, board layouts, the kept text of `gm --help`,
# gm.disk_cache): the session keeps them in a temporary folder, made by the first process and
# shared with the xdist workers it starts (they inherit its environment), so a run starts from
# nothing, as on a fresh machine, and leaves nothing behind.
if not os.environ.get("GM_TESTS_CACHE"):
    os.environ["GM_TESTS_CACHE"] = tempfile.mkdtemp(prefix="gm-tests-cache-")
    atexit.register(shutil.rmtree, os.environ["GM_TESTS_CACHE"], ignore_errors=True)
os.environ["GM_CACHE"] = os.environ["GM_TESTS_CACHE"]

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


# The files that take longest (processor seconds of the whole file in a run of the whole suite
# under -n 2, 28 November 2026, round 5) start first, so that the two workers end together
# instead of one taking a long file at the end while the other waits; every other file
# follows in collection order.
LONGEST_FIRST = {
    "tests/store/test_generated_games.py": 30, "tests/judge/test_judge_games.py": 21,
    "tests/mail/test_mail_queue.py": 19, "tests/letters/test_letter_confirmations.py": 19,
    "tests/game/test_intake_equals_engine.py": 18, "tests/letters/test_letter_hardening.py": 15,
    "tests/cli/test_cli_archives.py": 14, "tests/draw/test_draw_cli.py": 13,
    "tests/draw/test_pictures.py": 12, "tests/store/test_archive_records.py": 11,
    "tests/judge/test_judge_cycle.py": 9, "tests/cli/test_cli_workflow.py": 7,
    "tests/publish/test_publish.py": 7, "tests/mail/test_mail_out.py": 6,
    "tests/cli/test_cli_store_and_games.py": 6,
}


def _freeze_what_lives() -> None:
    """Collect the garbage, then set what is left aside for good (`gc.freeze`): the cycle
    collector's full sweeps walked every object of the collected tests and of the session's
    large fixtures again and again (7% of the processor time of a file of CLI tests, half of
    it in those sweeps); these live to the end of the session anyway."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    _freeze_what_lives()


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef, request):
    """After each session fixture is made, what it made is set aside as the tests are."""
    yield
    if fixturedef.scope == "session" and fixturedef.func.__module__.startswith("tests"):
        _freeze_what_lives()


def pytest_collection_modifyitems(items):
    """The files of LONGEST_FIRST first, longest first (a stable sort: the tests of a file
    keep their order)."""
    items.sort(key=lambda item: -LONGEST_FIRST.get(item.nodeid.partition("::")[0], 0))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadfile`, with the files of SAME_WORKER as one, handed out in the order of
    collection (LONGEST_FIRST) rather than by their number of tests."""
    if config.getoption("dist", None) != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    config.option.loadscopereorder = False

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return SAME_WORKER.get(scope, scope)

    return Scheduling(config, log)


# No property is timed: Hypothesis's deadline (200 ms an example by default) failed a test on
# a busy machine, and speed goals live in `make bench`, never in a test.
settings.register_profile("gm", deadline=None)
settings.load_profile("gm")

# `GM_LONG_PROPERTIES=1`: the long property runs (docs/performance.md, "Long property runs").
LONG_PROPERTIES = bool(os.environ.get("GM_LONG_PROPERTIES"))


def examples(long: int) -> int:
    """How many examples a property is tried on: `long` with GM_LONG_PROPERTIES, else at most
    100 (Hypothesis's own default), so that `make test` stays quick."""
    return long if LONG_PROPERTIES else min(long, 100)


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
# Every map's demo game, the standard one first.
DEMOS = [DEMO, *sorted(p for p in (ROOT / "games").glob("*-demo.txt") if p != DEMO)]
# The games the report, picture, zine and demo tests read; their game names are all different.
REPLAYED = [*DEMOS, *sorted((ROOT / "tests").glob("*/games/*.txt"))]


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


def _pictures_made_once() -> None:
    """A board as PNG costs resvg seconds of processor time, and the mail and drawing tests
    send or write the same board again and again (the mail queue's tests send one phase's
    results a dozen times): each picture is made by resvg once per session and its bytes given
    again for the same picture and options. gm's own code around resvg (its checks, its
    errors) runs at every call; a picture resvg refuses raises every time."""
    try:
        import resvg_py
    except ImportError:  # the tests of a missing resvg say so themselves
        return
    draw = resvg_py.svg_to_bytes
    if getattr(draw, "made_once", False):  # this file imported a second time
        return
    made: dict[tuple, bytes] = {}

    def svg_to_bytes(**options):
        try:
            key = tuple(sorted(options.items()))
            hash(key)
        except TypeError:  # an option given as a list: not kept
            return draw(**options)
        if key not in made:
            made[key] = draw(**options)
        return made[key]

    svg_to_bytes.made_once = True
    resvg_py.svg_to_bytes = svg_to_bytes


_pictures_made_once()


def copy_store(source: Path, target: Path) -> Path:
    """A copy of the database `source` at `target`, by SQLite's backup (whole, whatever is
    still in its journal): a test changes its own copy of a store a session fixture made."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(source)) as kept, closing(sqlite3.connect(target)) as copy:
        kept.backup(copy)
    return target


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
    """The demo games and every fixture game, replayed into one database (`db`), left open as
    `store`. Tests read it and never change it."""

    store: object
    db: Path
    games: dict[Path, str]  # archive file -> game name

    def game(self, archive: Path) -> str:
        return self.games[archive]


def once_per_run(tmp_path_factory, name: str, make) -> Path:
    """The folder `name`, filled by `make(folder)` once for the whole run: under xdist the
    first worker to ask fills it (the others wait for it) where the run's workers share
    their temporary files."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    made = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            partial = shared / f"{name}.partial"
            partial.mkdir()
            make(partial)
            partial.rename(made)
    return made


def _replay_all(folder: Path) -> None:
    """REPLAYED into folder/gm.db, and which game each archive became into games.json."""
    import json

    from gm.store.database import open_store

    store = open_store(str(folder / "gm.db"), create=True)
    try:
        games = {str(path): replay_file(store, path) for path in REPLAYED}
    finally:
        store.close()
    (folder / "games.json").write_text(json.dumps(games), encoding="utf-8")


@pytest.fixture(scope="session")
def replayed(tmp_path_factory):
    """Every game of REPLAYED replayed once for the whole run (they take seconds), each
    worker reading a copy of its own."""
    import json

    from gm.store.database import open_store

    made = once_per_run(tmp_path_factory, "replayed", _replay_all)
    games = json.loads((made / "games.json").read_text(encoding="utf-8"))
    db = copy_store(made / "gm.db", tmp_path_factory.mktemp("replayed") / "gm.db")
    store = open_store(str(db))
    yield Replayed(store, db, {Path(path): name for path, name in games.items()})
    store.close()
