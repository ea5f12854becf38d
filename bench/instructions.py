"""Instructions a whole command executes: a figure the machine's load does not move.

    .venv/bin/python bench/instructions.py .venv/bin/gm status GAME

runs the command once, so that its bytecode and what gm keeps in its cache folder are written
(as after an installed gm's first run), then again under valgrind's callgrind, and prints the
millions of instructions counted. `PYTHONDONTWRITEBYTECODE` is dropped for both runs: with it,
a checkout whose files changed would compile them again in every run. A command that changes
what it reads (`gm orders` adds its letter) sees the first run's change in the second.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys


def instructions(cmd: list[str]) -> int:
    """What callgrind counts for `cmd`, after a run that warms the caches."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, env=env, capture_output=True)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *cmd], env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind counted nothing for {' '.join(cmd)}: "
                         f"{run.stderr.strip()[-300:] or 'is valgrind installed?'}")
    return int(found.group(1))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit("usage: bench/instructions.py COMMAND [ARGUMENT...]")
    print(f"{instructions(sys.argv[1:]) / 1e6:.1f} M instructions: {' '.join(sys.argv[1:])}")
