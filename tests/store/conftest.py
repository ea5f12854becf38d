"""Fixtures for the store and workflow tests: a fresh database file and a standard game."""

from __future__ import annotations

import pytest


@pytest.fixture()
def db_path(tmp_path):
    return tmp_path / "gm.db"


@pytest.fixture()
def store(db_path):
    from gm.store.database import open_store

    opened = open_store(db_path, create=True)
    yield opened
    opened.close()


@pytest.fixture()
def game(store):
    from gm.game.games import new_game

    return new_game(store, "demo", "standard")
