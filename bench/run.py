"""`make bench`: how fast gm adjudicates and reads orders. Reports; never fails the build.

Movement: median and 95th percentile per phase over a fixed, seeded set of crowded
standard-map positions (many supports, convoys and bounces), order validation included.
"""

from __future__ import annotations

import importlib.util
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_movement(repeat: int = 5) -> dict[str, float]:
    from positions import benchmark_set

    from gm.engine.movement import adjudicate_movement
    from gm.maps import load_map
    from gm.rules import RuleSet

    game_map = load_map("standard")
    rules = RuleSet.for_map(game_map)
    cases = benchmark_set(game_map)
    times = []
    stats = {"units": 0, "supports": 0, "convoys": 0, "bounces": 0, "dislodged": 0}
    for position, orders in cases:
        outcome = adjudicate_movement(position, orders, game_map, rules)
        stats["units"] += len(position.units)
        stats["supports"] += sum(1 for r in outcome.results if r.code in ("supported", "cut"))
        stats["convoys"] += sum(1 for r in outcome.results if r.code == "convoyed")
        stats["bounces"] += sum(1 for r in outcome.results if r.code == "bounced")
        stats["dislodged"] += len(outcome.position.dislodged)
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            adjudicate_movement(position, orders, game_map, rules)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1000)
    n = len(cases)
    return {
        "phases": n,
        "median_ms": statistics.median(times),
        "p95_ms": percentile(times, 0.95),
        **{f"avg_{k}": v / n for k, v in stats.items()},
    }


def main() -> None:
    print(f"gm benchmarks — Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.system()}")
    movement = bench_movement()
    print(f"movement phase (standard map, {movement['phases']} crowded positions, "
          f"avg {movement['avg_units']:.0f} units, {movement['avg_supports']:.1f} supports, "
          f"{movement['avg_convoys']:.1f} convoys, {movement['avg_bounces']:.1f} bounces, "
          f"{movement['avg_dislodged']:.1f} dislodged):")
    print(f"  median {movement['median_ms']:.3f} ms   p95 {movement['p95_ms']:.3f} ms   "
          f"(goal: median < 0.1 ms)")
    orders_bench = HERE / "bench_orders.py"
    if orders_bench.exists():
        spec = importlib.util.spec_from_file_location("bench_orders", orders_bench)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        figures = module.run()
        for name, value in figures.items():
            print(f"orders: {name}: {value:,.1f}")


if __name__ == "__main__":
    main()
