"""Adjustments with stacks (issue 17): removals name a piece of a stack, a site held by the
builder's side takes builds where the rules let pieces stack, and civil disorder goes through
a stack fleets first, then armies, then garrisons, then by tag."""

from __future__ import annotations

from gm.engine.adjustment_phase import adjudicate_adjustments, civil_disorder_removals
from gm.engine.position import Phase, Position, Unit
from gm.orders.kinds.build import Build
from gm.orders.kinds.remove import Remove
from gm.rules import RuleSet
from tests.stacking.rule import stacking

WINTER = Phase(1901, "Winter", "Adjustment")
FRENCH = {"par": "france", "bre": "france", "mar": "france", "spa": "france"}


def test_a_build_joins_its_own_sides_piece_where_pieces_stack(standard_map):
    pos = Position(WINTER, [Unit("france", "L", "par", 0.5, "Hannibal")], dict(FRENCH))
    out = adjudicate_adjustments(pos, [Build("france", "A", "par")], standard_map, stacking())
    assert out.results[0].code == "built"
    assert sorted(u.label() for u in out.position.units) == ["A par", "Hannibal par"]
    standard = adjudicate_adjustments(pos, [Build("france", "A", "par")], standard_map,
                                      RuleSet())
    assert [r.code for r in standard.results][0] == "void"


def test_a_site_takes_two_builds_where_the_rules_allow_the_stack(standard_map):
    pos = Position(WINTER, [], dict(FRENCH))
    orders = [Build("france", "A", "par"), Build("france", "A", "par")]
    out = adjudicate_adjustments(pos, orders, standard_map, stacking())
    assert [r.code for r in out.results][:2] == ["built", "built"]
    assert [u.tag for u in out.position.units] == ["W1901A:par", "W1901A:par:2"]
    standard = adjudicate_adjustments(pos, orders, standard_map, RuleSet())
    assert [r.code for r in standard.results][:2] == ["built", "void"]


def test_a_removal_names_the_leader_of_a_stack(standard_map):
    pos = Position(WINTER, [Unit("france", "A", "par"), Unit("france", "L", "par", 0.5,
                                                            "Hannibal")], {"par": "france"})
    out = adjudicate_adjustments(pos, [Remove("france", None, "par", leader="Hannibal")],
                                 standard_map, stacking())
    assert [u.label() for u in out.position.units] == ["A par"]


def test_civil_disorder_in_a_stack_takes_fleets_then_armies_then_garrisons_then_by_tag(
        standard_map):
    units = [Unit("france", "G", "bre", tag="a"), Unit("france", "A", "bre", tag="b"),
             Unit("france", "A", "bre", tag="a"), Unit("france", "F", "bre", tag="c")]
    pos = Position(WINTER, units, {})
    assert civil_disorder_removals(pos, "france", 4, standard_map, set()) == [3, 2, 1, 0]
    assert civil_disorder_removals(pos, "france", 1, standard_map, set()) == [3]
