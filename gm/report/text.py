"""The season report as plain text, the way a zine prints it and an email carries it.

Lines are at most 72 columns (long ones wrap with a deeper indent), result tags keep the judge
form `(*bounce*)` and `(*void*: reason)` with one space after each colon, and nothing here is
markup: player text is printed as written (control characters were replaced when the report
was built). `ascii=True` makes the whole text 7-bit clean for old gateways.
"""

from __future__ import annotations

import textwrap

from gm.engine.adjustment_phase import amount
from gm.report.ascii import to_ascii
from gm.report.chart import CentreChart
from gm.report.report_data import (
    AdjustmentLine,
    CentreChange,
    Deadline,
    MissedOrders,
    OrderLine,
    Ownership,
    PlayerLine,
    PowerCount,
    PressItem,
    SeasonReport,
    Standing,
    UnreadLine,
)
from gm.report.supply_words import WORTH, centres_words, units_cell, units_words, worth_differs

WIDTH = 72
NBSP = "\u00a0"  # joins the words of a name or an order so that wrapping keeps them whole


def whole(text: str) -> str:
    """`text` kept on one line when wrapped (unless it is too long for any line)."""
    return text.replace(" ", NBSP) if len(text) <= WIDTH - 8 else text


def wrap(text: str, indent: str = "", hang: str | None = None, keep=()) -> list[str]:
    """`text` in lines of at most 72 columns; continuation lines get `hang` (deeper). The
    names and orders in `keep` are never split (their spaces are no-break spaces while the
    text is wrapped)."""
    hang = indent + "    " if hang is None else hang
    for kept in sorted({k for k in keep if " " in k}, key=len, reverse=True):
        text = text.replace(kept, whole(kept))
    lines = textwrap.wrap(text, width=WIDTH, initial_indent=indent, subsequent_indent=hang,
                          break_on_hyphens=False, break_long_words=True)
    return [line.replace(NBSP, " ") for line in lines] or [indent.rstrip()]


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
    """`England gains Kiel; loses London, Edinburgh`; `The Allies gain Moab`."""
    parts = []
    if change.gained:
        parts.append(f"{'gain' if change.plural else 'gains'} {', '.join(change.gained)}")
    if change.lost:
        parts.append(f"{'lose' if change.plural else 'loses'} {', '.join(change.lost)}")
    return f"{change.power} {'; '.join(parts)}"


def format_ownership(line: Ownership) -> str:
    """`Austria: Budapest, Greece, Serbia, Trieste, Vienna.`"""
    return f"{line.power}: {', '.join(line.centres)}."


def format_adjustment_line(line: AdjustmentLine) -> str:
    """`Austria: 5 supply centres, 3 units: builds 2.`, `... removes 1.`, `... no change.`;
    `Carthage: 8 supply centres worth 10, 9 units: builds 1.` where centres are worth other
    than one; `Carthage: 6 supply centres, 5 units and Hannibal: builds 1.` where pieces need
    no supply (a leader), `Sparta: 3 supply centres, 4 units needing 3: no change.` where some
    need a half (garrisons), so that the count beside the centres is the one they must
    supply (`supply_words.units_words`, as the table and the legend)."""
    centres = centres_words(line.centre_count, line.centres)
    units = units_words(line)
    if line.change > 0:
        change = f"{'build' if line.plural else 'builds'} {amount(line.change)}"
    elif line.change < 0:
        change = f"{'remove' if line.plural else 'removes'} {amount(-line.change)}"
    else:
        change = "no change"
    return f"{line.power}: {centres}, {units}: {change}."


def centre_count(count: PowerCount) -> float:
    """How many centres a line of the counts table has (its supply when not told)."""
    return count.centres if count.centre_count is None else count.centre_count


def shows_worth(counts: list[PowerCount]) -> bool:
    """Does the counts table need a `worth` column (some power's centres are worth other
    than their number)?"""
    return worth_differs((c.centre_count, c.centres) for c in counts)


def format_retreats(retreats: tuple[str, ...]) -> str:
    if not retreats:
        return "cannot retreat and must disband"
    return f"may retreat to {or_list(retreats)} or disband"


def format_standing(standing: Standing) -> str:
    """`Victory: 18 supply centres. Leader: Russia with 12 (6 short).`"""
    short = f"{amount(standing.short)} short" if standing.short > 0 else "condition met"
    leaders = standing.leaders
    if len(leaders) > 3:
        who = f"{len(leaders)} powers share the lead"
    else:
        who = f"{'Leader' if len(leaders) == 1 else 'Leaders'}: {and_list(leaders)}"
    return f"Victory: {standing.condition}. {who} with {amount(standing.score)} ({short})."


def format_adjustment(value: float | None) -> str:
    """`+2 builds`, `-1 removal`; in halves `1½ to build`, `½ to remove`."""
    if not value:
        return ""
    if not float(value).is_integer():
        return f"{amount(abs(value))} to {'build' if value > 0 else 'remove'}"
    value = int(value)
    word = "build" if value > 0 else "removal"
    return f"{value:+d} {word}{'s' if abs(value) > 1 else ''}"


def format_missed(missed: MissedOrders) -> str:
    """`NMR`, or `NMR, 3 in a row`."""
    return "NMR" if missed.in_a_row <= 1 else f"NMR, {missed.in_a_row} in a row"


def format_player(player: PlayerLine) -> str:
    """`Jane Smith`, `Ann Lee (standby)`, `(vacant)`."""
    if not player.name:
        return "(vacant)"
    return f"{player.name} (standby)" if player.standby else player.name


def format_deadline(deadline: Deadline) -> str:
    """`Orders for Autumn 1901 are due Saturday 5 December 2026, 18:00 GMT.`"""
    return f"Orders for {deadline.phase} are due {deadline.due}."


def press_heading(item: PressItem) -> str:
    """`From France`, or `Anonymous` for grey press."""
    return item.author if item.author == "Anonymous" else f"From {item.author}"


def power_heading(report: SeasonReport, power: str) -> str:
    """A power's name over its orders, marked when it sent none: `France (NMR)`."""
    missed = report.missed_by(power)
    return f"{power} ({format_missed(missed)})" if missed else power


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
    title = f"{report.game}: {report.title_phase or report.phase} ({report.variant})"
    if report.preview:
        title += " [PREVIEW: nothing stored]"
    return title


def _counts_table(counts: list[PowerCount], report: SeasonReport) -> list[str]:
    """Centres, units and adjustments per power, with each power's player in a last column
    when the names fit in the page width (else listed below the table)."""
    width = max(len(c.power) for c in counts)
    worth = shows_worth(counts)

    def numbers(c: PowerCount) -> str:
        shown = f"{amount(centre_count(c)):>7}"
        return f"{shown}  {amount(c.centres):>5}" if worth else shown

    units = [units_cell(c) for c in counts]
    wide = max(5, *(len(u) for u in units))
    rows = [(c, f"  {c.power:<{width}}  {numbers(c)}  {u:>{wide}}",
             format_adjustment(c.adjustment)) for c, u in zip(counts, units, strict=True)]
    players = {c.power: format_player(p) for c in counts if (p := report.player_of(c.power))}
    adjust = max(len(a) for _, _, a in rows)
    head = f"  {'':<{width}}  centres  {f'{WORTH}  ' if worth else ''}{'units':>{wide}}" \
        + (" " * (adjust + 2) if adjust else "")
    table = [f"{head}  player" if players else head.rstrip()]
    for c, row, adjustment in rows:
        line = f"{row}  {adjustment:<{adjust}}" if adjust else row
        table.append(f"{line}  {players.get(c.power, '')}".rstrip())
    if all(len(line) <= WIDTH for line in table):
        return table
    out = [f"{row}  {adjustment}".rstrip() for _, row, adjustment in rows]
    out += ["", "Players"]
    for c in counts:
        if c.power in players:
            out += wrap(f"{c.power}: {players[c.power]}", "  ")
    return out


def _written(lines: tuple[str, ...], indent: str) -> list[str]:
    """Press or a note as written: each line kept (indents and blank lines too), only a line
    too long for the page wrapped."""
    out = []
    for line in lines:
        if not line:
            out.append("")
        elif len(indent) + len(line) <= WIDTH:
            out.append(indent + line)
        else:
            lead = indent + " " * (len(line) - len(line.lstrip(" ")))
            out += wrap(line.lstrip(" "), lead, hang=lead)
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
    if report.adjustments:
        out.append("")
        for adjustment in report.adjustments:
            out += wrap(format_adjustment_line(adjustment), keep=(adjustment.power,))
    for power in report.orders:
        out += ["", f"{power_heading(report, power.power)}:"]
        for line in power.lines:
            out += wrap(format_order(line), "  ", keep=(line.text,))
    if report.unread:
        out += ["", "Lines not adjudicated"]
        for line in report.unread:
            out += wrap(format_unread(line), "  ")
    if report.dislodged:
        out += ["", "Dislodged"]
        for d in report.dislodged:
            out += wrap(f"{d.power}: {d.unit} {format_retreats(d.retreats)}", "  ",
                        keep=(d.power, d.unit, *d.retreats))
    if report.centre_changes:
        out += ["", "Supply centres changing hands"]
        for change in report.centre_changes:
            out += wrap(format_change(change), "  ",
                        keep=(change.power, *change.gained, *change.lost))
    if report.ownership:
        out += ["", "Ownership of supply centres"]
        for line in report.ownership:
            out += wrap(format_ownership(line), "  ", keep=(line.power, *line.centres))
    if report.events:
        out += ["", "Events"]
        for event in report.events:
            out += wrap(event, "  ")
    if report.eliminated:
        out += [""] + wrap(f"Eliminated: {and_list(report.eliminated)}.",
                           keep=report.eliminated)
    if report.counts:
        out += [""] + _counts_table(report.counts, report)
    if report.result:
        out += [""] + wrap(f"Game over: {report.result}")
    elif report.standing:
        out += [""] + wrap(format_standing(report.standing))
    if report.notes:
        out += ["", "GM notes"]
        for i, note in enumerate(report.notes):
            out += ([""] if i else []) + _written(note, "  ")
    if report.press:
        out += ["", "Press"]
        for item in report.press:
            out += ["", f"{press_heading(item)}:"] + _written(item.lines, "  ")
    if not report.result and report.next_phase:
        out += [""] + wrap(f"Next: {report.next_title or report.next_phase}")
        if report.deadline:
            out += wrap(format_deadline(report.deadline),
                        keep=(report.deadline.phase, report.deadline.due))
    text = "\n".join(out) + "\n"
    return to_ascii(text) if ascii else text


def chart_blocks(years: tuple[str, ...], name_width: int, cell: int) -> list[range]:
    """The chart's columns cut into blocks that fit the page width, as zines continue a
    long chart below itself."""
    per_block = max(1, (WIDTH - 2 - name_width) // cell)
    return [range(i, min(i + per_block, len(years))) for i in range(0, len(years), per_block)]


def chart_value(value: float | None) -> str:
    return "-" if value is None else amount(value)  # towns count ½: `2½`


def render_chart_text(chart: CentreChart, ascii: bool = False) -> str:
    """The supply-centre chart as a fixed-width table (blocks of years if it is wide)."""
    title = f"{chart.game}: {chart.heading} ({chart.variant})"
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
