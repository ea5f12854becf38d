"""Each order of a season report as facts a program reads without parsing English: who gave
it, to which piece (its kind and strength), from where, to where, the piece it supports or
convoys, and what became of it (docs/json.md, `orders[].lines[].order`).

The facts come from the typed order the engine adjudicated, the piece as it stood when the
phase began, and the stored result; nothing is worded here but the engine's own reason. An
order a kind names no destination or target for has `null` there, so a new order kind needs no
change: its `kind` is its class's name (`DestroyCentre` -> `destroy-centre`).
"""

from __future__ import annotations

import re

from gm.engine.position import Position
from gm.maps.gamemap import GameMap
from gm.notation import LEADER, place, read_unit
from gm.orders import legality
from gm.orders.kind_registry import part_of
from gm.orders.kinds.order_kind import Order
from gm.report.report_data import OrderFacts, PieceFacts
from gm.store.result_rows import ResultRow

_WORD = re.compile(r"(?<!^)(?=[A-Z])")

# What a unit left without an order did, by the report's default text (`_default_order`).
UNORDERED = {"Movement": "hold", "Retreat": "disband", "Adjustment": "remove"}


def stored_order(result: ResultRow, typed: dict[int, Order], game_map: GameMap,
                 phase_kind: str) -> Order | None:
    """The typed order a stored result is about: the order given (`typed`, by row), or the
    part of it the result names (a merge's piece, a split's part: `kind_registry.part_of`);
    for a result with no stored order, its text read again (`read_back`)."""
    order = typed.get(result.order_id) if result.order_id is not None else None
    if order is not None and result.part is not None:
        order = part_of(order, result.part)
    return order if order is not None else read_back(result, game_map, phase_kind)


def read_back(result: ResultRow, game_map: GameMap, phase_kind: str) -> Order | None:
    """The typed order of a result that has no stored order (a part of a merge or split
    stored before results named their part, a leader placed by default): its text read
    again; None where there is none or it does not read."""
    from gm.orders.errors import OrderError
    from gm.orders.parse import parse_order

    if not result.order_text or not result.power:
        return None
    try:
        return parse_order(result.order_text, game_map, result.power, phase_kind=phase_kind)
    except (OrderError, ValueError):
        return None


def kind_name(order: Order) -> str:
    """`Move` -> `move`, `SupportHold` -> `support-hold`: an order kind's name in JSON."""
    return _WORD.sub("-", type(order).__name__).lower()


def piece_facts(power: str | None, kind: str | None, location: str | None,
                strength: float | None, leader: str | None, power_names: dict[str, str]
                ) -> PieceFacts:
    return PieceFacts(power=power_names.get(power, power) if power else None,
                      kind=LEADER if leader else kind,
                      strength=strength, leader=leader,
                      location=place(location) if location else None)


def order_facts(result: ResultRow, order: Order | None, start: Position | None,
                game_map: GameMap, phase_kind: str, reason: str) -> OrderFacts:
    """The facts of one result. `order` is the typed order (None for a unit left without one,
    or when it could not be read back); `start` the position the phase began from; `reason`
    the result's detail as the report cleans it."""
    names = {pid: p.name for pid, p in game_map.powers.items()}
    stood = read_unit(result.unit) if result.unit else None
    if stood is not None:  # the piece as it stood; a multiple ordered as one, its strength
        strength = getattr(order, "strength", None) or stood.strength
        piece = piece_facts(result.power, stood.kind, stood.location, strength, stood.name,
                            names)
    elif order is not None:  # a build, a waive, a declaration: the piece the order names
        location = order.location or None
        piece = piece_facts(result.power, order.unit_kind, location, order.strength,
                            order.leader, names)
    else:
        piece = None
    dest = getattr(order, "dest", None) or None
    return OrderFacts(
        power=names.get(result.power, result.power),
        kind=kind_name(order) if order is not None else
        ("waive" if result.code == "waived" else UNORDERED.get(phase_kind, "hold")),
        ordered=result.order_text is not None,
        piece=piece,
        origin=piece.location if piece is not None else None,
        to=place(dest) if dest else None,
        via_convoy=bool(getattr(order, "via_convoy", False)),
        target=_target(order, start, game_map, names),
        succeeded=result.succeeded,
        result=result.code,
        reason=reason,
        dislodged_from=place(result.dislodged_by) if result.dislodged_by else None)


def _target(order: Order | None, start: Position | None, game_map: GameMap,
            names: dict[str, str]) -> PieceFacts | None:
    """The piece a support or convoy helps: as it stood on the board when it stands there,
    else as the order names it."""
    target = getattr(order, "target", None) if order is not None else None
    if not target:
        return None
    found = legality.target_units(order, start, game_map) if start is not None else []
    if found:
        first = found[0]
        strength = sum(u.strength for u in found if not u.is_leader) or first.strength
        return piece_facts(first.power, first.kind, first.location, strength, first.name,
                           names)
    return piece_facts(None, getattr(order, "target_kind", None), target,
                       getattr(order, "target_strength", None),
                       getattr(order, "target_leader", None), names)
