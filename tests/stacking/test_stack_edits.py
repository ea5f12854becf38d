"""`gm edit add` with stacks: a leader is added by name with its place, and a piece joins a
province only where the map's rules let the pieces there stack with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engine.position import Phase, Position, Unit
from gm.game.corrections import apply_correction
from gm.game.workflow_errors import WorkflowError
from gm.maps import load_map
from tests.stacking.rule import registered

BOARD = Path(__file__).resolve().parent / "stacks.toml"


def test_a_leader_is_added_beside_its_army_where_pieces_stack():
    with registered():
        game_map = load_map(str(BOARD))
        pos = Position(Phase(220, "Spring", "Movement"), [Unit("rome", "A", "rom")], {})
        apply_correction("add", ["Rome", "scipio", "Rom"], pos, game_map, "placed late")
        assert [u.label() for u in pos.units] == ["A rom", "Scipio rom"]
        assert pos.units[1].tag == "S220M:rom" and pos.units[1].strength == 0.5
        with pytest.raises(WorkflowError, match="already holds"):  # another side's piece
            apply_correction("add", ["Carthage", "A", "Rom"], pos, game_map, "typo")
        with pytest.raises(WorkflowError, match="one of its leaders \\(Hannibal\\)"):
            apply_correction("add", ["Carthage", "Scipio", "Cam"], pos, game_map, "typo")


def test_without_a_stacking_rule_an_occupied_province_takes_no_piece(standard_map):
    pos = Position(Phase(1901, "Spring", "Movement"), [Unit("france", "A", "par")], {})
    with pytest.raises(WorkflowError, match="already holds"):
        apply_correction("add", ["France", "A", "Par"], pos, standard_map, "again")
