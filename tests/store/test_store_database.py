"""Opening the database: pragmas, versions, migrations, and the files gm must refuse."""

from __future__ import annotations

import sqlite3

import pytest

from gm.store import database
from gm.store.database import open_store
from gm.store.migrations import SCHEMA_VERSION
from gm.store.store_errors import DatabaseDamaged, DatabaseLocked, DatabaseMissing, DatabaseTooNew


def test_new_database_is_wal_with_foreign_keys_and_current_version(store, db_path):
    conn = store.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    tables = set(store.db.table_names())
    assert {"games", "phases", "pieces", "dislodged_pieces", "centres", "letters", "orders",
            "adjudications", "results", "events", "edits"} <= tables


def test_foreign_keys_are_enforced(store):
    with pytest.raises(sqlite3.IntegrityError):
        with store.transaction():
            store.conn.execute("INSERT INTO pieces (phase_id, seq, power, kind, location) "
                               "VALUES (999, 0, 'france', 'A', 'par')")


def test_several_games_share_one_database(store):
    from gm.game.games import list_games, new_game

    new_game(store, "alpha", "standard")
    new_game(store, "beta", "standard")
    assert [g.name for g in list_games(store)] == ["alpha", "beta"]


def test_missing_database_is_refused_and_not_created(tmp_path):
    path = tmp_path / "nothing.db"
    with pytest.raises(DatabaseMissing, match="no game database"):
        open_store(path)
    assert not path.exists()


def test_a_file_that_is_not_sqlite_is_called_damaged(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is a letter, not a database" * 200)
    with pytest.raises(DatabaseDamaged, match="not a gm database or is damaged"):
        open_store(path)


def test_another_programs_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(DatabaseDamaged, match="not a gm one"):
        open_store(path)


def test_newer_database_version_is_refused_untouched(store, db_path):
    store.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    store.close()
    with pytest.raises(DatabaseTooNew, match="newer gm"):
        open_store(db_path)
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    conn.close()


def test_locked_database_gives_a_busy_message(store, db_path, monkeypatch):
    monkeypatch.setenv(database.BUSY_TIMEOUT_ENV, "0.1")
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        other = open_store(db_path)
        with pytest.raises(DatabaseLocked, match="busy"):
            with other.transaction():
                pass
        other.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_migrations_upgrade_an_older_database_and_keep_its_games(game, store, db_path,
                                                                 monkeypatch):
    store.close()
    step = ["ALTER TABLE games ADD COLUMN league TEXT NOT NULL DEFAULT 'open'"]
    monkeypatch.setattr(database, "MIGRATIONS", [*database.MIGRATIONS, step])
    monkeypatch.setattr(database, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    upgraded = open_store(db_path)
    try:
        assert upgraded.conn.execute("PRAGMA user_version").fetchone()[0] == \
            SCHEMA_VERSION + 1
        row = upgraded.conn.execute("SELECT name, league FROM games").fetchone()
        assert row == ("demo", "open")
    finally:
        upgraded.close()


def test_a_failed_migration_leaves_the_old_version(game, store, db_path, monkeypatch):
    store.close()
    broken = ["ALTER TABLE games ADD COLUMN fine TEXT", "THIS IS NOT SQL"]
    monkeypatch.setattr(database, "MIGRATIONS", [*database.MIGRATIONS, broken])
    monkeypatch.setattr(database, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(sqlite3.OperationalError):
        open_store(db_path)
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    assert "fine" not in columns
    conn.close()


def test_orders_and_their_results_survive_the_rebuild_of_the_orders_table(tmp_path):
    """Migration 3 rebuilds `orders` (to allow orders kept for a later phase): the rows keep
    their ids, results still point at them, and the new status is accepted."""
    import sqlite3

    from gm.store import migrations
    from gm.store.database import open_store

    path = tmp_path / "v2.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    for statement in migrations.MIGRATION_1 + migrations.MIGRATION_2:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 2")
    now = "2025-01-01T00:00:00+00:00"
    conn.execute("INSERT INTO games (name, variant, notes, created_at) VALUES "
                 f"('g', 'standard', '', '{now}')")
    for seq, label, status in ((0, "Spring 1901", "adjudicated"), (1, "Autumn 1901", "open")):
        conn.execute("INSERT INTO phases (game_id, seq, label, year, season, kind, status, "
                     f"created_at) VALUES (1, {seq}, '{label}', 1901, '{label.split()[0]}', "
                     f"'Movement', '{status}', '{now}')")
    conn.execute("INSERT INTO letters (phase_id, power, text, entered_at) VALUES "
                 f"(1, 'france', 'A Par - Bur', '{now}')")
    conn.execute("INSERT INTO orders (id, phase_id, letter_id, line, power, text, status) "
                 "VALUES (7, 1, 1, 1, 'france', 'A Par - Bur', 'accepted')")
    conn.execute("INSERT INTO adjudications (phase_id, next_phase_id, status, adjudicated_at) "
                 f"VALUES (1, 2, 'live', '{now}')")
    conn.execute("INSERT INTO results (adjudication_id, phase_id, seq, power, order_id, "
                 "order_text, unit, succeeded, code) VALUES "
                 "(1, 1, 0, 'france', 7, 'A Par - Bur', 'A par', 1, 'moved')")
    conn.close()

    store = open_store(path)
    try:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
        assert store.conn.execute("SELECT id, status FROM orders").fetchall() == [(7, "accepted")]
        assert store.conn.execute("SELECT order_id FROM results").fetchall() == [(7,)]
        assert store.conn.execute("PRAGMA foreign_key_check").fetchall() == []
        with store.transaction():
            store.conn.execute("UPDATE orders SET status = 'later' WHERE id = 7")
    finally:
        store.close()


def test_migration_4_gives_stored_lines_their_category_and_drops_worded_centre_changes(tmp_path):
    """Lines stored before categories existed get theirs (and a rejected line its explanation,
    as the report printed it) from the reader's words, once; the engine's worded centre
    changes, which the report never printed, go; rules' events stay."""
    import sqlite3

    from gm.store import migrations
    from gm.store.database import open_store
    from gm.store.order_rows import orders_of_phase
    from gm.store.result_rows import events_of

    path = tmp_path / "v3.db"
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in migrations.MIGRATION_1 + migrations.MIGRATION_2 + migrations.MIGRATION_3:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 3")
    now = "2025-01-01T00:00:00+00:00"
    conn.execute(f"INSERT INTO games (name, variant, notes, created_at) VALUES "
                 f"('g', 'standard', '', '{now}')")
    for seq, label, status in ((0, "Spring 1901", "adjudicated"), (1, "Autumn 1901", "open")):
        conn.execute("INSERT INTO phases (game_id, seq, label, year, season, kind, status, "
                     f"created_at) VALUES (1, {seq}, '{label}', 1901, '{label.split()[0]}', "
                     f"'Movement', '{status}', '{now}')")
    conn.execute(f"INSERT INTO letters (phase_id, power, text, entered_at) VALUES "
                 f"(1, 'france', '', '{now}')")
    lines = [("Hi", "ignored", "greeting"), ("France:", "ignored", "orders below are for France"),
             ("> A Par - Bur", "ignored", "quoted from an earlier message (it reads as "
              "'A Par - Bur'; paste it without '>' to use it)"),
             ("blah", "ignored", "not an order"),
             ("A Par - Mos", "rejected", "'A Par - Mos': Paris is not next to Moscow (at column "
              "9). Write a province next to it."),
             ("Italy's A Ven", "rejected", "\"Italy's A Ven\": not an order."),
             ("A Mun", "rejected", "whose order is this?")]
    for no, (text, status, reason) in enumerate(lines, 1):
        conn.execute("INSERT INTO orders (phase_id, letter_id, line, power, text, status, "
                     "reason) VALUES (1, 1, ?, 'france', ?, ?, ?)", (no, text, status, reason))
    conn.execute("INSERT INTO adjudications (phase_id, next_phase_id, status, adjudicated_at) "
                 f"VALUES (1, 2, 'live', '{now}')")
    for seq, text in enumerate(["Belgium: neutral -> Germany", "A kie disbanded (no retreat "
                                                                 "phase)"]):
        conn.execute("INSERT INTO events (adjudication_id, seq, text) VALUES (1, ?, ?)",
                     (seq, text))
    conn.close()

    store = open_store(path)
    try:
        stored = orders_of_phase(store, 1)
        assert [(r.text, r.category) for r in stored[:4]] == [
            ("Hi", "greeting"), ("France:", "heading"), ("> A Par - Bur", "quoted-order"),
            ("blah", "not-an-order")]
        assert [r.explanation for r in stored[4:]] == [
            "Paris is not next to Moscow. Write a province next to it.", "not an order.",
            "whose order is this?"]
        assert events_of(store, 1) == ["A kie disbanded (no retreat phase)"]
    finally:
        store.close()


@pytest.mark.parametrize("device", ["/dev/null", "fifo"])
def test_a_device_or_a_pipe_is_no_database_and_not_a_failed_disk(tmp_path, device):
    import os

    from gm.store.store_errors import StoreError

    path = device
    if device == "fifo":
        path = tmp_path / "games.db"
        os.mkfifo(path)
    for create in (False, True):
        with pytest.raises(StoreError, match="is not a file but a device or a pipe") as caught:
            open_store(path, create=create)
        assert "disk" not in str(caught.value) and "free some space" not in str(caught.value)


def test_migration_10_keeps_the_mail_read_and_allows_messages_set_aside(tmp_path, monkeypatch):
    """Migration 10 rebuilds `mail_in` (for messages set aside, and unreadable ones): the
    messages read before keep their rows and numbers."""
    from gm.game.games import new_game
    from gm.store import mail_rows
    from gm.store.migrations import MIGRATION_10

    path = tmp_path / "old.db"
    before = database.MIGRATIONS.index(MIGRATION_10)
    with monkeypatch.context() as old:  # a database as gm left it before that migration
        old.setattr(database, "MIGRATIONS", database.MIGRATIONS[:before])
        old.setattr(database, "SCHEMA_VERSION", before)
        store = open_store(path, create=True)
        view = new_game(store, "g", "standard")
        with store.transaction():
            phase = store.conn.execute("SELECT id FROM phases").fetchone()[0]
            first = mail_rows.add_mail_in(store, view.game.id, "<1@x>", phase, "Spring 1901",
                                          "a@x", "france", "g orders", None, "late", None,
                                          "A Par - Bur\n", [])
        with pytest.raises(sqlite3.IntegrityError), store.transaction():
            mail_rows.add_mail_in(store, view.game.id, "<2@x>", phase, "Spring 1901", "a@x",
                                  None, "rome2", None, mail_rows.ASIDE, None, "x", [])
        store.close()
    store = open_store(path)
    try:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        [row] = mail_rows.mail_in_of_game(store, view.game.id)
        assert (row.id, row.status, row.text) == (first, "late", "A Par - Bur\n")
        with store.transaction():
            mail_rows.add_mail_in(store, view.game.id, "<2@x>", phase, "Spring 1901", "a@x",
                                  None, "rome2", None, mail_rows.ASIDE, None, "x", [])
        with pytest.raises(sqlite3.IntegrityError), store.transaction():
            mail_rows.add_mail_in(store, view.game.id, "<3@x>", phase, "Spring 1901", "a@x",
                                  None, "s", None, "lost", None, "x", [])
    finally:
        store.close()
