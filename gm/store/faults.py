"""Named checkpoints inside store transactions, where tests can pause or kill gm.

`GM_TEST_CHECKPOINT` holds `name=action` pairs separated by commas; `*` matches every name.
Actions: `sleep:SECONDS`, `kill` (the process dies at once, as if the power failed), and
`wait:PATH` (touch `PATH.<pid>`, then wait until PATH exists). Without the variable a
checkpoint costs one dictionary lookup. This is how the crash and race tests reach the
moments that matter, instead of hoping a random signal lands there.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

ENV = "GM_TEST_CHECKPOINT"


def checkpoint(name: str) -> None:
    spec = os.environ.get(ENV)
    if not spec:
        return
    for part in spec.split(","):
        point, _, action = part.partition("=")
        if point.strip() in (name, "*"):
            _act(action.strip())


def _act(action: str) -> None:
    verb, _, arg = action.partition(":")
    if verb == "sleep":
        time.sleep(float(arg))
    elif verb == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif verb == "wait":
        Path(f"{arg}.{os.getpid()}").touch()
        deadline = time.monotonic() + 30
        while not Path(arg).exists() and time.monotonic() < deadline:
            time.sleep(0.01)
