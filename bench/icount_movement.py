"""Instructions per movement phase, a figure the machine's load does not move.

Run under callgrind twice, once as the baseline and once with `extra` (the 200 positions
adjudicated once more); the difference divided by 200 is one full-board movement phase,
order checks included (docs/performance.md):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/icount_movement.py 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/icount_movement.py 1

`bench/icount_movement.py --count` runs both and prints the per-phase figure.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def adjudicate(extra: int) -> None:
    sys.path.insert(0, str(HERE))
    from positions import benchmark_set

    from gm.engine.movement_phase import adjudicate_movement
    from gm.maps import load_map
    from gm.rules import RuleSet

    game_map = load_map("standard")
    rules = RuleSet.for_map(game_map)
    phases = benchmark_set(game_map)
    for _ in range(1 + extra):  # the first pass warms the map's caches in both runs
        for position, orders in phases:
            adjudicate_movement(position, orders, game_map, rules)


def count(extra: int) -> int:
    sys.path.insert(0, str(HERE))
    from instructions import instructions

    return instructions([sys.executable, __file__, str(extra)])


if __name__ == "__main__":
    if sys.argv[1:] == ["--count"]:
        base, more = count(0), count(1)
        print(f"{(more - base) / 200 / 1e6:.3f} M instructions per movement phase")
    else:
        adjudicate(int(sys.argv[1]))
