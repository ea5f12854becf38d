"""Board pictures for `make bench`: how long the standard board takes to draw as SVG and to
turn into PNG, and how big the SVG is, for the busiest phase of the demo game (the phase
with the largest SVG); then whole `gm draw` commands as new processes, to SVG and to PNG,
with the map's layout already in the cache folder (as every run after the first) and with
an empty cache folder (the first run, which lays the map out). Goals: the SVG under 150 KB,
a whole `gm draw` to PNG in under 1 s.

Reports; never fails the build (tests/draw/test_file_size.py checks the size).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
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


def run(repeat: int = 3, commands: bool = True) -> dict[str, float]:
    """{figure name: value}; PNG figures only where PNG can be made (resvg-py); whole commands
    unless `commands` is false."""
    from timing import best_of  # bench/timing.py, beside this file

    from gm.draw import draw_phase

    found = _busiest_board()
    svg = draw_phase(found.game_map, found.board)
    figures = {f"standard {found.short}: SVG size (KB, goal < 150)": len(svg.encode()) / 1000,
               f"standard {found.short}: SVG drawn (ms)":
                   best_of(lambda: draw_phase(found.game_map, found.board), repeat)}
    from gm.draw.files import png_available, svg_to_png

    if not png_available():
        return figures | (command_figures(png=False) if commands else {})

    figures[f"standard {found.short}: PNG from the SVG (ms)"] = best_of(
        lambda: svg_to_png(svg), repeat)
    return figures | (command_figures(png=True) if commands else {})


def command_figures(png: bool, runs: int = 5) -> dict[str, float]:
    """Median wall times of whole `gm draw` commands of the demo game's last phase, each a
    new process."""
    gm = str(ROOT / ".venv" / "bin" / "gm")
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        env = dict(os.environ, GM_DB=str(Path(tmp) / "bench.db"), GM_CACHE=str(cache))
        subprocess.run([gm, "replay", str(ROOT / "games" / "standard-demo.txt"), "--quiet"],
                       env=env, capture_output=True, check=True)
        game = "standard-demo"  # the archive's game, at its last phase

        def timed(target: str, empty_cache: bool) -> float:
            times = []
            subprocess.run([gm, "draw", game, "-o", target], env=env, capture_output=True,
                           check=True)  # compiled modules and the checked map are cached
            for _ in range(runs):
                if empty_cache:
                    for old in cache.glob("layout-*"):
                        old.unlink()
                start = time.perf_counter()
                subprocess.run([gm, "draw", game, "-o", target], env=env, capture_output=True,
                               check=True)
                times.append(time.perf_counter() - start)
            Path(target).unlink(missing_ok=True)
            return statistics.median(times) * 1000

        kinds = ["svg", "png"] if png else ["svg"]
        for kind in kinds:
            target = str(Path(tmp) / f"board.{kind}")
            goal = " (ms, goal < 1000)" if kind == "png" else " (ms)"
            figures[f"gm draw to {kind.upper()}, layout cached{goal}"] = timed(target, False)
            figures[f"gm draw to {kind.upper()}, first run: no cached layout (ms)"] = timed(
                target, True)
    return figures


if __name__ == "__main__":
    for name, value in run().items():
        print(f"pictures: {name}: {value:,.1f}")
