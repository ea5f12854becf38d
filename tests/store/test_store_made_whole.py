"""A store a command makes (`gm new`, `gm replay` into a new file) is written whole beside its
name and put in place when the command ends well (`gm.store.database.open_or_make`): killed at
any moment, gm leaves either no store, and the command can simply be run again, or the whole
store with the game; a command that fails leaves nothing; a store another gm made meanwhile
is never replaced. And the empty store every new one is copied from is the one the
migrations make, kept in the cache folder so that a command does not run them again."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm.game.games import new_game
from gm.store import database
from gm.store.database import UNFINISHED, open_or_make, open_store
from gm.store.faults import ENV
from gm.store.migrations import SCHEMA_VERSION
from gm.store.store_errors import StoreError

ROOT = Path(__file__).resolve().parents[2]
STEPS = ["store:schema-copied", "store:written", "store:linked"]


def whole_store(path: Path, games: list[str]) -> None:
    """The store at `path` passes SQLite's checks, is in WAL mode at this version, and holds
    exactly `games`, each at Spring 1901 with the standard board's 22 pieces."""
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [r[0] for r in conn.execute("SELECT name FROM games ORDER BY name")] == games
    for (name,) in conn.execute("SELECT name FROM games"):
        phases = conn.execute("SELECT p.id, p.label, p.status FROM phases p JOIN games g "
                              "ON g.id = p.game_id WHERE g.name = ?", [name]).fetchall()
        assert [(label, status) for _, label, status in phases] == [("Spring 1901", "open")]
        pieces = conn.execute("SELECT count(*) FROM pieces WHERE phase_id = ?",
                              [phases[0][0]]).fetchone()[0]
        assert pieces == 22
    conn.close()


def test_a_new_store_appears_only_when_the_block_ends_and_then_whole(tmp_path):
    path = tmp_path / "games.db"
    with open_or_make(path) as store:
        new_game(store, "demo", "standard")
        assert not path.exists()  # no other process sees a store being made
        assert [p.name.endswith(UNFINISHED) for p in tmp_path.iterdir()] == [True]
    whole_store(path, ["demo"])
    assert [p.name for p in tmp_path.iterdir()] == ["games.db"]  # no journal, WAL, or copy
    assert oct(path.stat().st_mode & 0o777) == oct(0o644 & ~_umask())  # as SQLite makes it


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_command_that_fails_leaves_no_store(tmp_path):
    path = tmp_path / "games.db"
    with pytest.raises(ValueError), open_or_make(path) as store:
        new_game(store, "demo", "standard")
        raise ValueError("the command failed after writing")
    assert list(tmp_path.iterdir()) == []


def test_a_store_made_meanwhile_is_never_replaced(tmp_path):
    path = tmp_path / "games.db"
    with pytest.raises(StoreError, match="made by another gm while this one ran"):
        with open_or_make(path) as store:
            new_game(store, "mine", "standard")
            with open_store(path, create=True) as other:  # another gm, at the same moment
                new_game(other, "theirs", "standard")
    whole_store(path, ["theirs"])
    assert [p.name for p in tmp_path.iterdir()] == ["games.db"]


def test_an_existing_store_is_opened_and_written_in_place(tmp_path):
    path = tmp_path / "games.db"
    with open_or_make(path) as store:
        new_game(store, "first", "standard")
    with open_or_make(path) as store:
        new_game(store, "second", "standard")
        assert store.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    whole_store(path, ["first", "second"])


def gm_new(db: Path, hook: str | None, kill_after: float | None = None) -> int:
    """`gm new demo --db DB` in a process of its own, with the checkpoint `hook`, killed
    (SIGKILL) after `kill_after` seconds if still running; its exit status."""
    env = {**os.environ, ENV: hook} if hook else dict(os.environ)
    proc = subprocess.Popen([sys.executable, "-m", "gm", "new", "demo", "--db", str(db)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        _, err = proc.communicate(timeout=kill_after)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    assert "Traceback" not in err, err
    return proc.returncode


def test_gm_new_killed_at_any_moment_leaves_no_store_or_the_whole_one(tmp_path):
    rng = random.Random(20261128)
    outcomes = {}
    for step in STEPS:
        db = tmp_path / step.replace(":", "-") / "games.db"
        db.parent.mkdir()
        assert gm_new(db, f"{step}=kill") == -9
        outcomes[step] = db.exists()
        if db.exists():
            whole_store(db, ["demo"])
        else:  # nothing was made: the same command simply runs again
            assert gm_new(db, None) == 0
            whole_store(db, ["demo"])
    assert outcomes == {"store:schema-copied": False, "store:written": False,
                        "store:linked": True}
    # and at moments nobody chose: each checkpoint held a while, the kill anywhere in the run
    start = time.monotonic()
    assert gm_new(tmp_path / "timed.db", "*=sleep:0.05") == 0
    whole = time.monotonic() - start
    for trial in range(4):
        db = tmp_path / f"random-{trial}" / "games.db"
        db.parent.mkdir()
        gm_new(db, "*=sleep:0.05", kill_after=whole * rng.uniform(0.5, 1.1))
        if db.exists():
            whole_store(db, ["demo"])
        assert all(p.name == "games.db" or p.name.endswith(UNFINISHED)
                   for p in db.parent.iterdir())


@pytest.fixture()
def own_cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, and no empty store kept in this process."""
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(database, "_FRESH", {})
    return tmp_path / "cache"


def schema_of(conn: sqlite3.Connection) -> list:
    return [*conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"),
            conn.execute("PRAGMA user_version").fetchone()[0]]


def test_the_kept_empty_store_is_the_one_the_migrations_make(own_cache, monkeypatch, tmp_path):
    made = database._fresh_schema()  # runs the migrations, and keeps what they made
    assert [p.name for p in own_cache.glob("store-schema-*.pickle")] == \
        [f"store-schema-{SCHEMA_VERSION}.pickle"]
    monkeypatch.setattr(database, "_FRESH", {})

    def no_migrations(store):
        raise AssertionError("the kept empty store should have been used")

    monkeypatch.setattr(database, "migrate", no_migrations)
    kept = database._fresh_schema()
    assert kept is not made and schema_of(kept) == schema_of(made)
    monkeypatch.undo()
    in_place = tmp_path / "in-place.db"
    with open_store(in_place, create=True) as store:  # the migrations, run on the file
        assert schema_of(store.conn) == schema_of(made)


def test_a_damaged_or_foreign_kept_store_is_made_again(own_cache, monkeypatch):
    made = schema_of(database._fresh_schema())
    kept = next(own_cache.glob("store-schema-*.pickle"))
    for damage in (b"not a pickle", kept.read_bytes()[:-5000]):
        kept.write_bytes(damage)
        monkeypatch.setattr(database, "_FRESH", {})
        assert schema_of(database._fresh_schema()) == made
    from gm.disk_cache import write_cached

    key = next(iter(database._FRESH))
    write_cached(kept, key, b"SQLite format 3\x00" + bytes(4080))  # the right key, no tables
    monkeypatch.setattr(database, "_FRESH", {})
    assert schema_of(database._fresh_schema()) == made
