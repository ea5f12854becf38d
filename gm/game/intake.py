"""Taking orders: a pasted letter is stored as written, then line by line as orders.

Each line is accepted (it will be adjudicated), rejected (it could not be read, and the reason
says why), or ignored (it is not an order). An order's power is the letter's (from `--power` or
a header such as `France:`), or else the owner of the unit it names. A later order for the same
unit replaces an earlier one, which stays stored as 'superseded', and both say so (that the later
line repeats it, where it gives the same order: the earlier line is then of category
`REPEATED`, and nothing is said to have changed); a line gm is not sure of never replaces a
different order, in its letter or an earlier one (reading rule 9), and is refused with the
question it asks; `replace=True` withdraws all the power's earlier letters for the phase
first (their orders, and their rejected and ignored lines, which the report then leaves out),
as when a player sends a fresh set.

A letter orders only the powers it is for (reading rule 2, `gm/orders/README.md`): the
`--power` given, or its headings' powers; a letter with neither must name one power's units
only. Lines meant for a later phase are kept for it ('later'), never taken for this one.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, NamedTuple

from gm.calendar import Phase, following_phase, phase_name, phases_ahead
from gm.engine.position import Position
from gm.game.games import GameView, open_game, resolve_power  # noqa: F401
from gm.game.history import discard_redo, require_running
from gm.game.letter_bytes import check_size
from gm.game.stored_orders import meant_for, order_key, orders_in_force, typed_order
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.notation import order_display
from gm.orders import ignored
from gm.orders.errors import OrderError
from gm.orders.kinds.build import Build, site_power
from gm.orders.letter_lines import (
    REPEATED,
    Doubt,
    IgnoredLine,
    ReadOrder,
    RejectedLine,
    ReplacedOrder,
    same_order,
)
from gm.orders.letters import read_orders, replaces_words, shown_order, unsure_error
from gm.orders.sections import LetterPhases, PhaseSlot
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store import order_rows
from gm.store.codec import order_to_json
from gm.store.database import Store
from gm.store.order_rows import SENT_AHEAD, NewOrder, OrderRow
from gm.store.position_rows import load_position

if TYPE_CHECKING:
    from gm.orders.recorded import RecordedLine

REPLACED = "the power's orders were replaced"


class TakenLine(NamedTuple):
    """One line of the letter and what gm made of it, for the GM to check."""

    line: int
    text: str
    power: str | None  # power name
    status: str
    detail: str  # the order as read, or the reason it was rejected or ignored
    category: str = ""  # why it was ignored or rejected; REPEATED: a later line repeats it


class Taken(NamedTuple):
    """What reading one letter did: its lines as read, and the earlier orders it replaced or
    repeated."""

    game: str
    phase: str
    lines: list[TakenLine]
    superseded: list[str]  # earlier orders this letter replaced with a different one, as read
    withdrawn: int  # earlier orders withdrawn by replace=True
    read_as: str = ""  # why a letter that named no power was read as one player's letter
    repeated: tuple[str, ...] = ()  # earlier orders this letter gave again, unchanged, as read


def infer_power(order, position: Position, game_map: GameMap) -> str | None:
    """Whose order this is when the letter does not say: the owner of the unit it names, or
    for a build, of the site it names (`site_power`, the letter's own check's rule)."""
    location = getattr(order, "location", "") or ""
    if not location:
        return None
    province = location.split("/")[0]
    if isinstance(order, Build):
        return site_power(province, position.owners, game_map)
    pieces = [d.unit for d in position.dislodged] if position.phase.kind == "Retreat" else []
    for unit in pieces + list(position.units):
        if unit.province == province:
            return unit.power
    return None


def _with_power(order, power: str):
    if getattr(order, "power", power) == power or not dataclasses.is_dataclass(order):
        return order
    return dataclasses.replace(order, power=power)


def letter_phases(phase: Phase, game_map: GameMap) -> LetterPhases:
    """The phases a letter read now may order: the open one and those before the next
    movement."""

    def slot(p: Phase) -> PhaseSlot:
        return PhaseSlot(p.kind, p.season, p.year, phase_name(p, game_map))

    ahead = phases_ahead(phase, game_map)
    nxt = following_phase(ahead[-1] if ahead else phase, game_map)
    return LetterPhases(slot(phase), tuple(slot(p) for p in ahead), phase_name(nxt, game_map))


def read_letter(text: str, view: GameView, position: Position, power: str | None,
                recorded: list[RecordedLine] | None = None
                ) -> tuple[list[tuple[NewOrder, object | None]], str | None]:
    """Every non-blank line of the letter as an order row, with its typed order if accepted,
    and the power the letter is for (`power`, or the Major of the one player whose powers an
    unheaded letter names). A `recorded` letter (from an archive) is filed line by line as
    recorded, not read again. Raises `WorkflowError` if the letter cannot be taken at all
    (reading rule 2)."""
    out, power, _ = _letter_rows(text, view, position, power, recorded)
    return out, power


def _letter_rows(text: str, view: GameView, position: Position, power: str | None,
                 recorded: list[RecordedLine] | None = None
                 ) -> tuple[list[tuple[NewOrder, object | None]], str | None, dict[int, Doubt]]:
    """`read_letter`, and why gm is not sure of an order it read, by the order's index in the
    rows (`Letter.doubt`): such an order replaces no different order of an earlier letter."""
    letter = _read(text, view, position, power, recorded)
    player = _one_power_each(letter, power, position, view.map)
    if player is not None:  # one player's letter: read again as the Major's (rule 2)
        power, letter = player, _read(text, view, position, player, recorded)
    out: list[tuple[NewOrder, object | None]] = []
    doubts: dict[int, Doubt] = {}
    for item in letter.entries():
        if isinstance(item, ReplacedOrder):
            old, by = item.old, item.by
            row, _ = _accepted(old, view, position)  # kept with its reading and target
            out.append((_superseded(row, by.text, by.line, item.repeated), None))
        elif isinstance(item, ReadOrder):
            if letter.doubt(item):
                doubts[len(out)] = letter.doubt(item)
            out.append(_accepted(item, view, position))
        elif isinstance(item, RejectedLine):
            out.append((_rejected(item.line, item.power, item.text, item.error), None))
        elif isinstance(item, IgnoredLine):
            out.append((NewOrder(item.line, item.power, item.text, "ignored", item.reason,
                                 category=item.kind), None))
        else:  # a heading: who the orders below are for, or what they are
            out.append((NewOrder(item.line, item.power, item.text, "ignored", item.note,
                                 category=ignored.HEADING), None))
    return [(dataclasses.replace(row, written_for=letter.written_for.get(row.line)), order)
            for row, order in out], power, doubts


def _rejected(line: int, power: str | None, text: str, error: OrderError) -> NewOrder:
    """A rejected line's row: the reason as the echo gives it, the kind, the report's words."""
    return NewOrder(line, power, text, "rejected", error.describe(), category=error.kind,
                    explanation=error.explain())


def _read(text: str, view: GameView, position: Position, power: str | None,
          recorded: list[RecordedLine] | None = None):
    """The letter read for `power` (None: for whoever each heading names); raises
    `WorkflowError` with reading rule 2's refusals."""
    letter = _reading(text, view, position, power, recorded)
    if letter.refusals:
        raise WorkflowError(" ".join(f"{r.rstrip('.')}." for r in letter.refusals)
                            + " Nothing was stored.")
    return letter


def _one_power_each(letter, power: str | None, position: Position, game_map: GameMap
                    ) -> str | None:
    """A letter without heading and without --power may order one power's units only, or
    (where one player plays several powers) one player's: then it is that player's letter,
    for the Major, whose power id is returned. Lines before the first heading must be for
    one of the headings' powers."""
    if power is not None:
        return None
    unheaded = {infer_power(item.order, position, game_map) for item in letter.orders
                if not item.headed} - {None}
    headed = {h.power for h in letter.headers if h.power}
    if len(unheaded) > 1 and not headed:
        major = _players_major(unheaded, game_map)
        if major is not None:
            return major
    if len(unheaded) > 1 or (headed and unheaded - headed):
        names = ", ".join(sorted(game_map.powers[p].name for p in unheaded | headed))
        raise WorkflowError(
            f"the letter orders units of several powers ({names}) without saying whose "
            f"orders they are; give --power, or put a heading such as "
            f"'{game_map.example_heading()}' above each power's orders. Nothing was stored.")
    return None


def _players_major(powers: set[str], game_map: GameMap) -> str | None:
    """The power of the one player who plays all these powers, the one the map's `player`
    names (a Major for its Minor); None where they are not one player's, or the map has no
    players."""
    rules = RuleSet.for_map(game_map)
    if not rules.sides:
        return None
    players = {rules.side(p) for p in powers}
    if len(players) != 1:
        return None
    major = players.pop()
    return major if major in game_map.powers else None


def _accepted(read, view: GameView, position: Position) -> tuple[NewOrder, object | None]:
    who = read.power or infer_power(read.order, position, view.map)
    if who is None:
        return (NewOrder(read.line, None, read.text, "rejected",
                         "whose order is this? Give --power, or put a line such as "
                         f"'{view.map.example_heading()}' above it."), None)
    order = _with_power(read.order, who)
    parsed = _shown(order, read.later is not None, position, view.map)
    notes = "; ".join(read.notes)
    if read.later is not None:  # checked against the board when that phase comes
        kept = f"kept for {read.later.label}" + (f"; {notes}" if notes else "")
        return (NewOrder(read.line, who, read.text, SENT_AHEAD, kept, parsed,
                         order_to_json(order), target=read.later.label,
                         conditional=read.conditional), order)
    return (NewOrder(read.line, who, read.text, "accepted", notes, parsed,
                     order_to_json(order), conditional=read.conditional), order)


def _shown(order, later: bool, position: Position, game_map: GameMap) -> str:
    """How the echo, the confirmation and the listing name an order: one of the open phase
    as its piece stands, or as written when it will be void (`letters.shown_order`); one
    kept for a later phase as written, a kind left out filled from the unit now there (it is
    checked against the board when its phase comes)."""
    if not later:
        return shown_order(order, position, game_map, position.phase.kind,
                           RuleSet.for_map(game_map))
    unit = next((u for u in position.units if u.province == order.province), None) \
        if getattr(order, "location", "") else None
    return order_display(order, unit.kind if unit else None)


def take_orders(store: Store, name: str, text: str, power: str | None = None,
                source: str = "", replace: bool = False, force: bool = False,
                recorded: list[RecordedLine] | None = None) -> Taken:
    """Store a pasted letter and its orders for the game's open phase. A letter too big to
    be one is refused unless `force`. A `recorded` letter (an archive's, `text` its lines) is
    filed line by line as recorded (`gm.orders.recorded`)."""
    check_size(text, source or "the letter", force)
    with store.transaction():
        view = open_game(store, name)
        require_running(view.game)
        if not text.strip() and not replace:
            raise WorkflowError("no orders given; nothing was stored. Give a file, or paste "
                                "the orders.")
        power_id = resolve_power(view.map, power)
        if replace and power_id is None:
            raise WorkflowError("--replace needs --power: say whose orders to replace.")
        phase = rows.open_phase(store, view.game)
        position = load_position(store, phase)
        asked = power_id
        new, power_id, doubts = _letter_rows(text, view, position, power_id, recorded)
        discard_redo(store, view.game)
        withdrawn = _withdraw_letters(store, view, position, phase.id, power_id) if replace else 0
        earlier = order_rows.orders_of_phase(store, phase.id, ("accepted", SENT_AHEAD))
        letter_id = order_rows.add_letter(store, phase.id, text, power_id, source)
        new, superseded, repeated = _supersede(store, view, phase.kind, earlier, new, doubts)
        rows_to_add = [row for row, _ in new]
        if phase.kind == "Adjustment":  # each build or removal as the engine will take it
            from gm.game.surplus import note_surplus  # here: no other phase needs it

            rows_to_add = note_surplus(orders_in_force(store, phase.id, view.map), new,
                                       position, view.map, RuleSet.for_map(view.map))
        order_rows.add_orders(store, phase.id, letter_id, rows_to_add)
        names = {p: view.map.powers[p].name for p in view.map.powers}
        lines = [TakenLine(r.line, r.text, names.get(r.power or ""), r.status, _detail(r),
                           r.category) for r in rows_to_add]
        read_as = "" if power_id == asked else _read_as(power_id, view.map)
        return Taken(view.game.name, phase.label, lines, superseded, withdrawn, read_as,
                     tuple(repeated))


def _read_as(major: str, game_map: GameMap) -> str:
    """The echo's note on a letter that named no power, read as one player's letter."""
    rules = RuleSet.for_map(game_map)
    names = [game_map.powers[p].name for p in game_map.powers if rules.side(p) == major]
    return (f"Read as {game_map.powers[major].name}'s letter: it orders pieces of one "
            f"player's powers only ({', '.join(names)}); each line is for the power whose "
            "piece it orders.")


def _withdraw_letters(store: Store, view: GameView, position: Position, phase_id: int,
                      power: str) -> int:
    """Withdraw every line the power's earlier letters gave for the phase (reading rule 3): its
    orders (those replaced since too), and its rejected and ignored lines, so that nothing of
    a replaced letter is listed as if it were in force (they stay in the store, marked
    withdrawn). Where one player plays several powers, a line goes if it was written for the
    power (in a letter for it, or under its heading), whichever of the player's powers it was
    attributed to, and a line written for another of them stays. Returns how many orders in
    force were withdrawn."""
    letters = order_rows.letters_of_phase(store, phase_id)
    letter_power = {row["id"]: row["power"] for row in letters}
    rows = order_rows.orders_of_phase(store, phase_id,
                                      ("accepted", SENT_AHEAD, "superseded", "rejected",
                                       "ignored"))
    sides = RuleSet.for_map(view.map).sides
    # lines stored before gm kept the power each was written for: their letter read again
    unknown = {row.letter_id for row in rows if row.written_for is None} if sides else set()
    read_again = {row["id"]: _written_for(row["text"], view, position, row["power"])
                  for row in letters if row["id"] in unknown}
    orders = 0
    for row in rows:
        whose = row.power or letter_power.get(row.letter_id)
        if sides:
            whose = row.written_for or read_again.get(row.letter_id, {}).get(row.line, whose)
        if whose != power:
            continue
        order_rows.set_order_status(store, row.id, "withdrawn", REPLACED)
        orders += row.status in ("accepted", SENT_AHEAD)
    return orders


def _written_for(text: str, view: GameView, position: Position, power: str | None
                 ) -> dict[int, str]:
    """Each line of a stored letter and the power it was written for, read again as it was
    read when taken (its headings, or the power it was entered for)."""
    return _reading(text, view, position, power).written_for


def _reading(text: str, view: GameView, position: Position, power: str | None,
             recorded: list[RecordedLine] | None = None):
    """The letter read for `power` against the open phase's board, as intake reads it (or
    filed as recorded)."""
    if recorded is not None:  # an archive's letter, replayed
        from gm.orders.recorded import read_recorded

        return read_recorded(recorded, view.map, power, phase_kind=position.phase.kind,
                             board=position, phases=letter_phases(position.phase, view.map),
                             rules=RuleSet.for_map(view.map))
    return read_orders(text, view.map, power, phase_kind=position.phase.kind, board=position,
                       phases=letter_phases(position.phase, view.map),
                       rules=RuleSet.for_map(view.map))


def _detail(row: NewOrder | OrderRow) -> str:
    """What the echo and the listing say about a line: the order as read (with any note), or
    the reason. An order a later one replaced was read too: it is shown with why it is not in
    force (`A Par - Bur (replaced by your later order on line 3, 'A Par - Pic')`), so the GM
    sees what the player's line said, not only that it lost."""
    if row.status in ("accepted", SENT_AHEAD) or (row.status in _REPLACED and row.parsed):
        return f"{row.parsed} ({row.reason})" if row.reason else (row.parsed or "")
    return row.reason


_REPLACED = ("superseded", "withdrawn")


def _supersede(store: Store, view: GameView, phase_kind: str, earlier: list[OrderRow],
               new: list[tuple[NewOrder, object | None]], doubts: dict[int, Doubt]
               ) -> tuple[list[tuple[NewOrder, object | None]], list[str], list[str]]:
    """Mark earlier orders replaced by this letter, and say so on the order that replaced
    them (unless it repeats them); within the letter, the last order wins. An earlier order
    the later one repeats (`same_order`) is marked so (`REPEATED`): it is not in force, the
    same order stands. Returns the letter's rows and the earlier orders it replaced and
    repeated. The same unit is
    the same piece ordered by the same player (`stored_orders.order_key`). An order gm is not
    sure of (`doubts`, by index in `new`) that would replace a different order of an earlier
    letter is refused instead, naming that order: gm asks rather than replaces (reading rule
    9)."""
    def key(row, order) -> tuple | None:
        return order_key(order, row.power, meant_for(row, view.map), phase_kind, view.map)

    given: dict[tuple, list[tuple[OrderRow, object]]] = {}  # in force from earlier letters
    for old in earlier:
        order = typed_order(old, view.map)
        given.setdefault(key(old, order), []).append((old, order))
    rows = list(new)
    keys = [key(row, order) if order is not None else None for row, order in rows]
    for i, doubt in doubts.items():
        other = [old for old, _ in given.get(keys[i], ()) if not _same(old, rows[i][0])]
        if keys[i] is not None and other:
            row = rows[i][0]
            shown = "; ".join(f"in an earlier letter, {old.parsed or old.text}" for old in other)
            rows[i] = (dataclasses.replace(
                _rejected(row.line, row.power, row.text, unsure_error(row.text, shown, doubt)),
                written_for=row.written_for), None)
            keys[i] = None
    last = {k: i for i, k in enumerate(keys) if k is not None}
    out: list[tuple[NewOrder, object | None]] = []
    for i, (row, order) in enumerate(rows):
        k = keys[i]
        if k is not None and last[k] != i:
            later = rows[last[k]][0]
            row = _superseded(row, later.text, later.line, _same(row, later))
        elif k is not None and given.get(k):  # said where it changes what stands
            notes = [replaces_words(old.parsed or old.text) for old, _ in given[k]
                     if not _same(old, row)]
            row = dataclasses.replace(row, reason="; ".join(filter(None, [row.reason, *notes])))
        out.append((row, order))
    replaced: list[str] = []
    repeated: list[str] = []
    for k, olds in given.items():
        if k is not None and k in last:
            later = rows[last[k]][0]
            for old, _ in olds:
                same = _same(old, later)
                order_rows.set_order_status(store, old.id, "superseded",
                                            replaced_words(later.text, repeated=same),
                                            category=REPEATED if same else "")
                (repeated if same else replaced).append(old.parsed or old.text)  # as echoed
    return out, replaced, repeated


def _same(old: NewOrder | OrderRow, new: NewOrder) -> bool:
    """Does `new` give the same order as `old` (`same_order`: as read, and for the same
    power)?"""
    return same_order((old.parsed, old.power), (new.parsed, new.power))


def _superseded(row: NewOrder, text: str, line: int, repeated: bool) -> NewOrder:
    """A line of this letter that a later line of it (`text` on `line`) replaced, or
    `repeated` (gave the same order again)."""
    return dataclasses.replace(row, status="superseded",
                               reason=replaced_words(text, line, repeated),
                               category=REPEATED if repeated else "")


def replaced_words(text: str, line: int | None = None, repeated: bool = False) -> str:
    """Why an order is not in force, in words the player reads in the confirmation: a later
    order for the same unit replaced it, or `repeated` it (the same order, so nothing
    changed), in this letter (on `line`) or a later one."""
    where = f"on line {line}" if line is not None else "in a later letter"
    return f"{'repeated' if repeated else 'replaced'} by your later order {where}, {text!r}"


class ListedOrder(NamedTuple):
    """An order of the phase as `gm orders --list` prints it."""

    power: str | None  # power name
    text: str
    status: str
    detail: str  # the order as read, or the reason
    category: str = ""  # why it was ignored or rejected; REPEATED: a later line repeats it


def list_orders(store: Store, name: str, include_ignored: bool = False,
                power: str | None = None) -> tuple[str, list[ListedOrder]]:
    """The open phase's label and every order entered for it (or for `power` only), in the
    order entered."""
    with store.transaction(write=False):
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        only = resolve_power(view.map, power) if power else None
        names = {p: view.map.powers[p].name for p in view.map.powers}
        listed = [ListedOrder(names.get(r.power or ""), r.text, r.status, _detail(r), r.category)
                  for r in order_rows.orders_of_phase(store, phase.id)
                  if (include_ignored or r.status != "ignored")
                  and (only is None or r.power == only)]
        return phase.label, listed
