"""A season report and the centre chart as HTML, for the published site.

Like the other renderers it only lays out what `gm.report.report_builder` put in the report, with the
same words (`gm.report.text`'s helpers); every string is escaped, so nothing a player writes
can become markup. The judges' result marks, which plain text writes `(*bounce*)`, are the
page's own styling here (`order_html`): no asterisk of plain text or Markdown shows.
"""

from __future__ import annotations

from html import escape

from gm.report.chart import CentreChart
from gm.report.report_data import OrderLine, SeasonReport
from gm.report.supply_words import units_cell
from gm.report.text import (
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
    format_unread,
    power_heading,
    press_heading,
    shows_worth,
)


def _list(items: list[str], css: str = "") -> list[str]:
    kind = f' class="{css}"' if css else ""
    return [f"<ul{kind}>", *(f"<li>{escape(item)}</li>" for item in items), "</ul>"]


def _items(items: list[str]) -> list[str]:
    """A list of items already written as HTML (their text escaped)."""
    return ["<ul>", *(f"<li>{item}</li>" for item in items), "</ul>"]


def order_html(line: OrderLine) -> str:
    """An order and its result as the page shows them: the judges' marks (`(*bounce*)`,
    `(*void*: why)`) in the page's own styling, never as the asterisks of plain text:
    `A Par - Bur <span class="result failed">(<em>bounce</em>)</span>`. The text is escaped;
    a successful order has no mark, as the judges print it."""
    text = escape(line.text)
    if not line.tags and not line.note:
        return text
    kind = "result failed" if line.failed else "result"
    tags = f"<em>{escape(', '.join(line.tags))}</em>" if line.tags else ""
    note = escape(line.note)
    said = f"{tags}: {note}" if tags and note else tags or note
    return f'{text} <span class="{kind}">({said})</span>'


def _section(title: str, body: list[str]) -> list[str]:
    return [f"<h3>{escape(title)}</h3>", *body]


def _table(headings: list[str], rows: list[list[str]], numeric: set[int] = frozenset()
           ) -> list[str]:
    def cell(tag: str, i: int, value: str) -> str:
        kind = ' class="num"' if i in numeric else ""
        return f"<{tag}{kind}>{escape(value)}</{tag}>"

    out = ["<table>", "<thead><tr>" + "".join(cell("th", i, h) for i, h in
                                                enumerate(headings)) + "</tr></thead>",
           "<tbody>"]
    out += ["<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>"
            for row in rows]
    return out + ["</tbody>", "</table>"]


def _swatch(report_colours: dict[str, str], power: str) -> str:
    colour = report_colours.get(power, "")
    return f' style="border-left-color: {escape(colour)}"' if colour.startswith("#") else ""


def report_html(report: SeasonReport) -> str:
    """The report's body: a `<section class="report">` to put in a page."""
    out = ['<section class="report">', f"<h2>{escape(report.heading)}</h2>"]
    if report.corrections:
        out += _section("GM corrections since the last report",
                        _list([f"{c.description} (reason: {c.reason})"
                               for c in report.corrections]))
    if report.adjustments:
        out += _list([format_adjustment_line(a) for a in report.adjustments], "reckoning")
    if report.orders:
        out.append('<div class="orders">')
        for power in report.orders:
            out.append(f'<div class="power"{_swatch(report.colours, power.power)}>')
            out.append(f"<h4>{escape(power_heading(report, power.power))}</h4>")
            out += _items([order_html(line) for line in power.lines])
            out.append("</div>")
        out.append("</div>")
    if report.unread:
        out += _section("Lines not adjudicated", _list([format_unread(u) for u in report.unread]))
    if report.dislodged:
        out += _section("Dislodged", _list([f"{d.power}: {d.unit} {format_retreats(d.retreats)}"
                                            for d in report.dislodged]))
    if report.centre_changes:
        out += _section("Supply centres changing hands",
                        _list([format_change(c) for c in report.centre_changes]))
    if report.ownership:
        out += _section("Ownership of supply centres",
                        _list([format_ownership(o) for o in report.ownership]))
    if report.events:
        out += _section("Events", _list(report.events))
    if report.eliminated:
        out.append(f"<p><strong>Eliminated:</strong> {escape(and_list(report.eliminated))}.</p>")
    if report.counts:
        out += _section("Supply", counts_table(report))
    if report.result:
        out.append(f'<p class="result">Game over: {escape(report.result)}</p>')
    elif report.standing:
        out.append(f"<p>{escape(format_standing(report.standing))}</p>")
    if report.notes:
        out += _section("GM notes", [f"<blockquote>{_lines(n)}</blockquote>"
                                     for n in report.notes])
    if report.press:
        out.append("<h3>Press</h3>")
        for item in report.press:
            out += [f"<h4>{escape(press_heading(item))}</h4>",
                    f"<blockquote>{_lines(item.lines)}</blockquote>"]
    if not report.result and report.next_phase:
        out.append(f"<p>Next: {escape(report.next_title or report.next_phase)}</p>")
        if report.deadline:
            out.append(f'<p class="deadline">{escape(format_deadline(report.deadline))}</p>')
    return "\n".join(out + ["</section>"])


def _lines(lines: tuple[str, ...]) -> str:
    """Press or a note as written: its lines and indents kept."""
    return f'<pre class="written">{escape(chr(10).join(lines))}</pre>'


def counts_table(report: SeasonReport) -> list[str]:
    """Centres, units and adjustments per power, with the players when known."""
    with_players = any(report.player_of(c.power) for c in report.counts)
    worth = shows_worth(report.counts)
    rows = []
    for c in report.counts:
        row = [c.power, f"{centre_count(c):g}", *([f"{c.centres:g}"] if worth else []),
               units_cell(c), format_adjustment(c.adjustment)]
        if with_players:
            player = report.player_of(c.power)
            row.append(format_player(player) if player else "")
        rows.append(row)
    return _table(["Power", "Centres", *(["Worth"] if worth else []), "Units", "Adjustment"]
                  + (["Player"] if with_players else []), rows,
                  numeric={1, 2, 3} if worth else {1, 2})


def chart_html(chart: CentreChart) -> str:
    """The centre chart as a table (`Start` and each finished year)."""
    if not chart.years:
        return "<p>No year has ended yet.</p>"
    rows = [[row.power, *(chart_value(v) for v in row.centres)] for row in chart.rows]
    return "\n".join(_table(["Power", *chart.years], rows,
                            numeric=set(range(1, len(chart.years) + 1))))
