"""The season report as plain text, the way a zine prints it and an email carries it."""

from __future__ import annotations

from gm.report.model import OrderLine, SeasonReport


def format_order(line: OrderLine) -> str:
    """`A Par - Bur (*bounce*)`, `F Kie - Mos (*void*: a fleet cannot reach mos)`."""
    text = line.text
    if line.tags:
        text += f" (*{', '.join(line.tags)}*)"
    if line.note:
        text += f": {line.note}"
    return text


def _count(value: float) -> str:
    return f"{value:g}"


def _adjustment(value: int | None) -> str:
    if not value:
        return ""
    word = "build" if value > 0 else "removal"
    return f"{value:+d} {word}{'s' if abs(value) > 1 else ''}"


def render_text(report: SeasonReport) -> str:
    out: list[str] = []
    title = f"{report.game}: {report.phase} ({report.variant})"
    if report.preview:
        title += " [PREVIEW: nothing stored]"
    out += [title, "=" * len(title)]
    if report.corrections:
        out += ["", "GM corrections"]
        out += [f"  {c.description} (reason: {c.reason})" for c in report.corrections]
    for power in report.orders:
        out += ["", power.power]
        out += [f"  {format_order(line)}" for line in power.lines]
    if report.dislodged:
        out += ["", "Dislodged"]
        for d in report.dislodged:
            where = (f"may retreat to {_or_list(d.retreats)} or disband" if d.retreats
                     else "cannot retreat and must disband")
            out.append(f"  {d.power}: {d.unit} {where}")
    if report.events:
        out += ["", "Changes"]
        out += [f"  {e}" for e in report.events]
    if report.counts:
        width = max(len(c.power) for c in report.counts)
        out += ["", f"  {'':<{width}}  centres  units"]
        for c in report.counts:
            row = f"  {c.power:<{width}}  {_count(c.centres):>7}  {c.units:>5}"
            adjustment = _adjustment(c.adjustment)
            out.append(f"{row}  {adjustment}".rstrip())
    if report.result:
        out += ["", f"Game over: {report.result}"]
    elif report.next_phase:
        out += ["", f"Next: {report.next_phase}"]
    return "\n".join(out) + "\n"


def _or_list(items: tuple[str, ...]) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"
