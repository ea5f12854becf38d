"""The zine's tables: a database written by the previous gm (version 1) migrates and keeps
its games; the new tables take players, deadlines and press."""

from __future__ import annotations

import sqlite3
from datetime import date

from gm.deadline_time import Due
from gm.store import migrations
from gm.store.database import open_store


def _version_1_database(path) -> None:
    """A database as the gm before the zine tables left it, with one game in it."""
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in migrations.MIGRATION_1:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games (name, variant, notes, created_at) VALUES "
                 "('old-game', 'standard', 'from before', '2025-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO phases (game_id, seq, label, year, season, kind, status, "
                 "created_at) VALUES (1, 0, 'Spring 1901', 1901, 'Spring', 'Movement', "
                 "'open', '2025-01-01T00:00:00+00:00')")
    conn.close()


def test_a_version_1_database_migrates_and_keeps_its_game(tmp_path):
    path = tmp_path / "old.db"
    _version_1_database(path)
    store = open_store(path)
    try:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == \
            migrations.SCHEMA_VERSION
        assert {"players", "deadlines", "press"} <= set(store.db.table_names())
        row = store.conn.execute("SELECT name, notes, grey_press FROM games").fetchone()
        assert row == ("old-game", "from before", 0)
    finally:
        store.close()


def test_the_zine_commands_work_on_a_migrated_database(tmp_path):
    from gm.game.players import list_players, set_player
    from gm.game.press import add_press, list_press

    path = tmp_path / "old.db"
    _version_1_database(path)
    store = open_store(path)
    try:
        set_player(store, "old-game", "France", "Jane Smith")
        add_press(store, "old-game", "Hello.", sender="France")
        label, seats = list_players(store, "old-game")
        assert label == "Spring 1901"
        assert [s.name for s in seats if s.power == "France"] == ["Jane Smith"]
        assert [i.first_line for i in list_press(store, "old-game")[1]] == ["Hello."]
    finally:
        store.close()


def test_a_second_opening_does_not_migrate_again(tmp_path):
    path = tmp_path / "old.db"
    _version_1_database(path)
    open_store(path).close()
    store = open_store(path)  # would fail on "table players already exists" if run twice
    try:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    finally:
        store.close()


def test_a_player_change_for_the_same_phase_replaces_the_row(store, game):
    from gm.store.player_rows import players_of_game, set_player

    set_player(store, game.game.id, "france", "Spring 1901", "Jane Smith", "jane@example.com")
    set_player(store, game.game.id, "france", "Spring 1901", "Jane Smyth", "jane@example.com")
    set_player(store, game.game.id, "france", "Autumn 1901", "Bob Jones")
    assert [(r.from_phase, r.name) for r in players_of_game(store, game.game.id)] == [
        ("Spring 1901", "Jane Smyth"), ("Autumn 1901", "Bob Jones")]


def test_deadlines_are_one_per_phase(store, game):
    from gm.store.deadline_rows import clear_deadline, deadline_of, set_deadline

    set_deadline(store, game.game.id, "Spring 1901", Due(date(2026, 12, 5)))
    set_deadline(store, game.game.id, "Spring 1901", Due(date(2026, 12, 12)))
    assert deadline_of(store, game.game.id, "Spring 1901") == Due(date(2026, 12, 12))
    assert clear_deadline(store, game.game.id, "Spring 1901")
    assert deadline_of(store, game.game.id, "Spring 1901") is None
    assert not clear_deadline(store, game.game.id, "Spring 1901")


def test_press_is_kept_to_the_byte_and_withdrawn_press_is_kept_but_not_listed(store, game):
    from gm.store.press_rows import PRESS, add_press, get_press, press_of_phase, withdraw_press

    text = "  Dear all,\r\n\tindented\n\n# not a comment\x1b[2J  \n"
    kept = add_press(store, game.game.id, "Spring 1901", PRESS, "france", False, text)
    gone = add_press(store, game.game.id, "Spring 1901", PRESS, "italy", False, "oops")
    withdraw_press(store, gone.id)
    assert get_press(store, kept.id).text == text
    assert [p.id for p in press_of_phase(store, game.game.id, "Spring 1901")] == [kept.id]
    assert get_press(store, gone.id).status == "withdrawn"
