"""Golden structure: every phase of the fixture games (one per map) read back from its SVG
as data (tests/draw/svg_structure.py) and compared with tests/draw/golden/.

The structure is what a reader checks (title, regions, centres with owners, pieces with
captions, orders with results, the legend's counts), not coordinates, so a change of style
leaves it alone while a piece gone missing does not. Updating the files: tests/golden.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm.draw import draw_phase
from gm.draw.stored import all_boards
from tests.draw.conftest import GAMES, game_file
from tests.draw.svg_structure import structure
from tests.golden import UPDATE, matches_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
FIXTURES = sorted(p.stem for p in GAMES.glob("*.txt"))


@pytest.mark.parametrize("fixture", FIXTURES)
def test_every_phase_matches_its_golden_structure(replayed, fixture):
    boards = all_boards(replayed.store, replayed.game(game_file(fixture)))
    assert len(boards) >= 4  # movement, retreat, adjustment and the open phase at least
    for found in boards:
        actual = json.dumps(structure(draw_phase(found.game_map, found.board)), indent=1,
                            ensure_ascii=False) + "\n"
        matches_golden(GOLDEN / fixture / f"{found.short}.json", actual,
                       f"{fixture} {found.label}")
    if UPDATE:
        pytest.skip(f"wrote tests/draw/golden/{fixture}")
