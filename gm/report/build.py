"""Build a season report from what was stored for a phase (or what a preview computed).

Input: the phase's results and events as the store keeps them, the GM's corrections, and the
position the next phase starts from. Output: a `SeasonReport`, worded and ordered, which the
renderers lay out. Tags follow the zine habit: a successful order has none; a failed one says
why in a word (`*bounce*`, `*cut*`, `*dislodged*`, `*void*`).
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.adjustment import adjustments_due
from gm.engine.position import Position
from gm.engine.retreat import retreat_options
from gm.maps.gamemap import GameMap
from gm.report.model import (
    Correction,
    DislodgedLine,
    OrderLine,
    PowerCount,
    PowerOrders,
    SeasonReport,
)
from gm.report.notation import place, unit_display
from gm.rules import RuleSet
from gm.store.edits import EditRow
from gm.store.results import ResultRow

TAGS = {
    R.BOUNCED: "bounce",
    R.CUT: "cut",
    R.DISLODGED: "dislodged",
    R.NO_CONVOY: "no convoy",
    R.NOT_MATCHED: "void",
    R.VOID: "void",
    R.REPLACED: "replaced",
}


def order_line(result: ResultRow, phase_kind: str) -> OrderLine:
    """One result as a report line: the order, its tags, and a note when the GM needs one."""
    unit = unit_display(result.unit) if result.unit else ""
    tags: list[str] = []
    note = ""
    if result.order_text is None:
        text, tags, note = _default_order(result, unit, phase_kind)
    else:
        text = result.order_text
        if result.code == R.BOUNCED and phase_kind == "Retreat":
            tags = ["bounce", "disbanded"]
        elif result.code in TAGS:
            tags = [TAGS[result.code]]
        if result.code in (R.VOID, R.NOT_MATCHED, R.REPLACED):
            note = result.detail
    if result.dislodged_by and "dislodged" not in tags:
        tags.append("dislodged")
    return OrderLine(text, tuple(tags), note)


def _default_order(result: ResultRow, unit: str, phase_kind: str
                   ) -> tuple[str, list[str], str]:
    """What happened to a unit (or a power) that had no order."""
    if result.code == R.REMOVED:
        return f"Remove {unit}", ["civil disorder"], ""
    if result.code == R.WAIVED:
        return "Waive", ["unused"], result.detail
    if phase_kind == "Retreat":
        return f"{unit} D", ["no order", "disbanded"], ""
    tags = ["no order"]
    if result.code == R.DISLODGED:
        tags.append("dislodged")
    return f"{unit} H", tags, ""


def power_name(game_map: GameMap, power: str) -> str:
    return game_map.powers[power].name if power in game_map.powers else (power or "unknown")


def build_report(*, game: str, game_map: GameMap, phase_label: str, phase_kind: str,
                 results: list[ResultRow], events: list[str], edits: list[EditRow],
                 next_position: Position | None, next_label: str | None,
                 result: str | None = None, preview: bool = False) -> SeasonReport:
    report = SeasonReport(game=game, variant=game_map.name, phase=phase_label,
                          preview=preview, next_phase=next_label, result=result)
    report.corrections = [Correction(e.description, e.reason) for e in edits]
    by_power: dict[str, list[OrderLine]] = {}
    for r in results:
        by_power.setdefault(r.power, []).append(order_line(r, phase_kind))
    order = list(game_map.powers) + sorted(p for p in by_power if p not in game_map.powers)
    report.orders = [PowerOrders(power_name(game_map, p), tuple(by_power[p]))
                     for p in order if p in by_power]
    report.events = list(events)
    if next_position is not None:
        report.dislodged = _dislodged(next_position, game_map)
        report.counts = _counts(next_position, game_map)
    return report


def _dislodged(position: Position, game_map: GameMap) -> list[DislodgedLine]:
    if position.phase.kind != "Retreat":
        return []
    lines = []
    for d in position.dislodged:
        options = retreat_options(d, position, game_map)
        lines.append(DislodgedLine(power_name(game_map, d.unit.power),
                                   f"{d.unit.kind} {place(d.unit.location)}",
                                   tuple(place(o) for o in options)))
    return lines


def _counts(position: Position, game_map: GameMap) -> list[PowerCount]:
    rules = RuleSet.for_map(game_map)
    due = adjustments_due(position, game_map, rules) \
        if position.phase.kind == "Adjustment" else None
    counts = []
    for power in game_map.powers:
        centres = rules.supply(power, position, game_map)
        units = len(position.units_of(power))
        if not centres and not units:
            continue
        adjustment = due.get(power, 0) if due is not None else None
        counts.append(PowerCount(power_name(game_map, power), centres, units, adjustment))
    return counts
