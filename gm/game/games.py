"""Starting games, finding them, and reading a game's position at any phase."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm.calendar import PhaseNameError, phase_name, require_phase
from gm.engine.position import Position, starting_position
from gm.game.workflow_errors import WorkflowError
from gm.maps import GameMap, MapError, available_maps, load_map
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.game_rows import GameRow, PhaseRow
from gm.store.position_rows import load_position, save_position

NAME_RULE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


def check_game_name(name: str) -> str:
    """A game name must be safe as a file name and easy to type in a command."""
    if not NAME_RULE.match(name or ""):
        raise WorkflowError(
            f"{name!r} is not a usable game name: use 1 to 40 letters, digits, '-', '_' or "
            "'.', starting with a letter or digit (for example 'spring-league-3').")
    return name


def variant_map(variant: str) -> GameMap:
    """The map a game is played on; a variant gm does not know is named with the known ones."""
    try:
        return load_map(variant)
    except MapError as exc:
        known = ", ".join(available_maps())
        if "no map named" in str(exc):
            raise WorkflowError(f"there is no variant called {variant!r}; known variants: "
                                f"{known} (see 'gm variants').") from None
        raise WorkflowError(str(exc)) from None


def playable_map(variant: str) -> GameMap:
    """The map a new game is started on: a draft map (rules still to be built) is refused."""
    game_map = variant_map(variant)
    if game_map.draft:
        raise WorkflowError(
            f"the {game_map.name} map is a draft and cannot be played yet: {game_map.draft} "
            f"('gm map show {game_map.id}' lists what is there).")
    return game_map


@dataclass(slots=True)
class GameView:
    """A game with its map: what nearly every command starts from."""

    game: GameRow
    map: GameMap


def open_game(store: Store, name: str) -> GameView:
    game = rows.get_game(store, name)
    return GameView(game, variant_map(game.variant))


def new_game(store: Store, name: str, variant: str, notes: str = "",
             start_state: dict | None = None) -> GameView:
    """Create the game and its first phase with the map's starting position. The rules'
    state for a new game (a seed for a draw made later, from the game's name) is
    `start_state` instead where given: an archive's game keeps its draw under any name."""
    check_game_name(name)
    game_map = playable_map(variant)
    with store.transaction():
        game = rows.create_game(store, name, game_map.id, notes)
        position = starting_position(game_map)
        position.state.update(RuleSet.for_map(game_map).initial_state(name, game_map)
                              if start_state is None else start_state)
        phase = rows.add_phase(store, game, 0, position.phase,
                               phase_name(position.phase, game_map))
        save_position(store, phase.id, position)
    return GameView(game, game_map)


def rename_game(store: Store, old: str, new: str) -> tuple[str, str]:
    """Rename a game (deleting one is `gm.game.deletion`); returns its old name, as stored,
    and the new one. Rows refer to the game by its id, so only the name changes."""
    check_game_name(new)
    with store.transaction():
        game = rows.get_game(store, old)
        renamed = rows.rename_game(store, game, new)
    return game.name, renamed.name


@dataclass(slots=True)
class GameSummary:
    """One line of `gm games`: a game, its variant and where it stands."""

    name: str
    variant: str
    phase: str
    result: str | None


def list_games(store: Store) -> list[GameSummary]:
    with store.transaction(write=False):
        out = []
        for game in rows.list_games(store):
            phase = rows.open_phase(store, game)
            out.append(GameSummary(game.name, game.variant, phase.label, game.result))
        return out


def find_phase(store: Store, view: GameView, text: str | None) -> PhaseRow:
    """The live phase a GM names (`Spring 1901`, `S1901M`); the open phase when None."""
    if text is None:
        return rows.open_phase(store, view.game)
    try:
        wanted = require_phase(text, view.map)
    except PhaseNameError as exc:
        raise WorkflowError(str(exc)) from None
    for phase in rows.live_phases(store, view.game):
        if phase.phase == wanted:
            return phase
    played = rows.live_phases(store, view.game)
    first, last = played[0].label, played[-1].label
    raise WorkflowError(f"{view.game.name} has no phase {phase_name(wanted, view.map)!r}; "
                        f"it runs from {first} to {last} (phases with nothing to do are "
                        "skipped).")


def season_meant(store: Store, view: GameView, phase: str | None) -> PhaseRow:
    """The phase a zine command (press, NMRs) is about: the one named, else the phase in
    progress, else (the game being over) the last one adjudicated, as there is no season to
    come."""
    if phase is not None:
        return find_phase(store, view, phase)
    if view.game.ended:
        done = rows.phases_with_status(store, view.game, "adjudicated")
        if done:
            return done[-1]
    return rows.open_phase(store, view.game)


def position_at(store: Store, name: str, phase: str | None = None
                ) -> tuple[GameView, PhaseRow, Position]:
    """The position at the start of a phase (the open one by default)."""
    with store.transaction(write=False):
        view = open_game(store, name)
        row = find_phase(store, view, phase)
        return view, row, load_position(store, row)


def resolve_power(game_map: GameMap, text: str | None) -> str | None:
    if text is None:
        return None
    power = game_map.power_id(text)
    if power is None:
        names = ", ".join(p.name for p in game_map.powers.values())
        raise WorkflowError(f"{text!r} is not a power of {game_map.name}; the powers are "
                            f"{names}.")
    return power
