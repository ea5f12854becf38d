"""The season report and the centre chart as Markdown, for web zines.

Result tags keep the zine form and become emphasis: `(*bounce*)` shows as (*bounce*). Every
other string is escaped (`escape`), so a player's `*`, `[link](...)`, `<b>`, `|` or leading
`#` shows as typed and can neither format the page nor break a table.

The page must read the same in CommonMark and in Python-Markdown (what static site generators
use), so a special character is written as an HTML character reference (`&#42;`), which both
show as the character, not with a backslash (Python-Markdown leaves some backslashes in the
text); a line break inside press or a note is `<br>`, which both read as a hard break.
"""

from __future__ import annotations

import re

from gm.engine.adjustment_phase import amount
from gm.report.ascii import to_ascii
from gm.report.chart import CentreChart
from gm.report.report_data import OrderLine, SeasonReport
from gm.report.supply_words import units_cell
from gm.report.text import (
    NBSP,
    and_list,
    centre_count,
    chart_value,
    format_adjustment,
    format_adjustment_line,
    format_change,
    format_deadline,
    format_ownership,
    format_player,
    format_retreats,
    format_standing,
    power_heading,
    press_heading,
    shows_worth,
    title_of,
)

# Characters with meaning anywhere in a line of CommonMark (or GitHub's tables and
# strikethrough), and the starts of a line that make it a heading, quote, list or rule.
_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~&!])")
_LINE_START = re.compile(r"^([-+=>])")
_NUMBERED = re.compile(r"^(\d+)([.)])")


def escape(text: str, line_start: bool = False) -> str:
    """`text` shown literally in Markdown; `line_start` when it begins a line or a list item,
    where `- `, `1. `, `> `, `=` or an indent would start a block of their own (leading
    spaces, which no reader would see anyway, are dropped)."""
    text = _SPECIAL.sub(_reference, text.replace(NBSP, " "))
    if line_start:
        text = text.lstrip()
        text = _NUMBERED.sub(lambda m: f"{m.group(1)}&#{ord(m.group(2))};", text)
        text = _LINE_START.sub(_reference, text)
    return text


def _reference(match: re.Match) -> str:
    return f"&#{ord(match.group(1))};"


def _order(line: OrderLine) -> str:
    """`A Par - Bur (*bounce*)`: the order escaped, the tags as emphasis."""
    text = escape(line.text, line_start=True)
    if line.tags:
        note = f": {escape(line.note)}" if line.note else ""
        text += f" (*{escape(', '.join(line.tags))}*{note})"
    elif line.note:
        text += f" ({escape(line.note)})"
    return text


def quoted(lines: tuple[str, ...]) -> list[str]:
    """Press or a note as a block quote that keeps its lines: each line escaped, its indent
    kept as no-break spaces, and a hard break (`<br>`) before the next line."""
    out = []
    for i, line in enumerate(lines):
        if not line:
            out.append(">")
            continue
        text = line.lstrip(" ")
        shown = "&nbsp;" * (len(line) - len(text)) + escape(text, line_start=True)
        more = i + 1 < len(lines) and lines[i + 1]
        out.append(f"> {shown}<br>" if more else f"> {shown}")
    return out


def _table(headings: list[str], rows: list[list[str]], right: set[int] = frozenset()
           ) -> list[str]:
    """A pipe table; cells must already be escaped."""
    rule = ["---:" if i in right else "---" for i in range(len(headings))]
    return ["| " + " | ".join(r) + " |" for r in [headings, rule, *rows]]


def render_markdown(report: SeasonReport, ascii: bool = False) -> str:
    out = [f"# {escape(title_of(report))}", "", f"**{escape(report.heading)}**"]
    if report.corrections:
        out += ["", "## GM corrections since the last report", ""]
        out += [f"- {escape(c.description, True)} (reason: {escape(c.reason)})"
                for c in report.corrections]
    if report.adjustments:
        out += ["", "## Adjustments", ""]
        out += [f"- {escape(format_adjustment_line(a), True)}" for a in report.adjustments]
    if report.orders:
        out += ["", "## Orders"]
        for power in report.orders:
            out += ["", f"### {escape(power_heading(report, power.power))}", ""]
            out += [f"- {_order(line)}" for line in power.lines]
    if report.unread:
        out += ["", "## Lines not adjudicated", ""]
        out += _table(["Power", "Line", "Status", "Reason"],
                      [[escape(u.power), escape(u.text), u.status, escape(u.reason)]
                       for u in report.unread])
    if report.dislodged:
        out += ["", "## Dislodged", ""]
        out += _table(["Power", "Unit", "Retreat"],
                      [[escape(d.power), escape(d.unit), escape(format_retreats(d.retreats))]
                       for d in report.dislodged])
    if report.centre_changes:
        out += ["", "## Supply centres changing hands", ""]
        out += [f"- {escape(format_change(c), True)}" for c in report.centre_changes]
    if report.ownership:
        out += ["", "## Ownership of supply centres", ""]
        out += [f"- {escape(format_ownership(o), True)}" for o in report.ownership]
    if report.events:
        out += ["", "## Events", ""]
        out += [f"- {escape(event, True)}" for event in report.events]
    if report.eliminated:
        out += ["", f"**Eliminated:** {escape(and_list(report.eliminated))}."]
    if report.counts:
        out += ["", "## Supply", ""]
        with_players = any(report.player_of(c.power) for c in report.counts)
        worth = shows_worth(report.counts)
        rows = []
        for c in report.counts:
            row = [escape(c.power), amount(centre_count(c)),
                   *([amount(c.centres)] if worth else []), escape(units_cell(c)),
                   escape(format_adjustment(c.adjustment))]
            if with_players:
                player = report.player_of(c.power)
                row.append(escape(format_player(player)) if player else "")
            rows.append(row)
        out += _table(["Power", "Centres", *(["Worth"] if worth else []), "Units", "Adjustment"]
                      + (["Player"] if with_players else []), rows,
                      right={1, 2, 3} if worth else {1, 2})
    out.append("")
    if report.result:
        out += [f"**Game over:** {escape(report.result)}", ""]
    elif report.standing:
        out += [escape(format_standing(report.standing), True), ""]
    if report.notes:
        out += ["## GM notes", ""]
        for note in report.notes:
            out += [*quoted(note), ""]
    if report.press:
        out += ["## Press", ""]
        for item in report.press:
            out += [f"### {escape(press_heading(item))}", "", *quoted(item.lines), ""]
    if not report.result and report.next_phase:
        out.append(f"Next: {escape(report.next_title or report.next_phase)}")
        if report.deadline:
            out += ["", escape(format_deadline(report.deadline), True)]
    text = "\n".join(out).rstrip("\n") + "\n"
    return to_ascii(text) if ascii else text


def render_chart_markdown(chart: CentreChart, ascii: bool = False) -> str:
    title = f"{chart.game}: {chart.heading} ({chart.variant})"
    out = [f"# {escape(title)}", ""]
    if not chart.years:
        out.append("No year has ended yet.")
    else:
        out += _table(["Power", *chart.years],
                      [[escape(r.power), *(chart_value(v) for v in r.centres)]
                       for r in chart.rows],
                      right=set(range(1, len(chart.years) + 1)))
    text = "\n".join(out) + "\n"
    return to_ascii(text) if ascii else text
