"""Many pictures at once (`gm draw --every-phase`, `gm replay --maps`), in parallel with
`-j N`: each picture is drawn and written by one of N worker processes.

The workers are forked after the map's layout is computed, so each inherits it instead of
computing it again (and nothing large is sent to them: only the index of their picture).
Where fork is not available (Windows, macOS by default), or another thread runs in this
process (a child forked beside it may hang on a lock that thread held: the command line's
progress bar has none, `gm.cli.common.progress_bar`), the pictures are drawn one by one.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from gm.draw.board_data import Board
from gm.draw.files import write_picture
from gm.draw.layout import layout_for
from gm.draw.render import draw_phase
from gm.maps.gamemap import GameMap


@dataclass(frozen=True, slots=True)
class Job:
    """One picture to draw: a board on its map, and the file it goes to."""

    game_map: GameMap
    board: Board
    target: Path
    png: bool = False


_JOBS: Sequence[Job] = ()  # what the forked workers draw, by index


def _draw(index: int) -> Path:
    job = _JOBS[index]
    return write_picture(draw_phase(job.game_map, job.board), job.target, job.png)


def default_jobs() -> int:
    """As many workers as the machine has processors for this process."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every system
        return max(1, os.cpu_count() or 1)


def draw_all(jobs: Sequence[Job], workers: int = 1) -> Iterator[Path]:
    """Draw and write every job; yields each file as it is written (in the jobs' order with
    one worker, as they finish with more). A `PictureError` stops the lot."""
    global _JOBS
    for job in jobs:  # computed here once per map, inherited by the workers
        layout_for(job.game_map)
    can_fork = "fork" in multiprocessing.get_all_start_methods() and \
        threading.active_count() == 1
    if workers <= 1 or len(jobs) <= 1 or not can_fork:
        for job in jobs:
            yield write_picture(draw_phase(job.game_map, job.board), job.target, job.png)
        return
    _JOBS = jobs
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(min(workers, len(jobs)), mp_context=context) as pool:
            futures = [pool.submit(_draw, i) for i in range(len(jobs))]
            try:
                for future in as_completed(futures):
                    yield future.result()
            finally:
                for future in futures:
                    future.cancel()
    finally:
        _JOBS = ()
