"""Cold starts: how long `gm --help` and `gm status` take as new processes, against the goals.

Run by `make bench` (bench/run.py), or alone: `.venv/bin/python bench/cold_start.py [RUNS]`.
Each command is run once to warm the disk caches (compiled modules, the checked map), then
RUNS times (default 15); the figures are the medians of the wall time, which the goals are
about, and of the processor time (user and system) the command used, which a busy machine
moves much less: on a quiet machine the two are close.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS_MS = {"gm --help": 150, "gm status": 250}


def run_once(command: list[str], env: dict) -> tuple[float, float]:
    """Wall time and processor time of one run, in seconds."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({proc.returncode})")
    return wall, usage.ru_utime + usage.ru_stime


def median_ms(command: list[str], env: dict, runs: int) -> tuple[float, float]:
    run_once(command, env)  # warm the caches
    walls, cpus = zip(*(run_once(command, env) for _ in range(runs)), strict=True)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def figures(runs: int = 15) -> dict[str, tuple[float, float]]:
    """Each cold command's median wall time and processor time, in milliseconds."""
    gm = str(ROOT / ".venv" / "bin" / "gm")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, GM_DB=str(Path(tmp) / "bench.db"))
        subprocess.run([gm, "new", "cold", "--variant", "standard"], env=env,
                       capture_output=True, check=True)
        return {"gm --help": median_ms([gm, "--help"], env, runs),
                "gm status": median_ms([gm, "status", "cold"], env, runs)}


def report(found: dict[str, tuple[float, float]]) -> list[str]:
    lines = []
    for name, (wall, cpu) in found.items():
        goal = GOALS_MS[name]
        verdict = "met" if wall < goal else "NOT met"
        lines.append(f"cold start: {name}: {wall:,.0f} ms, processor {cpu:,.0f} ms "
                     f"(goal < {goal} ms: {verdict})")
    return lines


def load_note() -> str:
    one, five, _ = os.getloadavg()
    return (f"(load average {one:.1f} over the last minute, {five:.1f} over five, "
            f"on {os.cpu_count()} cores)")


if __name__ == "__main__":
    for line in report(figures(int(sys.argv[1]) if len(sys.argv) > 1 else 15)):
        print(line)
    print(load_note())
