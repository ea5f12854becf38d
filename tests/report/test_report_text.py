"""The plain-text renderer lays out a report built by hand (renderers compute nothing): the
judge heading, the sections in zine order, 72 columns, and `--ascii`."""

from __future__ import annotations

from gm.report.ascii import to_ascii
from gm.report.report_data import (
    CentreChange,
    Correction,
    DislodgedLine,
    OrderLine,
    PowerCount,
    PowerOrders,
    SeasonReport,
    Standing,
    UnreadLine,
)
from gm.report.text import render_text


def sample_report(**changes) -> SeasonReport:
    report = SeasonReport(
        game="league", variant="Standard", phase="Autumn 1901", kind="Movement",
        season="Autumn 1901",
        corrections=[Correction("Added French A Pic", "lost letter")],
        orders=[PowerOrders("France", (OrderLine("A Par - Bur"),
                                       OrderLine("A Mar - Spa", ("bounce",), failed=True))),
                PowerOrders("Russia", (OrderLine("F Sev - Mos", ("void",),
                                                 "a fleet cannot go inland", True),))],
        unread=[UnreadLine("France", "A Par - Mos", "rejected", "Paris is not next to Moscow"),
                UnreadLine("", "Hold everything", "ignored", "not an order")],
        dislodged=[DislodgedLine("Italy", "A Ven", ("Pie", "Tus")),
                   DislodgedLine("Austria", "F Tri", ())],
        centre_changes=[CentreChange("France", ("Belgium",), ()),
                        CentreChange("England", ("Kiel",), ("London", "Edinburgh"))],
        events=["A ber became F ber"],
        eliminated=["Italy"],
        counts=[PowerCount("France", 5, 4, 1), PowerCount("Italy", 2.5, 4, -2),
                PowerCount("Russia", 4, 4, 0)],
        standing=Standing("18 supply centres", ("France",), 5, 13),
        next_phase="Winter 1901")
    for key, value in changes.items():
        setattr(report, key, value)
    return report


def test_text_rendering_of_a_report_built_by_hand():
    assert render_text(sample_report()) == """\
league: Autumn 1901 (Standard)
==============================
Movement results for Autumn 1901.

GM corrections since the last report
  Added French A Pic (reason: lost letter)

France:
  A Par - Bur
  A Mar - Spa (*bounce*)

Russia:
  F Sev - Mos (*void*: a fleet cannot go inland)

Lines not adjudicated
  France: "A Par - Mos" (rejected: Paris is not next to Moscow)
  "Hold everything" (ignored: not an order)

Dislodged
  Italy: A Ven may retreat to Pie or Tus or disband
  Austria: F Tri cannot retreat and must disband

Supply centres changing hands
  France gains Belgium
  England gains Kiel; loses London, Edinburgh

Events
  A ber became F ber

Eliminated: Italy.

          centres  units
  France        5      4  +1 build
  Italy        2½      4  -2 removals
  Russia        4      4

Victory: 18 supply centres. Leader: France with 5 (13 short).

Next: Winter 1901
"""


def test_game_over_replaces_the_standing_and_the_next_phase():
    text = render_text(sample_report(result="Russia wins with 18 supply centres"))
    assert text.endswith("\nGame over: Russia wins with 18 supply centres\n")
    assert "Next:" not in text and "Victory:" not in text


def test_a_preview_says_nothing_was_stored():
    assert render_text(sample_report(preview=True)).startswith(
        "league: Autumn 1901 (Standard) [PREVIEW: nothing stored]\n")


def test_long_lines_wrap_at_72_columns_with_a_hanging_indent():
    reason = "the army in Paris cannot reach Moscow because the provinces are not adjacent " \
             "and no convoy could carry it there"
    report = sample_report(orders=[PowerOrders("France", (
        OrderLine("A Par - Mos", ("void",), reason, True),))])
    lines = render_text(report).splitlines()
    assert max(len(line) for line in lines) <= 72
    start = lines.index("France:") + 1
    assert lines[start].startswith("  A Par - Mos (*void*: the army")
    assert lines[start + 1].startswith("      ")  # the continuation is indented deeper
    rejoined = " ".join(line.strip() for line in lines[start:start + 3])
    assert reason in rejoined


def test_a_word_longer_than_a_line_is_still_cut_at_72():
    report = sample_report(unread=[UnreadLine("France", "x" * 150, "rejected", "garbled")])
    assert max(len(line) for line in render_text(report).splitlines()) <= 72


def test_ascii_text_is_seven_bit_and_readable():
    report = sample_report(
        orders=[PowerOrders("Rhûn", (OrderLine("A Rhû - Dor"),))],
        events=["Rhûn’s army — the “Easterlings” — marched…"])
    plain = render_text(report, ascii=True)
    assert plain.isascii()
    assert "Rhun:\n  A Rhu - Dor" in plain
    assert "Rhun's army -- the \"Easterlings\" -- marched..." in plain
    assert "Rhûn" in render_text(report)  # without --ascii the names stay as written


def test_ascii_replaces_what_it_cannot_spell():
    assert to_ascii("Ærwyn Straße Łódź ½ 東") == "AErwyn Strasse Lodz 1/2 ?"


def test_many_leaders_are_counted_not_listed():
    from gm.report.text import format_standing

    tied = Standing("16 supply centres", ("Egypt", "Hatti", "Assyria", "Babylon"), 3, 13)
    assert format_standing(tied) == \
        "Victory: 16 supply centres. 4 powers share the lead with 3 (13 short)."
    two = Standing("19 units", ("Elves", "Mordor"), 19, 0)
    assert format_standing(two) == \
        "Victory: 19 units. Leaders: Elves and Mordor with 19 (condition met)."
