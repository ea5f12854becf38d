"""How the benchmarks time a call: the best of a few runs, in milliseconds. Shared by
bench/run.py and bench/pictures.py, so neither imports the other."""

from __future__ import annotations

import time


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000
