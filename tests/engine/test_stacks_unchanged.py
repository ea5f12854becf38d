"""Invariant 5 of issue 17: where no rule lets pieces stack, the stack code changes nothing.

On random crowded standard positions, the engine gives exactly the results and positions the
engine before issue 17 gave (`standard_movement_golden.jsonl`, recorded at commit 37fb629 by
tools/make_standard_golden.py); and a rule set that asks the stacking hook (`may_stack`)
and answers as the standard game does, or powers on sides of their own, give exactly what the
plain rule set gives."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.notation import read_unit
from gm.orders.parse import parse_order
from gm.rule_catalogue import RuleAbout
from gm.rules import Rule, RuleSet
from gm.rules.hooks import PieceHooks

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tools")]
try:
    from make_standard_golden import outcome_facts as recorded_facts
    from positions import crowded_position, random_orders
finally:
    del sys.path[:2]

GOLDEN = [json.loads(line) for line in
          (Path(__file__).parent / "standard_movement_golden.jsonl").read_text().splitlines()]


class StandardAnswers(Rule, PieceHooks):
    """Asks the stacking hook and answers as the standard game: one piece to a province."""

    about = RuleAbout("standard_answers")

    def may_stack(self, pieces, how, position, game_map):
        return "" if len(pieces) <= 1 else "one piece to a province"


def outcome_facts(outcome):
    pos = outcome.position
    return ([(u.power, u.kind, u.location) for u in pos.units],
            [(d.unit.location, d.attacker_from) for d in pos.dislodged],
            sorted(pos.standoffs),
            [(r.power, str(r.order), r.code, r.detail) for r in outcome.results])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), units=st.integers(6, 34))
def test_standard_results_are_unchanged_by_the_stack_code(standard_map, seed, units):
    rng = random.Random(seed)
    position = crowded_position(standard_map, rng, units)
    orders = random_orders(position, standard_map, rng)
    plain = adjudicate_movement(position, orders, standard_map, RuleSet())
    asked = adjudicate_movement(position, orders, standard_map, RuleSet([StandardAnswers()]))
    own_sides = RuleSet((), players={p: f"player-{p}" for p in standard_map.powers})
    sides = adjudicate_movement(position, orders, standard_map, own_sides)
    assert outcome_facts(asked) == outcome_facts(plain)
    assert outcome_facts(sides) == outcome_facts(plain)


def golden_case(case, standard_map):
    pieces = []
    for text in case["before"]:
        power, _, rest = text.partition(": ")
        part = read_unit(rest)
        pieces.append(Unit(power, part.kind, part.location, part.strength))
    position = Position(Phase(1901, "Spring", "Movement"), pieces, {})
    orders = [parse_order(text.partition(": ")[2], standard_map, text.partition(": ")[0])
              for text in case["orders"]]
    return position, orders


@pytest.mark.parametrize("case", GOLDEN, ids=[f"seed{c['seed']}" for c in GOLDEN])
def test_standard_results_are_those_of_the_engine_before_stacks(standard_map, case):
    position, orders = golden_case(case, standard_map)
    want = {k: case[k] for k in ("after", "dislodged", "standoffs", "results")}
    for rules in (RuleSet(), RuleSet([StandardAnswers()]),
                  RuleSet((), players={p: f"player-{p}" for p in standard_map.powers})):
        assert recorded_facts(adjudicate_movement(position, orders, standard_map, rules)) == want
