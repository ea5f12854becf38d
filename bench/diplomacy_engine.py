"""Time the `diplomacy` package (the MILA engine, from PyPI) on positions written by run.py.

Runs in the benchmark's own environment (`.venv-bench`), never gm's: `diplomacy` is not a
dependency of gm. Reads a JSON file of phases and prints a JSON object of timings (ms).
Usage: python diplomacy_engine.py PHASES.json
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from diplomacy import Game

# godip ids (gm's standard map) -> the MILA engine's
RENAME = {"MID": "MAO", "GOL": "LYO", "NAT": "NAO", "NRG": "NWG"}


def loc(text: str) -> str:
    base, _, coast = text.upper().partition("/")
    base = RENAME.get(base, base)
    return f"{base}/{coast}" if coast else base


def unit(text: str) -> str:
    kind, where = text.split()
    return f"{kind} {loc(where)}"


def translate(order: str) -> str:
    """gm's canonical standard order ('A Par - Bur', 'F Nth C A Yor - Nwy') in MILA syntax."""
    words = order.replace(" via convoy", " VIA").split()
    out = []
    for word in words:
        if word in ("A", "F", "-", "S", "C", "H", "R", "B", "D", "VIA"):
            out.append(word)
        else:
            out.append(loc(word))
    return " ".join(out)


def time_phase(phase: dict, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        game = Game()
        game.set_current_phase(phase["mila_phase"])
        game.clear_units()
        game.clear_centers()
        for power, centres in phase["centres"].items():
            game.set_centers(power.upper(), [loc(c) for c in centres])
        for power, units in phase["units"].items():
            game.set_units(power.upper(), [unit(u) for u in units])
        if phase.get("movement"):  # a retreat phase is reached by playing its movement
            for power, orders in phase["movement"].items():
                game.set_orders(power.upper(), [translate(o) for o in orders])
            game.process()
        start = time.perf_counter()
        for power, orders in phase["orders"].items():
            game.set_orders(power.upper(), [translate(o) for o in orders])
        game.process()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    data = json.loads(open(sys.argv[1], encoding="utf-8").read())
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    out = {}
    for kind, phases in data.items():
        times = sorted(time_phase(p, repeat) for p in phases)
        out[kind] = {"median_ms": statistics.median(times),
                     "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
                     "phases": len(times)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
