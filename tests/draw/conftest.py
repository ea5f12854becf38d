"""Picture fixtures: small games (tests/draw/games/, one per map) and the shipped demo game,
all replayed once per session by the shared `replayed` fixture (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import DEMO

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games"


def game_file(fixture: str) -> Path:
    """`standard-demo` or a picture fixture's stem (`lord-of-hosts`) -> its archive."""
    return DEMO if fixture == DEMO.stem else GAMES / f"{fixture}.txt"
