"""The season report as plain text, the way a zine prints it and an email carries it.

Lines are at most 72 columns (long ones wrap with a deeper indent), result tags keep the judge
form `(*bounce*)` and `(*void*: reason)` with one space after each colon, and nothing here is
markup: player text is printed as written (control characters were replaced when the report
was built). `ascii=True` makes the whole text 7-bit clean for old gateways.
"""

from __future__ import annotations

import textwrap

from gm.report.ascii import to_ascii
from gm.report.chart import CentreChart
from gm.report.model import (
    CentreChange,
    OrderLine,
    PowerCount,
    SeasonReport,
    Standing,
    UnreadLine,
)

WIDTH = 72


def wrap(text: str, indent: str = "", hang: str | None = None) -> list[str]:
    """`text` in lines of at most 72 columns; continuation lines get `hang` (deeper)."""
    hang = indent + "    " if hang is None else hang
    lines = textwrap.wrap(text, width=WIDTH, initial_indent=indent, subsequent_indent=hang,
                          break_on_hyphens=False, break_long_words=True)
    return lines or [indent.rstrip()]


def format_order(line: OrderLine) -> str:
    """`A Par - Bur (*bounce*)`, `F Kie - Mun (*void*: a fleet cannot go inland)`."""
    text = line.text
    if line.tags:
        note = f": {line.note}" if line.note else ""
        text += f" (*{', '.join(line.tags)}*{note})"
    elif line.note:
        text += f" ({line.note})"
    return text


def format_unread(line: UnreadLine) -> str:
    """`France: "A Par - Mos" (rejected: Par is not next to Mos)`."""
    who = f"{line.power}: " if line.power else ""
    return f'{who}"{line.text}" ({line.status}: {line.reason})' if line.reason else \
        f'{who}"{line.text}" ({line.status})'


def format_change(change: CentreChange) -> str:
    """`England gains Kiel; loses London, Edinburgh`."""
    parts = []
    if change.gained:
        parts.append(f"gains {', '.join(change.gained)}")
    if change.lost:
        parts.append(f"loses {', '.join(change.lost)}")
    return f"{change.power} {'; '.join(parts)}"


def format_retreats(retreats: tuple[str, ...]) -> str:
    if not retreats:
        return "cannot retreat and must disband"
    return f"may retreat to {or_list(retreats)} or disband"


def format_standing(standing: Standing) -> str:
    """`Victory: 18 supply centres. Leader: Russia with 12 (6 short).`"""
    short = f"{standing.short:g} short" if standing.short > 0 else "condition met"
    leaders = standing.leaders
    if len(leaders) > 3:
        who = f"{len(leaders)} powers share the lead"
    else:
        who = f"{'Leader' if len(leaders) == 1 else 'Leaders'}: {and_list(leaders)}"
    return f"Victory: {standing.condition}. {who} with {standing.score:g} ({short})."


def format_adjustment(value: int | None) -> str:
    if not value:
        return ""
    word = "build" if value > 0 else "removal"
    return f"{value:+d} {word}{'s' if abs(value) > 1 else ''}"


def or_list(items: tuple[str, ...] | list[str]) -> str:
    return _joined(items, "or")


def and_list(items: tuple[str, ...] | list[str]) -> str:
    return _joined(items, "and")


def _joined(items, word: str) -> str:
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def title_of(report: SeasonReport) -> str:
    title = f"{report.game}: {report.phase} ({report.variant})"
    if report.preview:
        title += " [PREVIEW: nothing stored]"
    return title


def _counts_table(counts: list[PowerCount]) -> list[str]:
    width = max(len(c.power) for c in counts)
    out = [f"  {'':<{width}}  centres  units"]
    for c in counts:
        row = f"  {c.power:<{width}}  {c.centres:>7g}  {c.units:>5}"
        out.append(f"{row}  {format_adjustment(c.adjustment)}".rstrip())
    return out


def render_text(report: SeasonReport, ascii: bool = False) -> str:
    """The whole report, ready to mail or print."""
    out = wrap(title_of(report), hang="")
    out.append("=" * min(WIDTH, max(len(line) for line in out)))
    out += wrap(report.heading)
    if report.corrections:
        out += ["", "GM corrections since the last report"]
        for c in report.corrections:
            out += wrap(f"{c.description} (reason: {c.reason})", "  ")
    for power in report.orders:
        out += ["", f"{power.power}:"]
        for line in power.lines:
            out += wrap(format_order(line), "  ")
    if report.unread:
        out += ["", "Lines not adjudicated"]
        for line in report.unread:
            out += wrap(format_unread(line), "  ")
    if report.dislodged:
        out += ["", "Dislodged"]
        for d in report.dislodged:
            out += wrap(f"{d.power}: {d.unit} {format_retreats(d.retreats)}", "  ")
    if report.centre_changes:
        out += ["", "Supply centres changing hands"]
        for change in report.centre_changes:
            out += wrap(format_change(change), "  ")
    if report.events:
        out += ["", "Events"]
        for event in report.events:
            out += wrap(event, "  ")
    if report.eliminated:
        out += [""] + wrap(f"Eliminated: {and_list(report.eliminated)}.")
    if report.counts:
        out += [""] + _counts_table(report.counts)
    if report.result:
        out += [""] + wrap(f"Game over: {report.result}")
    else:
        if report.standing:
            out += [""] + wrap(format_standing(report.standing))
        if report.next_phase:
            out += [""] + wrap(f"Next: {report.next_phase}")
    text = "\n".join(out) + "\n"
    return to_ascii(text) if ascii else text


def chart_blocks(years: tuple[str, ...], name_width: int, cell: int) -> list[range]:
    """The chart's columns cut into blocks that fit the page width, as zines continue a
    long chart below itself."""
    per_block = max(1, (WIDTH - 2 - name_width) // cell)
    return [range(i, min(i + per_block, len(years))) for i in range(0, len(years), per_block)]


def chart_value(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def render_chart_text(chart: CentreChart, ascii: bool = False) -> str:
    """The supply-centre chart as a fixed-width table (blocks of years if it is wide)."""
    title = f"{chart.game}: supply centres at the end of each year ({chart.variant})"
    out = wrap(title, hang="")
    out.append("=" * min(WIDTH, max(len(line) for line in out)))
    if not chart.years:
        out += wrap("No year has ended yet.")
        text = "\n".join(out) + "\n"
        return to_ascii(text) if ascii else text
    out += wrap(f"Years {chart.span}." if " to " in chart.span else f"Year {chart.span}.")
    name_width = max(len(r.power) for r in chart.rows)
    cell = max(4, max(len(y) for y in chart.years)) + 1
    for block in chart_blocks(chart.years, name_width, cell):
        out.append("")
        out.append(f"  {'':<{name_width}}" + "".join(f"{chart.years[i]:>{cell}}"
                                                     for i in block))
        for row in chart.rows:
            out.append(f"  {row.power:<{name_width}}" +
                       "".join(f"{chart_value(row.centres[i]):>{cell}}" for i in block))
    text = "\n".join(out) + "\n"
    return to_ascii(text) if ascii else text
