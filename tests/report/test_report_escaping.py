"""Nothing a player (or the GM) writes can change a report's markup: markup-like text in
letters and correction reasons appears literally in every format."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from gm.report.markdown import escape, render_markdown
from gm.report.report_data import OrderLine, PowerOrders, SeasonReport, UnreadLine
from gm.report.rich_render import render_rich
from gm.report.text import render_text
from tests.conftest import examples
from tests.report.conftest import GAMES, rich_text

# As written in tests/report/games/standard-orders.txt
PLAYER_LINES = ["[bold red]A Par - Pic[/] *grin* | x", "<script>alert(1)</script> A Par - Bur",
                "> A Mar - Spa"]
GM_REASON = "the *player* asked for [bold]this[/bold] <b>placement</b> | see letter"


@pytest.fixture(scope="module")
def report(replayed):
    from gm.game.reports import phase_report

    # every line not adjudicated, so that the quoted line is printed too
    return phase_report(replayed.store, replayed.game(GAMES / "standard-orders.txt"),
                        "Spring 1901", lines="all")


def flat(text: str) -> str:
    """Whitespace runs as one space, so wrapped lines read as one."""
    return re.sub(r"\s+", " ", text)


def markdown_html(text: str) -> str:
    return MarkdownIt("commonmark").enable("table").render(text)


def visible_text(page: str) -> str:
    """What a browser would show of the HTML: tags dropped, entities decoded."""
    return flat(html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_the_fixture_really_holds_the_markup_like_lines(report):
    assert [u.text for u in report.unread if u.text in PLAYER_LINES] == PLAYER_LINES
    assert any(c.reason == GM_REASON for c in report.corrections)


def test_plain_text_prints_markup_like_text_as_written(report):
    text = flat(render_text(report))
    for line in [*PLAYER_LINES, GM_REASON]:
        assert line in text


def test_rich_prints_markup_like_text_as_written(report):
    shown = flat(rich_text(render_rich(report), width=320))
    for line in [*PLAYER_LINES, GM_REASON]:
        assert line in shown


def test_markdown_shows_markup_like_text_as_written_and_keeps_its_tables(report):
    page = markdown_html(render_markdown(report))
    assert "<script" not in page and "<b>" not in page
    shown = visible_text(page)
    for line in [*PLAYER_LINES, GM_REASON]:
        assert line in shown
    unread_table = page[page.index("<table>"):page.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", unread_table, re.S)[1:]
    assert len(rows) == len(report.unread)
    assert all(row.count("<td") == 4 for row in rows)  # a player's '|' made no extra cell


def test_markdown_tags_are_emphasis_but_player_stars_are_not():
    report = SeasonReport(game="g", variant="Standard", phase="Spring 1901", season="Spring 1901",
                          orders=[PowerOrders("France", (
                              OrderLine("A Par - Bur", ("bounce",), failed=True),
                              OrderLine("*A* Mar - _Spa_"),))],
                          unread=[UnreadLine("France", "1. A Par H", "rejected", "# no")])
    page = markdown_html(render_markdown(report))
    assert "(<em>bounce</em>)" in page
    assert "<em>A</em>" not in page and "<em>Spa</em>" not in page
    assert "*A* Mar - _Spa_" in visible_text(page)
    assert "<ol" not in page and "<h1>#" not in page


@pytest.mark.parametrize("text", [
    "- a list?", "+ also", "1. numbered", "2) numbered", "> quote", "# heading", "=====",
    "`code`", "[link](http://x)", "![img](x.png)", "<i>", "&amp;", "a | b", "~~gone~~",
    "**bold**", "__bold__", "\\*", "     indented like code",
])
def test_escaped_text_reads_back_literally_at_the_start_of_a_list_item(text):
    page = markdown_html(f"- {escape(text, line_start=True)}\n")
    assert visible_text(page).strip() == text.strip()
    assert re.fullmatch(r"<ul>\s*<li>[^<]*</li>\s*</ul>\s*", page), page


def test_a_terminal_escape_from_a_player_never_reaches_the_terminal(standard_map):
    from gm.report.report_builder import build_report
    from gm.store.order_rows import OrderRow

    line = OrderRow(1, 1, 1, 1, "france", "A Par\x1b[2J - Bur", "rejected", "unreadable",
                    None, None, "syntax", "unreadable")
    report = build_report(game="g", game_map=standard_map, phase_label="Spring 1901",
                          phase_kind="Movement", results=[], events=[], edits=[],
                          next_position=None, next_label=None, unread=[line])
    for rendered in (render_text(report), render_markdown(report),
                     rich_text(render_rich(report))):
        assert "\x1b" not in rendered
        assert "A Par?[2J - Bur" in html.unescape(rendered)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40),
    st.text(alphabet=list("-+*_#>[]()!`<|~&\\=.:;/'\"1 aA"), max_size=30)))
def test_any_text_escaped_for_markdown_reads_back_as_written(text):
    page = markdown_html(f"- {escape(text, line_start=True)}\n")
    assert flat(visible_text(page)).strip() == flat(text).strip()
    assert "<li>" in page and not re.search(r"<(?!/?(ul|li)>)", page), page
