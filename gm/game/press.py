"""Press and GM notes: stored exactly as written, each for the report of one season.

An item belongs to the phase in progress unless the GM names another live phase (a note added
to the season just adjudicated, before the report is mailed). Once a game is over, items go
to its last report by default: there is no season to come. Press is signed by its power;
grey press prints as "Anonymous", and only in a game that allows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.game.games import GameView, open_game, resolve_power, season_meant
from gm.game.workflow_errors import WorkflowError
from gm.report.report_builder import clean
from gm.store import press_rows
from gm.store.database import Store
from gm.store.press_rows import NOTE, PRESS, PressRow

MAX_TEXT = 100_000  # characters; a zine page, many times over
ANONYMOUS = "Anonymous"


def allow_grey(store: Store, game: str, allowed: bool) -> str:
    """Allow (or stop allowing) grey press in a game; returns the game's name. Grey press
    already stored stays anonymous."""
    with store.transaction():
        view = open_game(store, game)
        press_rows.allow_grey_press(store, view.game.id, allowed)
        return view.game.name


def grey_allowed(store: Store, game: str) -> bool:
    with store.transaction(write=False):
        view = open_game(store, game)
        return press_rows.grey_press_allowed(store, view.game.id)


@dataclass(frozen=True, slots=True)
class Entered:
    """A press item stored for the next report, with how the report will sign it."""

    game: str
    phase: str
    item: PressRow
    signed: str  # how the report signs it: `France`, `Anonymous`, or `GM` for a note


def author_of(item: PressRow, view: GameView) -> str:
    """How the report signs an item."""
    if item.kind == NOTE:
        return "GM"
    if item.grey or item.power is None:
        return ANONYMOUS
    return view.map.powers[item.power].name if item.power in view.map.powers else item.power


def add_press(store: Store, game: str, text: str, sender: str | None = None,
              gm_note: bool = False, grey: bool = False, phase: str | None = None,
              source: str = "") -> Entered:
    """Store press from `sender` (a power), grey press, or (`gm_note`) a GM note, verbatim."""
    if not text.strip():
        raise WorkflowError("the press is empty; nothing was stored. Give a file, or paste the "
                            "text.")
    if len(text) > MAX_TEXT:
        raise WorkflowError(f"the press is {len(text)} characters long; gm keeps at most "
                            f"{MAX_TEXT}. Split it, or trim it.")
    if gm_note and (sender or grey):
        raise WorkflowError("a GM note is signed by the GM: give --gm alone, without --from "
                            "or --grey.")
    if not gm_note and sender is None and not grey:
        raise WorkflowError("say who wrote it: --from POWER for press, --from POWER --grey "
                            "(or --grey alone) for anonymous press, or --gm for a GM note.")
    with store.transaction():
        view = open_game(store, game)
        power = resolve_power(view.map, sender)
        if grey and not press_rows.grey_press_allowed(store, view.game.id):
            raise WorkflowError(f"{view.game.name} does not allow grey press; allow it with "
                                f"'gm press {view.game.name} --allow-grey', or sign the press "
                                "with --from POWER.")
        season = season_meant(store, view, phase)
        item = press_rows.add_press(store, view.game.id, season.label,
                                    NOTE if gm_note else PRESS, power, grey, text, source)
        return Entered(view.game.name, season.label, item, author_of(item, view))


@dataclass(frozen=True, slots=True)
class Listed:
    """A press item or GM note as `gm press --list` shows it."""

    id: int
    kind: str  # `press` or `note`
    signed: str  # as the report signs it
    sender: str  # the power that sent it, even grey ('' when unknown or a note)
    first_line: str  # control characters shown as `?`


def list_press(store: Store, game: str, phase: str | None = None) -> tuple[str, list[Listed]]:
    """The press and notes the report of a season prints (the phase in progress by default)."""
    with store.transaction(write=False):
        view = open_game(store, game)
        season = season_meant(store, view, phase)
        items = press_rows.press_of_phase(store, view.game.id, season.label)
        return season.label, [
            Listed(item.id, item.kind, author_of(item, view),
                   view.map.powers[item.power].name if item.power in view.map.powers else "",
                   clean(next((line.strip() for line in item.text.splitlines()
                               if line.strip()), "")))
            for item in items]


def withdraw_press(store: Store, game: str, press_id: int) -> Entered:
    """Take an item out of its report (it stays in the store, marked withdrawn)."""
    with store.transaction():
        view = open_game(store, game)
        item = press_rows.find_press(store, view.game.id, press_id)
        if item is None or item.status != "printed":
            raise WorkflowError(f"{view.game.name} has no press item {press_id} to withdraw; "
                                f"'gm press {view.game.name} --list' shows their numbers.")
        press_rows.withdraw_press(store, item.id)
        return Entered(view.game.name, item.phase, item, author_of(item, view))
