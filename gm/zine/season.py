"""One season's zine parts, gathered from the store for its report: the players of that
season, its NMRs, the GM's notes and the press entered for it, and the deadline of the phase
that follows.

`season_zine` is what a report builder passes to `build_report(zine=...)`; `zine_report` is
a stored phase's whole report with these parts in it.
"""

from __future__ import annotations

from gm.game.games import GameView, find_phase, open_game
from gm.report.build import add_zine
from gm.report.model import Deadline, PlayerLine, SeasonReport, SeasonZine
from gm.store.database import Store
from gm.store.deadlines import deadline_of, game_zone
from gm.store.games import PhaseRow
from gm.store.press import NOTE, PRESS, press_of_phase
from gm.zine.missed import missed_orders
from gm.zine.players import players_at
from gm.zine.press import author_of


def season_zine(store: Store, view: GameView, phase: PhaseRow, next_label: str | None
                ) -> SeasonZine:
    """The zine parts of the report of `phase`, which leads to the phase `next_label`."""
    playing = players_at(store, view, phase.phase)
    players = [PlayerLine(view.map.powers[p].name, playing[p].name, playing[p].standby)
               for p in view.map.powers if p in playing]
    items = press_of_phase(store, view.game.id, phase.label)
    deadline = None
    if next_label is not None:
        due = deadline_of(store, view.game.id, next_label)
        if due is not None:
            zone = game_zone(store, view.game.id)
            deadline = Deadline(next_label, due.words(zone),
                                due.at.isoformat() if due.at else None, zone)
    return SeasonZine(
        players=players, missed=missed_orders(store, view, phase),
        notes=[item.text for item in items if item.kind == NOTE],
        press=[(author_of(item, view), item.text) for item in items if item.kind == PRESS],
        deadline=deadline)


def zine_report(store: Store, game: str, phase: str | None = None) -> SeasonReport:
    """A stored phase's report (the last adjudicated by default) with its zine parts."""
    from gm.game.reports import phase_report  # which may itself call `season_zine`

    with store.transaction(write=False):
        report = phase_report(store, game, phase)
        view = open_game(store, game)
        row = find_phase(store, view, report.phase)
        return add_zine(report, season_zine(store, view, row, report.next_phase))
