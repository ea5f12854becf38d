"""An order confirmation to mail back to a player, in the plain style of the judges'.

It says what gm read from the power's letters for the open phase: the orders it will
adjudicate, those kept for a later phase, the lines it rejected with the reasons, the orders
replaced or withdrawn, the lines it did not read as orders, and the units still without an
order. A player who reads it knows exactly what will be adjudicated, before the deadline.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.game.games import open_game, resolve_power
from gm.game.progress import not_listed, progress
from gm.game.stored_orders import orders_in_force
from gm.game.workflow_errors import WorkflowError
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.order_rows import SENT_AHEAD, orders_of_phase


@dataclass(frozen=True, slots=True)
class Confirmation:
    power: str  # the power's name
    text: str
    power_id: str = ""


def confirm(store: Store, name: str, power: str | None = None, ordered_only: bool = False
            ) -> list[Confirmation]:
    """The confirmation of one power (`power`), or of every power that has units, centres or
    letters in the open phase (with `ordered_only`, every power that sent orders: the ones a
    GM mails a confirmation to)."""
    with store.transaction(write=False):
        view = open_game(store, name)
        phase = rows.open_phase(store, view.game)
        wanted = resolve_power(view.map, power) if power else None
        rows_now = orders_of_phase(store, phase.id)
        in_force = orders_in_force(store, phase.id, view.map)
        missing = {p.power: p for p in progress(store, name).powers}
        out = []
        for power_id, spec in view.map.powers.items():
            if wanted not in (None, power_id):
                continue
            mine = [r for r in rows_now if r.power == power_id]
            forced = [row for row, _ in in_force if row.power == power_id]
            if wanted is None and not (mine or forced or spec.name in missing):
                continue
            if wanted is None and ordered_only and not any(
                    row.status != "ignored" for row in mine):
                continue
            out.append(Confirmation(spec.name, _text(
                view.game.name, view.map.name, phase.label, spec.name, mine, forced,
                missing.get(spec.name), phase.kind), power_id))
        if wanted is not None and not out:
            raise WorkflowError(f"no confirmation for {power}.")
        return out


def _text(game: str, variant: str, label: str, power: str, mine, forced, progress_row,
          kind: str) -> str:
    lines = [f"Order confirmation: {game} ({variant}), {label}", f"Power: {power}", ""]

    def section(title: str, items: list[str]) -> None:
        if items:
            lines.extend([f"{title}:", *(f"  {item}" for item in items), ""])

    section("Orders to be adjudicated", [r.parsed or r.text for r in forced])
    section("Kept for a later phase", [f"{r.parsed}  ({r.reason})" for r in mine
                                      if r.status == SENT_AHEAD])
    section("Rejected", [f"{r.text}\n    {r.reason}" for r in mine if r.status == "rejected"])
    section("Replaced or withdrawn", [f"{r.text}  ({r.reason})" for r in mine
                                     if r.status in ("superseded", "withdrawn")])
    section("Not read as orders", [f"{r.text}  ({r.reason})" for r in mine
                                   if r.status == "ignored" and not not_listed(r)])
    if progress_row is not None and progress_row.missing:
        what = {"Movement": "they will hold", "Retreat": "they will disband"}.get(kind, "")
        section(f"No order yet for ({what})" if what else "No order yet for",
                progress_row.missing)
    if progress_row is not None and progress_row.note:
        section("Adjustments", [progress_row.note])
    if not forced and not mine:
        lines.extend(["No orders received.", ""])
    return "\n".join(lines).rstrip() + "\n"
