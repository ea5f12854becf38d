"""Where games are kept, and the GM's housekeeping of games.

The store: `--db`, else `GM_DB`, else `gm.db` in the working folder when there is one, else the
user's own store in the data folder (here a temporary one: tests/conftest.py keeps every test
away from the real one); `gm games` and `gm --version` name it. `gm delete` asks, writes the
archive first and deletes every row of the game; `gm rename` renames it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Gm
from tests.conftest import copy_store

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def home(tmp_path, monkeypatch):
    """A GM in an empty folder, with no GM_DB and a data folder of their own."""
    monkeypatch.delenv("GM_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return tmp_path


def test_the_suite_never_uses_the_real_data_folder():
    from gm.store.database import user_store
    from tests.conftest import TEST_DATA_HOME

    assert Path(TEST_DATA_HOME) in user_store().parents


def test_a_game_started_anywhere_is_found_from_any_other_folder(home, monkeypatch):
    gm = Gm(home / "unused.db")
    out = gm("new", "league", db=False).output
    own = home / "data" / "gm" / "gm.db"
    assert f"in {own} (your own store)" in out and own.is_file()
    assert not (home / "work" / "gm.db").exists()  # nothing left in the working folder
    (home / "elsewhere").mkdir()
    monkeypatch.chdir(home / "elsewhere")
    listed = gm("games", db=False).output
    assert f"Store: {own} (your own store)" in listed and "league" in listed
    assert "Spring 1901" in gm("status", "league", db=False).output
    version = gm("--version", db=False).output.splitlines()
    assert version[1] == f"store: {own} (your own store)"


def test_gm_db_in_the_working_folder_comes_before_the_own_store(home):
    gm = Gm(home / "unused.db")
    gm("new", "mine", db=False)
    (home / "work" / "gm.db").write_bytes(b"")  # an empty file is a new SQLite database
    gm("new", "here", db=False)
    listed = gm("games", db=False).output
    assert "Store: gm.db (gm.db in this folder)" in listed
    assert "here" in listed and "mine" not in listed


def test_db_and_gm_db_come_before_everything(home, monkeypatch):
    gm = Gm(home / "unused.db")
    (home / "work" / "gm.db").write_bytes(b"")
    named = home / "named.db"
    gm("new", "named", "--db", str(named), db=False)
    assert f"Store: {named} (--db)" in gm("games", "--db", str(named), db=False).output
    monkeypatch.setenv("GM_DB", str(named))
    assert f"Store: {named} (GM_DB)" in gm("games", db=False).output


def test_db_before_the_command_is_that_commands_alone(home, monkeypatch):
    """`gm --db FILE COMMAND` names the store for that command only: it is handed down to the
    command, not put in the process's environment, where the next command run in the same
    process (or anything gm starts) would take it for GM_DB."""
    import os

    gm = Gm(home / "unused.db")
    named = home / "named.db"
    assert "Started named" in gm("--db", str(named), "new", "named", db=False).output
    assert "GM_DB" not in os.environ
    assert f"Store: {named} (--db)" in gm("--db", str(named), "games", db=False).output
    assert "named" not in gm("games", db=False).output  # the own store: nothing there
    other = home / "other.db"  # named after the command too: that one is the command's
    gm("--db", str(named), "new", "other", "--db", str(other), db=False)
    assert "other" in gm("games", "--db", str(other), db=False).output
    monkeypatch.setenv("GM_DB", str(other))  # before the command beats GM_DB
    assert f"Store: {named} (--db)" in gm("--db", str(named), "games", db=False).output


def test_no_own_store_yet_is_said_plainly(home):
    out = Gm(home / "unused.db")("games", db=False).output
    assert "No games yet" in out and str(home / "data" / "gm" / "gm.db") in out
    assert not (home / "data").exists()  # listing creates nothing


def test_the_own_store_follows_the_platform_without_xdg(home, monkeypatch):
    import platformdirs

    from gm.store.database import user_store

    monkeypatch.delenv("XDG_DATA_HOME")
    assert user_store() == Path(platformdirs.user_data_dir("gm", appauthor=False)) / "gm.db"


# --- gm delete ---------------------------------------------------------------------------------

def row_counts(db: Path) -> dict[str, int]:
    conn = sqlite3.connect(db)
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    counts = {n: conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    return counts


@pytest.fixture(scope="module")
def two_games_db(demo_archive, tmp_path_factory) -> tuple[Path, dict[str, int]]:
    """A store with a new game and the demo game replayed, made once for this file, and the
    rows it held before the replay."""
    made = Gm(tmp_path_factory.mktemp("two-games") / "gm.db")
    made("new", "other")
    before = row_counts(made.db)
    made("replay", str(demo_archive), "--quiet")
    return made.db, before


@pytest.fixture()
def two_games(gm, two_games_db, tmp_path, monkeypatch):
    """This test's own copy of `two_games_db` as its store; the rows of the new game alone."""
    monkeypatch.chdir(tmp_path)
    made, before = two_games_db
    copy_store(made, gm.db)
    return before


def test_delete_asks_and_a_no_deletes_nothing(gm, two_games, tmp_path):
    during = row_counts(gm.db)
    result = gm("delete", "standard-demo", input="n\n", ok=False)
    assert "nothing was deleted" in result.output
    assert row_counts(gm.db) == during
    assert not list(tmp_path.glob("standard-demo-deleted-*"))


def test_delete_writes_the_archive_then_leaves_no_row_behind(gm, two_games, tmp_path):
    result = gm("delete", "standard-demo", input="y\n")
    assert "Standard, at Spring 1913" in result.output  # what is asked about is named
    (backup,) = tmp_path.glob("standard-demo-deleted-*.txt")
    assert f"Deleted standard-demo from {gm.db}; its archive is {backup.name}" in result.output
    assert row_counts(gm.db) == two_games  # the other game's rows, and nothing else
    assert "standard-demo" not in gm("games").output
    replayed = gm("replay", str(backup), "--check", "--quiet").output
    assert "Checked 46 recorded outcomes: no differences" in replayed


def test_delete_yes_no_backup_asks_nothing_and_writes_nothing(gm, two_games, tmp_path):
    gm("delete", "standard-demo", "--yes", "--no-backup")
    assert not list(tmp_path.glob("*.txt"))
    assert row_counts(gm.db) == two_games


def test_delete_never_replaces_a_file_and_then_deletes_nothing(gm, two_games, tmp_path):
    taken = tmp_path / "kept.txt"
    taken.write_text("mine", encoding="utf-8")
    during = row_counts(gm.db)
    result = gm("delete", "standard-demo", "--yes", "--backup", str(taken), ok=False)
    assert "exists already" in result.output and "Nothing was deleted" in result.output
    assert taken.read_text(encoding="utf-8") == "mine" and row_counts(gm.db) == during


def test_delete_of_an_unknown_game_names_the_games(gm, two_games):
    result = gm("delete", "nosuch", "--yes", ok=False)
    assert "no game called 'nosuch'" in result.output and "standard-demo" in result.output


# --- gm rename ---------------------------------------------------------------------------------

def test_rename_keeps_the_whole_game(gm, two_games):
    before = gm("chart", "standard-demo").output
    assert "Renamed standard-demo to old-demo." in gm("rename", "standard-demo",
                                                      "old-demo").output
    after = gm("chart", "old-demo").output.splitlines()
    assert after[0].startswith("old-demo:")
    assert after[2:] == before.splitlines()[2:]  # under its title, the same chart
    assert "no game called 'standard-demo'" in gm("show", "standard-demo", ok=False).output


def test_rename_refuses_a_taken_or_unusable_name(gm, two_games):
    assert "already a game called 'other'" in gm("rename", "standard-demo", "OTHER",
                                                  ok=False).output
    assert "not a usable game name" in gm("rename", "standard-demo", "a b", ok=False).output
    assert "Renamed other to Other." in gm("rename", "other", "Other").output  # its own name


def test_a_renamed_game_replays_with_the_lots_it_drew(gm, tmp_path):
    """Hoplite Wars draws its colonies from a seed made from the game's name when it starts;
    renamed (or replayed under another name) and exported, it replays as it was played."""
    demo = (ROOT / "games" / "hoplite-wars-demo.txt").read_text(encoding="utf-8")
    year = tmp_path / "hoplite-450.txt"  # its first year: the colonies declare in the Autumn
    year.write_text(demo.split("\nSpring 449 BC\n")[0] + "\n", encoding="utf-8")
    assert "no differences" in gm("replay", str(year), "--as", "greece", "--check",
                                  "--quiet").output
    gm("rename", "greece", "hellas")
    archive = tmp_path / "hellas.txt"
    gm("export", "hellas", str(archive))
    assert "Checked 4 recorded outcomes: no differences" in gm(
        "replay", str(archive), "--as", "again", "--check", "--quiet").output
    assert gm("show", "again", "-f", "json").output == gm(
        "show", "hellas", "-f", "json").output.replace('"hellas"', '"again"')
