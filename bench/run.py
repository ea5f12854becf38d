"""`make bench`: how fast gm adjudicates and reads orders, beside the `diplomacy` engine.

Reports; never fails the build. Figures per phase are the best of a few runs of each
position, then the median and 95th percentile over a fixed, seeded set of positions:
crowded standard-map movement phases (many supports, convoys and bounces), the retreats
they cause, and adjustment phases with builds and removals. "gm" times include checking the
orders; "gm, from text" also reads each order's text, as the diplomacy engine must.
Then the board pictures (bench/pictures.py: the standard board's SVG size, how
long its SVG and PNG take, and whole `gm draw` commands to SVG and PNG, with the layout cached
and without), `gm datc` as a whole process beside godip's DATC runner when GODIP_DATC names one
(bench/datc_godip.py), and whole commands from a cold start: `gm --help`, `gm status` and
`gm orders` against their goals (bench/cold_start.py), `gm adjudicate` and a replay; last,
the instructions those commands and one movement phase execute (bench/instructions.py, where
valgrind is installed), beside GM_BEFORE's.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
BENCH_VENV = ROOT / ".venv-bench"

from timing import best_of  # noqa: E402  (bench/timing.py, beside this file)


def summary(times_ms: list[float]) -> dict[str, float]:
    ordered = sorted(times_ms)
    return {"median_ms": statistics.median(ordered),
            "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "phases": len(ordered)}


def engine_figures(repeat: int = 5):
    from phases import seeded_phases
    from positions import benchmark_set

    from gm.engine.adjustment_phase import adjudicate_adjustments
    from gm.engine.movement_phase import adjudicate_movement
    from gm.engine.retreat_phase import adjudicate_retreats
    from gm.maps import load_map
    from gm.orders.parse import parse_order
    from gm.rules import RuleSet

    game_map = load_map("standard")
    rules = RuleSet.for_map(game_map)
    movement, retreats, adjustments = seeded_phases(game_map)

    def texts(orders):
        return [(o.power, str(o)) for o in orders]

    def parsed(pairs):
        return [parse_order(text, game_map, power) for power, text in pairs]

    figures = {}
    times, from_text = [], []
    for position, orders in movement:
        times.append(best_of(lambda p=position, o=orders: adjudicate_movement(p, o, game_map,
                                                                              rules), repeat))
        pairs = texts(orders)
        from_text.append(best_of(
            lambda p=position, t=pairs: adjudicate_movement(p, parsed(t), game_map, rules),
            repeat))
    figures["movement"] = summary(times)
    figures["movement, from text"] = summary(from_text)
    times = [best_of(lambda a=after, o=orders: adjudicate_retreats(a, o, game_map, rules),
                     repeat) for _, _, after, orders in retreats]
    figures["retreat"] = summary(times)
    times = [best_of(lambda p=position, o=orders: adjudicate_adjustments(p, o, game_map, rules),
                     repeat) for position, orders in adjustments]
    figures["adjustment"] = summary(times)
    # a large variant map: 78 spaces, 8 powers, home fortresses and conversion in force
    variant = load_map("middle-earth-viii")
    variant_rules = RuleSet.for_map(variant)
    times = [best_of(lambda p=position, o=orders: adjudicate_movement(p, o, variant,
                                                                      variant_rules), repeat)
             for position, orders in benchmark_set(variant, count=100, seed=3000)]
    figures["movement, middle-earth-viii"] = summary(times)

    def mila_units(position):
        out: dict[str, list[str]] = {}
        for u in position.units:
            out.setdefault(u.power, []).append(f"{u.kind} {u.location}")
        return out

    def mila_orders(orders):
        out: dict[str, list[str]] = {}
        for o in orders:
            out.setdefault(o.power, []).append(_mila_text(o))
        return out

    def centres(position):
        out: dict[str, list[str]] = {}
        for c, p in position.owners.items():
            out.setdefault(p, []).append(c)
        return out

    export = {
        "movement": [{"mila_phase": "S1901M", "units": mila_units(p), "centres": {},
                      "orders": mila_orders(o)} for p, o in movement],
        "retreat": [{"mila_phase": "S1901M", "units": mila_units(p), "centres": {},
                     "movement": mila_orders(o), "orders": mila_orders(r)}
                    for p, o, _, r in retreats],
        "adjustment": [{"mila_phase": "W1901A", "units": mila_units(p), "centres": centres(p),
                        "orders": mila_orders(o)} for p, o in adjustments],
    }
    return figures, export, {"units": sum(len(p.units) for p, _ in movement) / len(movement)}


def _mila_text(order) -> str:
    """An order as the diplomacy engine writes it (translated to its ids there)."""
    from gm.orders.kinds.build import Build
    from gm.orders.kinds.disband import Disband
    from gm.orders.kinds.remove import Remove

    if isinstance(order, Build):
        return f"{order.unit_kind} {order.location} B"
    if isinstance(order, (Remove, Disband)):
        return f"{order.unit_kind} {order.location} D"
    return str(order)


def diplomacy_figures(export: dict) -> dict | None:
    """Run the diplomacy engine in its own environment, if `make bench` could install it."""
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(export, fh)
    try:
        proc = subprocess.run([str(python), str(HERE / "diplomacy_engine.py"), fh.name, "2"],
                              capture_output=True, text=True, check=False, timeout=1800)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        print(f"(the diplomacy engine failed: {proc.stderr.strip().splitlines()[-1:]})")
        return None
    return json.loads(proc.stdout)


def command_figures(runs: int = 5) -> dict[str, float]:
    """Whole commands from a cold start: the median wall time of a few runs each."""
    gm = [str(ROOT / ".venv" / "bin" / "gm")]
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        from cold_start import environment

        env = environment(GM_DB=str(Path(tmp) / "bench.db"))
        letter = Path(tmp) / "letter.txt"
        letter.write_text("FRANCE:\nA Par - Bur\nA Mar S A Par - Bur\nF Bre - Mid\n")

        def timed(args, setup=None) -> float:
            times = []
            for _ in range(runs):
                if setup:
                    setup()
                start = time.perf_counter()
                subprocess.run(gm + args, env=env, capture_output=True, check=False)
                times.append(time.perf_counter() - start)
            return statistics.median(times) * 1000

        subprocess.run(gm + ["new", "bench", "--variant", "standard"], env=env,
                       capture_output=True, check=True)
        figures["gm orders (ms)"] = timed(["orders", "bench", str(letter)])
        figures["gm adjudicate (ms)"] = timed(
            ["adjudicate", "bench"],
            setup=lambda: subprocess.run(gm + ["undo", "bench"], env=env, capture_output=True))
        demo = str(ROOT / "games" / "standard-demo.txt")
        figures["gm replay standard-demo, reports printed (ms)"] = timed(
            ["replay", demo, "--dry-run"], None)
        figures["gm replay standard-demo, no reports (ms)"] = timed(
            ["replay", demo, "--dry-run", "--quiet"], None)
    return figures


def main() -> None:
    print(f"gm benchmarks — Python {platform.python_version()} on {platform.machine()} "
          f"({os.cpu_count()} cores), {platform.system()}")
    figures, export, info = engine_figures()
    theirs = diplomacy_figures(export)
    print(f"Per phase, standard map, crowded positions (avg {info['units']:.0f} units):")
    print(f"  {'phase':<30}{'gm median':>11}{'gm p95':>10}{'diplomacy':>12}{'ratio':>8}")
    for kind in ("movement", "movement, from text", "retreat", "adjustment",
                 "movement, middle-earth-viii"):
        mine = figures[kind]
        base = kind.split(",")[0]
        other = theirs.get(base) if theirs and "earth" not in kind else None
        ratio = f"{other['median_ms'] / mine['median_ms']:.0f}x" if other else "-"
        other_text = f"{other['median_ms']:.3f} ms" if other else "-"
        print(f"  {kind:<30}{mine['median_ms']:>8.3f} ms{mine['p95_ms']:>7.3f} ms"
              f"{other_text:>12}{ratio:>8}")
    if theirs is None:
        print("  (the diplomacy engine is not installed: `make bench` installs it into "
              ".venv-bench)")
    print("  (the diplomacy engine plays the standard map only)")
    print("  goal: movement median < 0.1 ms and at least 20x faster than diplomacy")
    orders_bench = HERE / "bench_orders.py"
    if orders_bench.exists():
        spec = importlib.util.spec_from_file_location("bench_orders", orders_bench)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, value in module.run().items():
            print(f"orders: {name}: {value:,.1f}")
    import pictures

    for name, value in pictures.run(commands="--no-commands" not in sys.argv).items():
        print(f"pictures: {name}: {value:,.1f}")
    if "--no-commands" not in sys.argv:
        import cold_start

        alone("datc_godip.py")
        for line in cold_start.report(cold_start.figures()):
            print(line)
        for name, value in command_figures().items():
            print(f"command: {name}: {value:,.0f}")
        alone("big_letters.py")  # 1 MB letters of any content (issue 28)
        print(cold_start.load_note())
        import instructions  # the same commands counted, which no load moves (callgrind)

        for line in instructions.report():
            print(line)


def alone(script: str) -> None:
    """Run a benchmark that reports peak memory in a process of its own. Linux counts a
    child's peak from its parent's size when it was forked, and this process has grown by
    the positions and pictures above: run from here, every child would report this
    process's size instead of its own."""
    sys.stdout.flush()
    subprocess.run([sys.executable, str(HERE / script)], check=False)


if __name__ == "__main__":
    main()
