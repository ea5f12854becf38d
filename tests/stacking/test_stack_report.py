"""Reports with stacks: an order to a multiple has a result for each piece, and the report
prints it once; lines that only look alike (two waived builds) stay."""

from __future__ import annotations

from gm.report.report_builder import _orders
from gm.store.result_rows import ResultRow


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
