"""Cold starts: how long `gm --help`, `gm status` and `gm orders` take as new processes.

Run by `make bench` (bench/run.py), or alone: `.venv/bin/python bench/cold_start.py [RUNS]`.
Each command is run once to warm the disk caches (compiled modules, the checked map, the text
of `gm --help` the launcher keeps), then RUNS times (default 15); the figures are the medians
of the wall time, which the goals are about, and of the processor time (user and system) the
command used, which a busy machine moves much less: on a quiet machine the two are close.

`GM_BEFORE` may name another gm executable (say, the `.venv/bin/gm` of a checkout of the code
before a change): then both run the same commands taking turns, each on a store of its own, so
that a busy machine slows both alike and the two columns compare.
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
GOALS_MS = {"gm --help": 100, "gm status": 200, "gm orders": 200}
LETTER = "FRANCE:\nA Par - Bur\nA Mar S A Par - Bur\nF Bre - Mid\n"  # three orders


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


def environment(**extra: str) -> dict:
    """gm's environment as an installed gm runs: bytecode kept (pip compiles it on install),
    though this machine may set PYTHONDONTWRITEBYTECODE; the warming run writes it."""
    env = dict(os.environ, **extra)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def executables() -> dict[str, str]:
    """The gm of this checkout, and the one `GM_BEFORE` names, if any."""
    found = {"gm": str(ROOT / ".venv" / "bin" / "gm")}
    before = os.environ.get("GM_BEFORE")
    if before:
        found["before"] = before
    return found


def figures(runs: int = 15) -> dict[str, dict[str, tuple[float, float]]]:
    """For each command, each gm's median wall and processor time, in milliseconds."""
    gms = executables()
    with tempfile.TemporaryDirectory() as tmp:
        letter = Path(tmp) / "letter.txt"
        letter.write_text(LETTER, encoding="utf-8")
        envs = {}
        for name, gm in gms.items():
            envs[name] = environment(GM_DB=str(Path(tmp) / f"{name}.db"))
            subprocess.run([gm, "new", "cold", "--variant", "standard"], env=envs[name],
                           capture_output=True, check=True)
        commands = {"gm --help": ["--help"], "gm status": ["status", "cold"],
                    "gm orders": ["orders", "cold", str(letter)]}
        found = {}
        for what, args in commands.items():
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in gms}
            for name, gm in gms.items():
                run_once([gm, *args], envs[name])  # warm the caches
            for _ in range(runs):
                for name, gm in gms.items():
                    times[name].append(run_once([gm, *args], envs[name]))
            found[what] = {name: (statistics.median(w for w, _ in done) * 1000,
                                  statistics.median(c for _, c in done) * 1000)
                           for name, done in times.items()}
        return found


def report(found: dict[str, dict[str, tuple[float, float]]]) -> list[str]:
    lines = []
    for what, by_gm in found.items():
        wall, cpu = by_gm["gm"]
        goal = GOALS_MS[what]
        verdict = "met" if wall < goal else "NOT met"
        line = (f"cold start: {what}: {wall:,.0f} ms, processor {cpu:,.0f} ms "
                f"(goal < {goal} ms: {verdict})")
        if "before" in by_gm:
            line += " | before: {:,.0f} ms, processor {:,.0f} ms".format(*by_gm["before"])
        lines.append(line)
    return lines


def load_note() -> str:
    one, five, _ = os.getloadavg()
    return (f"(load average {one:.1f} over the last minute, {five:.1f} over five, "
            f"on {os.cpu_count()} cores)")


if __name__ == "__main__":
    for line in report(figures(int(sys.argv[1]) if len(sys.argv) > 1 else 15)):
        print(line)
    print(load_note())
