"""Intake of orders to a multiple on the test board: what the GM is told when a letter is
read is what the engine does (the one legality check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engine.position import Phase, Position, Unit
from gm.orders.check import checked_order
from gm.orders.errors import OrderError
from gm.orders.parse import read_order
from gm.rules import RuleSet
from tests.stacking.rule import registered

BOARD = Path(__file__).resolve().parent / "stacks.toml"


@pytest.fixture
def board_map():
    with registered():
        from gm.maps import load_map

        yield load_map(str(BOARD))


def intake(text, game_map, pos):
    reading = read_order(text, game_map, "rome", phase_kind="Movement", board=pos)
    return checked_order(reading.order, game_map, pos, "Movement", text,
                         reading.spots, RuleSet.for_map(game_map))


def test_an_uncounted_order_to_a_multiple_is_kept_with_the_hint(board_map):
    pos = Position(Phase(220, "Spring", "Movement"),
                   [Unit("rome", "A", "umb"), Unit("rome", "A", "umb")], {})
    order, note = intake("A Umb - Etr", board_map, pos)
    assert note == ("void when adjudicated: the stacks (tests) rule: Umbria holds 2A; "
                    "write 2A Umb, or split it")
    order, note = intake("2A Umb - Etr", board_map, pos)
    assert note is None and order.strength == 2.0
    order, note = intake("2A Umb split A - Etr & A H", board_map, pos)
    assert note is None and str(order) == "2A Umb split A - Etr & A H"


def test_a_split_part_that_cannot_reach_is_refused(board_map):
    pos = Position(Phase(220, "Spring", "Movement"),
                   [Unit("rome", "A", "umb"), Unit("rome", "A", "umb")], {})
    with pytest.raises(OrderError, match="Apulia is not next to Umbria"):
        intake("2A Umb split A - Apu & A H", board_map, pos)
