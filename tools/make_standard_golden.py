"""Record how a gm checkout adjudicates random crowded standard positions, for
tests/engine/test_stacks_unchanged.py (issue 17, invariant 5: "on random standard positions
the new code gives exactly the old results").

Run it from the root of the checkout whose results are to be recorded (the golden file in
tests/engine was made at commit 37fb629, the last commit before the stacks work):

    git archive 37fb629 | tar -x -C /tmp/before && cd /tmp/before && \\
        python /path/to/tools/make_standard_golden.py > standard_movement_golden.jsonl

Each line is one case: the seed, the pieces `before` (`power: A par`), the orders (`power: A
Par - Bur`, as the order echo writes them) and the outcome: the pieces `after`, `dislodged` with
where the attack came from, `standoffs`, and each piece's `results`, code and detail. It uses only
what every gm since the first movement phase has: `bench/positions.py`, `Unit`, `parse_order`
and `adjudicate_movement`.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

CASES = 50


def piece(u) -> str:
    count = "" if u.strength == 1 else f"{u.strength:g}"
    return f"{u.power}: {count}{u.kind} {u.location}"


def outcome_facts(outcome) -> dict:
    after = outcome.position
    return {"after": sorted(piece(u) for u in after.units),
            "dislodged": sorted(f"{piece(d.unit)} from {d.attacker_from}"
                                for d in after.dislodged),
            "standoffs": sorted(after.standoffs),
            "results": sorted(f"{piece(r.unit)}: {r.code} {r.detail}".rstrip()
                              for r in outcome.results if r.unit is not None)}


def main() -> None:
    sys.path[:0] = [str(Path.cwd()), str(Path.cwd() / "bench")]  # the checkout recorded
    from positions import crowded_position, random_orders

    from gm.maps import load_map
    try:  # the module's name before and after the engine's modules were renamed
        from gm.engine.movement_phase import adjudicate_movement
    except ImportError:
        from gm.engine.movement import adjudicate_movement

    game_map = load_map("standard")
    for seed in range(CASES):
        rng = random.Random(seed)
        position = crowded_position(game_map, rng, rng.randint(6, 34))
        orders = random_orders(position, game_map, rng)
        case = {"seed": seed, "before": [piece(u) for u in position.units],
                "orders": [f"{o.power}: {o}" for o in orders]}
        case.update(outcome_facts(adjudicate_movement(position, orders, game_map)))
        print(json.dumps(case, separators=(",", ":")))


if __name__ == "__main__":
    main()
