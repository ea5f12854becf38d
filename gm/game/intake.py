"""Taking orders: a pasted letter is stored as written, then line by line as orders.

Each line is accepted (it will be adjudicated), rejected (it could not be read, and the reason
says why), or ignored (it is not an order). An order's power is the letter's (from `--power` or
a header such as `France:`), or else the owner of the unit it names. A later order for the same
unit replaces an earlier one, which stays stored as 'superseded'; `replace=True` withdraws all
the power's earlier orders for the phase first, as when a player sends a fresh set.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from gm.calendar import Phase, following_phase, phase_name
from gm.engine.position import Position
from gm.game.games import GameView, open_game, resolve_power  # noqa: F401
from gm.game.history import discard_redo, require_running
from gm.game.stored_orders import typed_order, unit_key
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.notation import order_display
from gm.orders import ignored
from gm.orders.errors import PHASE
from gm.orders.letters import IgnoredLine, ReadOrder, RejectedLine, ReplacedOrder, read_orders
from gm.orders.parse import parse_order
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store import order_rows
from gm.store.codec import order_to_json
from gm.store.database import Store
from gm.store.order_rows import SENT_AHEAD, NewOrder, OrderRow
from gm.store.position_rows import load_position


@dataclass(frozen=True, slots=True)
class TakenLine:
    """One line of the letter and what gm made of it, for the GM to check."""

    line: int
    text: str
    power: str | None  # power name
    status: str
    detail: str  # the order as read, or the reason it was rejected or ignored


@dataclass(frozen=True, slots=True)
class Taken:
    game: str
    phase: str
    lines: list[TakenLine]
    superseded: list[str]  # earlier orders this letter replaced
    withdrawn: int  # earlier orders withdrawn by replace=True


def infer_power(order, position: Position, game_map: GameMap) -> str | None:
    """Whose order this is when the letter does not say: the owner of the unit it names."""
    location = getattr(order, "location", "") or ""
    if not location:
        return None
    province = location.split("/")[0]
    if type(order).__name__ == "Build":
        return game_map.home_power(province)
    pieces = [d.unit for d in position.dislodged] if position.phase.kind == "Retreat" else []
    for unit in pieces + list(position.units):
        if unit.province == province:
            return unit.power
    return None


def _with_power(order, power: str):
    if getattr(order, "power", power) == power or not dataclasses.is_dataclass(order):
        return order
    return dataclasses.replace(order, power=power)


def _read(text: str, game_map: GameMap, power: str | None, position: Position):
    """`read_orders`, told the phase, the board and the rules so that it checks each order
    as the engine will."""
    return read_orders(text, game_map, power, phase_kind=position.phase.kind, board=position,
                       rules=RuleSet.for_map(game_map))


def read_letter(text: str, view: GameView, position: Position, power: str | None
                ) -> list[tuple[NewOrder, object | None]]:
    """Every non-blank line of the letter as an order row, with its typed order if accepted."""
    out: list[tuple[NewOrder, object | None]] = []
    for item in _read(text, view.map, power, position).entries():
        if isinstance(item, ReplacedOrder):
            old, by = item.old, item.by
            who = old.power or infer_power(old.order, position, view.map)
            out.append((NewOrder(old.line, who, old.text, "superseded",
                                 f"replaced by {by.text!r} (line {by.line})"), None))
        elif isinstance(item, ReadOrder):
            out.append(_accepted(item, view, position))
        elif isinstance(item, RejectedLine):
            error = item.error
            ahead = _sent_ahead(item, view, position) if error.kind == PHASE else None
            if ahead is not None:
                out.append(ahead)
                continue
            out.append((NewOrder(item.line, item.power, item.text, "rejected",
                                 error.describe(), category=error.kind,
                                 explanation=error.explain()), None))
        elif isinstance(item, IgnoredLine):
            out.append((NewOrder(item.line, item.power, item.text, "ignored", item.reason,
                                 category=item.kind), None))
        else:  # a heading: who the orders below are for, or what they are
            out.append((NewOrder(item.line, item.power, item.text, "ignored", item.note,
                                 category=ignored.HEADING), None))
    return out


def phases_ahead(phase: Phase, game_map: GameMap) -> list[Phase]:
    """The retreat and adjustment phases between a movement phase and the next movement."""
    out = []
    if phase.kind != "Movement":
        return out
    nxt = following_phase(phase, game_map)
    while nxt.kind != "Movement":
        out.append(nxt)
        nxt = following_phase(nxt, game_map)
    return out


def _sent_ahead(item, view: GameView, position: Position) -> tuple[NewOrder, object] | None:
    """A retreat or adjustment order written with the moves: kept for its phase, if it reads
    as one. (The order is checked against the board when that phase comes.)"""
    for later in phases_ahead(position.phase, view.map):
        try:
            order = parse_order(item.text, view.map, item.power, phase_kind=later.kind)
        except ValueError:
            continue
        who = item.power or infer_power(order, position, view.map)
        if who is None:
            return None
        order = _with_power(order, who)
        label = phase_name(later, view.map)
        return (NewOrder(item.line, who, item.text, SENT_AHEAD, f"kept for {label}",
                         order_display(order), order_to_json(order)), order)
    return None


def _accepted(read, view: GameView, position: Position) -> tuple[NewOrder, object | None]:
    who = read.power or infer_power(read.order, position, view.map)
    if who is None:
        return (NewOrder(read.line, None, read.text, "rejected",
                         "whose order is this? Give --power, or put a line such as 'France:' "
                         "above it."), None)
    order = _with_power(read.order, who)
    unit = next((u for u in position.units if u.province == order.province), None) \
        if getattr(order, "location", "") else None
    parsed = order_display(order, unit.kind if unit else None)
    notes = "; ".join(getattr(read, "notes", ()) or ())
    return (NewOrder(read.line, who, read.text, "accepted", notes, parsed,
                     order_to_json(order)), order)


def take_orders(store: Store, name: str, text: str, power: str | None = None,
                source: str = "", replace: bool = False) -> Taken:
    """Store a pasted letter and its orders for the game's open phase."""
    with store.transaction():
        view = open_game(store, name)
        require_running(view.game)
        power_id = resolve_power(view.map, power)
        if replace and power_id is None:
            raise WorkflowError("--replace needs --power: say whose orders to replace.")
        phase = rows.open_phase(store, view.game)
        position = load_position(store, phase)
        new = read_letter(text, view, position, power_id)
        discard_redo(store, view.game)
        withdrawn = 0
        earlier = order_rows.orders_of_phase(store, phase.id, ("accepted", SENT_AHEAD))
        if replace:
            for row in earlier:
                if row.power == power_id:
                    order_rows.set_order_status(store, row.id, "withdrawn",
                                                "the power's orders were replaced")
                    withdrawn += 1
            earlier = [r for r in earlier if r.power != power_id]
        letter_id = order_rows.add_letter(store, phase.id, text, power_id, source)
        rows_to_add, superseded = _supersede(store, view, earlier, new)
        order_rows.add_orders(store, phase.id, letter_id, rows_to_add)
        names = {p: view.map.powers[p].name for p in view.map.powers}
        lines = [TakenLine(r.line, r.text, names.get(r.power or ""), r.status, _detail(r))
                 for r in rows_to_add]
        return Taken(view.game.name, phase.label, lines, superseded, withdrawn)


def _detail(row: NewOrder | OrderRow) -> str:
    """What the echo says about a line: the order as read (with any note), or the reason."""
    if row.status in ("accepted", SENT_AHEAD):
        return f"{row.parsed} ({row.reason})" if row.reason else (row.parsed or "")
    return row.reason


def _supersede(store: Store, view: GameView, earlier: list[OrderRow],
               new: list[tuple[NewOrder, object | None]]) -> tuple[list[NewOrder], list[str]]:
    """Mark earlier orders replaced by this letter; within the letter, the last order wins."""
    last: dict[tuple, int] = {}
    for i, (row, order) in enumerate(new):
        if order is not None:
            key = unit_key(order, row.power)
            if key is not None:
                last[key] = i
    out: list[NewOrder] = []
    for i, (row, order) in enumerate(new):
        key = unit_key(order, row.power) if order is not None else None
        if key is not None and last[key] != i:
            later = new[last[key]][0]
            row = dataclasses.replace(row, status="superseded",
                                      reason=f"replaced by {later.text!r} (line {later.line})")
        out.append(row)
    replaced = []
    for old in earlier:
        key = unit_key(typed_order(old, view.map), old.power)
        if key in last:
            later = new[last[key]][0]
            order_rows.set_order_status(store, old.id, "superseded",
                                        f"replaced by {later.text!r}")
            replaced.append(old.text)
    return out, replaced


@dataclass(frozen=True, slots=True)
class ListedOrder:
    power: str | None  # power name
    text: str
    status: str
    detail: str  # the order as read, or the reason


def list_orders(store: Store, name: str, include_ignored: bool = False
                ) -> tuple[str, list[ListedOrder]]:
    """The open phase's label and every order entered for it, in the order entered."""
    with store.transaction(write=False):
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        names = {p: view.map.powers[p].name for p in view.map.powers}
        listed = [ListedOrder(names.get(r.power or ""), r.text, r.status, _detail(r))
                  for r in order_rows.orders_of_phase(store, phase.id)
                  if include_ignored or r.status != "ignored"]
        return phase.label, listed
