"""Report fixtures: small archives (tests/report/games/) and the shipped demo game, replayed
once per test session into one scratch database, and a rich console for tests."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.conftest import replay_file

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GAMES = HERE / "games"
DEMO = ROOT / "games" / "standard-demo.txt"


@pytest.fixture(scope="session")
def report_store(tmp_path_factory):
    """Every fixture archive and the demo game, replayed once: `(store, {file name: game})`."""
    from gm.store.database import open_store

    store = open_store(str(tmp_path_factory.mktemp("reports") / "gm.db"), create=True)
    games = {path.name: replay_file(store, path)
             for path in [DEMO, *sorted(GAMES.glob("*.txt"))]}
    yield store, games
    store.close()


def rich_text(renderable, width: int = 80, colour: bool = False) -> str:
    """What a terminal of `width` columns would show (with ANSI colour codes if `colour`)."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, emoji=False,
                      force_terminal=colour, color_system="truecolor" if colour else None,
                      legacy_windows=False)
    console.print(renderable)
    return out.getvalue()
