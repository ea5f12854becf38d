"""Deleting a game, its archive written first.

A game is years of a GM's work: `delete_game` writes the whole game as an archive
(`gm.game.archives.export_game`, the GM's private copy with players' contacts) before a row
goes, unless the GM says there is no need, and then deletes it and everything that belongs
to it in one transaction. `gm replay` of that file brings the game back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gm.game.archives import export_game
from gm.game.games import open_game
from gm.game.workflow_errors import WorkflowError
from gm.store import game_rows as rows
from gm.store.database import Store


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What a GM is asked to confirm before a game is deleted."""

    name: str
    variant: str
    phase: str  # the phase it has reached
    phases: int  # how many phases were played or are open
    result: str | None


def game_facts(store: Store, name: str) -> GameFacts:
    with store.transaction(write=False):
        view = open_game(store, name)
        live = rows.live_phases(store, view.game)
        return GameFacts(view.game.name, view.map.name, live[-1].label, len(live),
                         view.game.result)


def backup_name(name: str, when: datetime | None = None) -> str:
    """`spring-league-deleted-2026-03-01-1805.txt`: the archive written before a delete."""
    stamp = (when or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    return f"{name}-deleted-{stamp}.txt"


@dataclass(frozen=True, slots=True)
class Deleted:
    """What `gm delete` removed, and the archive it wrote first."""

    name: str
    backup: Path | None  # the archive written first, None with no backup
    rows: int  # every row deleted, in all tables


def delete_game(store: Store, name: str, backup: Path | None) -> Deleted:
    """Write the game's archive to `backup` (None: no archive), then delete the game.

    The archive is written whole (to a scratch file then renamed) before anything is deleted,
    so a failed write deletes nothing; a file already there is never replaced."""
    game_name = rows.get_game(store, name).name
    if backup is not None:
        _write_new(backup, export_game(store, game_name, private=True))
    with store.transaction():
        game = rows.get_game(store, game_name)
        deleted = rows.delete_game(store, game)
    return Deleted(game_name, backup, sum(deleted.values()))


def _write_new(path: Path, text: str) -> None:
    if path.exists():
        raise WorkflowError(f"{path} exists already; give another file with --backup, so that "
                            "no archive is replaced. Nothing was deleted.")
    if not path.parent.is_dir():
        raise WorkflowError(f"there is no folder {path.parent} for the archive {path.name}; "
                            "create it, or give another file with --backup. Nothing was "
                            "deleted.")
    scratch = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        scratch.write_text(text, encoding="utf-8")
        os.replace(scratch, path)
    except OSError as exc:
        scratch.unlink(missing_ok=True)
        raise WorkflowError(f"cannot write the archive {path} ({exc.strerror or exc}); "
                            "nothing was deleted.") from None
