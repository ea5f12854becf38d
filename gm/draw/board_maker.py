"""Make a `Board` (what a picture shows) from a position and what its phase's orders did.

The position is the one the phase starts from: the picture shows the pieces where they stood
when the orders were written, with the orders drawn on top and their results marked. The
next phase's picture then shows where everything ended up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gm.calendar import season_title
from gm.draw.board_data import (
    BUILD,
    DISBAND,
    REMOVE,
    SPECIAL,
    Board,
    DrawnOrder,
    Piece,
    PowerStanding,
)
from gm.engine.position import Position, Unit
from gm.maps.gamemap import GameMap
from gm.orders.kind_registry import declares, kind_of
from gm.orders.kinds.order_kind import Order, Sketch
from gm.report.supply_words import SupplyCount, supply_counts
from gm.rules import RuleSet

SKIPPED_CODES = frozenset({"replaced"})  # an order a later one replaced did nothing
# What happened to a piece that had no order, drawn as if ordered (civil disorder removals,
# dislodged pieces that disband for want of a retreat).
DEFAULT_ORDERS = {"removed": REMOVE, "disbanded": DISBAND}


@dataclass(frozen=True, slots=True)
class OrderOutcome:
    """One order and what became of it, however it was obtained (store or engine).

    `order` is the typed order, None for a unit left without one; `succeeded` is None when
    the phase is not adjudicated; `dislodged` says the unit was dislodged by this phase."""

    power: str
    order: Order | None
    unit_location: str | None = None
    succeeded: bool | None = None
    code: str = ""
    dislodged: bool = False
    text: str = ""
    unit: Unit | None = None  # the piece the result is about, as the engine gave it


def destroyed_centres(state: dict) -> frozenset[str]:
    """Centres a variant rule has destroyed. Every rule that destroys centres keeps them as
    `state[rule]["destroyed"]` (holy places, sacking, destroy-and-rebuild), so this reads
    that key of each rule's state and needs no change when a new such rule arrives."""
    found: set[str] = set()
    for value in state.values():
        if isinstance(value, dict):
            destroyed = value.get("destroyed")
            if isinstance(destroyed, (list, tuple, set, frozenset)):
                found.update(str(c) for c in destroyed if isinstance(c, str))
    return frozenset(found)


def piece_of(unit: Unit) -> Piece:
    return Piece(unit.power, unit.kind, unit.location, unit.strength, unit.name)


def standings(game_map: GameMap, position: Position, rules: RuleSet | None = None
              ) -> list[PowerStanding]:
    """Each power still on the board: its supply and the pieces it keeps, counted once for
    the legend and the report's table (`gm.report.supply_words.supply_counts`)."""
    rules = rules or RuleSet.for_map(game_map)
    counts = supply_counts(position, game_map, rules)
    out = []
    for pid, power in game_map.powers.items():
        count = counts.get(pid)
        if count is None and any(d.unit.power == pid for d in position.dislodged):
            count = SupplyCount(0, 0.0, 0)
        if count is not None:
            out.append(PowerStanding(pid, power.name, power.colour, count.supply, count.units,
                                     count.centres, count.free, count.upkeep))
    return out


def drawn_orders(outcome: OrderOutcome, position: Position) -> list[DrawnOrder]:
    """How one order appears on the picture (a split gives one drawing per part)."""
    order = outcome.order
    if order is None:  # no order: only a removal or disbanding the rules imposed shows
        default = DEFAULT_ORDERS.get(outcome.code)
        if default and outcome.unit_location:
            return [_drawn(default, outcome, outcome.unit_location)]
        return []
    if outcome.code in SKIPPED_CODES or declares(order):
        return []  # a declaration (a loan, a leader's placement) commands no piece here
    location = order.location or _leader_location(order, position) or \
        (outcome.unit_location or "")
    kind = kind_of(order)  # the kind draws its order (`OrderKind.sketch`): a split, each part
    marks = kind.sketch(order) if kind is not None and kind.sketch is not None \
        else _UNKNOWN
    return [_drawn(m.shape, outcome, m.location or location, target=m.target, dest=m.dest,
                   piece_kind=m.piece_kind) for m in marks]


_UNKNOWN = (Sketch(SPECIAL),)  # a kind that does not say how it is drawn: a mark at the piece


def _drawn(kind: str, outcome: OrderOutcome, location: str, *, target: str | None = None,
           dest: str | None = None, piece_kind: str | None = None) -> DrawnOrder:
    strength = getattr(outcome.order, "strength", None) or 1.0
    return DrawnOrder(kind, outcome.power, location, target=target, dest=dest,
                      succeeded=outcome.succeeded, piece_kind=piece_kind,
                      piece_strength=strength if piece_kind else 1.0, text=outcome.text,
                      leader=getattr(outcome.order, "leader", None))


def _once_each(orders: Iterable[DrawnOrder]) -> list[DrawnOrder]:
    """The drawings in order, each the same arrow or mark once: an order to a multiple
    (`2A Spa - Teg`) has a result for each of its pieces, as the report has, which prints it
    once too. A build is kept for every piece it makes (`Build 2F Ath` is two fleets, each its
    own token)."""
    seen: set[DrawnOrder] = set()
    out = []
    for drawn in orders:
        if drawn.kind != BUILD:
            if drawn in seen:
                continue
            seen.add(drawn)
        out.append(drawn)
    return out


def _leader_location(order: Order, position: Position) -> str | None:
    if not order.leader:
        return None
    for unit in (*position.units, *(d.unit for d in position.dislodged)):
        if unit.name == order.leader:
            return unit.location
    return None


def make_board(game_map: GameMap, position: Position, *, game: str,
               outcomes: Iterable[OrderOutcome] = (), status: str = "") -> Board:
    """The board of the phase `position` starts, with its orders drawn from `outcomes`.

    `status` ends the subtitle: `results`, `preview`, `no orders yet`..."""
    outcomes = list(outcomes)
    phase = position.phase
    on_board = _with_declared_pieces(position, outcomes)
    orders = _once_each(d for o in outcomes for d in drawn_orders(o, on_board))
    dislodged_now = frozenset(o.unit_location for o in outcomes
                              if o.dislodged and o.unit_location)
    subtitle = " · ".join(p for p in (game, game_map.name, status) if p)
    rules = RuleSet.for_map(game_map)
    return Board(
        title=f"{season_title(phase, game_map)} — {phase.kind}",
        subtitle=subtitle,
        phase_kind=phase.kind,
        pieces=[piece_of(u) for u in on_board.units],
        owners=dict(position.owners),
        standings=standings(game_map, on_board, rules),  # the pieces drawn, placed ones too
        dislodged=[piece_of(d.unit) for d in position.dislodged],
        dislodged_now=dislodged_now,
        destroyed=destroyed_centres(position.state),
        orders=orders,
        notes=tuple(rules.board_notes(position, game_map)),
    )


def _with_declared_pieces(position: Position, outcomes: list[OrderOutcome]) -> Position:
    """The position with the pieces this phase's declarations put on the board before its
    orders were carried out (Rise of Rome II 3.3: the leaders placed with the first Spring's
    orders, which the position of that Spring does not hold yet): they stand where they were
    placed, and their orders start there."""
    placed = [o.unit for o in outcomes if o.order is not None and o.succeeded
              and declares(o.order) and o.unit is not None]
    present = {(u.power, u.kind, u.location, u.name) for u in position.units}
    new = [u for u in placed if (u.power, u.kind, u.location, u.name) not in present]
    if not new:
        return position
    found = position.copy()
    found.units = [*position.units, *new]
    return found


def outcomes_from_engine(results) -> list[OrderOutcome]:
    """`OrderResult`s of an adjudication done in memory (a preview, a test) as outcomes."""
    from gm.notation import order_display

    out = []
    for r in results:
        kind, strength = (r.unit.kind, r.unit.strength) if r.unit is not None else (None, None)
        out.append(OrderOutcome(
            power=r.power, order=r.order,
            unit_location=r.unit.location if r.unit is not None else None,
            succeeded=r.succeeded, code=r.code,
            dislodged=r.dislodged_by is not None or r.code == "dislodged",
            text=order_display(r.order, kind, strength) if r.order is not None else "",
            unit=r.unit))
    return out
