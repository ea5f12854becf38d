"""When the orders for the phase in progress are due.

The GM sets the deadline after adjudicating, for the phase the game has just reached; the
report of the season before prints it ("Orders for Autumn 1901 are due Saturday 5 December
2026, 18:00 GMT"), and so does `gm deadline GAME`. A deadline is read by `gm.deadline_time`
and printed in the game's zone: the zone the GM last named in a deadline.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gm import dates
from gm.deadline_time import DeadlineError, Due, read_due
from gm.game.games import open_game
from gm.game.history import require_running
from gm.game.workflow_errors import WorkflowError
from gm.store import deadline_rows
from gm.store import game_rows as rows
from gm.store.database import Store


def now() -> datetime:
    """This moment (`dates.now`: GM_NOW when set; on `dates.today()`, which tests fix)."""
    return dates.now()


@dataclass(frozen=True, slots=True)
class PhaseDeadline:
    """When the orders of the phase in progress are due, in the game's own zone."""

    game: str
    phase: str  # the phase in progress, whose orders are due
    due: Due | None
    zone: str = ""  # the game's zone, which the deadline is printed in

    @property
    def in_past(self) -> bool:
        return self.due is not None and self.due.passed(now())

    def sentence(self) -> str:
        if self.due is None:
            return f"No deadline is set for {self.phase}."
        return f"Orders for {self.phase} are due {self.due.words(self.zone)}."


def set_deadline(store: Store, game: str, when: str) -> PhaseDeadline:
    """Set the phase in progress's deadline from what the GM typed (`next friday 18:00 CET`,
    `Saturday`, `in 2 weeks`, `2026-12-05`); a time without a zone is in the game's zone."""
    with store.transaction(write=False):
        zone = deadline_rows.game_zone(store, open_game(store, game).game.id)
    try:
        due = read_due(when, now(), zone or "UTC")
    except DeadlineError as exc:
        raise WorkflowError(str(exc)) from None
    return set_due_date(store, game, due)


def set_due_date(store: Store, game: str, due: Due) -> PhaseDeadline:
    """Set the phase in progress's deadline to `due` (a replay gives the archive's)."""
    with store.transaction():
        view = open_game(store, game)
        require_running(view.game)
        phase = rows.open_phase(store, view.game)
        deadline_rows.set_deadline(store, view.game.id, phase.label, due)
        return PhaseDeadline(view.game.name, phase.label, due,
                             deadline_rows.game_zone(store, view.game.id))


def clear_deadline(store: Store, game: str) -> PhaseDeadline:
    with store.transaction():
        view = open_game(store, game)
        phase = rows.open_phase(store, view.game)
        deadline_rows.clear_deadline(store, view.game.id, phase.label)
        return PhaseDeadline(view.game.name, phase.label, None)


def current_deadline(store: Store, game: str) -> PhaseDeadline:
    with store.transaction(write=False):
        view = open_game(store, game)
        phase = rows.open_phase(store, view.game)
        return PhaseDeadline(view.game.name, phase.label,
                             deadline_rows.deadline_of(store, view.game.id, phase.label),
                             deadline_rows.game_zone(store, view.game.id))
