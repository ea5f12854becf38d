"""Kill `gm adjudicate` at random moments and at every step of its transaction: the database
must pass SQLite's integrity check, and the game must be at the old phase or the new one,
complete, never in between.

Each `gm adjudicate` is a process of its own, killed with a real SIGKILL (by itself at a
checkpoint, or by the test after a random delay); the processes are forked from one that has
imported gm already (multiprocessing's fork server), so that sixteen of them cost little more
than one."""

from __future__ import annotations

import multiprocessing
import os
import random
import shutil
import sqlite3
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from gm.store.faults import ENV

ROOT = Path(__file__).resolve().parents[2]
STEPS = ["adjudicate:before-lock", "adjudicate:resolved", "adjudicate:position-saved",
         "adjudicate:results-saved", "adjudicate:before-commit", "adjudicate:committed"]
RANDOM_TRIALS = 10  # real kills at random moments; with the steps' kills, 16 processes

SPRING = {
    "England": "F Lon - Nth\nF Edi - Nrg\nA Lvp - Yor",
    "France": "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mid",
    "Germany": "A Mun - Bur\nF Kie - Den\nA Ber - Kie",
    "Russia": "A War - Gal\nF Sev - Bla\nA Mos - Ukr\nF Stp/sc - Bot",
    "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri - Alb",
    "Turkey": "F Ank - Bla\nA Con - Bul\nA Smy - Con",
}


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A database with one game and every Spring 1901 letter in, ready to adjudicate."""
    from gm.game.games import new_game
    from gm.game.intake import take_orders
    from gm.store.database import open_store

    path = tmp_path_factory.mktemp("crash") / "template.db"
    with open_store(path, create=True) as store:
        new_game(store, "demo", "standard")
        for power, letter in SPRING.items():
            take_orders(store, "demo", letter, power)
    return path


def _gm_adjudicate(db: str, hook: str, err: str) -> None:
    """In the forked process: `gm adjudicate demo` as from the command line, with the
    checkpoint `hook` set, its standard error written to `err`."""
    os.chdir(ROOT)
    os.environ[ENV] = hook
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
    sys.argv = ["gm", "adjudicate", "demo", "--db", db]
    from gm.cli import main

    main()


@pytest.fixture(scope="module")
def forked():
    """Processes forked from a server that has imported gm's command line and this module."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["gm.cli", "gm.cli.game_commands", "gm.game.adjudication",
                                    __name__])
    yield context
    from multiprocessing import forkserver

    stop = getattr(forkserver._forkserver, "_stop", None)
    if stop is not None:  # the server goes, and with it the record of its processes' time
        stop()


def run_and_kill(forked, template: Path, workdir: Path, trial: int, hook: str,
                 delay: float | None) -> Path:
    db = workdir / f"trial-{trial}.db"
    err = workdir / f"trial-{trial}.err"
    shutil.copy(template, db)
    proc = forked.Process(target=_gm_adjudicate, args=(str(db), hook, str(err)))
    proc.start()
    if delay is not None:
        proc.join(timeout=delay)
        if proc.exitcode is None:
            proc.kill()  # SIGKILL
    proc.join(timeout=60)
    assert proc.exitcode is not None
    text = err.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text, text
    return db


def game_state(db: Path) -> str:
    """'old' or 'new', after checking the database is whole and the game consistent."""
    from gm.store import game_rows as rows
    from gm.store.database import open_store

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    with open_store(db) as store:
        game = rows.get_game(store, "demo")
        phase = rows.open_phase(store, game)
        count = lambda sql: store.conn.execute(sql).fetchone()[0]  # noqa: E731
        if phase.label == "Spring 1901":
            assert count("SELECT count(*) FROM phases") == 1
            assert count("SELECT count(*) FROM adjudications") == 0
            assert count("SELECT count(*) FROM results") == 0
            return "old"
        assert phase.label == "Autumn 1901"
        assert [r[0] for r in store.conn.execute("SELECT status FROM phases ORDER BY seq")] == \
            ["adjudicated", "open"]
        assert count("SELECT count(*) FROM adjudications WHERE status = 'live'") == 1
        assert count("SELECT count(*) FROM results") >= 22
        assert count(f"SELECT count(*) FROM pieces WHERE phase_id = {phase.id}") == 22
        assert count(f"SELECT count(*) FROM centres WHERE phase_id = {phase.id}") >= 22
        return "new"


def test_killed_adjudications_leave_the_old_phase_or_the_new(forked, template, tmp_path):
    rng = random.Random(20240601)
    trials = [(f"{step}=kill", None) for step in STEPS]
    # random moments spread over a whole run's time, as long as this machine takes for one
    start = time.monotonic()
    assert game_state(run_and_kill(forked, template, tmp_path, -1, "*=sleep:0.03", None)) == "new"
    whole = time.monotonic() - start
    trials += [("*=sleep:0.03", whole * rng.uniform(0.1, 1.5)) for _ in range(RANDOM_TRIALS)]
    with ThreadPoolExecutor(max_workers=3) as pool:
        dbs = list(pool.map(lambda t: run_and_kill(forked, template, tmp_path, t[0], *t[1]),
                            enumerate(trials)))
    states = [game_state(db) for db in dbs]
    by_step = dict(zip([hook for hook, _ in trials[:len(STEPS)]], states, strict=False))
    assert by_step["adjudicate:before-commit=kill"] == "old"
    assert by_step["adjudicate:committed=kill"] == "new"
    assert len(trials) == len(STEPS) + RANDOM_TRIALS and set(states) == {"old", "new"}


def test_a_killed_adjudication_can_simply_be_run_again(forked, template, tmp_path):
    from gm.game.adjudication import adjudicate
    from gm.store.database import open_store

    db = run_and_kill(forked, template, tmp_path, 0, "adjudicate:results-saved=kill", None)
    assert game_state(db) == "old"
    with open_store(db) as store:
        report = adjudicate(store, "demo")
    assert report.next_phase == "Autumn 1901"
    assert game_state(db) == "new"
