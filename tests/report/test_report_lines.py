"""Results become zine lines: the order, its judge-style tags, and the reason when the reader
needs one. Unknown codes from new variant rules still show, as their own tag."""

from __future__ import annotations

import pytest

from gm.calendar import season_title
from gm.engine import results as R
from gm.report.report_builder import clean, order_line
from gm.report.text import format_order
from gm.store.result_rows import ResultRow


def row(code, text="A Par - Bur", unit="A par", ok=False, detail="", by=None, power="france"):
    return ResultRow(power, text, unit, ok, code, detail, by)


@pytest.mark.parametrize("result, kind, line", [
    (row(R.MOVED, ok=True), "Movement", "A Par - Bur"),
    (row(R.BOUNCED, detail="bounced at bur"), "Movement", "A Par - Bur (*bounce*)"),
    (row(R.BOUNCED, by="pic"), "Movement", "A Par - Bur (*bounce, dislodged*)"),
    (row(R.CUT, "A Ven S A Tri", "A ven", detail="cut by tyr"), "Movement",
     "A Ven S A Tri (*cut*)"),
    (row(R.DISLODGED, "A Ven S A Tri", "A ven", by="tyr"), "Movement",
     "A Ven S A Tri (*dislodged*)"),
    (row(R.DISLODGED, None, "A ven", by="tri"), "Movement", "A Ven H (*no order, dislodged*)"),
    (row(R.HELD, None, "A ven", ok=True), "Movement", "A Ven H (*no order*)"),
    (row(R.VOID, "F Sev - Mos", None, detail="a fleet cannot reach mos"), "Movement",
     "F Sev - Mos (*void*: a fleet cannot reach mos)"),
    (row(R.NOT_MATCHED, "A Mar S A Par - Bur", "A mar", detail="A par does not move to bur"),
     "Movement", "A Mar S A Par - Bur (*void*: A par does not move to bur)"),
    (row(R.NO_CONVOY, "A Lon - Nwy", "A lon", detail="no convoy"), "Movement",
     "A Lon - Nwy (*no convoy*)"),
    (row(R.REPLACED, "A Par H", "A par", detail="replaced by A Par - Bur"), "Movement",
     "A Par H (*replaced*: replaced by A Par - Bur)"),
    (row(R.SUPPORTED, "A Mar S A Par", "A mar", ok=True), "Movement", "A Mar S A Par"),
    (row(R.CONVOYED, "F Nth C A Lon - Nwy", "F nth", ok=True), "Movement",
     "F Nth C A Lon - Nwy"),
    # retreats
    (row(R.RETREATED, "A Bur R Pic", "A bur", ok=True), "Retreat", "A Bur R Pic"),
    (row(R.DISBANDED, "A Bur D", "A bur", ok=True), "Retreat", "A Bur D"),
    (row(R.DISBANDED, None, "A bur", detail="no retreat ordered"), "Retreat",
     "A Bur D (*no order, disbanded*)"),
    (row(R.BOUNCED, "A Bur R Pic", "A bur"), "Retreat", "A Bur R Pic (*bounce, disbanded*)"),
    (row(R.VOID, "A Bur R Mun", "A bur", detail="mun is occupied; the unit disbands"),
     "Retreat", "A Bur R Mun (*void*: mun is occupied; the unit disbands)"),
    # adjustments
    (row(R.BUILT, "Build F Bre", "F bre", ok=True), "Adjustment", "Build F Bre"),
    (row(R.REMOVED, "Remove A Par", "A par", ok=True), "Adjustment", "Remove A Par"),
    (row(R.REMOVED, None, "F nth", ok=True, detail="civil disorder"), "Adjustment",
     "Remove F Nth (*civil disorder*)"),
    (row(R.WAIVED, "Waive", None, ok=True), "Adjustment", "Waive"),
    (row(R.WAIVED, None, None, ok=True, detail="1 build not used"), "Adjustment",
     "Waive (*unused*: 1 build not used)"),
    (row(R.VOID, "Build A Mun", None, detail="mun is not a home centre"), "Adjustment",
     "Build A Mun (*void*: mun is not a home centre)"),
])
def test_standard_results_become_zine_lines(result, kind, line):
    assert format_order(order_line(result, kind)) == line


@pytest.mark.parametrize("code, detail, line", [
    ("converted", "now F ber", "A Ber converts to F"),
    ("failed", "conversion failed: the unit was dislodged",
     "A Ber converts to F (*failed*: conversion failed: the unit was dislodged)"),
    ("destroyed", "", "A Ber converts to F"),
    ("sacked", "", "A Ber converts to F (*sacked*)"),
    ("merged", "", "A Ber converts to F (*merged*)"),
    ("rebuilding", "1/2", "A Ber converts to F (*rebuilding*: 1/2)"),
    ("rebuilding", "second season", "A Ber converts to F (*rebuilding*: second season)"),
    # a code no module knows yet still shows, with its detail
    ("loan_ended", "Sicily returns to Rome", "A Ber converts to F (*loan ended*: Sicily "
                                             "returns to Rome)"),
    ("elephants", "", "A Ber converts to F (*elephants*)"),
])
def test_variant_codes_have_tags_and_unknown_codes_show_as_themselves(code, detail, line):
    result = row(code, "A Ber converts to F", "A ber", ok=code == "converted", detail=detail)
    assert format_order(order_line(result, "Movement")) == line


def test_failed_flag_follows_the_result():
    assert order_line(row(R.BOUNCED), "Movement").failed
    assert not order_line(row(R.MOVED, ok=True), "Movement").failed


def test_control_characters_from_players_are_made_visible():
    assert clean("A Par\x1b[31m - Bur\u202e") == "A Par?[31m - Bur?"
    line = order_line(row(R.VOID, "A Par\x07 - Bur", detail="bad\rname"), "Movement")
    assert "\x07" not in line.text and "\r" not in line.note


@pytest.mark.parametrize("variant, year, season, title", [
    ("standard", 1901, "Spring", "Spring 1901"),
    ("lord-of-hosts", 601, "Spring", "Spring 601 BC"),
    ("middle-earth-viii", 3000, "Summer", "Summer 3000 (Third Age)"),
])
def test_season_titles_follow_the_calendar(variant, year, season, title):
    from gm.engine.position import Phase
    from gm.maps import load_map

    assert season_title(Phase(year, season, "Movement"), load_map(variant)) == title


def test_centre_changes_are_worded_once_from_typed_events(standard_map):
    """The engine's `CentreChanged` events are not printed as events: the report words the
    change itself, per power; a rule's worded event is printed as it is."""
    from gm.engine.position import starting_position
    from gm.report.report_builder import build_report

    before = starting_position(standard_map)
    after = before.copy()
    after.owners["bel"] = "germany"
    report = build_report(game="g", game_map=standard_map, phase_label="Autumn 1901",
                          phase_kind="Movement", results=[],
                          events=[R.CentreChanged("bel", None, "germany"), "A kie disbanded"],
                          edits=[], next_position=after, next_label="Winter 1901",
                          start_position=before)
    assert report.events == ["A kie disbanded"]
    assert [(c.power, c.gained, c.lost) for c in report.centre_changes] == \
        [("Germany", ("Belgium",), ())]
