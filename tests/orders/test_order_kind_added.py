"""A test-only order kind, added as docs/design.md says a kind is added: one module (here, the
top of this file) and its grammar lines. Nothing else in gm is edited, and yet the kind is
read from letters, echoed, fitted to its phase, refused by maps without a rule for it,
checked on the board with the same words at intake and in the engine, and stored.

The kind: `A Par entrenches`. A unit digs in where it stands (movement phases only); a fleet
at sea has nothing to dig. A test rule, `trenches`, brings it, as a variant's rule would.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from gm.engine import results as R
from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.orders import legality
from gm.orders.errors import PHASE, VARIANT, OrderError
from gm.orders.kinds import register
from gm.orders.kinds.order_kind import MOVEMENT, Order, OrderKind, Problem
from gm.orders.letters import read_orders
from gm.orders.parse import parse_order
from gm.rule_catalogue import RuleAbout
from gm.rules import Rule, RuleSet
from gm.store.codec import order_from_json, order_to_json
from tests.rule_fixtures import added_rule

# --- the kind's module ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrench(Order):
    """A unit digs in where it stands."""

    def tail(self) -> str:
        return " entrenches"


def read_entrench(b, written) -> Order:
    unit = b.unit(written)
    return Entrench(b.power, unit.kind, unit.location, **b.common(unit))


def check_entrench(order, kind, location, position, game_map, rules=None) -> Problem | None:
    province = game_map.provinces.get(order.province)
    if province is not None and province.kind == "sea":
        return Problem(f"a fleet in {province.name} has nothing to dig: it is at sea",
                       "Entrench on land or on a coast.")
    return None


ENTRENCH = register(OrderKind(
    Entrench, "entrenching", (MOVEMENT,), form="entrenchment",
    form_words=("entrenching units", "none yet: a test's"),
    reads={"entrench": read_entrench}, check=check_entrench,
    grammar="%extend order: unit ENTRENCH -> entrench\n"
            "ENTRENCH.3: /(?i:entrench(?:es)?|digs?\\s+in)\\b/\n",
))

# --- a rule that brings it (in a variant: its own module in gm/rules/, its entry in
# gm/rule_catalogue.py and its line in gm/rules/rule_registry.py) ---------------------------------


class Trenches(Rule):
    about = RuleAbout("trenches_for_tests", "trenches", brings=frozenset({"entrenchment"}))

@pytest.fixture(scope="module")
def trench_map(standard_map):
    with added_rule(Trenches):
        yield dataclasses.replace(standard_map, rules={"trenches_for_tests": {"rule": "9"}},
                                  move_checks={})


@pytest.fixture()
def board():
    return Position(Phase(1901, "Spring", "Movement"),
                    [Unit("france", "A", "par"), Unit("england", "F", "nth")], {})


def test_the_kind_is_read_and_echoed_in_its_own_words(trench_map):
    order = parse_order("A Par entrenches", trench_map, "france")
    assert order == Entrench("france", "A", "par")
    assert str(order) == "A Par entrenches"
    assert parse_order("a paris digs in", trench_map, "france") == order


def test_a_map_without_a_rule_for_it_refuses_it_by_name(standard_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A Par entrenches", standard_map, "france")
    assert caught.value.kind == VARIANT
    assert "has no rule for entrenching units" in caught.value.message
    assert "Rulebooks with it: none yet: a test's." in caught.value.hint


def test_it_belongs_to_movement_phases_only(trench_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A Par entrenches", trench_map, "france", phase_kind="Retreat")
    assert caught.value.kind == PHASE
    assert caught.value.message == \
        "rule 9 (trenches): entrenching is not allowed in a retreat phase"


def test_its_board_check_says_the_same_at_intake_and_in_the_engine(trench_map, board):
    rules = RuleSet.for_map(trench_map)
    letter = read_orders("France:\nA Par entrenches\n\nEngland:\nF Nth entrenches\n",
                         trench_map, phase_kind="Movement", board=board, rules=rules)
    kept = {str(item.order): item.notes for item in letter.orders}
    assert kept["A Par entrenches"] == ()
    void = "a fleet in North Sea has nothing to dig: it is at sea"
    assert kept["F Nth entrenches"] == (f"void when adjudicated: {void}",)
    assert legality.check(Entrench("england", "F", "nth"), board, trench_map, "Movement",
                          rules).problem.message == void

    outcome = adjudicate_movement(board, [item.order for item in letter.orders], trench_map,
                                  rules)
    by_unit = {r.unit.location: r for r in outcome.results}
    assert by_unit["par"].code == R.HELD and by_unit["par"].succeeded
    assert (by_unit["nth"].code, by_unit["nth"].detail) == (R.VOID, void)


def test_it_is_stored_and_read_back(trench_map):
    order = parse_order("A Par entrenches", trench_map, "france")
    assert order_from_json(order_to_json(order)) == order
