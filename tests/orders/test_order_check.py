"""Checks against the map and the board: every mistake named, with the fix."""

from __future__ import annotations

import pytest

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.orders.check import check_order
from gm.orders.errors import NO_UNIT, NOT_ADJACENT, WRONG_KIND, WRONG_POWER, OrderError
from gm.orders.parse import parse_order
from gm.orders.variants import all_forms

ALL_FORMS = all_forms()  # every variant form, allowed where a test reads them all


@pytest.fixture()
def board():
    units = [Unit("france", "A", "par"), Unit("france", "F", "bre"), Unit("germany", "A", "mun"),
             Unit("russia", "F", "stp/sc"), Unit("england", "F", "nth"),
             Unit("england", "A", "lon")]
    return Position(Phase(1901, "Spring", "Movement"), units, {})


def check(text, game_map, board=None, power=None, phase=None):
    order = parse_order(text, game_map, power, phase_kind=phase)
    return check_order(order, game_map, board, phase, text)


@pytest.mark.parametrize("text, power, kind, words", [
    ("A Bur - Par", "france", NO_UNIT, "no unit in Burgundy"),
    ("A Mun - Ruh", "france", WRONG_POWER, "belongs to Germany, not France"),
    ("F Par H", "france", WRONG_KIND, "inland"),
    ("F Bre - Pic", "germany", WRONG_POWER, "belongs to France"),
    ("A Bre - Pic", "france", WRONG_KIND, "is a fleet, not an army"),
    ("A Par - Mun", "france", NOT_ADJACENT, "Munich is not next to Paris"),
    ("A Par - Eng", "france", NOT_ADJACENT, "which is a sea"),
    ("F Bre - Par", "france", NOT_ADJACENT, "cannot go inland"),
    ("F Bre - Nth", "france", NOT_ADJACENT, "cannot reach North Sea"),
    ("F Stp/sc - Bar", "russia", NOT_ADJACENT, "cannot reach Barents"),
    ("A Par S A Mun - Ruh", "france", NOT_ADJACENT, "cannot reach Ruhr"),
    ("A Par C A Lon - Bre", "france", WRONG_KIND, "only fleets convoy"),
    ("F Bre C A Par - Lon", "france", NOT_ADJACENT, "not at sea"),
])
def test_board_mistakes(standard_map, board, text, power, kind, words):
    with pytest.raises(OrderError) as caught:
        check(text, standard_map, board, power)
    assert caught.value.kind == kind
    assert words in caught.value.message
    assert caught.value.hint


@pytest.mark.parametrize("text", [
    "A Par - Bur", "F Bre - Mid", "A Lon - Bre", "F Nth C A Lon - Bre", "A Par S F Bre",
    "F Stp/sc - Bot", "A Lon - Bel via convoy", "Build A Mar", "Waive",
])
def test_legal_orders_pass(standard_map, board, text):
    order = check(text, standard_map, board, None)
    assert order.power in (None, "france", "england", "russia")


def test_the_board_fills_in_the_power(standard_map, board):
    assert check("A Mun H", standard_map, board).power == "germany"


def test_the_map_alone_catches_impossible_units_and_moves(standard_map):
    with pytest.raises(OrderError) as caught:
        check("A Nth H", standard_map)
    assert caught.value.kind == WRONG_KIND
    with pytest.raises(OrderError) as caught:
        check("F Kie - Mun", standard_map)
    assert caught.value.kind == NOT_ADJACENT


def test_a_fleet_without_its_coast_may_be_on_either(standard_map):
    assert check("F Spa - Gol", standard_map).dest == "gol"  # only the south coast reaches


def test_retreats_look_at_the_dislodged_units(standard_map, board):
    board.dislodged = [Dislodged(Unit("germany", "A", "bur"), "par")]
    order = check("A Bur - Mun", standard_map, board, "germany", "Retreat")
    assert type(order).__name__ == "Retreat"
    with pytest.raises(OrderError) as caught:
        check("A Par R Gas", standard_map, board, "france", "Retreat")
    assert "no dislodged unit" in caught.value.message
    with pytest.raises(OrderError) as caught:
        check("A Bur R Lon", standard_map, board, "germany", "Retreat")
    assert caught.value.kind == NOT_ADJACENT


def test_leaders_are_found_on_the_board(ancient_map):
    board = Position(Phase(220, "Spring", "Movement"),
                     [Unit("carthage", "L", "car", 0.5, "Hannibal"), Unit("rome", "A", "rom")],
                     {})
    order = parse_order("Hannibal - Hadrumetum", ancient_map, board=board)
    assert (order.location, order.power) == ("car", "carthage")
    # a leader goes along army and fleet links, not across the sea to Sardinia (issue 17)
    with pytest.raises(OrderError, match="not next to Carthage"):
        parse_order("Hannibal - Sardinia", ancient_map, board=board)
    with pytest.raises(OrderError) as caught:
        parse_order("Publius Scipio H", ancient_map, board=board)
    assert caught.value.kind == NO_UNIT


def test_multiples_and_a_f_units_on_the_board(ancient_map):
    board = Position(Phase(601, "Spring", "Movement"),
                     [Unit("babylon", "A", "ur", 2.0), Unit("egypt", "A/F", "tan")], {})
    assert check_order(parse_order("2A Ur H", ancient_map), ancient_map, board).power \
        == "babylon"
    with pytest.raises(OrderError) as caught:
        check_order(parse_order("3A Ur H", ancient_map, forms=ALL_FORMS), ancient_map, board)
    assert caught.value.kind == WRONG_KIND
    # an A/F unit is ordered as the army or fleet it becomes
    assert check_order(parse_order("F Tan H", ancient_map), ancient_map, board).power == \
        "egypt"


def test_board_errors_point_into_the_text(standard_map, board):
    from gm.orders.letters import read_orders

    letter = read_orders("A Par - Mun\nA Bur H\nA Par - Muc", standard_map, "france",
                         board=board)
    first, second, third = letter.rejected
    assert (first.error.kind, first.error.column) == (NOT_ADJACENT, 9)  # at 'Mun'
    assert (second.error.kind, second.error.column) == (NO_UNIT, 1)  # at the unit
    # a guessed name that made the order fail is shown with the fix
    assert "read 'Muc' as Munich (mun)" in third.error.hint
