"""Shared fixtures: where the shared DATC file and the repository's maps are, and every
archived game the tests read, replayed once per session into one database."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATC = ROOT.parent / "shared" / "datc" / "datc_v2.4_06.txt"
DEMO = ROOT / "games" / "standard-demo.txt"
# The games the report, picture and zine tests read; their game names are all different.
REPLAYED = [DEMO, *sorted((ROOT / "tests").glob("*/games/*.txt"))]


@pytest.fixture(scope="session")
def standard_map():
    from gm.maps import load_map

    return load_map("standard")


@pytest.fixture()
def standard_text() -> str:
    return (ROOT / "maps" / "standard.toml").read_text(encoding="utf-8")


def replay_file(store, path: Path) -> str:
    """Replay one archive file into `store`; returns the game's name."""
    from gm.game.archives import replay
    from gm.store.archive import read_archive

    archive = read_archive(path.read_text(encoding="utf-8"), str(path))
    return replay(store, archive, source=str(path)).game


@dataclass
class Replayed:
    """The demo game and every fixture game, replayed into one database (`db`), left open as
    `store`. Tests read it and never change it."""

    store: object
    db: Path
    games: dict[Path, str]  # archive file -> game name

    def game(self, archive: Path) -> str:
        return self.games[archive]


@pytest.fixture(scope="session")
def replayed(tmp_path_factory):
    from gm.store.database import open_store

    db = tmp_path_factory.mktemp("replayed") / "gm.db"
    store = open_store(str(db), create=True)
    yield Replayed(store, db, {path: replay_file(store, path) for path in REPLAYED})
    store.close()
