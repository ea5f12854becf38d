"""Reading rule 1 as a property: lines sent ahead never change this phase's orders.

Any letter of valid movement orders for one power, plus any number of sent-ahead lines
(builds, removals, conditional retreats, season headings, in any order, with commas), gives
the same movement orders as the letter without the sent-ahead lines.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.engine.position import Phase, starting_position
from gm.game.intake import letter_phases
from gm.maps.loader import load_map
from gm.orders.letters import read_orders
from tests.conftest import examples

STANDARD = load_map("standard")
AUTUMN = Phase(1901, "Autumn", "Movement")
BOARD = replace(starting_position(STANDARD), phase=AUTUMN)
PHASES = letter_phases(AUTUMN, STANDARD)

MOVES = {  # France's units at the start, and orders each may be given
    "par": ["A Par", "A Par H", "A Par - Bur", "A Par - Pic", "A Par - Gas", "A Par S A Mar - Bur"],
    "mar": ["A Mar H", "A Mar - Bur", "A Mar - Spa", "A Mar - Pie", "A Mar S A Par - Bur"],
    "bre": ["F Bre H", "F Bre - Mid", "F Bre - Eng", "F Bre - Pic", "Fleet Brest holds"],
}
AHEAD = [
    "Build A Par", "Build A Par, F Bre", "Builds: A(Par), F(Bre)", "Build F Bre, A Mar",
    "Remove A Mar", "Removes: A Mar; F Bre", "Remove A Par, F Bre", "Waive",
    "If dislodged, A Mar - Gas", "If dislodged: A Bre R Gas", "A Par - Gas (if dislodged)",
    "A Mar R Spa or Gas (if dislodged)", "A Par R Bur, A Mar R Gas", "A Bre D",
    "Winter:\nA Par\nAutumn 1901:", "Winter 1901:\nBuild A Par, F Bre\nAutumn 1901:",
    "Autumn retreats:\nA Par - Gas\nAutumn 1901:", "Retreats:\nA Mar - Bur, A Par - Pic\nMoves:",
    "W: B F Bre", "Builds: F Bre, A Mar", "Removes: A Mar; F Bre", "Builds:\nF Bre\nMoves:",
]


def movement_orders(text: str) -> list[str]:
    letter = read_orders(text, STANDARD, None, phase_kind="Movement", board=BOARD,
                         phases=PHASES)
    assert not letter.refusals
    return [str(item.order) for item in letter.orders if item.later is None]


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_lines_sent_ahead_never_change_the_movement_orders(data):
    units = data.draw(st.lists(st.sampled_from(sorted(MOVES)), min_size=1, max_size=3,
                               unique=True))
    orders = [data.draw(st.sampled_from(MOVES[u])) for u in units]
    extra = data.draw(st.lists(st.sampled_from(AHEAD), max_size=5))
    lines = [*orders]
    for line in extra:  # each sent-ahead line goes anywhere among the orders
        lines.insert(data.draw(st.integers(0, len(lines))), line)
    heading = data.draw(st.sampled_from(["", "France:\n", "Orders for France\n"]))
    plain = movement_orders(heading + "\n".join(orders))
    assert movement_orders(heading + "\n".join(lines)) == plain
    assert len(plain) == len(orders)


def test_an_inline_season_heading_speaks_for_its_line_only():
    letter = read_orders("France:\nRemoves: A Mar; F Bre\nA Par\n", STANDARD, None,
                         phase_kind="Movement", board=BOARD, phases=PHASES)
    assert [(str(i.order), i.later.label if i.later else None) for i in letter.orders] == [
        ("Remove A Mar", "Winter 1901"), ("Remove F Bre", "Winter 1901"), ("A Par H", None)]


def test_a_power_heading_may_name_the_phase_too():
    def read(text):
        letter = read_orders(text, STANDARD, None, phase_kind="Movement", board=BOARD,
                             phases=PHASES)
        return [(str(i.order), i.later.label if i.later else None) for i in letter.orders]

    assert read("Germany, Autumn retreats:\nA Mun - Sil\n") == [
        ("A Mun R Sil", "Autumn 1901 Retreat")]
    assert read("France, Winter 1901:\nA Par\n") == [("Build A Par", "Winter 1901")]
    assert read("Orders for France, Autumn 1901\nA Par - Bur\n") == [("A Par - Bur", None)]
    assert read("France (Spring 1902):\nA Par - Bur\n") == []
