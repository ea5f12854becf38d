"""Instructions per movement phase, a figure the machine's load does not move.

Run under callgrind twice, once as the baseline and once with `extra` (the 200 positions
adjudicated once more); the difference divided by 200 is one full-board movement phase,
order checks included (docs/performance.md):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/icount_movement.py 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/icount_movement.py 1

`bench/icount_movement.py --count` runs both and prints the per-phase figure.
`bench/icount_movement.py --steps` prints where it goes: the extra pass stopped after each of
the phase's steps in turn (`STEPS`), each count less the one before (a minute per step).
"""

from __future__ import annotations

import sys
from pathlib import Path

from gm.engine.movement_forces import build_forces
from gm.engine.movement_match import match
from gm.engine.movement_outcome import outcome
from gm.engine.movement_phase import MovementPhase, adjudicate_movement
from gm.engine.resolver import Resolver

HERE = Path(__file__).resolve().parent

# the steps of `MovementPhase.adjudicate` on the standard map (no rule prepares its orders)
STEPS = ("set up the phase", "take the orders", "match supports and convoys",
         "build forces and attacks", "set up the resolver", "resolve", "read the outcome")


def adjudicate(extra: int, steps: int = len(STEPS)) -> None:
    sys.path.insert(0, str(HERE))
    from positions import benchmark_set

    from gm.maps import load_map
    from gm.rules import RuleSet

    game_map = load_map("standard")
    rules = RuleSet.for_map(game_map)
    phases = benchmark_set(game_map)
    for position, orders in phases:  # the first pass warms the map's caches in both runs
        adjudicate_movement(position, orders, game_map, rules)
    for _ in range(extra):
        for position, orders in phases:
            if steps == len(STEPS):
                adjudicate_movement(position, orders, game_map, rules)
            else:
                _first_steps(position, orders, game_map, rules, steps)


def _first_steps(position, orders, game_map, rules, steps: int) -> None:
    """The phase's first `steps` steps only (`STEPS`)."""
    phase = MovementPhase(position, game_map, rules)
    if steps > 1:
        phase.take_orders(orders)
    if steps > 2:
        match(phase)
    if steps > 3:
        forces, attacks = build_forces(phase)
    if steps > 4:
        resolver = Resolver(forces, attacks, rules.support_left, phase.by_province)
    if steps > 5:
        resolver.resolve_all()
    if steps > 6:
        outcome(phase, resolver, forces, attacks)


def count(extra: int, steps: int = len(STEPS)) -> int:
    sys.path.insert(0, str(HERE))
    from instructions import instructions

    return instructions([sys.executable, __file__, str(extra), str(steps)])


if __name__ == "__main__":
    if sys.argv[1:] == ["--count"]:
        base, more = count(0), count(1)
        print(f"{(more - base) / 200 / 1e6:.3f} M instructions per movement phase")
    elif sys.argv[1:] == ["--steps"]:
        base = before = count(0)
        for n, step in enumerate(STEPS, 1):
            after = count(1, n)
            print(f"{step:28s} {(after - before) / 200 / 1e3:7.1f} K", flush=True)
            before = after
        print(f"{'one movement phase':28s} {(before - base) / 200 / 1e3:7.1f} K")
    else:
        adjudicate(int(sys.argv[1]), *(int(a) for a in sys.argv[2:3]))
