"""`gm datc` as a whole process, beside godip's DATC runner on the same files.

Two files: the DATC's 167 cases (tests/cases/standard-datc.txt), and 920 phases of 20 random
standard games (`games.py`, written afresh each run; the same file every time). Each process
runs once to warm the disk caches, then gm and godip take turns, ROUNDS times each; the
figures are the medians of the wall time and of the processor time (user and system), and
the largest peak memory of the runs. With `GM_BEFORE` (see cold_start.py) an older gm takes
its turns too, on a line of its own.

godip is never part of gm: `GODIP_DATC` names a runner built elsewhere, a program that reads
the case files named on its command line with godip's `datc.Parser`, adjudicates each case
with `Next()` and prints `N passed, N failed`. Without it the godip columns are skipped,
saying why. Run by `make bench` (bench/run.py), or alone: `.venv/bin/python
bench/datc_godip.py [ROUNDS]`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATC = ROOT / "tests" / "cases" / "standard-datc.txt"
MEMORY_GOAL_MB = 60


class Run:
    """One process: wall and processor seconds, peak memory in MB, its last line of output."""

    def __init__(self, command: list[str], env: dict):
        start = time.perf_counter()
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        self.wall = time.perf_counter() - start
        self.cpu = usage.ru_utime + usage.ru_stime
        self.memory = usage.ru_maxrss / 1024
        self.summary = (out.strip().splitlines() or ["(no output)"])[-1]
        self.status = os.waitstatus_to_exitcode(status)


def godip_runner() -> tuple[str | None, str]:
    """The godip runner to compare with, or None and why there is none."""
    runner = os.environ.get("GODIP_DATC")
    if not runner:
        return None, "GODIP_DATC is not set (it names a godip DATC runner built outside gm)"
    if not os.access(runner, os.X_OK):
        return None, f"GODIP_DATC={runner} is not an executable file"
    return runner, ""


def compare(path: Path, rounds: int, godip: str | None) -> dict:
    from cold_start import environment, executables  # this gm, and GM_BEFORE's if any

    env = environment()
    commands = {name: [gm, "datc", str(path)] for name, gm in executables().items()}
    commands |= {"godip": [godip, str(path)]} if godip else {}
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for command in commands.values():
        Run(command, env)  # warm the caches
    for _ in range(rounds):
        for name, command in commands.items():
            runs[name].append(Run(command, env))
    return {name: {"wall": statistics.median(r.wall for r in done),
                   "cpu": statistics.median(r.cpu for r in done),
                   "memory": max(r.memory for r in done),
                   "summary": done[-1].summary} for name, done in runs.items()}


def figures(rounds: int = 7) -> tuple[list[tuple[str, dict]], str]:
    """(what, figures) for each file, and why godip was skipped ('' if it was not)."""
    sys.path.insert(0, str(HERE))
    from games import random_games

    godip, why = godip_runner()
    with tempfile.TemporaryDirectory() as tmp:
        games = Path(tmp) / "random-games.txt"
        text = random_games()
        games.write_text(text, encoding="utf-8")
        phases = text.count("\nCASE ")
        found = [("the DATC, 167 cases", compare(DATC, rounds, godip)),
                 (f"random games, {phases} phases", compare(games, max(3, rounds // 2),
                                                            godip))]
    return found, why


def report(found: list[tuple[str, dict]], why: str) -> list[str]:
    lines = ["gm datc beside godip (medians of alternating runs; wall / processor):",
             f"  {'file':<30}{'gm':>18}{'godip':>18}{'gm faster by':>16}"]
    for what, f in found:
        gm, godip, before = f["gm"], f.get("godip"), f.get("before")
        theirs = f"{godip['wall']:.3f} / {godip['cpu']:.3f} s" if godip else "-"
        # above 1: gm is faster; below 1, slower (wall / processor)
        ratio = f"{godip['wall'] / gm['wall']:.2f} / {godip['cpu'] / gm['cpu']:.2f}x" \
            if godip else "-"
        lines.append(f"  {what:<30}{gm['wall']:>7.3f} / {gm['cpu']:.3f} s{theirs:>18}"
                     f"{ratio:>16}")
        if before:
            lines.append(f"  {'  gm before (GM_BEFORE)':<30}{before['wall']:>7.3f} / "
                         f"{before['cpu']:.3f} s")
    what, last = found[-1]
    gm_mb = last["gm"]["memory"]
    verdict = "met" if gm_mb < MEMORY_GOAL_MB else "NOT met"
    godip_mb = f", godip {last['godip']['memory']:.0f} MB" if "godip" in last else ""
    lines.append(f"  peak memory, {what}: gm {gm_mb:.0f} MB (goal < {MEMORY_GOAL_MB} MB: "
                 f"{verdict}){godip_mb}")
    for what, f in found:
        said = "; ".join(f"{name}: {r['summary']}" for name, r in f.items())
        lines.append(f"  {what}: {said}")
    if why:
        lines.append(f"  godip skipped: {why}")
    return lines


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from cold_start import load_note

    for line in report(*figures(int(sys.argv[1]) if len(sys.argv) > 1 else 7)):
        print(line)
    print(load_note())
