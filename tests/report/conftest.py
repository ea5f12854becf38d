"""Report fixtures: small archives (tests/report/games/), which the shared `replayed` fixture
(tests/conftest.py) replays with the demo game, and a rich console for tests."""

from __future__ import annotations

import io
from pathlib import Path

from tests.conftest import DEMO, ROOT  # noqa: F401  (the report tests' names for them)

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games"


def rich_text(renderable, width: int = 80, colour: bool = False) -> str:
    """What a terminal of `width` columns would show (with ANSI colour codes if `colour`)."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, emoji=False,
                      force_terminal=colour, color_system="truecolor" if colour else None,
                      legacy_windows=False)
    console.print(renderable)
    return out.getvalue()
