"""Picture fixtures: small games (tests/draw/games/, one per map) and the shipped demo game,
all replayed once per session by the shared `replayed` fixture (tests/conftest.py), and every
phase of them drawn once per session (`drawn`) for the tests of pictures, goldens and sizes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DEMO

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games"
# the demo game first, then the picture fixtures
DRAWN_GAMES = [DEMO.stem, *sorted(p.stem for p in GAMES.glob("*.txt"))]


def game_file(fixture: str) -> Path:
    """`standard-demo` or a picture fixture's stem (`lord-of-hosts`) -> its archive."""
    return DEMO if fixture == DEMO.stem else GAMES / f"{fixture}.txt"


@pytest.fixture(scope="session")
def drawn(replayed):
    """{fixture: [(phase row, position, PhaseBoard, svg)]} for every live phase of the games
    of DRAWN_GAMES. (tests/conftest.py keeps the files that use it on one xdist worker.)"""
    from gm.draw import draw_phase
    from gm.draw.stored import phase_board
    from gm.game.games import open_game
    from gm.store import game_rows as rows
    from gm.store.position_rows import load_position

    store = replayed.store
    out = {}
    for fixture in DRAWN_GAMES:
        view = open_game(store, replayed.game(game_file(fixture)))
        out[fixture] = []
        for row in rows.live_phases(store, view.game):
            found = phase_board(store, view, row)
            out[fixture].append((row, load_position(store, row), found,
                                 draw_phase(found.game_map, found.board)))
    return out
