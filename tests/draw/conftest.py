"""Picture fixtures: small games (tests/draw/games/, one per map) and the shipped demo game,
replayed once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import replay_file

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GAMES = HERE / "games"
DEMO = ROOT / "games" / "standard-demo.txt"


@pytest.fixture(scope="session")
def picture_store(tmp_path_factory):
    """Every fixture game and the demo game in one database: `(store, {file stem: game})`."""
    from gm.store.database import open_store

    store = open_store(str(tmp_path_factory.mktemp("pictures") / "gm.db"), create=True)
    games = {path.stem: replay_file(store, path)
             for path in [DEMO, *sorted(GAMES.glob("*.txt"))]}
    yield store, games
    store.close()
