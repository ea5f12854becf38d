"""The season report and the centre chart for the terminal: tables, each power in its map colour.

Every piece of text goes in as a `rich.text.Text`, never as a markup string, so nothing a
player writes (`[bold]`, `[link=...]`) can change what is shown. Colour is the console's
business: a console writing to a file or a pipe, or with `NO_COLOR` set, prints none. On a
16-colour terminal the map colours would fall to a few greys, so each power gets the nearest
of the terminal's colours that no other power has (`terminal_colours`).
Import this module only when printing (it pulls in rich's table machinery).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from rich import box
from rich.color import Color, ColorParseError
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text

from gm.engine.adjustment_phase import amount
from gm.report.ascii import to_ascii
from gm.report.chart import CentreChart
from gm.report.report_data import SeasonReport
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
    format_missed,
    format_player,
    format_retreats,
    format_standing,
    press_heading,
    shows_worth,
    title_of,
)

FAILED = Style(color="red")
NOTE = Style(dim=True)
HEADING = Style(bold=True)
# rich's SIMPLE_HEAD (a rule under the headings, no other lines) drawn in ASCII.
ASCII_SIMPLE_HEAD = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)


def power_style(colours: dict[str, str], power: str) -> Style:
    """The power's map colour, bold; plain bold if the map's colour cannot be read."""
    try:
        return Style(color=Color.parse(colours[power]), bold=True)
    except (KeyError, ColorParseError):
        return Style(bold=True)


# The 16-colour terminal's colours a power may take (black and the greys read as no colour),
# with the RGB rich assumes for each.
_TERMINAL = ("red", "green", "yellow", "blue", "magenta", "cyan", "bright_red",
             "bright_green", "bright_yellow", "bright_blue", "bright_magenta", "bright_cyan",
             "white", "bright_white")


def terminal_colours(colours: dict[str, str]) -> dict[str, str]:
    """Each power's colour for a 16-colour terminal: in the map's order, the nearest of the
    terminal's colours that no power before it took, so no two powers look alike."""
    from rich.color import ColorType
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME

    def rgb(name: str) -> tuple[int, int, int]:
        color = Color.parse(name)
        if color.type is ColorType.TRUECOLOR:
            return tuple(color.triplet)
        return tuple(DEFAULT_TERMINAL_THEME.ansi_colors[color.number])

    free = list(_TERMINAL)
    chosen = {}
    for power, colour in colours.items():
        if not free:
            break
        try:
            want = rgb(colour)
        except ColorParseError:
            continue
        best = min(free, key=lambda name: sum((a - b) ** 2 for a, b in zip(rgb(name), want,
                                                                               strict=True)))
        free.remove(best)
        chosen[power] = best
    return chosen


def colours_for(colours: dict[str, str], console: Console | None) -> dict[str, str]:
    """The power colours to print with on `console`: the map's, or distinct terminal colours
    where the console has only 16 (or 8)."""
    if console is not None and console.color_system in ("standard", "windows"):
        return terminal_colours(colours)
    return colours


class _Writer:
    """Makes `Text` and tables in one style; `ascii` turns every string and every table
    line to 7-bit."""

    def __init__(self, ascii: bool):
        self.plain: Callable[[str], str] = to_ascii if ascii else str
        self.box = ASCII_SIMPLE_HEAD if ascii else box.SIMPLE_HEAD

    def text(self, value: str, style: Style | str = "") -> Text:
        return Text(self.plain(value.replace(NBSP, " ")), style=style)

    def table(self, *columns: str, title: str = "") -> Table:
        table = Table(box=self.box, title=self.text(title, HEADING) if title else None,
                      title_justify="left", show_edge=True, pad_edge=False)
        for column in columns:
            table.add_column(self.text(column))
        return table


def render_rich(report: SeasonReport, ascii: bool = False, console: Console | None = None
                ) -> RenderableType:
    """The report as one renderable, for `Console.print` (on `console`, whose colours it
    then fits)."""
    w = _Writer(ascii)
    palette = colours_for(report.colours, console)
    colour = lambda power: power_style(palette, power)  # noqa: E731
    parts: list[RenderableType] = [
        w.text(title_of(report), Style(bold=True, underline=True)),
        w.text(report.heading, Style(italic=True)),
    ]
    if report.corrections:
        parts.append(Text())
        parts.append(w.text("GM corrections since the last report", HEADING))
        for c in report.corrections:
            parts.append(Text.assemble("  ", w.text(c.description),
                                       w.text(f" (reason: {c.reason})", NOTE)))
    if report.adjustments:
        parts.append(Text())
        parts += [Text.assemble("  ", w.text(format_adjustment_line(a)))
                  for a in report.adjustments]
    if report.orders:
        table = w.table("Power", "Order", "Result", title="Orders")
        # an order is read whole: the other columns wrap first
        table.columns[1].no_wrap = True
        table.columns[1].min_width = max(len(line.text) for p in report.orders
                                         for line in p.lines)
        for power in report.orders:
            for i, line in enumerate(power.lines):
                result = Text()
                if line.tags:
                    result.append(w.text(", ".join(line.tags), FAILED if line.failed else ""))
                if line.note:
                    result.append(w.text(f"{': ' if line.tags else ''}{line.note}", NOTE))
                table.add_row(_power_cell(w, report, palette, power.power, i,
                                          len(power.lines)),
                              w.text(line.text), result)
            table.add_section()
        parts += [Text(), table]
    if report.unread:
        table = w.table("Power", "Line", "Status", "Reason", title="Lines not adjudicated")
        for line in report.unread:
            table.add_row(w.text(line.power, colour(line.power)), w.text(line.text),
                          w.text(line.status), w.text(line.reason, NOTE))
        parts += [Text(), table]
    if report.dislodged:
        table = w.table("Power", "Unit", "Retreat", title="Dislodged")
        for d in report.dislodged:
            table.add_row(w.text(d.power, colour(d.power)), w.text(d.unit),
                          w.text(format_retreats(d.retreats)))
        parts += [Text(), table]
    if report.centre_changes:
        table = w.table("Power", "Change", title="Supply centres changing hands")
        for change in report.centre_changes:
            words = format_change(change)[len(change.power) + 1:]
            table.add_row(w.text(change.power, colour(change.power)), w.text(words))
        parts += [Text(), table]
    if report.ownership:
        table = w.table("Power", "Supply centres", title="Ownership of supply centres")
        for line in report.ownership:
            table.add_row(w.text(line.power, colour(line.power)),
                          w.text(", ".join(line.centres)))
        parts += [Text(), table]
    if report.events:
        parts.append(Text())
        parts.append(w.text("Events", HEADING))
        parts += [Text.assemble("  ", w.text(event)) for event in report.events]
    if report.eliminated:
        parts.append(Text())
        parts.append(w.text(f"Eliminated: {and_list(report.eliminated)}.", HEADING))
    if report.counts:
        with_players = any(report.player_of(c.power) for c in report.counts)
        worth = shows_worth(report.counts)
        table = w.table("Power", "Centres", *(["Worth"] if worth else []), "Units",
                        "Adjustment", *(["Player"] if with_players else []), title="Supply")
        for column in table.columns[1:4 if worth else 3]:
            column.justify = "right"
        for c in report.counts:
            cells = [w.text(c.power, colour(c.power)), w.text(amount(centre_count(c))),
                     *([w.text(amount(c.centres))] if worth else []),
                     w.text(units_cell(c)), w.text(format_adjustment(c.adjustment))]
            if with_players:
                player = report.player_of(c.power)
                cells.append(w.text(format_player(player)) if player else Text())
            table.add_row(*cells)
        parts += [Text(), table]
    parts.append(Text())
    if report.result:
        parts.append(w.text(f"Game over: {report.result}", HEADING))
    elif report.standing:
        parts.append(w.text(format_standing(report.standing)))
    if report.notes:
        parts += [Text(), w.text("GM notes", HEADING)]
        for i, note in enumerate(report.notes):
            parts += ([Text()] if i else []) + [_written(w, note)]
    if report.press:
        parts += [Text(), w.text("Press", HEADING)]
        for item in report.press:
            parts += [Text(), w.text(f"{press_heading(item)}:", Style(italic=True)),
                      _written(w, item.lines)]
    if not report.result and report.next_phase:
        if report.notes or report.press:
            parts.append(Text())
        parts.append(w.text(f"Next: {report.next_title or report.next_phase}"))
        if report.deadline:
            parts.append(w.text(format_deadline(report.deadline), HEADING))
    return Group(*parts)


def _power_cell(w: _Writer, report: SeasonReport, palette: dict[str, str], power: str,
                row: int, rows: int) -> Text:
    """The power column of a power's `row`-th order: its name on the first, and its NMR mark
    (when it sent no orders) just below, in the second row's cell if it has one."""
    missed = report.missed_by(power)
    mark = w.text(format_missed(missed), FAILED) if missed else None
    if row == 0:
        cell = w.text(power, power_style(palette, power))
        if mark is not None and rows == 1:
            cell.append("\n")
            cell.append(mark)
        return cell
    return mark if row == 1 and mark is not None else Text()


def _written(w: _Writer, lines: tuple[str, ...]) -> RenderableType:
    """Press or a note, line by line as written, indented under its heading (a line too
    long for the terminal wraps at the same indent)."""
    return Padding(w.text("\n".join(lines)), (0, 0, 0, 2))


class _ChartTables:
    """The chart as tables of as many years as the console has room for, one below the
    other (the width is known only when rich renders it)."""

    def __init__(self, chart: CentreChart, writer: _Writer):
        self.chart, self.w = chart, writer

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        chart, w = self.chart, self.w
        name_width = max(len(r.power) for r in chart.rows)
        cell = max(len(y) for y in chart.years) + 2  # a space of padding, one of border
        per_block = max(1, (options.max_width - name_width - 1) // cell)
        for start in range(0, len(chart.years), per_block):
            block = range(start, min(start + per_block, len(chart.years)))
            table = Table(box=w.box, show_edge=False, pad_edge=False, padding=(0, 0, 0, 1))
            table.add_column(w.text("Power"), no_wrap=True, min_width=name_width)
            for i in block:
                table.add_column(w.text(chart.years[i]), justify="right", no_wrap=True)
            for row in chart.rows:
                table.add_row(w.text(row.power, power_style(chart.colours, row.power)),
                              *(w.text(chart_value(row.centres[i])) for i in block))
            yield Text()
            yield table


def render_chart_rich(chart: CentreChart, ascii: bool = False,
                      console: Console | None = None) -> RenderableType:
    w = _Writer(ascii)
    chart = dataclasses.replace(chart, colours=colours_for(chart.colours, console))
    title = f"{chart.game}: {chart.heading} ({chart.variant})"
    if not chart.years:
        return Group(w.text(title, HEADING), w.text("No year has ended yet."))
    return Group(w.text(title, HEADING), _ChartTables(chart, w))


def terminal() -> Console:
    """A console that reads the terminal and `NO_COLOR` as they are now, and shows a
    player's control characters (`gm.visible`)."""
    from gm.visible_console import ShownConsole

    return ShownConsole(highlight=False)


def print_rich(renderable: RenderableType, console: Console | None = None) -> None:
    """Print on the given console, or on a new `terminal()`."""
    (console or terminal()).print(renderable)
