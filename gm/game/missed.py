"""NMRs ("no moves received"): the powers that owed orders in a phase and sent none.

Nothing is stored for them: they follow from the stored position and orders. A power owes orders
when it has units in a movement phase, dislodged units in a retreat phase, or builds or removals
due in an adjustment phase; it missed them if it has no order in force (a letter gm could not
read at all is still a miss; orders sent ahead with the moves count), an order of its player's
other power to a multiple holding its piece counting as its own (`ordered`). A run of misses
counts only the phases in which the power owed orders, so a retreat phase it had no part in
neither breaks nor extends it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.engine.adjustment_phase import adjustments_due
from gm.engine.position import Position
from gm.game.games import GameView, open_game, season_meant
from gm.game.stored_orders import orders_in_force
from gm.maps.gamemap import GameMap
from gm.orders.attribution import ordering_side, provinces_ordered
from gm.report.report_data import MissedOrders
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.game_rows import PhaseRow
from gm.store.position_rows import load_position


def owing(position: Position, game_map: GameMap) -> set[str]:
    """The powers that must send orders for the phase `position` starts."""
    kind = position.phase.kind
    if kind == "Movement":
        return {u.power for u in position.units}
    if kind == "Retreat":
        return {d.unit.power for d in position.dislodged}
    due = adjustments_due(position, game_map, RuleSet.for_map(game_map))
    return {power for power, count in due.items() if count}


def ordered(store: Store, phase: PhaseRow, position: Position, game_map: GameMap) -> set[str]:
    """The powers with at least one order in force for the phase, sent ahead or not. Where a
    player plays several powers, an order under one of them also counts for another whose
    piece stands where it commands: a multiple mixing the player's powers takes one order
    for all its pieces (Hoplite Wars rule 5), as `gm status` counts it (`ordering_side`)."""
    rules = RuleSet.for_map(game_map)
    entered = [(row.power, order) for row, order in orders_in_force(store, phase.id, game_map)
               if row.power]
    found = {power for power, _ in entered}
    if rules.sides:
        given = provinces_ordered(entered, phase.kind, rules)
        pieces = position.units if phase.kind == "Movement" else \
            [d.unit for d in position.dislodged] if phase.kind == "Retreat" else []
        found |= {piece.power for piece in pieces if piece.province in given.get(
            ordering_side(piece.power, phase.kind, rules), ())}
    return found


def missed_orders(store: Store, view: GameView, phase: PhaseRow) -> list[MissedOrders]:
    """The powers that sent no orders for `phase` (a live phase), each with its run of
    misses up to and including this one; in the map's order of powers."""
    def missing(at: PhaseRow) -> tuple[set[str], set[str]]:
        position = load_position(store, at)
        owed = owing(position, view.map)
        return owed, owed - ordered(store, at, position, view.map)

    _, now_missing = missing(phase)
    runs = dict.fromkeys(now_missing, 1)
    running = set(now_missing)
    earlier = [p for p in rows.live_phases(store, view.game) if p.seq < phase.seq]
    for before in reversed(earlier):
        if not running:
            break
        owed, missed = missing(before)
        for power in running & owed:
            if power in missed:
                runs[power] += 1
            else:
                running.discard(power)
    return [MissedOrders(view.map.powers[p].name, runs[p]) for p in view.map.powers
            if p in runs]


@dataclass(frozen=True, slots=True)
class MissedReport:
    """The NMRs of a phase, for `gm nmr` and the zine."""

    game: str
    phase: str
    in_progress: bool  # the phase is still open: its orders may yet come
    missed: list[MissedOrders]


def nmr(store: Store, game: str, phase: str | None = None) -> MissedReport:
    """The NMRs of a phase: by default the phase in progress (who has not ordered yet), or
    the last phase of a game that is over."""
    with store.transaction(write=False):
        view = open_game(store, game)
        at = season_meant(store, view, phase)
        return MissedReport(view.game.name, at.label, at.status == "open",
                            missed_orders(store, view, at))
