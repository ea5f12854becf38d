"""Invariant 5 of issue 17: where no rule lets pieces stack, the stack code changes nothing.

A rule set that asks every new hook (`side`, `may_stack`) and answers as the standard game
does must give, on random crowded standard positions, exactly the results and positions of
the plain rule set, which takes the old fast path; and powers on sides of their own must too."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gm.engine.movement_phase import adjudicate_movement
from gm.rules.base import Rule, RuleSet

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    from positions import crowded_position, random_orders
finally:
    sys.path.remove(str(BENCH))


class StandardAnswers(Rule):
    """Asks the stacking hooks and answers as the standard game: one piece to a province."""

    name = "standard_answers"

    def side(self, power):
        return power

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
