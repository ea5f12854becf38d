"""The archive is the record of the game (docs/archive-format.md): the shipped archives replay
and export again as they are; archives written before letters were recorded keep reading;
the store keeps where each line was filed, for lines stored before too (migration 9)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gm.game.archives import export_game, replay
from gm.game.games import new_game
from gm.game.intake import take_orders
from gm.store import migrations
from gm.store.archive import read_archive
from gm.store.database import open_store
from gm.store.order_rows import orders_of_phase

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "games").glob("*.txt"))
UNRECORDED = sorted((ROOT / "tests" / "store" / "archives").glob("*-unrecorded.txt"))


def replayed(text: str, name: str, source: str = "archive"):
    store = open_store(":memory:")
    done = replay(store, read_archive(text, source), name=name, check=True, source=source)
    return store, done


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_a_shipped_archive_replays_and_exports_as_it_is(path):
    text = path.read_text(encoding="utf-8")
    store, done = replayed(text, "again", str(path))
    assert done.checked == done.phases > 10
    game = read_archive(text).game
    assert export_game(store, "again") == text.replace(f"Game: {game}\n", "Game: again\n", 1)
    assert "Letter from" in text and "\n  | " in text


@pytest.mark.parametrize("path", UNRECORDED, ids=[p.stem for p in UNRECORDED])
def test_an_archive_from_before_the_record_reads_its_letters_as_pasted(path):
    """Two shipped archives as gm wrote them before letters were recorded: a power's name,
    then its lines as written, read again as letters, every outcome as recorded. Exported
    now, each letter is recorded, and that export replays to itself."""
    text = path.read_text(encoding="utf-8")
    assert "Letter from" not in text
    game = read_archive(text).game
    store, done = replayed(text, game, str(path))  # its own name: its draw's seed comes from it
    assert done.checked == done.phases > 10
    now = export_game(store, game)
    assert "Letter from" in now
    again, _ = replayed(now, "again")
    assert export_game(again, "again") == now.replace(f"Game: {game}\n", "Game: again\n", 1)


def test_migration_9_keeps_where_lines_stored_before_were_filed(tmp_path):
    """A database from before: the lines kept for a later phase get their target (and a
    conditional retreat its mark) from their reason, once; other lines have none known."""
    path = tmp_path / "v8.db"
    conn = sqlite3.connect(path, isolation_level=None)
    for migration in migrations.MIGRATIONS[:8]:
        for statement in migration:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 8")
    now = "2025-01-01T00:00:00+00:00"
    conn.execute(f"INSERT INTO games (name, variant, notes, created_at) VALUES "
                 f"('g', 'standard', '', '{now}')")
    conn.execute("INSERT INTO phases (game_id, seq, label, year, season, kind, status, "
                 f"created_at) VALUES (1, 0, 'Spring 1901', 1901, 'Spring', 'Movement', 'open',"
                 f" '{now}')")
    conn.execute(f"INSERT INTO letters (phase_id, power, text, entered_at) VALUES "
                 f"(1, 'france', '', '{now}')")
    for no, (text, status, reason) in enumerate([
            ("A Par - Bur", "accepted", ""),
            ("A Mar - Gas", "later", "kept for Spring 1901 Retreat; if the unit is dislodged"),
            ("Build A Par", "later", "kept for Winter 1901"),
            ("A Par H", "superseded", "replaced by 'A Par - Bur' (line 1)")], 1):
        conn.execute("INSERT INTO orders (phase_id, letter_id, line, power, text, status, "
                     "reason) VALUES (1, 1, ?, 'france', ?, ?, ?)", (no, text, status, reason))
    conn.execute(f"INSERT INTO edits (phase_id, action, command, description, reason, "
                 f"position_before, made_at) VALUES (1, 'own', 'own Bel France', 'x', 'y', "
                 f"'{{}}', '{now}')")
    conn.close()
    store = open_store(path)
    try:
        rows = orders_of_phase(store, 1)
        assert [(r.target, r.conditional, r.written_for) for r in rows] == [
            (None, 0, None), ("Spring 1901 Retreat", 1, None), ("Winter 1901", 0, None),
            (None, 0, None)]
        assert store.conn.execute("SELECT letters_before FROM edits").fetchall() == [(None,)]
    finally:
        store.close()


def test_intake_keeps_where_each_line_was_filed():
    store = open_store(":memory:")
    new_game(store, "g", "standard")
    take_orders(store, "g", "France:\nA Par - Bur\nIf dislodged, A Mar - Gas\n"
                            "A Par H\nRetreats:\nF Bre R Pic\n")
    rows = orders_of_phase(store, 1)
    assert [(r.text, r.status, r.target, r.conditional, r.written_for, r.parsed)
            for r in rows if r.status != "ignored"] == [
        ("A Par - Bur", "superseded", "", 0, "france", "A Par - Bur"),
        ("A Mar - Gas", "later", "Spring 1901 Retreat", 1, "france", "A Mar R Gas"),
        ("A Par H", "accepted", "", 0, "france", "A Par H"),
        ("F Bre R Pic", "later", "Spring 1901 Retreat", 0, "france", "F Bre R Pic")]
