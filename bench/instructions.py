"""Instructions a whole command executes: a figure the machine's load does not move.

    .venv/bin/python bench/instructions.py .venv/bin/gm status GAME

With no command, it counts issue 32's commands for this checkout's gm and the one `GM_BEFORE`
names (cold `gm status` and `gm orders` on a new game, `gm datc` on the DATC's cases) and one
movement phase (`icount_movement.py`), as `make bench` prints them.

runs the command once, so that its bytecode and what gm keeps in its cache folder are written
(as after an installed gm's first run), then again under valgrind's callgrind, and prints the
millions of instructions counted. `PYTHONDONTWRITEBYTECODE` is dropped for both runs: with it,
a checkout whose files changed would compile them again in every run. A command that changes
what it reads (`gm orders` adds its letter) sees the first run's change in the second.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def instructions(cmd: list[str], env: dict | None = None) -> int:
    """What callgrind counts for `cmd` (in `env`, else this process's environment), after a
    run that warms the caches."""
    env = {k: v for k, v in (env or os.environ).items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, env=env, capture_output=True)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *cmd], env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind counted nothing for {' '.join(cmd)}: "
                         f"{run.stderr.strip()[-300:] or 'is valgrind installed?'}")
    return int(found.group(1))


def report() -> list[str]:
    """Issue 32's commands counted for each gm (`cold_start.executables`), on a store of its
    own, and one movement phase for this checkout's; a line saying why where valgrind is
    missing."""
    if shutil.which("valgrind") is None:
        return ["instructions: skipped: valgrind is not installed (Debian's package valgrind)"]
    sys.path.insert(0, str(HERE))
    from cold_start import LETTER, environment, executables
    from datc_godip import DATC

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        letter = Path(tmp) / "letter.txt"
        letter.write_text(LETTER, encoding="utf-8")
        for name, gm in executables().items():
            store = Path(tmp) / f"{name}.db"
            env = environment(GM_DB=str(store))
            subprocess.run([gm, "new", "cold", "--variant", "standard"], env=env,
                           capture_output=True, check=True)
            counted = []
            for what, args in (("status", ["status", "cold"]),
                               ("orders", ["orders", "cold", str(letter)]),
                               ("datc, DATC file", ["datc", str(DATC)])):
                counted.append(f"{what} {instructions([gm, *args], env) / 1e6:,.0f} M")
            lines.append(f"instructions ({name}): " + ", ".join(counted))
    movement = subprocess.run([sys.executable, str(HERE / "icount_movement.py"), "--count"],
                              capture_output=True, text=True)  # it counts with instructions()
    lines.append("instructions (gm): full board: "
                 + (movement.stdout.strip() or movement.stderr.strip()[-200:]))
    return lines


if __name__ == "__main__":
    if len(sys.argv) == 1:
        print("\n".join(report()))
    else:
        print(f"{instructions(sys.argv[1:]) / 1e6:.1f} M instructions: {' '.join(sys.argv[1:])}")
