"""The standard board's SVG stays small enough to mail and to put on a web page: under
150 KB for every phase of the demo game (coordinates rounded, borders merged, the land's
coastline written once)."""

from __future__ import annotations

from gm.draw import draw_phase
from gm.draw.stored import all_boards
from tests.draw.conftest import game_file

LIMIT = 150_000


def test_every_phase_of_the_standard_demo_is_drawn_in_under_150_kb(replayed):
    boards = all_boards(replayed.store, replayed.game(game_file("standard-demo")))
    sizes = {found.short: len(draw_phase(found.game_map, found.board).encode("utf-8"))
             for found in boards}
    assert len(sizes) > 40  # the whole game, its busiest phases included
    too_big = {phase: size for phase, size in sizes.items() if size >= LIMIT}
    assert not too_big, f"SVG files over {LIMIT} bytes: {too_big}"
