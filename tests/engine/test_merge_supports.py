"""Supports of a merge (issue 17, invariant 3): `A Gas S merge Bur` adds to its side's merge
into Burgundy from outside, and a piece of the side standing in Burgundy that holds or
supports the merge adds its strength to it. On the standard map with the test stacking rule."""

from __future__ import annotations

from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.orders import legality
from gm.orders.kinds.merge import Merge, SupportMerge
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import UnitRef
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.orders.phases import MOVEMENT
from tests.stacking.rule import stacking

SPRING = Phase(1901, "Spring", "Movement")
MERGE = Merge("france", "A", "pic", "bur", "A", merged_strength=2.0,
              partners=(UnitRef("A", "par"),))
GERMANY = [Move("germany", "A", "mun", "bur"), SupportMove("germany", "A", "ruh", "A", "mun",
                                                           "bur")]


def board(*units):
    return Position(SPRING, [Unit("france", "A", "pic"), Unit("france", "A", "par"),
                             Unit("germany", "A", "mun"), Unit("germany", "A", "ruh"),
                             *units], {})


def code_of(out, place):
    return next(r.code for r in out.results if r.unit is not None and r.unit.province == place)


def test_a_merge_of_two_bounces_off_a_supported_attack(standard_map):
    out = adjudicate_movement(board(), [MERGE, *GERMANY], standard_map, stacking())
    assert code_of(out, "pic") == "bounced" and code_of(out, "mun") == "bounced"


def test_a_support_of_the_merge_from_outside_carries_it(standard_map):
    support = SupportMerge("france", "A", "gas", "bur")
    pos = board(Unit("france", "A", "gas"))
    assert legality.check(support, pos, standard_map, MOVEMENT, stacking()).legal
    out = adjudicate_movement(pos, [MERGE, support, *GERMANY], standard_map, stacking())
    assert code_of(out, "gas") == "supported"
    assert sorted(u.label() for u in out.position.units if u.province == "bur") == \
        ["A bur", "A bur"]


def test_a_piece_in_the_merges_province_that_supports_it_takes_part(standard_map):
    pos = board(Unit("france", "A", "bur"), Unit("france", "A", "gas"))
    alone = Merge("france", "A", "pic", "bur", "A", merged_strength=2.0)
    outside = SupportMerge("france", "A", "gas", "bur")
    out = adjudicate_movement(pos, [alone, outside, SupportMerge("france", "A", "bur", "bur"),
                                    *GERMANY], standard_map, stacking())
    assert code_of(out, "pic") == "moved"  # 1 + 1 (Burgundy's) + 1 (Gascony's) against 2
    assert not out.position.dislodged
    apart = adjudicate_movement(pos, [alone, outside, SupportHold("france", "A", "bur", "A",
                                                                   "gas"), *GERMANY],
                                standard_map, stacking())
    assert code_of(apart, "pic") == "bounced"  # 2 against 2


def test_a_support_of_a_merge_that_is_not_made_is_not_matched(standard_map):
    pos = board(Unit("france", "A", "gas"))
    out = adjudicate_movement(pos, [SupportMerge("france", "A", "gas", "bur")], standard_map,
                              stacking())
    assert code_of(out, "gas") == "not_matched"


def test_a_support_of_a_merge_must_reach_its_province(standard_map):
    support = SupportMerge("france", "A", "bre", "bur")
    problem = legality.check(support, board(Unit("france", "A", "bre")), standard_map,
                             MOVEMENT, stacking()).problem
    assert "cannot reach Burgundy" in problem.message
