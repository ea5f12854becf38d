"""Golden files: the reports of chosen phases, in every format, compared to the letter with
the files under tests/report/golden/. Together the phases show every result tag and report
section (see `test_the_golden_set_covers_every_tag_and_section`).

The 7-bit (`--ascii`) form is golden for one report with accented names; every other report
is checked to be 7-bit (`test_plain_text_is_72_columns_and_ascii_is_seven_bit`). Updating the
files after an intended change: tests/golden.py.

To add a variant's events, put its archive in tests/report/games/ and add one line to CASES.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import compare_with_golden, slug
from tests.report.conftest import DEMO, GAMES, rich_text

GOLDEN = Path(__file__).resolve().parent / "golden"

# archive -> the phases whose reports are golden
CASES: dict[Path, list[str]] = {
    DEMO: ["Spring 1901", "Autumn 1901", "Autumn 1901 Retreat", "Winter 1901",
           "Spring 1907", "Autumn 1908", "Winter 1908", "Autumn 1909", "Winter 1912"],
    GAMES / "standard-orders.txt": ["Spring 1901"],
    GAMES / "standard-retreats.txt": ["Spring 1901", "Spring 1901 Retreat"],
    GAMES / "standard-adjustments.txt": ["Autumn 1901", "Winter 1901"],
    GAMES / "standard-solo.txt": ["Autumn 1901"],
    GAMES / "middle-earth-conversion.txt": ["Summer 3000"],
    GAMES / "lord-of-hosts-holy-places.txt": ["Spring 601 BC", "Autumn 601 BC", "Winter 601 BC"],
}
CHARTS = [DEMO]
# The 7-bit fallback, golden where it changes something: accented names, typographic dashes.
ASCII_CASE = (GAMES / "middle-earth-conversion.txt", "Summer 3000")


def _render(kind: str, item) -> str:
    if kind == "text":
        from gm.report.text import render_chart_text, render_text

        return (render_text if hasattr(item, "orders") else render_chart_text)(item)
    if kind == "ascii.txt":
        from gm.report.text import render_chart_text, render_text

        return (render_text if hasattr(item, "orders") else render_chart_text)(item, True)
    if kind == "md":
        from gm.report.markdown import render_chart_markdown, render_markdown

        return (render_markdown if hasattr(item, "orders") else render_chart_markdown)(item)
    from gm.report.rich_render import render_chart_rich, render_rich

    return rich_text((render_rich if hasattr(item, "orders") else render_chart_rich)(item))


FORMATS = {"text": "txt", "md": "md", "rich": "rich.txt"}


def _ids(cases):
    return [f"{archive.stem}/{slug(phase)}" for archive, phases in cases.items()
            for phase in phases]


PHASES = [(archive, phase) for archive, phases in CASES.items() for phase in phases]


@pytest.fixture(scope="module")
def reports(replayed):
    from gm.game.reports import phase_report

    return {(archive, phase): phase_report(replayed.store, replayed.game(archive), phase)
            for archive, phase in PHASES}


@pytest.mark.parametrize("kind", FORMATS)
@pytest.mark.parametrize("archive, phase", PHASES, ids=_ids(CASES))
def test_reports_match_their_golden_files(reports, archive, phase, kind):
    report = reports[(archive, phase)]
    path = GOLDEN / archive.stem / f"{slug(phase)}.{FORMATS[kind]}"
    compare_with_golden(path, _render(kind, report))


@pytest.mark.parametrize("kind", FORMATS)
@pytest.mark.parametrize("archive", CHARTS, ids=[a.stem for a in CHARTS])
def test_centre_charts_match_their_golden_files(replayed, archive, kind):
    from gm.game.reports import centre_chart

    chart = centre_chart(replayed.store, replayed.game(archive))
    compare_with_golden(GOLDEN / archive.stem / f"chart.{FORMATS[kind]}", _render(kind, chart))


def test_the_ascii_fallback_of_accented_names_matches_its_golden_file(reports):
    archive, phase = ASCII_CASE
    text = _render("ascii.txt", reports[ASCII_CASE])
    assert "Rhun" in text and "Rhûn" in _render("text", reports[ASCII_CASE])
    compare_with_golden(GOLDEN / archive.stem / f"{slug(phase)}.ascii.txt", text)


def test_plain_text_is_72_columns_and_ascii_is_seven_bit(reports):
    from gm.report.text import render_text

    for report in reports.values():
        text = render_text(report)
        assert max(len(line) for line in text.splitlines()) <= 72, report.phase
        assert render_text(report, ascii=True).isascii()


STANDARD_TAGS = {"bounce", "cut", "dislodged", "no convoy", "void", "no order", "disbanded",
                 "civil disorder", "unused"}
# more as the variants' archives are added to CASES; a conversion or a destruction that happened
# has no tag (the order says what it does: `A Ur becomes a fleet`, `A Moa destroys Moa`)
VARIANT_TAGS = {"failed"}


def test_the_golden_set_covers_every_tag_and_section(reports):
    """If a fixture changes so that a tag or section no longer appears, this says which."""
    tags = {tag for r in reports.values() for p in r.orders for line in p.lines
            for tag in line.tags}
    assert STANDARD_TAGS | VARIANT_TAGS <= tags, STANDARD_TAGS | VARIANT_TAGS - tags
    kinds = {r.kind for r in reports.values()}
    assert kinds == {"Movement", "Retreat", "Adjustment"}
    everything = list(reports.values())
    assert any(r.corrections for r in everything)
    # by default only the lines meant as orders and refused (tests/report/test_report_lines.py
    # has the other settings)
    assert {u.status for r in everything for u in r.unread} == {"rejected"}
    assert any(d.retreats for r in everything for d in r.dislodged)
    assert any(not d.retreats for r in everything for d in r.dislodged)
    assert any(c.gained and c.lost for r in everything for c in r.centre_changes)
    assert any(r.eliminated for r in everything)
    assert any(r.events for r in everything)
    assert any(r.result and "wins" in r.result for r in everything)
    assert any(r.result and r.result.startswith("The game was declared a draw between")
               for r in everything)
    assert any(r.standing for r in everything)
    assert any(r.ownership for r in everything)
    assert any(r.adjustments for r in everything)
    assert any(c.adjustment and c.adjustment > 0 for r in everything for c in r.counts)
    assert any(c.adjustment and c.adjustment < 0 for r in everything for c in r.counts)
    built = {line.text.split()[0] for r in everything if r.kind == "Adjustment"
             for p in r.orders for line in p.lines if not line.tags}
    assert {"Build", "Remove", "Waive"} <= built
    lines = {line.text for r in everything for p in r.orders for line in p.lines}
    assert "A Bel becomes a fleet" in lines and "A Moa destroys Moa" in lines
    assert any(c.plural and c.lost for r in everything for c in r.centre_changes)
