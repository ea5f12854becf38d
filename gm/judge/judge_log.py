"""The judge's log: every action with its time (the judge's clock) and why, for `gm log`.

An entry is written in the transaction of the step it tells of, so the log says exactly what
was done. A failure that repeats run after run (a mail server down for a day) is written once,
until something else happens.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gm import dates
from gm.deadline_time import zone_info, zone_label
from gm.game.games import GameView, open_game
from gm.store import judge_rows
from gm.store.database import Store
from gm.store.judge_rows import LogRow

ERROR = "error"


def clock() -> str:
    """The judge's clock as the store keeps it."""
    return dates.now().isoformat(timespec="seconds")


def write(store: Store, view: GameView, phase: str, action: str, detail: str) -> None:
    """Log an action (inside the caller's transaction)."""
    judge_rows.add_log(store, view.game.id, clock(), phase, action, detail)


def write_error(store: Store, view: GameView, phase: str, detail: str) -> bool:
    """Log a failure, unless the log's last entry is that same failure; True if written."""
    with store.transaction():
        last = judge_rows.log_of(store, view.game.id, judge_rows.last_log_id(
            store, view.game.id) - 1)
        if last and last[-1].action == ERROR and last[-1].detail == detail:
            return False
        write(store, view, phase, ERROR, detail)
        return True


def when(at: str, zone: str) -> str:
    """`2026-11-21 18:00 GMT`: an entry's time in the game's zone."""
    moment = datetime.fromisoformat(at).astimezone(zone_info(zone or "UTC"))
    return f"{moment:%Y-%m-%d %H:%M} {zone_label(moment)}"


@dataclass(frozen=True, slots=True)
class GameLog:
    """What the judge did for a game, for `gm log`."""

    game: str
    zone: str  # the game's zone, which the times are printed in
    entries: list[LogRow]


def game_log(store: Store, game: str, phase: str | None = None) -> GameLog:
    """The game's log, oldest first (only one phase's entries, if `phase` names one)."""
    from gm.game.games import find_phase
    from gm.judge.schedules import zone_of

    with store.transaction(write=False):
        view = open_game(store, game)
        entries = judge_rows.log_of(store, view.game.id)
        if phase is not None:
            label = find_phase(store, view, phase).label
            entries = [entry for entry in entries if entry.phase == label]
        return GameLog(view.game.name, zone_of(store, view), entries)
