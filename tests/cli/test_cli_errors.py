"""Every way a command can fail gives one clear line naming the input and the fix, exits
non-zero, never prints a traceback, and leaves the store as it was."""

from __future__ import annotations

import sqlite3

import pytest

from gm.store.migrations import SCHEMA_VERSION


def one_message(result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("gm: "), result.output
    return lines[-1]


def table_counts(path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    counts = {n: conn.execute(f"SELECT count(*) FROM {n}").fetchone()[0] for n in names}
    conn.close()
    return counts


def test_missing_database(gm):
    message = one_message(gm("games", ok=False))
    assert "there is no game database at" in message and "gm new" in message
    assert not gm.db.exists()


def test_gm_db_environment_variable_chooses_the_database(gm, tmp_path, monkeypatch):
    other = tmp_path / "from-env.db"
    monkeypatch.setenv("GM_DB", str(other))
    gm("new", "envgame", db=False)
    assert other.exists() and not gm.db.exists()
    assert "envgame" in gm("games", db=False).output


def test_a_file_that_is_not_a_database(gm):
    gm.db.write_text("Dear GM, here are my orders. " * 100)
    assert "is not a gm database or is damaged" in one_message(gm("games", ok=False))


def test_a_database_with_damaged_pages(gm):
    gm("new", "demo")
    gm("orders", "demo", "--power", "France", input="A Par - Bur\n")
    data = bytearray(gm.db.read_bytes())
    page = 4096
    data[page:] = b"\xde\xad\xbe\xef" * ((len(data) - page) // 4)
    gm.db.write_bytes(bytes(data))
    for wal in (gm.db.with_name("gm.db-wal"), gm.db.with_name("gm.db-shm")):
        wal.unlink(missing_ok=True)
    message = one_message(gm("status", "demo", ok=False))
    assert "damaged" in message or "not a gm database" in message


def test_a_newer_database(gm):
    gm("new", "demo")
    conn = sqlite3.connect(gm.db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 3}")
    conn.close()
    assert "written by a newer gm" in one_message(gm("show", "demo", ok=False))


def test_a_locked_database(gm, monkeypatch):
    gm("new", "demo")
    monkeypatch.setenv("GM_BUSY_TIMEOUT", "0.1")
    holder = sqlite3.connect(gm.db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        message = one_message(gm("adjudicate", "demo", ok=False))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "busy" in message and "Nothing was changed" in message
    assert "Spring 1901" in gm("status", "demo").output


@pytest.mark.parametrize("args, expected", [
    (["new", "my game"], "not a usable game name"),
    (["new", "demo2", "--variant", "chess"], "no variant called 'chess'"),
    (["new", "demo"], "already a game called 'demo'"),
    (["show", "nothing"], "no game called 'nothing'"),
    (["show", "demo", "--phase", "Summer 1850"], "not a phase of the Standard calendar"),
    (["show", "demo", "--phase", "Spring 1905"], "has no phase 'Spring 1905'"),
    (["report", "demo"], "no adjudicated phase yet"),
    (["orders", "demo", "no-such-letter.txt"], "there is no file no-such-letter.txt"),
    (["orders", "demo", "--power", "Narnia", "-"], "'Narnia' is not a power"),
    (["orders", "demo", "--replace", "-"], "--replace needs --power"),
    (["adjudicate", "demo", "--phase", "Autumn 1901"], "is at Spring 1901, not Autumn 1901"),
    (["undo", "demo"], "nothing to undo"),
    (["redo", "demo"], "nothing to redo"),
    (["edit", "demo", "remove", "Par"], "needs a reason"),
    (["edit", "demo", "add", "France", "A", "Par", "-r", "x"], "already holds"),
    (["edit", "demo", "fly", "Par", "-r", "x"], "unknown correction 'fly'"),
    (["agree-draw", "demo", "France"], "at least two powers"),
    (["replay", "no-such-archive.txt"], "there is no archive file"),
])
def test_mistakes_get_a_message_and_change_nothing(gm, args, expected):
    gm("new", "demo")
    before = table_counts(gm.db)
    message = one_message(gm(*args, ok=False, input="A Par - Bur\n"))
    assert expected in message
    assert table_counts(gm.db) == before


def test_empty_orders_are_refused(gm):
    gm("new", "demo")
    assert "no orders given" in one_message(gm("orders", "demo", "-", input="\n", ok=False))


def test_a_broken_archive_names_its_line(gm, tmp_path):
    archive = tmp_path / "broken.txt"
    archive.write_text("Variant: standard\nGame: x\n\nSpring 1901\nA Par - Bur\n")
    message = one_message(gm("replay", str(archive), ok=False))
    assert f"{archive}:5:" in message and "before any power" in message
    assert not gm.db.exists() or "x" not in gm("games").output


def test_replaying_onto_an_existing_game_is_refused(gm, tmp_path, demo_archive):
    gm("new", "standard-demo")
    before = table_counts(gm.db)
    message = one_message(gm("replay", str(demo_archive), "-q", ok=False))
    assert "already a game called 'standard-demo'" in message
    assert table_counts(gm.db) == before


def test_a_refused_new_game_leaves_no_database_behind(gm):
    assert "not a usable game name" in one_message(gm("new", "bad name!", ok=False))
    assert "no variant called" in one_message(gm("new", "fine", "-v", "chess", ok=False))
    assert not gm.db.exists()
