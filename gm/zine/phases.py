"""Which phase a zine command means, and phases in the order a game plays them.

Players, deadlines and press name their phase by label (`Autumn 1901`), so that they belong to
the season whichever adjudication of it is live. Comparing two labels needs the calendar.
"""

from __future__ import annotations

from gm.engine.position import Phase
from gm.game.games import GameView, find_phase
from gm.maps.gamemap import GameMap
from gm.store import games as rows
from gm.store.database import Store
from gm.store.games import PhaseRow
from gm.store.phase_names import PhaseNameError, parse_phase_name


def phase_key(phase: Phase, game_map: GameMap) -> tuple[int, int]:
    """Sorts phases as they are played: by year (counting down on a BC calendar), then by
    the phase's place in the year."""
    calendar = game_map.calendar
    try:
        place = calendar.phases.index((phase.season, phase.kind))
    except ValueError:
        place = len(calendar.phases)
    return phase.year * calendar.step, place


def label_key(label: str, game_map: GameMap) -> tuple[int, int] | None:
    """`phase_key` of a stored label; None if the label is no phase of this calendar."""
    try:
        phase = parse_phase_name(label, game_map)
    except PhaseNameError:
        return None
    return phase_key(phase, game_map) if phase is not None else None


def season_meant(store: Store, view: GameView, phase: str | None) -> PhaseRow:
    """The phase a command is about: the one named, else the phase in progress, else (the
    game being over) the last one adjudicated, as there is no season to come."""
    if phase is not None:
        return find_phase(store, view, phase)
    if view.game.ended:
        done = rows.phases_with_status(store, view.game, "adjudicated")
        if done:
            return done[-1]
    return rows.open_phase(store, view.game)
