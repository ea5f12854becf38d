"""`gm draw`: pictures written where the GM asks, in the format asked, and every mistake
answered with one line that says what to do."""

from __future__ import annotations

import struct
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import copy_store
from tests.draw.conftest import GAMES
from tests.draw.svg_structure import parse, with_class

FIXTURE = GAMES / "standard.txt"


def run(*args: str, ok: bool = True, input_text: str | None = None):
    from gm.cli import app

    result = CliRunner().invoke(app, list(args), input=input_text)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"gm {' '.join(args)} raised {result.exception!r}") \
            from result.exception
    assert "Traceback" not in result.output
    assert (result.exit_code == 0) == ok, f"gm {' '.join(args)}:\n{result.output}"
    return result


@pytest.fixture(scope="module")
def replayed_fixture(tmp_path_factory) -> Path:
    """The standard fixture game replayed by `gm replay`, once for this file."""
    path = tmp_path_factory.mktemp("draw-cli") / "gm.db"
    run("replay", str(FIXTURE), "--db", str(path), "--quiet")
    return path


@pytest.fixture()
def db(replayed_fixture, tmp_path, monkeypatch):
    """A database holding the standard fixture game (this test's own copy); the working
    folder is tmp_path."""
    monkeypatch.chdir(tmp_path)
    return str(copy_store(replayed_fixture, tmp_path / "gm.db"))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    return struct.unpack(">II", data[16:24])


def test_the_open_phase_goes_to_a_file_named_after_game_and_phase(db, tmp_path):
    result = run("draw", "standard-pictures", "--db", db)
    written = tmp_path / "standard-pictures-S1902M.svg"
    assert written.exists(), result.output
    root = parse(written.read_text(encoding="utf-8"))
    assert with_class(root, "title")[0].text == "Spring 1902 — Movement"
    assert "standard-pictures-S1902M.svg" in result.output


def test_a_folder_gets_the_usual_file_name(db, tmp_path):
    (tmp_path / "zine.d").mkdir()
    run("draw", "standard-pictures", "-p", "S1901M", "-o", str(tmp_path / "zine.d"),
        "--db", db)
    assert (tmp_path / "zine.d" / "standard-pictures-S1901M.svg").exists()


def test_a_named_phase_as_svg_on_stdout(db):
    result = run("draw", "standard-pictures", "-p", "Autumn 1901", "-o", "-", "--db", db)
    root = parse(result.stdout)
    assert with_class(root, "title")[0].text == "Autumn 1901 — Movement"
    assert with_class(root, "convoy")  # the fixture's convoy is drawn


def test_png_for_print_is_twice_the_svgs_size(db, tmp_path):
    run("draw", "standard-pictures", "-p", "W1901A", "-o", str(tmp_path / "w.svg"),
        "--db", db)
    run("draw", "standard-pictures", "-p", "W1901A", "-o", str(tmp_path / "w.png"),
        "--db", db)
    run("draw", "standard-pictures", "-p", "W1901A", "--png", "-o", str(tmp_path / "w2"),
        "--db", db)
    root = parse((tmp_path / "w.svg").read_text(encoding="utf-8"))
    width, height = float(root.get("width")), float(root.get("height"))
    for name in ("w.png", "w2.png"):
        assert png_size((tmp_path / name).read_bytes()) == (round(2 * width),
                                                            round(2 * height))


def test_every_phase_into_a_folder(db, tmp_path):
    run("draw", "standard-pictures", "--every-phase", str(tmp_path / "maps"), "--db", db)
    names = sorted(p.name for p in (tmp_path / "maps").iterdir())
    assert names == [f"standard-pictures-{s}.svg"
                     for s in sorted(["S1901M", "A1901M", "A1901R", "W1901A", "S1902M"])]


def test_every_phase_drawn_in_parallel_gives_the_same_files(db, tmp_path):
    run("draw", "standard-pictures", "--every-phase", str(tmp_path / "one"), "--db", db)
    run("draw", "standard-pictures", "--every-phase", str(tmp_path / "two"), "-j", "2",
        "--db", db)
    one = {p.name: p.read_bytes() for p in (tmp_path / "one").iterdir()}
    two = {p.name: p.read_bytes() for p in (tmp_path / "two").iterdir()}
    assert len(one) == 5 and one == two


def forks_seen(monkeypatch) -> list[int]:
    """The threads running in this process each time `gm.draw.batch` starts its workers (the
    first job given to a pool forks them all)."""
    from gm.draw import batch

    seen: list[int] = []

    class Pool(batch.ProcessPoolExecutor):
        def submit(self, *args, **kwargs):
            if self._executor_manager_thread is None:  # not forked yet
                seen.append(threading.active_count())
            return super().submit(*args, **kwargs)

    monkeypatch.setattr(batch, "ProcessPoolExecutor", Pool)
    return seen


def test_workers_are_forked_with_no_other_thread_running(db, tmp_path, monkeypatch):
    """A child forked while another thread runs (rich's progress bar redrawing itself) may
    hang on a lock that thread held: `gm draw --every-phase -j 2` and `gm replay --maps -j 2`
    fork their workers with the main thread alone, the progress bar showing all along."""
    seen = forks_seen(monkeypatch)
    run("draw", "standard-pictures", "--every-phase", str(tmp_path / "every"), "-j", "2",
        "--db", db)
    run("replay", str(FIXTURE), "--db", str(tmp_path / "replayed.db"), "--quiet",
        "--maps", str(tmp_path / "maps"), "-j", "2")
    assert seen == [1, 1]
    assert len(list((tmp_path / "maps").iterdir())) == len(list((tmp_path / "every").iterdir()))


def test_with_another_thread_running_the_pictures_are_drawn_one_by_one(db, tmp_path,
                                                                       monkeypatch):
    from gm.cli.draw_commands import write_all_boards
    from gm.store.database import open_store

    seen = forks_seen(monkeypatch)
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait)
    waiting.start()
    store = open_store(db)
    try:
        written = write_all_boards(store, "standard-pictures", str(tmp_path / "maps"), jobs=2)
    finally:
        store.close()
        stop.set()
        waiting.join()
    assert seen == [] and len(written) == 5 and all(path.exists() for path in written)


def test_every_phase_reports_its_progress_picture_by_picture(db, tmp_path):
    from gm.cli.draw_commands import write_all_boards
    from gm.store.database import open_store

    class Bar:  # what write_all_boards needs of a rich.progress.Progress
        def __init__(self):
            self.tasks, self.steps = {}, 0

        def add_task(self, description, total):
            self.tasks[description] = total
            return description

        def advance(self, task):
            self.steps += 1

        def refresh(self):
            pass

    bar = Bar()
    store = open_store(db)
    try:
        written = write_all_boards(store, "standard-pictures", str(tmp_path / "maps"),
                                   jobs=2, progress=bar)
    finally:
        store.close()
    assert bar.tasks == {"drawing": 5} and bar.steps == 5 and len(written) == 5


def test_a_variants_starting_position_needs_no_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("draw", "--variant", "middle-earth-viii")
    root = parse((tmp_path / "middle-earth-viii.svg").read_text(encoding="utf-8"))
    assert with_class(root, "title")[0].text == "Summer 3000 (Third Age) — Movement"
    assert len(with_class(root, "piece")) == 25  # one army on each home centre
    assert "Middle-Earth VIII" in result.output


@pytest.mark.parametrize(("args", "expected"), [
    (["draw", "nosuchgame"], "no game"),
    (["draw"], "name the game"),
    (["draw", "standard-pictures", "--variant", "standard"], "not both"),
    (["draw", "standard-pictures", "-o", "board.jpg"], "'.svg' or '.png'"),
    (["draw", "standard-pictures", "--png", "-o", "board.svg"], "--png asks for PNG"),
    (["draw", "standard-pictures", "--png", "-o", "-"], "PNG cannot go to the terminal"),
    (["draw", "standard-pictures", "-p", "Spring 1950"], "no phase"),
    (["draw", "standard-pictures", "-p", "Sprung 1901"], "Spring 1901"),
    (["draw", "standard-pictures", "--every-phase", "x", "-p", "S1901M"], "one file per"),
    (["draw", "--variant", "atlantis"], "no variant called 'atlantis'"),
    (["draw", "--variant", "standard", "-p", "S1901M"], "starting position"),
    (["draw", "standard-pictures", "-j", "2"], "use it with --every-phase"),
    (["draw", "standard-pictures", "--every-phase", "x", "-j", "-1"], "-j -1"),
    (["replay", str(FIXTURE), "--dry-run", "-j", "2"], "use it with --maps"),
])
def test_mistakes_get_one_clear_line(db, args, expected):
    result = run(*args, "--db", db, ok=False)
    assert result.output.startswith("gm: "), result.output
    assert expected in result.output


def test_a_file_that_cannot_be_written(db, tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    result = run("draw", "standard-pictures", "-o", str(tmp_path / "notes.txt" / "b.svg"),
                 "--db", db, ok=False)
    assert "cannot write" in result.output


def test_png_without_resvg_says_how_to_get_it(db, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # `import resvg_py` now fails
    result = run("draw", "standard-pictures", "-o", str(tmp_path / "b.png"), "--db", db,
                 ok=False)
    assert "pip install resvg-py" in result.output
    assert "write SVG instead" in result.output
    assert not (tmp_path / "b.png").exists()


def test_adjudicate_draws_the_phase_it_reports(db, tmp_path):
    run("orders", "standard-pictures", "-", "--power", "France", "--db", db,
        input_text="A Pic - Bre\n")
    result = run("adjudicate", "standard-pictures", "--map", str(tmp_path / "s1902.svg"),
                 "--db", db)
    assert "Movement results for Spring 1902." in result.stdout
    root = parse((tmp_path / "s1902.svg").read_text(encoding="utf-8"))
    assert with_class(root, "title")[0].text == "Spring 1902 — Movement"
    moves = [e for e in with_class(root, "order") if "move" in e.get("class").split()]
    assert [(e.get("data-from"), e.get("data-to")) for e in moves] == [("pic", "bre")]


def test_adjudicate_refuses_a_bad_map_file_before_adjudicating(db, tmp_path):
    result = run("adjudicate", "standard-pictures", "--map", "board.gif", "--db", db, ok=False)
    assert "'.svg' or '.png'" in result.output
    status = run("status", "standard-pictures", "--db", db)
    assert "Spring 1902" in status.output  # still the same phase: nothing was adjudicated


def test_a_previews_map_shows_the_orders_and_stores_nothing(db, tmp_path):
    run("orders", "standard-pictures", "-", "--power", "France", "--db", db,
        input_text="A Pic - Bre\n")
    run("adjudicate", "standard-pictures", "--preview", "--map", str(tmp_path / "p.svg"),
        "--db", db)
    root = parse((tmp_path / "p.svg").read_text(encoding="utf-8"))
    assert "preview" in with_class(root, "subtitle")[0].text
    assert any(e.get("data-from") == "pic" for e in with_class(root, "order"))
    assert "Spring 1902" in run("status", "standard-pictures", "--db", db).output


def test_report_draws_the_phase_it_reports(db, tmp_path):
    run("report", "standard-pictures", "-p", "Autumn 1901 Retreat", "--map",
        str(tmp_path / "r.png"), "--db", db)
    assert png_size((tmp_path / "r.png").read_bytes())[0] > 1000


def test_replay_draws_every_phase_into_a_folder(tmp_path):
    run("replay", str(FIXTURE), "--dry-run", "--quiet", "--maps", str(tmp_path / "maps"),
        "--db", str(tmp_path / "gm.db"))
    names = sorted(p.name for p in (tmp_path / "maps").iterdir())
    assert len(names) == 5 and all(n.startswith("standard-pictures-") for n in names)
    assert not (tmp_path / "gm.db").exists()  # a dry run stores nothing, pictures or not


def test_replay_draws_its_pictures_in_parallel(tmp_path):
    run("replay", str(FIXTURE), "--dry-run", "--quiet", "--maps", str(tmp_path / "maps"),
        "-j", "2", "--db", str(tmp_path / "gm.db"))
    assert len(list((tmp_path / "maps").iterdir())) == 5
