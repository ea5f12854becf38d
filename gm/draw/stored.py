"""Boards of a stored game: any phase, the preview of the open one, or every phase.

An adjudicated phase is drawn with its orders and their results. The open phase is drawn as
a position only: its orders are the players' secret until the GM adjudicates, and a picture
is easily mailed by mistake. `preview_board` shows what adjudicating now would do.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.draw.board_data import Board
from gm.draw.board_maker import OrderOutcome, make_board, outcomes_from_engine
from gm.game.games import GameView, find_phase, open_game
from gm.maps.gamemap import GameMap
from gm.report.order_facts import stored_order
from gm.store import game_rows as rows
from gm.store.codec import CodecError, parse_unit_text
from gm.store.database import Store
from gm.store.game_rows import PhaseRow
from gm.store.order_rows import orders_of_phase
from gm.store.position_rows import load_position
from gm.store.result_rows import ResultRow, adjudication_from, results_of


@dataclass(frozen=True, slots=True)
class PhaseBoard:
    """A board with what a file name needs: the game, and the phase's short id."""

    game: str
    short: str  # `S1901M`
    label: str  # `Spring 1901`
    game_map: GameMap
    board: Board


def stored_board(store: Store, name: str, phase: str | None = None) -> PhaseBoard:
    """The board of a phase (`Spring 1901`, `S1901M`); by default the open phase."""
    with store.transaction(write=False):
        view = open_game(store, name)
        return phase_board(store, view, find_phase(store, view, phase))


def last_adjudicated_board(store: Store, name: str, phase: str | None = None) -> PhaseBoard:
    """The board a season report goes with: the named phase, or the last adjudicated one."""
    from gm.game.workflow_errors import WorkflowError

    with store.transaction(write=False):
        view = open_game(store, name)
        if phase is not None:
            return phase_board(store, view, find_phase(store, view, phase))
        done = rows.phases_with_status(store, view.game, "adjudicated")
        if not done:
            raise WorkflowError(f"{view.game.name} has no adjudicated phase yet; "
                                f"'gm draw {view.game.name}' draws the current position.")
        return phase_board(store, view, done[-1])


def all_boards(store: Store, name: str) -> list[PhaseBoard]:
    """Every phase of the game so far, adjudicated ones with their orders, in order."""
    with store.transaction(write=False):
        view = open_game(store, name)
        return [phase_board(store, view, row) for row in rows.live_phases(store, view.game)]


def preview_board(store: Store, name: str) -> PhaseBoard:
    """The open phase with the orders entered so far, as adjudicating now would resolve
    them. Nothing is stored."""
    from gm.game.adjudication import resolve
    from gm.game.history import require_running

    with store.transaction(write=False):
        view = open_game(store, name)
        require_running(view.game)
        row = rows.open_phase(store, view.game)
        resolution = resolve(store, view, row)
        board = make_board(view.map, load_position(store, row), game=view.game.name,
                           outcomes=outcomes_from_engine(resolution.outcome.results),
                           status="preview: not adjudicated, nothing stored")
        return PhaseBoard(view.game.name, row.phase.short(), row.label, view.map, board)


def phase_board(store: Store, view: GameView, row: PhaseRow) -> PhaseBoard:
    """One phase's board, inside the caller's transaction."""
    position = load_position(store, row)
    adjudication = adjudication_from(store, row.id, "live")
    if adjudication is None:
        status = "position; orders not yet adjudicated"
        outcomes: list[OrderOutcome] = []
    else:
        status = "orders and results"
        outcomes = _outcomes(store, view, row, results_of(store, adjudication.id))
    board = make_board(view.map, position, game=view.game.name, outcomes=outcomes,
                       status=status)
    return PhaseBoard(view.game.name, row.phase.short(), row.label, view.map, board)


def _outcomes(store: Store, view: GameView, row: PhaseRow, results: list[ResultRow]
              ) -> list[OrderOutcome]:
    from gm.game.stored_orders import typed_order

    rows_by_id = {o.id: o for o in orders_of_phase(store, row.id)}
    typed = {r.order_id: typed_order(rows_by_id[r.order_id], view.map) for r in results
             if r.order_id in rows_by_id}
    out = []
    for r in results:
        # the order given, or its part the result is about, drawn by its kind
        order = stored_order(r, typed, view.map, row.phase.kind)
        unit = _unit(r)
        out.append(OrderOutcome(
            power=r.power, order=order, unit_location=unit.location if unit else None,
            succeeded=r.succeeded, code=r.code,
            dislodged=r.dislodged_by is not None or r.code == "dislodged",
            text=r.order_text or "", unit=unit))
    return out


def _unit(result: ResultRow):
    """The piece a stored result is about; None where there is none or it does not read."""
    if not result.unit:
        return None
    try:
        return parse_unit_text(result.unit, result.power)
    except CodecError:
        return None
