"""Shared fixtures: where the DATC cases and the repository's maps are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATC_CASES = ROOT / "tests" / "cases" / "standard-datc.txt"
# The shared copy of the DATC file, beside the repository; `GM_SHARED_DATC` names another place.
# Under CI, or when `GM_SHARED_DATC` is set, it must exist: the comparison with it then fails
# instead of being left out.
SHARED_DATC = Path(os.environ.get("GM_SHARED_DATC")
                   or ROOT.parent / "shared" / "datc" / "datc_v2.4_06.txt")
SHARED_DATC_REQUIRED = bool(os.environ.get("GM_SHARED_DATC")) or os.environ.get("CI") == "true"


def shared_datc_wanted() -> bool:
    """Whether the suite compares its DATC cases with the shared file."""
    return SHARED_DATC_REQUIRED or SHARED_DATC.exists()


def pytest_terminal_summary(terminalreporter):
    """Say so at the end of the run when the comparison with the shared DATC file was left out."""
    if not shared_datc_wanted():
        terminalreporter.write_line(
            f"note: no shared DATC file at {SHARED_DATC}: the DATC cases ran from "
            f"{DATC_CASES.relative_to(ROOT)}, but were not compared with the shared file "
            "(set GM_SHARED_DATC to its path).")


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
