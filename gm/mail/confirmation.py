"""A confirmation per power, in the plain-text style of the judges' order confirmations: what
gm read from the power's letters this phase, what it will adjudicate, what it keeps for a later
phase, what it rejected and why, and which units still have no order.

(Issue #15 builds `gm confirm` for the same text; when it lands, `confirmation_text` is the one
function to hand over to it.)
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.game.games import GameView
from gm.game.progress import progress
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.order_rows import SENT_AHEAD, OrderRow, orders_of_phase

STATUS_WORD = {"accepted": "ok", "rejected": "REJECTED", "superseded": "replaced",
               "withdrawn": "withdrawn", SENT_AHEAD: "later"}


@dataclass(frozen=True, slots=True)
class Confirmation:
    power: str  # power id
    power_name: str
    phase: str
    text: str


def powers_with_orders(rows_of_phase: list[OrderRow]) -> list[str]:
    """The powers (ids) that sent orders this phase, in the order they first did."""
    seen: list[str] = []
    for row in rows_of_phase:
        if row.power and row.status != "ignored" and row.power not in seen:
            seen.append(row.power)
    return seen


def confirmations(store: Store, view: GameView, power: str | None = None
                  ) -> list[Confirmation]:
    """The open phase's confirmation for `power` (an id), or for every power that ordered."""
    with store.transaction(write=False):
        phase = rows.open_phase(store, view.game)
        entered = orders_of_phase(store, phase.id)
        missing = {p.power: p.missing for p in progress(store, view.game.name).powers}
        powers = [power] if power else powers_with_orders(entered)
        out = []
        for power_id in powers:
            name = view.map.powers[power_id].name
            mine = [row for row in entered if row.power == power_id]
            out.append(Confirmation(power_id, name, phase.label, confirmation_text(
                view.game.name, phase.label, name, mine, missing.get(name, []))))
        return out


def confirmation_text(game: str, phase: str, power: str, entered: list[OrderRow],
                      missing: list[str]) -> str:
    """The confirmation's text from the power's order lines, in the order they came."""
    lines = [f"{game}, {phase}: orders received for {power}", ""]
    read = [row for row in entered if row.status != "ignored"]
    if not read:
        lines.append("No orders were read from your letters for this phase.")
    else:
        width = max(len(row.text) for row in read)
        lines.append("Read from your letters:")
        for row in read:
            detail = row.parsed if row.status in ("accepted", SENT_AHEAD) else row.reason
            lines.append(f"  {STATUS_WORD.get(row.status, row.status):<9} "
                         f"{row.text:<{width}}  {detail or ''}".rstrip())
    sections = (
        ("To be adjudicated:", [row.parsed or row.text for row in entered
                                if row.status == "accepted"]),
        ("Kept for a later phase:", [f"{row.parsed or row.text} ({row.reason})"
                                     for row in entered if row.status == SENT_AHEAD]),
        ("Rejected:", [f"{row.text}: {row.reason}" for row in entered
                       if row.status == "rejected"]),
        ("No order yet (the unit will hold, or the default applies):", missing),
    )
    for heading, items in sections:
        if items:
            lines += ["", heading, *(f"  {item}" for item in items)]
    lines += ["", "If this is not what you meant, send your corrected orders before the "
                  "deadline; a later order for a unit replaces the earlier one."]
    return "\n".join(lines) + "\n"
