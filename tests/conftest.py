"""Shared fixtures: where the shared DATC file and the repository's maps are."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATC = ROOT.parent / "shared" / "datc" / "datc_v2.4_06.txt"


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
