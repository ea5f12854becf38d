"""Golden files: output compared to the letter with a file kept in the repository.

When a change to the output is intended, regenerate the files and review the diff:

    GM_UPDATE_GOLDEN=1 .venv/bin/pytest tests/<dir> -q   # rewrites the files, skips the checks
    git diff tests/<dir>/golden
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

UPDATE = os.environ.get("GM_UPDATE_GOLDEN") == "1"


def slug(text: str) -> str:
    """`Autumn 1901 Retreat` -> `autumn-1901-retreat`: a phase as a golden file's name."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _suite(path: Path) -> str:
    """The test folder a golden file belongs to (`tests/report`), for the messages."""
    parts = path.resolve().parts
    return "/".join(parts[parts.index("tests"):parts.index("tests") + 2])


def matches_golden(path: Path, actual: str, what: str | None = None) -> bool:
    """Assert that `actual` is the golden file's text; with GM_UPDATE_GOLDEN=1, write it
    instead and return False (the caller then skips). `what` names the output in the message."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return False
    if not path.exists():
        pytest.fail(f"no golden file {path}; create it with GM_UPDATE_GOLDEN=1 and review it")
    assert actual == path.read_text(encoding="utf-8"), (
        f"{what or path.name} differs from {path.name}; if the change is intended, run "
        f"GM_UPDATE_GOLDEN=1 .venv/bin/pytest {_suite(path)} and review 'git diff'")
    return True


def compare_with_golden(path: Path, actual: str) -> None:
    """`matches_golden` for one file per test: the test is skipped once the file is written."""
    if not matches_golden(path, actual):
        pytest.skip(f"wrote {path.name}")
