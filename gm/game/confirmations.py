"""An order confirmation to mail back to a player, in the plain style of the judges'.

It is gm's word to the player, and private to that player: it says everything gm read from
the power's letters for the open phase, as the adjudication will take it. The orders it will
adjudicate, each with every note the echo gave it (a void order says why, in the engine's
words; a warning says what may still stop it; a line that replaced an earlier one says so);
those kept for a later phase; the lines it rejected with the reasons; the orders replaced or
withdrawn; those a later line repeated (the same order given again, which stands); the lines it did not read as orders (quoted mail and remarks included: the player
wrote them); the units still without an order and what becomes of them (they hold, or
disband); what the rules do for a piece with no order (a leader not placed starts on its
power's first home); the count of builds or removals that will be made; and the deadline.

The confirmation is built once as data (`Confirmation.lines`, a verdict per line) and then
written as text, so that the verdicts can be compared with the echo's and the engine's.
In an adjustment phase a line's verdict is the engine's, from a trial adjudication of the
orders in force on a copy of the board (`gm.game.verdicts`): it is right when the
confirmation is made, whatever letters came after the line was read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gm.engine.declarations import declare, split_declarations
from gm.game.games import GameView, open_game, resolve_power
from gm.game.progress import not_listed, progress
from gm.game.stored_orders import orders_in_force
from gm.game.surplus import with_note, with_verdict
from gm.game.verdicts import (
    LATER,
    REJECTED,
    REPEATED,
    REPLACED,
    UNREAD,
    not_now_verdict,
    noted_verdict,
    trial_verdicts,
)
from gm.game.workflow_errors import WorkflowError
from gm.orders.check import VOID_NOTE, checked_order
from gm.orders.errors import OrderError
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of, game_zone
from gm.store.order_rows import SENT_AHEAD, OrderRow, letters_of_phase, orders_of_phase
from gm.store.position_rows import load_position


@dataclass(frozen=True, slots=True)
class ConfirmedLine:
    """A line of the power's letters as the confirmation tells it: the order as read (or the
    line as written), its verdict (`gm.game.verdicts`: ok, void, void in part, later,
    rejected, replaced, repeated, not read) and what the player is told of it."""

    row_id: int
    text: str
    verdict: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A power's order confirmation: the text sent to its player, and the lines it lists."""

    power: str  # the power's name
    text: str
    power_id: str = ""
    lines: tuple[ConfirmedLine, ...] = ()


def confirm(store: Store, name: str, power: str | None = None, ordered_only: bool = False
            ) -> list[Confirmation]:
    """The confirmation of one power (`power`), or of every power that has units, centres or
    letters in the open phase (with `ordered_only`, every power that sent orders: the ones a
    GM mails a confirmation to)."""
    with store.transaction(write=False):
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        wanted = resolve_power(view.map, power) if power else None
        rows_now = _with_letter_power(store, phase.id)
        in_force = orders_in_force(store, phase.id, view.map)
        position = load_position(store, phase)
        rules = RuleSet.for_map(view.map)
        verdicts = _in_force_verdicts(in_force, position, view, rules)
        missing = {p.power: p for p in progress(store, name).powers}
        due = deadline_of(store, view.game.id, phase.label)
        deadline = due.words(game_zone(store, view.game.id)) if due else ""
        out = []
        for power_id, spec in view.map.powers.items():
            if wanted not in (None, power_id):
                continue
            mine = [r for r in rows_now if r.power == power_id]
            forced = [(row, order) for row, order in in_force if row.power == power_id]
            if wanted is None and not (mine or forced or spec.name in missing):
                continue
            if wanted is None and ordered_only and not any(
                    row.status != "ignored" for row in mine):
                continue
            lines = _lines(mine, forced, verdicts)
            notes = _unordered(power_id, forced, position, view, rules)
            text = _text(view, phase.label, spec.name, lines, missing.get(spec.name),
                         phase.kind, notes, deadline)
            out.append(Confirmation(spec.name, text, power_id, tuple(lines)))
        if wanted is not None and not out:
            raise WorkflowError(f"no confirmation for {power}.")
        return out


def _with_letter_power(store: Store, phase_id: int) -> list[OrderRow]:
    """The phase's rows, a line of no power (a greeting above the first heading) given the
    power of its letter: the letter's, or the one power its other lines are for."""
    found = orders_of_phase(store, phase_id)
    powers: dict[int, set[str]] = {}
    for row in found:
        if row.power:
            powers.setdefault(row.letter_id, set()).add(row.power)
    of_letter = {letter["id"]: letter["power"] for letter in letters_of_phase(store, phase_id)}
    out = []
    for row in found:
        whose = of_letter.get(row.letter_id) or (
            next(iter(powers[row.letter_id])) if len(powers.get(row.letter_id, ())) == 1
            else None)
        out.append(row if row.power or not whose else replace(row, power=whose))
    return out


def _in_force_verdicts(in_force, position, view: GameView, rules) -> dict[int, object]:
    """Each row in force -> its row with the void note as the adjudication will have it now,
    whatever was stored when its letter was read (a later letter, a GM edit or a letter
    dropped since may have changed it): in an adjustment phase the engine's own verdict on
    all the orders in force (a trial adjudication on a copy); else the legality check of
    each order on the board as the engine sees it, the declarations (a leader's placement)
    carried out first."""
    if position.phase.kind == "Adjustment":
        found = trial_verdicts(position, [order for _, order in in_force], view.map, rules)
        return {row.id: with_verdict(row, verdict) for (row, _), verdict in
                zip(in_force, found, strict=True)}
    board = position.copy()
    orders, declarations = split_declarations([order for _, order in in_force])
    declare(declarations, board, view.map, rules)
    return {row.id: with_note(row, _legality_note(order, board, view, rules))
            for row, order in in_force}


def _legality_note(order, board, view: GameView, rules) -> str:
    """The note the legality check gives the order on this board: void, or a warning."""
    try:
        return checked_order(order, view.map, board, board.phase.kind, rules=rules)[1] or ""
    except OrderError as exc:  # the board changed since: the engine voids it
        return VOID_NOTE.format(exc.message)


def _lines(mine: list[OrderRow], forced, verdicts) -> list[ConfirmedLine]:
    """Every line of the power's letters for this phase, and the orders sent ahead for it
    earlier, each with its verdict."""
    lines = []
    for row, _ in forced:  # the orders to be adjudicated, in the order the engine takes them
        now = verdicts.get(row.id, row)
        reason = now.reason if row.status != SENT_AHEAD else _after_kept(now.reason)
        verdict = noted_verdict("accepted", reason)
        lines.append(ConfirmedLine(row.id, row.parsed or row.text, verdict.kind, reason))
    for row in mine:
        if row.status == "accepted":
            continue  # told above, with the orders in force
        if row.status == "ignored" and not_listed(row):
            continue  # a heading or an email header
        verdict = not_now_verdict(row.status, row.category)
        text = row.parsed if row.status == SENT_AHEAD else row.text
        lines.append(ConfirmedLine(row.id, text or row.text, verdict, row.reason))
    return lines


def _after_kept(reason: str) -> str:
    """The notes of an order sent ahead, without its 'kept for <phase>' (it is now)."""
    return "; ".join(n for n in (reason or "").split("; ") if not n.startswith("kept for "))


def _unordered(power: str, forced, position, view: GameView, rules) -> list[str]:
    """What the rules do this phase for the power's pieces no order of its settles: a leader
    not placed with the first Spring's orders starts on its power's first home (Rise of
    Rome II 3.3). The rules' own words (`prepare_orders`), tried on a copy of the board."""
    if position.phase.kind != "Movement" or not rules.answers("prepare_orders"):
        return []
    given = [order for _, order in forced]
    board = position.copy()
    orders, declarations = split_declarations(given)
    declare(declarations, board, view.map, rules)  # placements first, as the engine has it
    _, said = rules.prepare_orders(board, orders, view.map)
    return [r.detail for r in said if r.power == power and r.succeeded
            and not any(r.order is order for order in given)]


def _text(view: GameView, label: str, power: str, lines: list[ConfirmedLine], progress_row,
          kind: str, unordered: list[str], deadline: str) -> str:
    out = [f"Order confirmation: {view.game.name} ({view.map.name}), {label}",
           f"Power: {power}"]
    if deadline:
        out.append(f"Orders are due {deadline}.")
    out.append("")

    def section(title: str, items: list[str]) -> None:
        if items:
            out.extend([f"{title}:", *(f"  {item}" for item in items), ""])

    def noted(line: ConfirmedLine) -> str:
        return f"{line.text}\n    {line.note}" if line.note else line.text

    section("Orders to be adjudicated", [noted(x) for x in lines
                                         if x.verdict not in _NOT_NOW])
    section("Kept for a later phase", [f"{x.text}  ({x.note})" for x in lines
                                      if x.verdict == LATER])
    section("Rejected", [noted(x) for x in lines if x.verdict == REJECTED])
    section("Replaced or withdrawn", [f"{x.text}  ({x.note})" for x in lines
                                     if x.verdict == REPLACED])
    section("Repeated (the same order stands)", [f"{x.text}  ({x.note})" for x in lines
                                                 if x.verdict == REPEATED])
    section("Not read as orders", [f"{x.text}  ({x.note})" for x in lines
                                   if x.verdict == UNREAD])
    if progress_row is not None and progress_row.missing:
        what = {"Movement": "they will hold", "Retreat": "they will disband"}.get(kind, "")
        section(f"No order yet for ({what})" if what else "No order yet for",
                progress_row.missing)
    section("Pieces without an order", unordered)
    if progress_row is not None and progress_row.note:
        section("Adjustments", [progress_row.note])
    if not lines:
        out.extend(["No orders received.", ""])
    return "\n".join(out).rstrip() + "\n"


_NOT_NOW = frozenset({LATER, REJECTED, REPLACED, REPEATED, UNREAD})
