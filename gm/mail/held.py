"""The messages held as late in the phase in progress, for `gm status` and `gm letters`.

Kept apart from `inbox` so that `gm status` lists them without loading the letter reader."""

from __future__ import annotations

from dataclasses import dataclass

from gm.game.games import GameView, open_game
from gm.store import game_rows as rows
from gm.store import mail_rows
from gm.store.database import Store
from gm.store.mail_rows import LATE, MailInRow


@dataclass(frozen=True, slots=True)
class HeldLetter:
    number: int
    sender: str
    power: str | None  # power name
    dated: str | None
    subject: str


def held_letters(store: Store, game: str) -> list[HeldLetter]:
    """The phase's messages held as late, for `gm status` and `gm letters`."""
    with store.transaction(write=False):
        view = open_game(store, game)
        phase = rows.open_phase(store, view.game)
        return [_held(view, row) for row in mail_rows.mail_in_of_game(
            store, view.game.id, phase.id, LATE)]


def _held(view: GameView, row: MailInRow) -> HeldLetter:
    power = view.map.powers[row.power].name if row.power in view.map.powers else None
    return HeldLetter(row.id, row.sender, power, row.dated, row.subject)
