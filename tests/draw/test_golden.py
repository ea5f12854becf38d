"""Golden structure: every phase of the fixture games (one per map) read back from its SVG
as data (tests/draw/svg_structure.py) and compared with tests/draw/golden/.

The structure is what a reader checks (title, regions, centres with owners, pieces with
captions, orders with results, the legend's counts), not coordinates, so a change of style
leaves it alone while a piece gone missing does not. After an intended change:

    GM_UPDATE_GOLDEN=1 .venv/bin/pytest tests/draw -q   # rewrites the files, skips the checks

and review 'git diff tests/draw/golden'.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gm.draw import draw_phase
from gm.draw.stored import all_boards
from tests.draw.conftest import GAMES
from tests.draw.svg_structure import structure

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("GM_UPDATE_GOLDEN") == "1"
FIXTURES = sorted(p.stem for p in GAMES.glob("*.txt"))


@pytest.mark.parametrize("fixture", FIXTURES)
def test_every_phase_matches_its_golden_structure(picture_store, fixture):
    store, games = picture_store
    boards = all_boards(store, games[fixture])
    assert len(boards) >= 4  # movement, retreat, adjustment and the open phase at least
    for found in boards:
        actual = json.dumps(structure(draw_phase(found.game_map, found.board)), indent=1,
                            ensure_ascii=False) + "\n"
        path = GOLDEN / fixture / f"{found.short}.json"
        if UPDATE:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(actual, encoding="utf-8")
            continue
        if not path.exists():
            pytest.fail(f"no golden file {path}; create it with GM_UPDATE_GOLDEN=1 and review it")
        assert actual == path.read_text(encoding="utf-8"), (
            f"{fixture} {found.label} differs from {path}; if the change is intended, run "
            "GM_UPDATE_GOLDEN=1 .venv/bin/pytest tests/draw and review 'git diff'")
    if UPDATE:
        pytest.skip(f"wrote tests/draw/golden/{fixture}")


def test_no_golden_file_is_left_over():
    """A golden file whose phase is gone would never be checked again."""
    expected_dirs = set(FIXTURES)
    assert {p.name for p in GOLDEN.iterdir() if p.is_dir()} == expected_dirs
