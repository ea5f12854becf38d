"""Movement with several pieces in one province, on the standard map with a test rule that
lets pieces stack (`tests/stacking/rule.py`): orders reach the piece they name, a leader joins
its army, friendly arrivals, sides. Each test was a bug of the one-piece-per-province engine
(issue 17, "What goes wrong today")."""

from __future__ import annotations

from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.rules import RuleSet
from tests.stacking.rule import stacking

SPRING = Phase(1901, "Spring", "Movement")


def leader(power, place, name):
    return Unit(power, "L", place, 0.5, name)


def board(*units):
    return Position(SPRING, list(units), {})


def by_unit(outcome):
    return {(r.unit.label() if r.unit else None): r for r in outcome.results}


def test_an_order_naming_a_leader_commands_the_leader_not_its_army(standard_map):
    pos = board(leader("france", "bur", "Hannibal"), Unit("france", "A", "bur"))
    orders = [Move("france", None, "bur", "mun", leader="Hannibal"),
              Move("france", "A", "bur", "par")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    got = by_unit(out)
    assert got["Hannibal bur"].code == "moved" and got["A bur"].code == "moved"
    assert sorted(u.label() for u in out.position.units) == ["A par", "Hannibal mun"]


def test_a_leader_moves_by_sea_links_as_well_as_land(standard_map):
    pos = board(leader("england", "lon", "Arthur"))
    out = adjudicate_movement(pos, [Move("england", None, "lon", "nth", leader="Arthur")],
                              standard_map, stacking())
    assert [u.label() for u in out.position.units] == ["Arthur nth"]


def test_a_support_of_the_army_is_matched_when_a_leader_is_listed_first(standard_map):
    pos = board(leader("france", "bur", "Hannibal"), Unit("france", "A", "bur"),
                Unit("france", "A", "ruh"), Unit("germany", "A", "mun"))
    orders = [Move("france", "A", "bur", "mun"), Hold("france", None, "bur", leader="Hannibal"),
              SupportMove("france", "A", "ruh", "A", "bur", "mun")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    got = by_unit(out)
    assert got["A ruh"].code == "supported"
    assert got["A bur"].code == "moved"
    assert [d.unit.label() for d in out.position.dislodged] == ["A mun"]


def test_a_support_to_hold_may_name_the_leader(standard_map):
    pos = board(Unit("france", "A", "bur"), leader("france", "bur", "Hannibal"),
                Unit("france", "A", "par"))
    orders = [Move("france", "A", "bur", "mun"),
              SupportHold("france", "A", "par", None, "bur", target_leader="Hannibal")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    assert by_unit(out)["A par"].code == "supported"


def test_a_leader_joins_its_own_army(standard_map):
    pos = board(leader("france", "par", "Hannibal"), Unit("france", "A", "bur"))
    out = adjudicate_movement(pos, [Move("france", None, "par", "bur", leader="Hannibal")],
                              standard_map, stacking())
    assert by_unit(out)["Hannibal par"].code == "moved"
    assert not out.position.dislodged  # and the army it joined stays: invariant 4
    assert sorted(u.label() for u in out.position.units) == ["A bur", "Hannibal bur"]


def test_without_a_stacking_rule_a_join_is_a_self_attack(standard_map):
    pos = board(leader("france", "par", "Hannibal"), Unit("france", "A", "bur"))
    out = adjudicate_movement(pos, [Move("france", None, "par", "bur", leader="Hannibal")],
                              standard_map, RuleSet())
    assert by_unit(out)["Hannibal par"].code == "bounced"


def test_two_pieces_of_one_power_arrive_together(standard_map):
    pos = board(Unit("france", "A", "par"), Unit("france", "A", "mar"))
    orders = [Move("france", "A", "par", "bur"), Move("france", "A", "mar", "bur")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    assert [u.label() for u in out.position.units] == ["A bur", "A bur"]
    assert "bur" not in out.position.standoffs
    standard = adjudicate_movement(pos, orders, standard_map, RuleSet())
    assert "bur" in standard.position.standoffs  # one piece to a province: they bounce


def test_a_successful_join_dislodges_nothing_of_its_own_side(standard_map):
    # Austria and Germany play on one side. Austria's supported army joins Germany's in
    # Munich: the one-piece engine's outcome dislodged the German army (2 against 1), since
    # it dislodged every piece that stayed where a successful attack entered.
    pos = board(Unit("germany", "A", "mun"), Unit("austria", "A", "boh"),
                Unit("austria", "A", "tyr"))
    orders = [Move("austria", "A", "boh", "mun"),
              SupportMove("austria", "A", "tyr", "A", "boh", "mun")]
    out = adjudicate_movement(pos, orders, standard_map,
                              stacking({"austria": "kaiser", "germany": "kaiser"}))
    assert by_unit(out)["A boh"].code == "moved"
    assert not out.position.dislodged
    assert sorted(u.label() for u in out.position.units) == ["A mun", "A mun", "A tyr"]
    apart = adjudicate_movement(pos, orders, standard_map, RuleSet())
    assert [d.unit.label() for d in apart.position.dislodged] == ["A mun"]


def test_powers_on_one_side_do_not_dislodge_each_other(standard_map):
    pos = board(Unit("austria", "A", "boh"), Unit("austria", "A", "sil"),
                Unit("germany", "A", "mun"))
    orders = [Move("austria", "A", "boh", "mun"),
              SupportMove("austria", "A", "sil", "A", "boh", "mun")]
    apart = adjudicate_movement(pos, orders, standard_map, RuleSet())
    assert [d.unit.label() for d in apart.position.dislodged] == ["A mun"]
    one_side = RuleSet((), players={"austria": "kaiser", "germany": "kaiser"})
    together = adjudicate_movement(pos, orders, standard_map, one_side)
    assert not together.position.dislodged
    assert by_unit(together)["A boh"].code == "bounced"
    assert stacking({"austria": "kaiser", "germany": "kaiser"}).side("germany") == "kaiser"


def test_a_support_from_the_defenders_side_does_not_help_dislodge_it(standard_map):
    pos = board(Unit("france", "A", "bur"), Unit("germany", "A", "ruh"),
                Unit("austria", "A", "mun"), Unit("austria", "A", "tyr"))
    orders = [Move("france", "A", "bur", "mun"),
              SupportMove("germany", "A", "ruh", "A", "bur", "mun"),
              SupportHold("austria", "A", "tyr", "A", "mun")]
    one_side = RuleSet((), players={"austria": "kaiser", "germany": "kaiser"})
    out = adjudicate_movement(pos, orders, standard_map, one_side)
    assert not out.position.dislodged  # 1 (Germany's support left out) against 2


def test_a_leader_is_printed_with_its_place():
    assert leader("rome", "rom", "Scipio").label() == "Scipio rom"
    assert Unit("rome", "A", "rom", 2).label() == "2A rom"
