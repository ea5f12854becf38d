"""A piece's plan is its force: made with the piece, it holds what `Force` would for it."""

from __future__ import annotations

from gm.engine.movement_plan import STAND, Plan
from gm.engine.position import Unit
from gm.engine.resolver import Force


def test_a_plan_starts_as_the_pieces_own_force_standing_unsupported():
    unit = Unit("france", "F", "spa/nc", 2.0)
    plan = Plan(None, unit)
    force = Force("france", "spa", 2.0)
    for field in Force.__slots__:  # every field of a force is set, as Force sets it
        assert getattr(plan, field) == getattr(force, field), field
    assert plan.role == STAND and plan.order is None and not plan.void


def test_every_field_of_a_plan_is_set_when_it_is_made():
    plan = Plan(None, Unit("italy", "A", "ven"))
    for field in Plan.__slots__:
        getattr(plan, field)  # an unset slot raises AttributeError
