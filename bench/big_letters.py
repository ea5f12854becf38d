"""`make bench`: a letter of 1 MB of any content is read (or refused) in under 2 s and 200 MB.

Each content is written to a file and given to a whole `gm orders` command, as a GM would:
one unbroken word, random bytes, NUL bytes, 100,000 short lines (more than a letter holds),
and the slowest contents known, lines of short orders or of words separated by commas (each
piece tried as an order, up to the letter's budget). The time is the command's, start to end; the memory its
peak resident size. Reports; never fails the build (issue 28).

    .venv/bin/python bench/big_letters.py
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = 1_000_000
GOAL_SECONDS, GOAL_MB = 2.0, 200


def contents(size: int = SIZE) -> dict[str, bytes]:
    """The letters, each `size` bytes (the last fits the limit exactly)."""
    rng = random.Random(28)
    line = b"A Par - Bur, A Mar S A Par - Bur, F Bre - Mid, " * 5 + b"\n"  # under 5,000 lines
    return {
        "one word": b"x" * size,
        "random bytes": rng.randbytes(size),
        "NUL bytes": b"\0" * size,
        "100,000 short lines": (b"A Par H\n" * (size // 8 + 1))[:size],
        "orders separated by commas": (line * (size // len(line) + 1))[:size],
        "words separated by commas": ((b"to, " * 50 + b"\n") * (size // 201 + 1))[:size],
    }


def _command(letter: Path, env: dict[str, str]) -> tuple[float, float, float, str]:
    """CPU seconds, wall seconds, peak megabytes and the last line said, of `gm orders` on
    `letter`. The CPU time is the figure judged: on a machine shared with other work the
    wall time grows with the load, the work done does not."""
    gm = ROOT / ".venv" / "bin" / "gm"
    start = time.perf_counter()
    proc = subprocess.Popen([str(gm), "orders", "bench", str(letter), "-P", "France"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    said = out.decode("utf-8", "replace").strip().splitlines()
    peak = usage.ru_maxrss / 1024  # kilobytes on Linux
    return usage.ru_utime + usage.ru_stime, wall, peak, (said[-1] if said else "")[-70:]


def run() -> dict[str, tuple[float, float, float, str]]:
    """Each content's CPU and wall seconds, megabytes and outcome, best of two runs."""
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, GM_DB=str(Path(tmp) / "bench.db"))
        subprocess.run([str(ROOT / ".venv" / "bin" / "gm"), "new", "bench"], env=env,
                       capture_output=True, check=True)
        for name, data in contents().items():
            letter = Path(tmp) / "letter.txt"
            letter.write_bytes(data)
            runs = [_command(letter, env) for _ in range(2)]
            figures[name] = min(runs)
    return figures


def report(figures: dict[str, tuple[float, float, float, str]]) -> list[str]:
    lines = [f"1 MB letters through 'gm orders', start to end (goal: under {GOAL_SECONDS:.0f} s "
             f"of CPU and {GOAL_MB} MB each; wall time as the machine's load allowed):"]
    for name, (cpu, wall, peak, said) in figures.items():
        ok = "ok" if cpu < GOAL_SECONDS and peak < GOAL_MB else "OVER"
        lines.append(f"  {name:<28}{cpu:5.2f} s cpu {wall:5.2f} s wall {peak:5.0f} MB  {ok:<4}"
                     f"  ...{said}")
    return lines


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print("\n".join(report(run())))
