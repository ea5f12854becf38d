"""Reports with stacks (issue 17: "Reports print a stack on one line"): the season report's
unit listings — an order to a multiple, the pieces of a stack left without orders, a
dislodged stack — print once per stack in text, markdown and rich, and `gm show --format
json` gives each power's stacks beside its pieces; lines that only look alike (two waived
builds) stay."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from rich.console import Console

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.engine.season import Season
from gm.game.adjudication import order_display
from gm.maps import load_map
from gm.notation import unit_text
from gm.orders.kinds.move import Move
from gm.orders.kinds.support import SupportMove
from gm.report.json_model import VERSION, dumps, position_document
from gm.report.json_schema import SCHEMAS
from gm.report.markdown import render_markdown
from gm.report.report_builder import _orders, build_report
from gm.report.rich_render import render_rich
from gm.report.text import render_text
from gm.store.result_rows import ResultRow
from tests.stacking.rule import registered

BOARD = Path(__file__).resolve().parent / "stacks.toml"
SPRING = Phase(220, "Spring", "Movement")


def test_an_order_to_a_multiple_is_printed_once(standard_map):
    rows = [ResultRow("france", "2A Bur - Par", "A bur", True, "moved"),
            ResultRow("france", "2A Bur - Par", "A bur", True, "moved"),
            ResultRow("france", "A Mar H", "A mar", True, "held")]
    [france] = _orders(rows, "Movement", standard_map, None)
    assert [line.text for line in france.lines] == ["2A Bur - Par", "A Mar H"]


def test_two_waived_builds_are_both_printed(standard_map):
    rows = [ResultRow("france", "Waive", None, True, "waived"),
            ResultRow("france", "Waive", None, True, "waived")]
    [france] = _orders(rows, "Adjustment", standard_map, None)
    assert len(france.lines) == 2


def dislodged_stack_report(stack):
    """Carthage's supported attack from Samnium (2A, and 1) dislodges Rome's stack in Umbria, which has
    no orders; the report of that movement, in the three renderers."""
    with registered():
        game_map = load_map(str(BOARD))
        before = Position(SPRING, [*stack, Unit("carthage", "A", "sam", 2),
                                   Unit("carthage", "A", "rom")], {})
        orders = [Move("carthage", "A", "sam", "umb", strength=2),
                  SupportMove("carthage", "A", "rom", "A", "sam", "umb")]
        outcome = Season.for_map(game_map).adjudicate(before, orders)
        rows = [ResultRow(r.power, order_display(r.order, r.unit.kind) if r.order else None,
                          unit_text(r.unit), r.succeeded, r.code, r.detail, r.dislodged_by)
                for r in outcome.results]
        report = build_report(game="g", game_map=game_map, phase_label="Spring 220",
                              phase_kind="Movement", results=rows, events=[], edits=[],
                              next_position=outcome.position, next_label="Spring 220 Retreat",
                              start_position=before)
    console = Console(width=100, record=True, color_system=None)
    console.print(render_rich(report, console=console))
    return report, {"text": render_text(report), "markdown": render_markdown(report),
                    "rich": console.export_text()}


def test_a_dislodged_multiple_and_its_missing_order_are_one_line_in_every_renderer():
    report, shown = dislodged_stack_report([Unit("rome", "A", "umb"), Unit("rome", "A", "umb")])
    assert [(d.power, d.unit, d.retreats) for d in report.dislodged] == \
        [("Rome", "2A Umb", ("Etr",))]
    rome = next(p for p in report.orders if p.power == "Rome")
    assert [line.text for line in rome.lines] == ["2A Umb H"]
    for renderer, text in shown.items():
        assert text.count("2A Umb") == 2, renderer  # its order line and its dislodged line
        assert "A Umb H" not in text.replace("2A Umb H", ""), renderer


def test_a_dislodged_leader_with_its_army_is_one_line_written_by_name():
    report, shown = dislodged_stack_report([Unit("rome", "A", "umb"),
                                            Unit("rome", "L", "umb", 0.5, "Scipio")])
    assert [d.unit for d in report.dislodged] == ["A Umb with Scipio"]
    for renderer, text in shown.items():
        assert "A Umb with Scipio" in text, renderer
        assert "0.5L" not in text and "(Scipio)" not in text, renderer


def test_pieces_of_a_stack_that_retreat_to_different_places_have_a_line_each():
    # dislodged from Rome: the leader may also go by sea (Tys), the army may not
    with registered():
        game_map = load_map(str(BOARD))
        after = Position(Phase(220, "Spring", "Retreat"), [Unit("carthage", "A", "rom")], {})
        after.dislodged = [Dislodged(Unit("rome", "A", "rom"), "cam"),
                           Dislodged(Unit("rome", "L", "rom", 0.5, "Scipio"), "cam")]
        report = build_report(game="g", game_map=game_map, phase_label="Spring 220",
                              phase_kind="Movement", results=[], events=[], edits=[],
                              next_position=after, next_label="Spring 220 Retreat")
    assert [(d.unit, d.retreats) for d in report.dislodged] == \
        [("A Rom", ("Etr", "Sam", "Umb")), ("Scipio Rom", ("Etr", "Sam", "Tys", "Umb"))]


def test_the_json_position_lists_each_stack_once_beside_its_pieces():
    position = Position(SPRING, [Unit("rome", "A", "umb"), Unit("rome", "A", "umb"),
                                 Unit("rome", "A", "rom"), Unit("rome", "L", "rom", 0.5, "Scipio"),
                                 Unit("carthage", "L", "cam", 0.5, "Hannibal")],
                        {"rom": "rome"})
    with registered():
        document = json.loads(dumps(position_document("g", None, "Spring 220", position,
                                                      load_map(str(BOARD)))))
    assert document["version"] == VERSION
    errors = list(Draft202012Validator(SCHEMAS["gm/position"]).iter_errors(document))
    assert not errors, [e.message for e in errors]
    rome, carthage = document["powers"]
    assert rome["units"] == ["A Umb", "A Umb", "A Rom", "Scipio Rom"]
    assert rome["stacks"] == ["2A Umb", "A Rom with Scipio"]
    assert carthage["stacks"] == carthage["units"] == ["Hannibal Cam"]
