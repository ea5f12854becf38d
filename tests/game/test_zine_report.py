"""The zine parts of a season report in every format: players in the supply table (as the
season was played), NMR marks, GM notes, press signed or anonymous, the next deadline; player
text shown literally; contacts never.

Golden files (tests/game/golden/) hold the reports of the fixture game, which the shared
`replayed` fixture replays; updating them after an intended change: tests/golden.py.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from gm.report.markdown import quoted, render_markdown
from gm.report.report_data import SeasonReport
from gm.report.rich_render import render_rich
from gm.report.text import render_text
from tests.conftest import examples
from tests.golden import compare_with_golden, slug
from tests.report.conftest import rich_text

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "games" / "zine-standard.txt"
GOLDEN = HERE / "golden" / "zine-standard"
PHASES = ["Spring 1901", "Autumn 1901"]
CONTACTS = ["zoe@example.com", "bob@example.org", "12 Rue de Rivoli", "carla@example.net"]


@pytest.fixture(scope="module")
def reports(replayed) -> dict[str, SeasonReport]:
    from gm.game.reports import phase_report

    return {phase: phase_report(replayed.store, replayed.game(FIXTURE), phase)
            for phase in PHASES}


def every_format(report: SeasonReport) -> dict[str, str]:
    return {"text": render_text(report), "ascii.txt": render_text(report, ascii=True),
            "md": render_markdown(report), "rich.txt": rich_text(render_rich(report))}


@pytest.mark.parametrize("kind", ["text", "ascii.txt", "md", "rich.txt"])
@pytest.mark.parametrize("phase", PHASES)
def test_reports_match_their_golden_files(reports, phase, kind):
    path = GOLDEN / f"{slug(phase)}.{'txt' if kind == 'text' else kind}"
    compare_with_golden(path, every_format(reports[phase])[kind])


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_each_season_names_the_players_of_that_season(reports):
    spring, autumn = reports["Spring 1901"], reports["Autumn 1901"]
    assert {p.power: (p.name, p.standby) for p in spring.players}["Italy"] == ("Ann *Lee*",
                                                                              False)
    assert {p.power: (p.name, p.standby) for p in autumn.players}["Italy"] == ("Carla Rossi",
                                                                              True)
    assert {p.power: p.name for p in autumn.players}["England"] == ""
    for phase, shown in (("Spring 1901", ["Ann *Lee*", "Bob [bold]Jones[/bold]"]),
                         ("Autumn 1901", ["Carla Rossi (standby)", "(vacant)"])):
        for name, rendered in every_format(reports[phase]).items():
            page = rendered if name != "md" else visible(rendered)
            for player in shown:
                assert player in page, (phase, name, player)


def test_nmr_marks_count_the_seasons_running(reports):
    assert [(m.power, m.in_a_row) for m in reports["Autumn 1901"].missed] == [
        ("England", 1), ("France", 2), ("Italy", 2), ("Russia", 1)]
    text = render_text(reports["Autumn 1901"])
    assert "\nFrance (NMR, 2 in a row):\n" in text and "\nRussia (NMR):\n" in text
    assert "\nAustria:\n" in text
    assert "### France (NMR, 2 in a row)" in render_markdown(reports["Autumn 1901"])
    assert "NMR, 2 in a row" in rich_text(render_rich(reports["Autumn 1901"]))


def test_notes_press_and_the_deadline_come_after_the_results(reports):
    for rendered in every_format(reports["Spring 1901"]).values():
        flat_text = flat(rendered)
        supply = flat_text.index("Victory:")
        assert supply < flat_text.index("GM notes") < flat_text.index("Press") \
            < flat_text.index("Orders for Autumn 1901 are due Saturday 19 December 2026.")
        assert "From France" in flat_text and "Anonymous" in flat_text
    autumn = render_text(reports["Autumn 1901"])
    assert "Orders for Autumn 1901 Retreat are due Monday 21 December 2026." in autumn


def test_contacts_and_grey_senders_never_reach_a_report(reports):
    for report in reports.values():
        for rendered in every_format(report).values():
            for contact in CONTACTS:
                assert contact not in rendered


def visible(markdown: str) -> str:
    page = MarkdownIt("commonmark").enable("table").render(markdown)
    return flat(html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_press_markup_is_literal_in_every_format(reports):
    report = reports["Spring 1901"]
    lines = ["*Nothing* personal. <b>Really</b> | honestly.", "# Paris, with love", "- F.",
             "[link](http://example.com)"]
    page = MarkdownIt("commonmark").enable("table").render(render_markdown(report))
    assert "<b>" not in page and "<a " not in page and "<em>Nothing" not in page
    assert "<h1># Paris" not in page
    shown = visible(render_markdown(report))
    rich = flat(rich_text(render_rich(report), width=400))
    text = flat(render_text(report))
    for line in lines:
        assert line in shown and line in rich and line in text


def test_press_keeps_its_lines_and_indents(reports):
    text = render_text(reports["Spring 1901"])
    assert "  To the Kaiser:\n      *Nothing* personal." in text
    assert "honestly.\n\n  # Paris, with love\n  - F.\n" in text
    markdown = render_markdown(reports["Spring 1901"])
    assert "> To the Kaiser:<br>\n> &nbsp;&nbsp;&nbsp;&nbsp;&#42;Nothing&#42;" in markdown


def test_every_line_fits_72_columns_and_ascii_is_seven_bit(reports):
    for report in reports.values():
        assert max(len(line) for line in render_text(report).splitlines()) <= 72
        assert render_text(report, ascii=True).isascii()
        assert render_markdown(report, ascii=True).isascii()


def test_names_too_long_for_the_table_are_listed_below_it(reports):
    import dataclasses

    from gm.report.report_data import PlayerLine

    report = dataclasses.replace(reports["Spring 1901"], players=[
        PlayerLine("France", "Marie-Antoinette Josèphe Jeanne de Habsbourg-Lorraine")])
    text = render_text(report)
    assert max(len(line) for line in text.splitlines()) <= 72
    assert "\nPlayers\n  France: Marie-Antoinette Josèphe Jeanne de Habsbourg-Lorraine\n" in text


def test_a_terminal_escape_in_press_never_reaches_the_terminal(standard_map):
    from gm.report.report_builder import build_report
    from gm.report.report_data import SeasonZine

    zine = SeasonZine(press=[("France", "Hi\x1b[2J there\n\x07bell")],
                      notes=["\x1b]0;title\x07note"])
    report = build_report(game="g", game_map=standard_map, phase_label="Spring 1901",
                          phase_kind="Movement", results=[], events=[], edits=[],
                          next_position=None, next_label=None, zine=zine)
    for rendered in every_format(report).values():
        assert "\x1b" not in rendered and "\x07" not in rendered
    assert report.press[0].lines == ("Hi?[2J there", "?bell")


def test_blank_press_and_notes_print_nothing(standard_map):
    from gm.report.report_builder import build_report
    from gm.report.report_data import SeasonZine

    report = build_report(game="g", game_map=standard_map, phase_label="Spring 1901",
                          phase_kind="Movement", results=[], events=[], edits=[],
                          next_position=None, next_label=None,
                          zine=SeasonZine(press=[("France", "\n  \n")], notes=["   "]))
    assert report.press == [] and report.notes == []
    assert "Press" not in render_text(report) and "GM notes" not in render_text(report)


LINE = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
               max_size=30).map(str.rstrip)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(LINE, min_size=1, max_size=5).filter(lambda lines: lines[0] and lines[-1]))
def test_quoted_press_reads_back_line_by_line(lines):
    """Whatever a player writes, the block quote shows each line as written (runs of spaces
    aside, which HTML folds) and adds no markup of its own."""
    page = MarkdownIt("commonmark").render("\n".join(quoted(tuple(lines))) + "\n")
    assert not re.search(r"<(?!/?(blockquote|p|br ?/?)>)", page), page
    paragraphs = re.findall(r"<p>(.*?)</p>", page, re.S)
    shown = [flat(html.unescape(part)).strip() for p in paragraphs
             for part in re.split(r"<br ?/?>", p)]
    assert shown == [flat(line).strip() for line in lines if line.strip()]
