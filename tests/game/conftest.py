"""Fixtures for the zine tests: a fresh database with a standard game, a fixed "today" for
deadlines, and the command line against a temporary database."""

from __future__ import annotations

from datetime import date

import pytest

from tests.cli.conftest import Gm

TODAY = date(2026, 11, 20)  # a Friday


@pytest.fixture(autouse=True)
def fixed_today(monkeypatch):
    from gm import dates

    monkeypatch.setattr(dates, "today", lambda: TODAY)
    return TODAY


@pytest.fixture()
def store(tmp_path):
    from gm.store.database import open_store

    opened = open_store(tmp_path / "gm.db", create=True)
    yield opened
    opened.close()


@pytest.fixture()
def game(store):
    from gm.game.games import new_game

    return new_game(store, "demo", "standard")


@pytest.fixture()
def gm(tmp_path):
    return Gm(tmp_path / "gm.db")


def play(store, name: str, letters: dict[str, str] | None = None) -> None:
    """Enter each power's letter, then adjudicate the phase."""
    from gm.game.adjudication import adjudicate
    from gm.game.intake import take_orders

    for power, text in (letters or {}).items():
        take_orders(store, name, text, power)
    adjudicate(store, name, no_orders=True)
