"""Letters as pasted and the orders read from them, with each order's status and reason.

Statuses: 'accepted' (will be adjudicated), 'superseded' (a later order for the same unit
replaced it; `category` 'repeated' where the later order is the same one given again),
'withdrawn' (the GM replaced the power's orders), 'rejected' (could not be read; `reason`
says why, `category` which kind of error), 'ignored' (not an order: a greeting, a signature;
`category` says which, as `gm.orders.ignored` names them), 'later' (a retreat or adjustment
order sent ahead with the moves, kept for that phase).

Each line also keeps where gm filed it when the letter was read, whatever becomes of it later
(replaced, withdrawn): `target`, the label of the later phase it is for ('' the phase it was
entered in; None for a line stored before gm kept it), `conditional` for a retreat sent 'if
dislodged', and `written_for`, the power the line was read for (the letter's or its
heading's), which may differ from the power an order went to. An archive writes them, and a
replay files each line by them instead of reading the letter again.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.store.database import Store
from gm.store.game_rows import now

IN_FORCE = "accepted"
SENT_AHEAD = "later"


@dataclass(frozen=True, slots=True)
class OrderRow:
    """A line of a letter as stored, with its status and reason."""

    id: int
    phase_id: int
    letter_id: int
    line: int
    power: str | None
    text: str
    status: str
    reason: str
    parsed: str | None
    order_json: str | None
    category: str  # why a line was ignored or rejected (`gm.orders.ignored`, an error kind),
    # or 'repeated': a superseded line a later line of the same order stands in for
    explanation: str  # a rejected line's problem and fix, as a report prints them
    target: str | None = None  # the later phase's label; '' the phase entered in; None unknown
    conditional: int = 0  # 1: a retreat sent 'if dislodged'
    written_for: str | None = None  # the power the line was read for


@dataclass(frozen=True, slots=True)
class NewOrder:
    """An order line ready to be stored."""

    line: int
    power: str | None
    text: str
    status: str
    reason: str = ""
    parsed: str | None = None
    order_json: str | None = None
    category: str = ""
    explanation: str = ""
    target: str = ""  # the label of the later phase the line is for; '' the phase entered in
    conditional: bool = False
    written_for: str | None = None


def _order(row: dict) -> OrderRow:
    return OrderRow(**{k: row[k] for k in OrderRow.__slots__})


def add_letter(store: Store, phase_id: int, text: str, power: str | None,
               source: str) -> int:
    return store.execute(
        "INSERT INTO letters (phase_id, power, source, text, entered_at) VALUES (?, ?, ?, ?, ?)",
        [phase_id, power, source, text, now()]).lastrowid


_ORDER_COLUMNS = ("phase_id", "letter_id", "line", "power", "text", "status", "reason", "parsed",
                  "order_json", "category", "explanation", "target", "conditional",
                  "written_for")
_INSERT_ORDER = (f"INSERT INTO orders ({', '.join(_ORDER_COLUMNS)}) "
                 f"VALUES ({', '.join('?' * len(_ORDER_COLUMNS))})")


def add_orders(store: Store, phase_id: int, letter_id: int, orders: list[NewOrder]) -> None:
    """Store a letter's lines in one statement run over them all (a replay stores thousands,
    a letter of chatter as many), inside the caller's transaction or one of its own."""
    with store.transaction():
        store.conn.executemany(_INSERT_ORDER, [
            (phase_id, letter_id, order.line, order.power, order.text, order.status,
             order.reason, order.parsed, order.order_json, order.category, order.explanation,
             order.target, int(order.conditional), order.written_for)
            for order in orders])


def orders_of_phase(store: Store, phase_id: int, statuses: tuple[str, ...] | None = None
                    ) -> list[OrderRow]:
    """The phase's stored lines in the order they were stored; only those of `statuses` when
    given (picked by SQLite: a phase may hold thousands of ignored lines)."""
    if statuses is None:
        return [_order(r) for r in store.query(
            "SELECT * FROM orders WHERE phase_id = ? ORDER BY id", [phase_id])]
    if not statuses:
        return []
    return [_order(r) for r in store.query(
        f"SELECT * FROM orders WHERE phase_id = ? AND status IN "
        f"({', '.join('?' * len(statuses))}) ORDER BY id", [phase_id, *statuses])]


def orders_by_id(store: Store, ids) -> list[OrderRow]:
    """The order rows with these ids, whatever their phase (an order sent ahead is kept in
    the phase its letter came in)."""
    wanted = sorted(set(ids))
    out: list[OrderRow] = []
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        out += [_order(r) for r in store.query(
            f"SELECT * FROM orders WHERE id IN ({','.join('?' * len(chunk))}) ORDER BY id",
            chunk)]
    return out


def set_order_status(store: Store, order_id: int, status: str, reason: str,
                     category: str | None = None) -> None:
    """A line's new status and reason, and its `category` where given (None: kept)."""
    if category is None:
        store.execute("UPDATE orders SET status = ?, reason = ? WHERE id = ?",
                      [status, reason, order_id])
    else:
        store.execute("UPDATE orders SET status = ?, reason = ?, category = ? WHERE id = ?",
                      [status, reason, category, order_id])


def letters_of_phase(store: Store, phase_id: int) -> list[dict]:
    return list(store.query("SELECT * FROM letters WHERE phase_id = ? ORDER BY id",
                               [phase_id]))
