"""Board pictures for `make bench`: how long the standard board takes to draw as SVG and to
turn into PNG, and how big the SVG is, for the busiest phase of the demo game (the phase
with the largest SVG). Goals: the SVG under 150 KB, the PNG in under 1 s.

Reports; never fails the build (tests/draw/test_file_size.py checks the size).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _busiest_board():
    from gm.draw import draw_phase
    from gm.draw.stored import all_boards
    from gm.game.archives import replay
    from gm.store.archive import read_archive
    from gm.store.database import open_store

    path = ROOT / "games" / "standard-demo.txt"
    store = open_store(":memory:", create=True)
    game = replay(store, read_archive(path.read_text(encoding="utf-8"), str(path)),
                  source=str(path)).game
    boards = all_boards(store, game)
    return max(boards, key=lambda found: len(draw_phase(found.game_map, found.board)))


def run(repeat: int = 3) -> dict[str, float]:
    """{figure name: value}; PNG figures only where cairosvg is installed."""
    from run import best_of  # bench/run.py, beside this file

    from gm.draw import draw_phase

    found = _busiest_board()
    svg = draw_phase(found.game_map, found.board)
    figures = {f"standard {found.short}: SVG size (KB, goal < 150)": len(svg.encode()) / 1000,
               f"standard {found.short}: SVG drawn (ms)":
                   best_of(lambda: draw_phase(found.game_map, found.board), repeat)}
    try:
        import cairosvg
    except (ImportError, OSError):
        return figures
    figures[f"standard {found.short}: PNG from the SVG (ms, goal < 1000)"] = best_of(
        lambda: cairosvg.svg2png(bytestring=svg.encode(), scale=2), repeat)
    return figures


if __name__ == "__main__":
    for name, value in run().items():
        print(f"pictures: {name}: {value:,.1f}")
