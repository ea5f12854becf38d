"""Orders to a multiple unit (issue 17, "Orders to stacks"), on the standard map with the
test rule that lets pieces stack (`tests/stacking/rule.py`): an order that names no leader
commands all its side's pieces there that are not leaders; it must write their kind and count,
or split them; a split's parts get their own orders; each piece keeps its own reach. Intake
(`legality.check`) and the engine give the same words."""

from __future__ import annotations

from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.orders import legality
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.split import Split
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.orders.phases import MOVEMENT
from gm.rules import RuleSet
from tests.stacking.rule import Stacks, stacking

SPRING = Phase(1901, "Spring", "Movement")


def board(*units):
    return Position(SPRING, list(units), {})


def places(outcome):
    return sorted(u.label() for u in outcome.position.units)


def two_armies(place="bur"):
    return Unit("france", "A", place), Unit("france", "A", place)


def test_an_order_that_does_not_count_the_multiple_is_void_with_a_hint(standard_map):
    pos = board(*two_armies())
    order = Move("france", "A", "bur", "par")
    out = adjudicate_movement(pos, [order], standard_map, stacking())
    assert places(out) == ["A bur", "A bur"]
    assert {r.code for r in out.results} == {"void"}
    why = "the stacks (tests) rule: Burgundy holds 2A; write 2A Bur, or split it"
    assert out.results[0].detail == why
    verdict = legality.check(order, pos, standard_map, MOVEMENT, stacking())
    assert verdict.problem.message == why and not verdict.problem.refused


def test_an_order_that_counts_the_multiple_moves_all_of_it(standard_map):
    pos = board(*two_armies(), Unit("germany", "A", "mun"))
    order = Move("france", "A", "bur", "mun", strength=2.0)
    assert legality.check(order, pos, standard_map, MOVEMENT, stacking()).legal
    out = adjudicate_movement(pos, [order], standard_map, stacking())
    assert places(out) == ["A mun", "A mun"]  # 2 against 1
    assert [d.unit.label() for d in out.position.dislodged] == ["A mun"]


def test_a_split_gives_each_part_its_own_order(standard_map):
    split = Split("france", "A", "bur", (Move("france", "A", "bur", "par"),
                                         Hold("france", "A", "bur")), strength=2.0)
    pos = board(*two_armies())
    assert legality.check(split, pos, standard_map, MOVEMENT, stacking()).legal
    out = adjudicate_movement(pos, [split], standard_map, stacking())
    assert places(out) == ["A bur", "A par"]


def test_pieces_a_split_leaves_out_hold(standard_map):
    split = Split("france", "A", "bur", (Move("france", "A", "bur", "mun"),), strength=2.0)
    pos = board(*two_armies(), Unit("germany", "A", "mun"))
    out = adjudicate_movement(pos, [split], standard_map, stacking())
    assert places(out) == ["A bur", "A bur", "A mun"]  # 1 against 1: the part bounces
    assert [r.code for r in out.results if r.unit.province == "bur"] == ["bounced", "held"]


def test_a_split_whose_parts_do_not_fit_is_void(standard_map):
    split = Split("france", "A", "bur", (Move("france", "A", "bur", "par", strength=2.0),
                                         Hold("france", "A", "bur")), strength=2.0)
    pos = board(*two_armies())
    why = "Burgundy has no A left for the part 'A H' of the split"
    assert legality.check(split, pos, standard_map, MOVEMENT, stacking()).problem.message == why
    out = adjudicate_movement(pos, [split], standard_map, stacking())
    assert places(out) == ["A bur", "A bur"]
    assert {r.detail for r in out.results} == {why}


def test_one_piece_cannot_split(standard_map):
    split = Split("france", "A", "bur", (Move("france", "A", "bur", "par"),
                                         Hold("france", "A", "bur")), strength=2.0)
    pos = board(Unit("france", "A", "bur", 2.0))
    problem = legality.check(split, pos, standard_map, MOVEMENT, stacking()).problem
    assert problem.message == "the unit in Burgundy is one piece and cannot split"


class AnyStack(Stacks):
    """Any pieces of one side may stack (an army with a fleet), for the reach test."""

    def may_stack(self, pieces, how, position, game_map):
        return ""


def test_each_piece_of_a_moving_multiple_keeps_its_own_reach(standard_map):
    pos = board(Unit("france", "A", "bre"), Unit("france", "F", "bre"))
    order = Move("france", None, "bre", "mid", strength=2.0)
    rules = RuleSet([AnyStack()])
    assert legality.check(order, pos, standard_map, MOVEMENT, rules).legal
    out = adjudicate_movement(pos, [order], standard_map, rules)
    assert places(out) == ["A bre", "F mid"]  # the army cannot go to sea: it holds
    army = next(r for r in out.results if r.unit.kind == "A")
    assert army.code == "void"


def test_a_support_matches_the_split_part_that_makes_the_move(standard_map):
    # the first piece in Burgundy holds; the support of `A Bur - Mun` finds the one that moves
    split = Split("france", "A", "bur", (Hold("france", "A", "bur"),
                                         Move("france", "A", "bur", "mun")), strength=2.0)
    pos = board(*two_armies(), Unit("france", "A", "ruh"), Unit("germany", "A", "mun"))
    orders = [split, SupportMove("france", "A", "ruh", "A", "bur", "mun")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    assert places(out) == ["A bur", "A mun", "A ruh"]
    assert [d.unit.label() for d in out.position.dislodged] == ["A mun"]


def test_a_support_to_hold_counts_if_a_named_piece_stays(standard_map):
    split = Split("france", "A", "bur", (Move("france", "A", "bur", "pic"),
                                         Hold("france", "A", "bur")), strength=2.0)
    pos = board(*two_armies(), Unit("france", "A", "par"), Unit("germany", "A", "mun"),
                Unit("germany", "A", "ruh"))
    orders = [split, SupportHold("france", "A", "par", "A", "bur"),
              Move("germany", "A", "mun", "bur"),
              SupportMove("germany", "A", "ruh", "A", "mun", "bur")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    assert next(r for r in out.results if r.unit.province == "par").code == "supported"
    assert not out.position.dislodged  # 2 against 2


def test_a_convoy_carries_the_army_of_a_stack_not_its_fleet(standard_map):
    pos = board(Unit("england", "F", "yor"), Unit("england", "A", "yor"),
                Unit("england", "F", "nth"))
    split = Split("england", None, "yor", (Move("england", "A", "yor", "nwy", True),
                                           Hold("england", "F", "yor")), strength=2.0)
    orders = [split, Convoy("england", "F", "nth", "A", "yor", "nwy")]
    out = adjudicate_movement(pos, orders, standard_map, RuleSet([AnyStack()]))
    assert places(out) == ["A nwy", "F nth", "F yor"]
    assert next(r for r in out.results if r.unit.location == "nth").code == "convoyed"
