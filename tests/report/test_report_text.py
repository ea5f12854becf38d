"""The season report: results become zine lines with tags, and the text renderer lays out a
report built by hand (renderers compute nothing)."""

from __future__ import annotations

import pytest

from gm.engine import results as R
from gm.report.build import order_line
from gm.report.model import (
    Correction,
    DislodgedLine,
    OrderLine,
    PowerCount,
    PowerOrders,
    SeasonReport,
)
from gm.report.text import format_order, render_text
from gm.store.results import ResultRow


@pytest.mark.parametrize("row, kind, text", [
    (ResultRow("france", "A Par - Bur", "A par", True, R.MOVED), "Movement", "A Par - Bur"),
    (ResultRow("germany", "A Mun - Bur", "A mun", False, R.BOUNCED, "bounced at bur"),
     "Movement", "A Mun - Bur (*bounce*)"),
    (ResultRow("germany", "A Mun - Bur", "A mun", False, R.BOUNCED, "", "boh"), "Movement",
     "A Mun - Bur (*bounce, dislodged*)"),
    (ResultRow("italy", "A Ven S A Tri", "A ven", False, R.CUT, "cut by tyr"), "Movement",
     "A Ven S A Tri (*cut*)"),
    (ResultRow("italy", None, "A ven", False, R.DISLODGED, "", "tri"), "Movement",
     "A Ven H (*no order, dislodged*)"),
    (ResultRow("russia", "F Sev - Mos", None, False, R.VOID, "a fleet cannot reach mos"),
     "Movement", "F Sev - Mos (*void*): a fleet cannot reach mos"),
    (ResultRow("turkey", "A Smy - Syr", "A smy", False, R.NO_CONVOY, "no convoy"), "Movement",
     "A Smy - Syr (*no convoy*)"),
    (ResultRow("france", None, "A bur", False, R.DISBANDED, "no retreat ordered"), "Retreat",
     "A Bur D (*no order, disbanded*)"),
    (ResultRow("france", "A Bur R Pic", "A bur", False, R.BOUNCED), "Retreat",
     "A Bur R Pic (*bounce, disbanded*)"),
    (ResultRow("england", None, "F nth", True, R.REMOVED, "civil disorder"), "Adjustment",
     "Remove F Nth (*civil disorder*)"),
    (ResultRow("england", None, None, True, R.WAIVED, "1 build(s) not used"), "Adjustment",
     "Waive (*unused*): 1 build(s) not used"),
    (ResultRow("austria", "Build F Tri", "F tri", True, R.BUILT), "Adjustment", "Build F Tri"),
])
def test_results_become_report_lines(row, kind, text):
    assert format_order(order_line(row, kind)) == text


def test_text_rendering_of_a_report_built_by_hand():
    report = SeasonReport(
        game="league", variant="Standard", phase="Autumn 1901",
        corrections=[Correction("Added French A Pic", "lost letter")],
        orders=[PowerOrders("France", (OrderLine("A Par - Bur"),
                                       OrderLine("A Mar - Spa", ("bounce",))))],
        dislodged=[DislodgedLine("Italy", "A Ven", ("Pie", "Tus")),
                   DislodgedLine("Austria", "F Tri", ())],
        events=["Belgium: neutral -> France"],
        counts=[PowerCount("France", 5, 4, 1), PowerCount("Italy", 2.5, 4, -2),
                PowerCount("Russia", 4, 4, 0)],
        next_phase="Winter 1901")
    assert render_text(report) == """\
league: Autumn 1901 (Standard)
==============================

GM corrections
  Added French A Pic (reason: lost letter)

France
  A Par - Bur
  A Mar - Spa (*bounce*)

Dislodged
  Italy: A Ven may retreat to Pie or Tus or disband
  Austria: F Tri cannot retreat and must disband

Changes
  Belgium: neutral -> France

          centres  units
  France        5      4  +1 build
  Italy       2.5      4  -2 removals
  Russia        4      4

Next: Winter 1901
"""


def test_game_over_replaces_the_next_phase():
    report = SeasonReport(game="g", variant="Standard", phase="Winter 1910",
                          next_phase="Spring 1911", result="Russia wins with 18 supply centres")
    text = render_text(report)
    assert text.endswith("Game over: Russia wins with 18 supply centres\n")
    assert "Next:" not in text
