"""The supply-centre chart takes each year's count once its centres have changed hands, on any
calendar, leaves out a year still being played, and marks a power that has left the game."""

from __future__ import annotations

import re

from gm.engine.position import Phase, Position, Unit
from gm.maps import load_map
from gm.report.chart import build_chart
from gm.report.text import render_chart_text


def position(year, season, kind, owners, units=()):
    return Position(Phase(year, season, kind), [Unit(p, "A", loc) for p, loc in units],
                    dict(owners))


def test_years_end_at_the_adjustment_or_the_next_year_and_count_down_in_bc():
    game_map = load_map("lord-of-hosts")
    home = {"tan": "egypt", "hel": "egypt", "mem": "egypt", "bab": "babylon"}
    positions = [
        position(601, "Spring", "Movement", home, [("egypt", "tan"), ("babylon", "bab")]),
        position(601, "Winter", "Adjustment", {**home, "ur": "egypt"}, [("egypt", "tan")]),
        position(600, "Spring", "Movement", {**home, "ur": "egypt"}, [("egypt", "tan")]),
        # 600 BC had no adjustment: its count is the start of 599 BC
        position(599, "Spring", "Movement", {**home, "ur": "egypt", "bab": "egypt"},
                 [("egypt", "tan")]),
        position(599, "Autumn", "Movement", {"tan": "egypt"}, [("egypt", "tan")]),
    ]
    chart = build_chart("g", game_map, positions)
    # the starting column first; 599 BC is still being played
    assert chart.years == ("Start", "601", "600")
    assert chart.span == "601 BC to 600 BC"
    rows = {row.power: row.centres for row in chart.rows}
    assert rows["Egypt"] == (3, 4, 5)
    assert rows["Babylon"] == (1, 1, None)  # no centre and no unit left at the end of 600 BC
    assert rows["Hatti"] == (None, None, None)


def test_a_long_chart_continues_below_itself_within_72_columns(standard_map):
    positions = [position(1901 + i, "Spring", "Movement", {"par": "france"}, [("france", "par")])
                 for i in range(30)]
    text = render_chart_text(build_chart("long", standard_map, positions))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 72
    headers = [line for line in lines
               if re.fullmatch(r"\s+(Start|19\d\d)(\s+19\d\d)*", line)]
    assert len(headers) >= 2  # 29 finished years do not fit in one block
    years = [year for line in headers for year in line.split()]
    assert years == ["Start"] + [str(1901 + i) for i in range(29)]
    assert "1929" in text and "1930" not in text
