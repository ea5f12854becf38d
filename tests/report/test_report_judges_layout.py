"""The judges' full layout: orders in full names, the year's ownership list, the adjustment
reckoning, wrapping that keeps names and orders whole, distinct colours on a 16-colour
terminal, and Markdown that reads the same in CommonMark and in Python-Markdown."""

from __future__ import annotations

import html
import re

import pytest
from markdown_it import MarkdownIt
from rich.console import Console

from gm.report.report_builder import written_in_full
from gm.report.report_data import OrderLine, PowerOrders, SeasonReport
from gm.report.rich_render import render_rich, terminal_colours
from gm.report.text import WIDTH, render_text
from tests.report.conftest import DEMO
from tests.report.test_report_cli import run
from tests.report.test_report_golden import GOLDEN


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("layout") / "gm.db"
    run(path, "replay", str(DEMO), "-q")
    return path


def test_names_full_writes_orders_as_the_judges_do(db, standard_map):
    names = {pid: p.name for pid, p in standard_map.provinces.items()}
    assert written_in_full("A Vie - Gal", names) == "Army Vienna -> Galicia"
    assert written_in_full("F Nth C A Lon - Bel", names) == \
        "Fleet North Sea CONVOY Army London -> Belgium"
    assert written_in_full("F Stp/sc - Bot", names) == \
        "Fleet Saint Petersburg (south coast) -> Gulf of Bothnia"
    assert written_in_full("Build A Par", names) == "Build Army Paris"
    full = run(db, "report", "standard-demo", "--phase", "Spring 1901", "--names", "full")
    assert "  Army Vienna -> Galicia\n" in full
    assert "  Fleet Trieste -> Venice (*bounce*)\n" in full
    assert "A Vie - Gal" not in full


def test_a_year_ends_with_the_ownership_list_and_the_adjustment_with_its_reckoning(db):
    autumn = run(db, "report", "standard-demo", "--phase", "Autumn 1901 Retreat")
    assert "\nOwnership of supply centres\n  Austria: Budapest, " in autumn
    spring = run(db, "report", "standard-demo", "--phase", "Spring 1901")
    assert "Ownership" not in spring  # not the year's last movement
    winter = run(db, "report", "standard-demo", "--phase", "Winter 1901")
    assert re.search(r"\nAustria: \d+ supply centres, 3 units: builds \d\.\n", winter)


def test_wrapping_never_splits_a_name_or_an_order():
    order = "F Mid-Atlantic Ocean CONVOY Army Portugal -> North Africa"
    report = SeasonReport(game="g", variant="Standard", phase="Spring 1901", orders=[
        PowerOrders("France", (OrderLine(order, ("void",), "x " * 20),))])
    text = render_text(report)
    lines = text.splitlines()
    assert f"  {order} (*void*: x x" in text
    assert max(len(line) for line in lines) <= WIDTH
    assert "\u00a0" not in text


def test_a_sixteen_colour_terminal_shows_every_power_in_its_own_colour(standard_map):
    colours = {p.name: p.colour for p in standard_map.powers.values()}
    chosen = terminal_colours(colours)
    assert set(chosen) == set(colours)
    assert len(set(chosen.values())) == len(colours)
    report = SeasonReport(game="g", variant="Standard", phase="Spring 1901", colours=colours,
                          orders=[PowerOrders(power, (OrderLine("A Par H"),))
                                  for power in ("Germany", "Italy", "Russia")])
    console = Console(color_system="standard", force_terminal=True, width=100, record=True)
    console.print(render_rich(report, console=console))
    shown = console.export_text(styles=True)
    codes = {}
    for power in ("Germany", "Italy", "Russia"):
        match = re.search(r"\x1b\[([0-9;]+)m" + power, shown)
        assert match, power
        codes[power] = match.group(1)
    assert len(set(codes.values())) == 3, codes


def test_rich_keeps_each_order_on_one_line():
    order = "Fleet Mid-Atlantic Ocean SUPPORT Fleet English Channel -> Brest"
    report = SeasonReport(game="g", variant="Standard", phase="Spring 1901",
                          orders=[PowerOrders("France", (OrderLine(
                              order, ("void",), "the support is not next to the fleet " * 2,
                              failed=True),))])
    console = Console(width=80, record=True)
    console.print(render_rich(report, console=console))
    assert order in console.export_text()


def _words(page: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return " ".join(text.split())


@pytest.mark.parametrize("name", ["standard-orders/spring-1901.md",
                                  "standard-adjustments/winter-1901.md",
                                  "standard-demo/winter-1912.md"])
def test_markdown_reads_the_same_in_commonmark_and_python_markdown(name):
    import markdown

    page = (GOLDEN / name).read_text()
    common = MarkdownIt("commonmark").enable("table").render(page)
    python = markdown.markdown(page, extensions=["tables"])
    assert _words(common) == _words(python)
    assert "\\" not in _words(python)  # no escape left showing
    for tag in ("<h1>", "<table>", "<li>", "<em>"):
        assert (tag in common) == (tag in python), tag
