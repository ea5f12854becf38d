"""The pages of a published game: the index and one page per season, and their stylesheet.

Each page is a complete HTML file that needs nothing from elsewhere: the board is inline
SVG, the stylesheet `style.css` sits beside the pages, and there is no script. For print, the
stylesheet hides the navigation and fits a season (board and report) on one A4 page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from gm.publish.html_report import chart_html, counts_table, report_html
from gm.report.chart import CentreChart
from gm.report.report_data import SeasonReport
from gm.report.text import format_standing, title_of

STYLESHEET = """\
:root { --ink: #1d1d1b; --paper: #fffdf8; --rule: #c9c2b2; }
body { font: 15px/1.45 Georgia, "Times New Roman", serif; color: var(--ink);
       background: var(--paper); margin: 0 auto; max-width: 70rem; padding: 1rem 1.5rem; }
h1 { font-size: 1.6rem; margin: 0.2rem 0; }
h2 { font-size: 1.25rem; margin: 0.6rem 0 0.3rem; }
h3 { font-size: 1.05rem; margin: 0.8rem 0 0.2rem; border-bottom: 1px solid var(--rule); }
h4 { font-size: 0.95rem; margin: 0 0 0.1rem; }
nav { font-size: 0.9rem; margin: 0.4rem 0 0.8rem; }
nav a { margin-right: 1rem; }
ul { margin: 0.2rem 0; padding-left: 1.2rem; }
table { border-collapse: collapse; margin: 0.3rem 0; }
th, td { padding: 0.1rem 0.6rem; border-bottom: 1px solid var(--rule); text-align: left; }
.num { text-align: right; }
.board svg { width: 100%; height: auto; display: block; }
.orders { columns: 3 14rem; column-gap: 1.5rem; }
.power { break-inside: avoid; border-left: 4px solid var(--rule); padding-left: 0.5rem;
         margin-bottom: 0.5rem; }
.power ul { list-style: none; padding-left: 0; }
.reckoning { list-style: none; padding-left: 0; }
.result { color: #5b5750; }
.result em { font-style: italic; }
.result.failed em { color: #8b1a1a; }
pre.written { font: inherit; white-space: pre-wrap; margin: 0; }
blockquote { margin: 0.3rem 0 0.3rem 1rem; }
.deadline { font-weight: bold; }
.seasons { columns: 4 10rem; }

@page { size: A4; margin: 10mm; }
@media print {
  body { font-size: 8pt; line-height: 1.2; max-width: none; padding: 0;
         background: white; }
  nav { display: none; }
  h1 { font-size: 12pt; }
  h2 { font-size: 10pt; margin: 1mm 0; }
  h3 { font-size: 8.5pt; margin: 1.5mm 0 0.5mm; }
  .season { break-after: page; }
  .board { margin: 0; }
  .board svg { max-height: 120mm; width: auto; max-width: 100%; margin: 0 auto; }
  /* the report in two columns below the board; the orders across the page in four */
  .report { columns: 2; column-gap: 6mm; }
  .report > h2, .report > .orders { column-span: all; }
  .orders { columns: 4; column-gap: 4mm; }
  .power { margin-bottom: 1mm; }
  th, td { padding: 0 2mm; }
  a { color: inherit; text-decoration: none; }
}
"""


@dataclass(frozen=True, slots=True)
class SeasonPage:
    """One season as published: its report, its board picture, and its file name."""

    report: SeasonReport
    svg: str
    file: str  # `S1901M.html`


def page_name(short: str) -> str:
    """`S1901M` -> `S1901M.html` (short ids are letters and digits)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", short) + ".html"


def _page(title: str, body: list[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", '<link rel="stylesheet" href="style.css">',
        "</head>", "<body>", *body, "</body>", "</html>", ""])


def inline_svg(svg: str) -> str:
    """The picture as an element of the page: without its XML declaration."""
    return re.sub(r"^<\?xml[^>]*\?>\s*", "", svg.lstrip())


def season_html(game: str, page: SeasonPage, before: SeasonPage | None,
                after: SeasonPage | None) -> str:
    report = page.report
    nav = ['<nav><a href="index.html">All seasons</a>']
    if before:
        nav.append(f'<a href="{before.file}">&larr; {escape(before.report.title_phase)}</a>')
    if after:
        nav.append(f'<a href="{after.file}">{escape(after.report.title_phase)} &rarr;</a>')
    nav.append("</nav>")
    body = ['<article class="season">', *nav, f"<h1>{escape(title_of(report))}</h1>",
            f'<figure class="board">{inline_svg(page.svg)}</figure>', report_html(report),
            "</article>"]
    return _page(f"{game}: {report.title_phase}", body)


def index_html(game: str, variant: str, pages: list[SeasonPage], chart: CentreChart,
               now: str) -> str:
    """The game's front page: where it stands, the centre chart, and every season."""
    body = [f"<h1>{escape(game)}</h1>", f"<p>{escape(variant)}. {escape(now)}</p>"]
    if pages:
        last = pages[-1].report
        body += ["<h2>Standings</h2>", *counts_table(last)]
        if last.result:
            body.append(f'<p class="result">Game over: {escape(last.result)}</p>')
        elif last.standing:
            body.append(f"<p>{escape(format_standing(last.standing))}</p>")
    heading = chart.heading[:1].upper() + chart.heading[1:]
    body += [f"<h2>{escape(heading)}</h2>", chart_html(chart),
             "<h2>Seasons</h2>", '<ol class="seasons">']
    body += [f'<li><a href="{p.file}">{escape(p.report.title_phase)}</a></li>' for p in pages]
    body.append("</ol>")
    return _page(f"{game} ({variant})", body)
