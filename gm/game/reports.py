"""Season reports and the supply-centre chart from what the store holds.

A phase's report is built from its results, events, corrections and unread letter lines, and
from the positions it started from and led to, with the season's zine parts around them: the
players of that season, its NMRs, the GM's notes and press, and the deadline of the phase that
follows. The same builder makes the report when a phase is adjudicated, previewed or printed
again, so all of them read the same.
"""

from __future__ import annotations

import dataclasses
import re

from gm.game.games import GameView, find_phase, open_game
from gm.game.history import result_sentence
from gm.game.missed import missed_orders
from gm.game.players import players_at
from gm.game.press import author_of
from gm.game.stored_orders import typed_order
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.orders.kinds.order_kind import Order
from gm.report.chart import CentreChart, build_chart
from gm.report.report_builder import LINES, build_report
from gm.report.report_data import Deadline, PlayerLine, SeasonReport, SeasonZine
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of, game_zone
from gm.store.edit_rows import edits_of_phase, position_before_edits
from gm.store.game_rows import PhaseRow
from gm.store.order_rows import OrderRow, letters_of_phase, orders_by_id, orders_of_phase
from gm.store.position_rows import load_position
from gm.store.press_rows import NOTE, PRESS, press_of_phase
from gm.store.result_rows import adjudication_from, events_of, results_of

UNREAD = ("rejected", "ignored")


def unread_lines(store: Store, phase_id: int, game_map: GameMap) -> list[OrderRow]:
    """The phase's rejected and ignored letter lines that a report may print; a line the
    reader could not place gets its letter's power (`gm orders --power`, or a heading in the
    letter). Lines of a letter withdrawn (`--replace`, `gm letters --drop`) are no longer
    rejected or ignored; and a rejected line is left out once a later letter of its power
    ordered the unit it begins with (`A Rom - Xyz`, then `A Rom - Etu` in the letter that
    says "Sorry GM, try again"): it no longer says why a unit has no order."""
    letters = letters_of_phase(store, phase_id)
    letter_power = {row["id"]: row["power"] for row in letters}
    found = [row if row.power else dataclasses.replace(row, power=letter_power.get(row.letter_id))
             for row in orders_of_phase(store, phase_id)]
    order_of_letter = {row["id"]: i for i, row in enumerate(letters)}
    ordered: dict[tuple[str | None, int], set[str]] = {}  # (power, letter) -> provinces ordered
    for row in found:
        if row.status == "accepted":
            where = getattr(typed_order(row, game_map), "location", "") or ""
            if where:
                ordered.setdefault((row.power, order_of_letter[row.letter_id]), set()).add(
                    where.split("/")[0])

    def reordered(row: OrderRow) -> bool:
        later = set().union(*(provinces for (power, i), provinces in ordered.items()
                              if power == row.power and i > order_of_letter[row.letter_id]))
        return bool(later) and bool(_first_words(row.text, game_map) & later)

    return [row for row in found if row.status in UNREAD
            and not (row.status == "rejected" and reordered(row))]


def _first_words(text: str, game_map: GameMap) -> set[str]:
    """The provinces the first words of a line name, by id or name (`A Rom - Xyz`: Rome)."""
    words = [w for w in re.split(r"[^\w]+", text.lower()) if w][:3]
    return {pid for pid, province in game_map.provinces.items()
            if pid in words or province.name.lower().split()[0] in words}


def report_lines(store: Store, view: GameView, lines: str | None = None) -> str:
    """The letter lines a report prints: `lines` as asked, else the game's setting."""
    if lines is None:
        return rows.report_lines(store, view.game.id)
    if lines not in LINES:
        raise WorkflowError(f"--lines takes {', '.join(LINES)}, not {lines!r}.")
    return lines


def set_report_lines(store: Store, name: str, lines: str) -> str:
    """Set which letter lines the game's public reports print; returns the game's name."""
    with store.transaction():
        view = open_game(store, name)
        rows.set_report_lines(store, view.game.id, report_lines(store, view, lines))
        return view.game.name


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


def typed_orders(store: Store, view: GameView, results) -> dict[int, Order]:
    """The orders the results name, as the engine read them, by id (the report's facts)."""
    out = {}
    for row in orders_by_id(store, (r.order_id for r in results if r.order_id is not None)):
        try:
            out[row.id] = typed_order(row, view.map)
        except WorkflowError:
            continue  # an order that no longer reads: its line has no facts
    return out


def stored_report(store: Store, view: GameView, phase: PhaseRow, full_names: bool = False,
                  lines: str | None = None) -> SeasonReport:
    adjudication = adjudication_from(store, phase.id, "live")
    if adjudication is None:
        raise WorkflowError(f"{phase.label} of {view.game.name} has not been adjudicated yet; "
                            f"'gm adjudicate {view.game.name} --preview' shows what would "
                            "happen.")
    following = rows.get_phase(store, adjudication.next_phase_id)
    game = view.game
    result = result_sentence(game.result_kind, game.result, following.label) \
        if game.ended_phase_id == following.id else None
    results = results_of(store, adjudication.id)
    return build_report(
        game=game.name, game_map=view.map, phase_label=phase.label, phase_kind=phase.kind,
        results=results, events=events_of(store, adjudication.id),
        edits=edits_of_phase(store, phase.id),
        next_position=position_before_edits(store, following), next_label=following.label,
        result=result, start_position=load_position(store, phase),
        unread=unread_lines(store, phase.id, view.map),
        zine=season_zine(store, view, phase, following.label), full_names=full_names,
        lines=report_lines(store, view, lines), typed_orders=typed_orders(store, view, results))


def phase_report(store: Store, name: str, phase: str | None = None, full_names: bool = False,
                 lines: str | None = None) -> SeasonReport:
    """The report of the named phase; by default the last one adjudicated. `full_names`
    writes orders as the judges do (`Army Vienna -> Galicia`); `lines` says which letter
    lines it prints (default: the game's setting)."""
    with store.transaction(write=False):
        view = open_game(store, name)
        if phase is None:
            done = rows.phases_with_status(store, view.game, "adjudicated")
            if not done:
                current = rows.open_phase(store, view.game)
                raise WorkflowError(f"{view.game.name} has no adjudicated phase yet (it is at "
                                    f"{current.label}).")
            row = done[-1]
        else:
            row = find_phase(store, view, phase)
        return stored_report(store, view, row, full_names, lines)


def resolution_report(store: Store, view: GameView, resolution, preview: bool = False,
                      full_names: bool = False, lines: str | None = None) -> SeasonReport:
    """The report of a phase resolved in memory (a `gm.game.adjudication.Resolution`), stored
    or not: the same report `gm report` prints once it is stored."""
    phase = resolution.phase
    return build_report(
        game=view.game.name, game_map=view.map, phase_label=phase.label, phase_kind=phase.kind,
        results=resolution.results, events=resolution.outcome.events,
        edits=edits_of_phase(store, phase.id), next_position=resolution.outcome.position,
        next_label=resolution.next_label, result=resolution.solo, preview=preview,
        start_position=load_position(store, phase), unread=unread_lines(store, phase.id, view.map),
        zine=season_zine(store, view, phase, resolution.next_label), full_names=full_names,
        lines=report_lines(store, view, lines),
        typed_orders=typed_orders(store, view, resolution.results))


def centre_chart(store: Store, name: str) -> CentreChart:
    """Centres per power at the end of every year the game has finished."""
    with store.transaction(write=False):
        return build_chart_for(store, open_game(store, name))


def build_chart_for(store: Store, view: GameView) -> CentreChart:
    """The chart of an open game, inside the caller's transaction."""
    positions = [load_position(store, p) for p in rows.live_phases(store, view.game)]
    return build_chart(view.game.name, view.map, positions)
