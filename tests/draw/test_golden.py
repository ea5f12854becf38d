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

from tests.draw.conftest import GAMES
from tests.draw.svg_structure import structure
from tests.golden import UPDATE, matches_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
FIXTURES = sorted(p.stem for p in GAMES.glob("*.txt"))


@pytest.mark.parametrize("fixture", FIXTURES)
def test_every_phase_matches_its_golden_structure(drawn, fixture):
    boards = drawn[fixture]  # every live phase, drawn once for the picture tests
    assert len(boards) >= 4  # movement, retreat, adjustment and the open phase at least
    for _row, _position, found, svg in boards:
        actual = json.dumps(structure(svg), indent=1, ensure_ascii=False) + "\n"
        matches_golden(GOLDEN / fixture / f"{found.short}.json", actual,
                       f"{fixture} {found.label}")
    if UPDATE:
        pytest.skip(f"wrote tests/draw/golden/{fixture}")
