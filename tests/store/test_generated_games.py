"""The archive is the game (issue 27): a generated game on every map is exported after every
phase, and the export replays with `--check` to no difference, and the replayed game exports
to the same archive byte for byte, the game's name aside.

The games (tests/generated_games.py) mix in every letter what a GM meets: orders of the
phase, retreats and builds sent ahead, conditional retreats, lines gm rejects, greetings and
signatures, quoted mail, letters replaced (`--replace`) and dropped, corrections, undo and redo,
a draw. `make test` plays one game of three years on each map; `GM_LONG_PROPERTIES=1` plays
ten of six years on each (for the bench: several minutes).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.game.archives import export_game, replay
from gm.store.archive import read_archive
from gm.store.database import open_store
from tests.generated_games import MAPS, GeneratedGame

LONG = bool(os.environ.get("GM_LONG_PROPERTIES"))


def replays_exactly(game: GeneratedGame, private: bool = False) -> str:
    """Export the game, replay the export with `--check` in a fresh store, and export the
    replayed game: the two archives must be the same but for the name."""
    text = export_game(game.store, game.name, private)
    copy = open_store(":memory:")
    try:
        replay(copy, read_archive(text, "the export"), name="replayed", check=True)
        again = export_game(copy, "replayed", private)
    finally:
        copy.close()
    assert again.replace("Game: replayed\n", f"Game: {game.name}\n", 1) == text
    return text


@pytest.mark.parametrize("variant", MAPS)
@settings(max_examples=10 if LONG else 1, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_a_generated_game_replays_from_its_archive_after_every_phase(variant, seed):
    store = open_store(":memory:")
    game = GeneratedGame(store, "generated", variant, random.Random(seed),
                         years=6 if LONG else 3)
    game.play(before_adjudication=replays_exactly)
    final = replays_exactly(game)
    replays_exactly(game, private=True)
    assert game.phases_played >= 3 * 2 and game.letters_sent > game.phases_played
    assert "Letter from" in final
