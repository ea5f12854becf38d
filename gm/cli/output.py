"""How the commands print: the report formats and the options that choose them, a report or
the centre chart rendered in the chosen format (each renderer imported only when used), JSON
and text printed exactly as built, and the echo of a letter read. Every command module prints
through here, so none imports another's commands."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from gm.cli.common import say


class ReportFormat(StrEnum):
    """How a report is printed: plain text for mail and print, rich tables for the terminal,
    Markdown for web zines."""

    text = "text"
    rich = "rich"
    markdown = "markdown"
    json = "json"


FormatOption = Annotated[ReportFormat, typer.Option(
    "--format", "-f",
    help="text (mail and print), rich (terminal), markdown (web) or json (docs/json.md)")]


class ListingFormat(StrEnum):
    """How `gm show` and `gm status` print: tables for people, JSON for programs."""

    text = "text"
    json = "json"


ListingFormatOption = Annotated[ListingFormat, typer.Option(
    "--format", "-f", help="text, or json (docs/json.md)")]


def print_json(document: dict) -> None:
    from gm.report.json_model import dumps

    echo_text(dumps(document), data=True)


class Names(StrEnum):
    """How orders name units and places: `A Vie - Gal` or, as the judges print them,
    `Army Vienna -> Galicia`."""

    short = "short"
    full = "full"


NamesOption = Annotated[Names, typer.Option(
    "--names", help="short (A Vie - Gal) or full (Army Vienna -> Galicia), as judges print")]
AsciiOption = Annotated[bool, typer.Option(
    "--ascii", help="7-bit text only: accents dropped, dashes and quotes typed plainly")]


class Lines(StrEnum):
    """Which lines of the letters that were not adjudicated a report prints."""

    refused = "refused"
    all = "all"
    none = "none"


LinesOption = Annotated[Lines | None, typer.Option(
    "--lines", help="the letter lines not adjudicated to print: refused (meant as orders and "
                    "refused, with the reason), all (quoted mail and remarks too), none "
                    "(default: the game's setting, refused unless changed with --set-lines)")]


def _renderer(what: str, format: ReportFormat):
    """The function that renders a season report (or the centre chart, `what="chart"`) in
    `format`, imported here and only when used: a command loads one renderer, not four."""
    report = what == "report"
    if format is ReportFormat.rich:
        from gm.report.rich_render import render_chart_rich, render_rich

        return render_rich if report else render_chart_rich
    if format is ReportFormat.markdown:
        from gm.report.markdown import render_chart_markdown, render_markdown

        return render_markdown if report else render_chart_markdown
    if format is ReportFormat.json:
        from gm.report.json_model import chart_document, report_document

        return report_document if report else chart_document
    from gm.report.text import render_chart_text, render_text

    return render_text if report else render_chart_text


def print_formatted(data, format: ReportFormat, ascii: bool, what: str = "report") -> None:
    """Print a season report (or the centre chart, `what="chart"`) in the chosen format."""
    render = _renderer(what, format)
    if format is ReportFormat.rich:
        from gm.report.rich_render import print_rich, terminal

        console = terminal()
        print_rich(render(data, ascii, console), console)
    elif format is ReportFormat.json:
        print_json(render(data))
    else:
        echo_text(render(data, ascii))


def print_report(report, format: ReportFormat, ascii: bool) -> None:
    """Print a season report in the chosen format (renderers are imported only here)."""
    print_formatted(report, format, ascii)


def echo_text(text: str, data: bool = False) -> None:
    """Print text as it is (no wrapping, no markup): reports and archives are mailed as is;
    a control character a player wrote is shown (`gm.visible`), never obeyed. `data` (an
    archive, which must replay exactly) is printed exactly unless it goes to a terminal."""
    import sys

    from gm.visible import visible

    if not data or sys.stdout.isatty():
        text = visible(text)
    typer.echo(text, nl=not text.endswith("\n"))


STATUS_WORD = {"accepted": "ok", "later": "later", "rejected": "REJECTED",
               "ignored": "ignored", "superseded": "replaced", "repeated": "repeated",
               "withdrawn": "withdrawn"}


def stored_as(status: str, category: str) -> str:
    """How the echo and the listing class a stored line: its status, or `repeated` for a
    superseded line that a later line gives again unchanged (`letter_lines.REPEATED`)."""
    from gm.orders.letter_lines import REPEATED  # here: `gm status` reads no letter

    return REPEATED if status == "superseded" and category == REPEATED else status


def print_echo(taken) -> None:
    """What gm read from a letter, line by line, and what it stored."""
    if taken.read_as:
        say(taken.read_as)
    width = max((len(line.text) for line in taken.lines), default=0)
    classes = [stored_as(line.status, line.category) for line in taken.lines]
    if taken.lines:  # printed at once: a letter of thousands of lines is echoed in one go
        say("\n".join(
            f"  {STATUS_WORD.get(kind, kind):<9} {line.power or '?':<8} "
            f"{line.text:<{width}}  {line.detail}".rstrip()
            for line, kind in zip(taken.lines, classes, strict=True)))
    counts = {s: classes.count(s) for s in STATUS_WORD}
    summary = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    say(f"Stored: {summary or 'nothing'}.")
    if taken.superseded:
        say(f"These earlier orders were replaced: {'; '.join(taken.superseded)}.")
    if taken.repeated:
        say(f"These earlier orders were repeated (the same order stands): "
            f"{'; '.join(taken.repeated)}.")
    if taken.withdrawn:
        count = taken.withdrawn
        say(f"{count} earlier order{'' if count == 1 else 's'} withdrawn.")
