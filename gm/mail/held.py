"""The messages of the phase in progress that wait for the GM, for `gm status` and
`gm letters`: held as late, set aside for their subject (both taken with `--accept N`), or
unreadable (kept for the GM to look at).

Kept apart from `inbox` so that `gm status` lists them without loading the letter reader."""

from __future__ import annotations

from dataclasses import dataclass

from gm.game.games import GameView, open_game
from gm.store import game_rows as rows
from gm.store import mail_rows
from gm.store.database import Store
from gm.store.mail_rows import ASIDE, HELD, LATE, UNREADABLE, MailInRow

_WHY = {LATE: "Held as late",
        ASIDE: "Not read, its subject naming another game or none",
        UNREADABLE: "Set aside, gm could not read it ('gm mail read' said why)"}


@dataclass(frozen=True, slots=True)
class HeldLetter:
    """A letter that came by mail and waits for the GM (late, set aside or unreadable)."""

    number: int
    sender: str
    power: str | None  # power name
    dated: str | None
    subject: str
    status: str = LATE  # LATE, ASIDE or UNREADABLE

    @property
    def why(self) -> str:
        return _WHY[self.status]

    @property
    def acceptable(self) -> bool:
        """Can `--accept N` take it (an unreadable message cannot)?"""
        return self.status in HELD


def held_letters(store: Store, game: str) -> list[HeldLetter]:
    """The phase's messages held as late, set aside or unreadable, in the order read."""
    with store.transaction(write=False):
        view = open_game(store, game)
        phase = rows.open_phase(store, view.game)
        return [_held(view, row) for row in mail_rows.mail_in_of_game(
            store, view.game.id, phase.id, (*HELD, UNREADABLE))]


def _held(view: GameView, row: MailInRow) -> HeldLetter:
    power = view.map.powers[row.power].name if row.power in view.map.powers else None
    return HeldLetter(row.id, row.sender, power, row.dated, row.subject, row.status)
