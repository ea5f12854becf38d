"""Adjudicating the open phase: resolve, store the results and the next position, report.

Units without orders hold, dislodged units without retreat orders disband, missing builds are
waived and missing removals follow the civil-disorder rule: the engine does all of that when
an order is missing, so this module hands it exactly the orders in force.

Exactly-once: the phase to adjudicate is read first; then the write lock is taken and the
phase is checked again. If another gm adjudicated it meanwhile, this one stops with
`AlreadyAdjudicated` and changes nothing. Everything is stored in one transaction, so a crash
leaves the game at the old phase or the new one, never between.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.calendar import Phase, PhaseNameError, movement_season, phase_name, require_phase
from gm.engine.results import PhaseOutcome
from gm.engine.season import Season
from gm.game.games import GameView, open_game
from gm.game.history import discard_redo, require_running, victory_text
from gm.game.reports import resolution_report
from gm.game.stored_orders import orders_in_force
from gm.game.verdicts import results_by_order
from gm.game.workflow_errors import AlreadyAdjudicated, WorkflowError
from gm.notation import order_display, unit_text
from gm.orders import legality
from gm.orders.kind_registry import parts_of
from gm.report.report_data import SeasonReport
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.faults import checkpoint
from gm.store.game_rows import PhaseRow
from gm.store.position_rows import load_position, save_position
from gm.store.result_rows import ResultRow, add_adjudication


@dataclass(slots=True)
class Resolution:
    """A phase resolved in memory: nothing stored yet."""

    phase: PhaseRow
    outcome: PhaseOutcome
    results: list[ResultRow]
    next_label: str
    solo: str | None


def resolve(store: Store, view: GameView, phase: PhaseRow) -> Resolution:
    position = load_position(store, phase)
    entered = orders_in_force(store, phase.id, view.map)
    rules = RuleSet.for_map(view.map)
    orders = [order for _, order in entered]
    outcome = Season.for_map(view.map).adjudicate(position, orders)
    # each result's line: its order's, or the line whose order a rule made it of
    row_of = {id(result): row.id for (row, _), found in
              zip(entered, results_by_order(orders, outcome.results), strict=True)
              for result in found}
    part_of_given = _parts(entered, orders, outcome.results)
    results = []
    for r in outcome.results:
        # a void order as written, its reason about the player's words (`legality.shown_units`)
        kind, strength = (r.unit.kind, r.unit.strength) if r.unit is not None and not r.void \
            else (None, None)
        helped = legality.target_units(r.order, position, view.map, rules) \
            if r.order is not None and not r.void else []
        order_id, part = part_of_given.get(id(r), (row_of.get(id(r)), None))
        results.append(ResultRow(
            power=r.power,
            order_text=order_display(r.order, kind, strength, helped)
            if r.order is not None else None,
            unit=unit_text(r.unit) if r.unit is not None else None,
            succeeded=r.succeeded, code=r.code, detail=r.detail,
            dislodged_by=r.dislodged_by,
            order_id=order_id, part=part))
    after = outcome.position
    solo = victory_text(outcome.winners, after, view.map, _season_won(phase, position, view)) \
        if outcome.winners else None
    return Resolution(phase, outcome, results, phase_name(after.phase, view.map), solo)


def _parts(entered: list, orders: list, results: list) -> dict[int, tuple[int, int]]:
    """The results of parts of the orders given (a merge's piece, a split's part: the
    engine adjudicates each as its own order): id(result) -> (the order's row, the part's
    place among its parts, `kind_registry.parts_of`), so that readers take the part from the
    order given."""
    wholes = [(row.id, made) for row, order in entered if (made := parts_of(order))]
    if not wholes:
        return {}
    given = {id(order) for order in orders}
    out = {}
    for r in results:
        if r.order is None or id(r.order) in given:
            continue
        for row_id, made in wholes:
            if r.order in made:
                out[id(r)] = (row_id, made.index(r.order))
                break
    return out


def _season_won(phase: PhaseRow, position, view: GameView) -> str:
    """The season a victory is dated by: a retreat phase's movement season (`Autumn 1901`);
    on a map whose victory is judged at the end of the year's adjustments, the adjustment
    phase of the year, though none was needed (Rise of Rome II 10: `Winter 216 BC`)."""
    adjustment = next((s for s, k in view.map.calendar.phases if k == "Adjustment"), None)
    if view.map.victory_judged == "adjustments" and adjustment is not None:
        return phase_name(Phase(position.phase.year, adjustment, "Adjustment"), view.map)
    if position.phase.kind != "Retreat":
        return phase.label
    season = movement_season(position.phase, view.map) or position.phase.season
    return phase_name(Phase(position.phase.year, season, "Movement"), view.map)


def preview_report(store: Store, name: str, full_names: bool = False,
                   lines: str | None = None) -> SeasonReport:
    """What adjudicating the open phase now would report; nothing is stored."""
    with store.transaction(write=False):
        view = open_game(store, name)
        require_running(view.game)
        phase = rows.open_phase(store, view.game)
        return resolution_report(store, view, resolve(store, view, phase), preview=True,
                                 full_names=full_names, lines=lines)


def adjudicate(store: Store, name: str, expected: str | None = None,
               no_orders: bool = False) -> SeasonReport:
    """Adjudicate the open phase and store everything; returns the season report.

    `expected` is the label of the phase the GM means; without it, the phase open when the
    command started is the one meant. A phase for which no power has any order is
    adjudicated only with `no_orders` (a second run by mistake is the usual cause)."""
    with store.transaction(write=False):
        seen = rows.open_phase(store, rows.get_game(store, name))
    checkpoint("adjudicate:before-lock")
    with store.transaction():
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        if expected is None:
            meant, done = seen.label, phase.id != seen.id
        else:
            meant = phase_name(_phase_named(expected, view), view.map)
            done = any(p.label == meant and p.status == "adjudicated"
                       for p in rows.live_phases(store, view.game))
        if done:
            raise AlreadyAdjudicated(
                f"{meant} of {view.game.name} was already adjudicated (by another gm?); the "
                f"game is now at {phase.label}. See 'gm report {view.game.name}'.")
        if phase.label != meant:
            raise WorkflowError(f"{view.game.name} is at {phase.label}, not {meant}; nothing "
                                "was adjudicated.")
        require_running(view.game)
        if not no_orders and not orders_in_force(store, phase.id, view.map):
            raise WorkflowError(
                f"no power has sent any order for {phase.label} of {view.game.name}; if you "
                "meant to adjudicate it so (every unit holds, dislodged units disband, builds "
                "are waived), run 'gm adjudicate --no-orders'. Nothing was adjudicated.")
        report = adjudicate_open_phase(store, view, phase)
    checkpoint("adjudicate:committed")
    return report


def _phase_named(text: str, view: GameView):
    try:
        return require_phase(text, view.map)
    except PhaseNameError as exc:
        raise WorkflowError(str(exc)) from None


def adjudicate_open_phase(store: Store, view: GameView, phase: PhaseRow) -> SeasonReport:
    """The body of `adjudicate`, for callers already inside a transaction (replay)."""
    resolution = resolve(store, view, phase)
    checkpoint("adjudicate:resolved")
    discard_redo(store, view.game)
    rows.set_phase_status(store, phase.id, "adjudicated")
    after = resolution.outcome.position
    following = rows.add_phase(store, view.game, phase.seq + 1, after.phase,
                               resolution.next_label)
    save_position(store, following.id, after)
    checkpoint("adjudicate:position-saved")
    add_adjudication(store, phase.id, following.id, resolution.results,
                     resolution.outcome.events, resolution.solo)
    checkpoint("adjudicate:results-saved")
    if resolution.solo:
        rows.set_result(store, view.game, "solo", resolution.solo, following.id)
    checkpoint("adjudicate:before-commit")
    return resolution_report(store, view, resolution, preview=False)
