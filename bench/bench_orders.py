"""How fast gm reads orders: orders parsed per second, cold start, whole letters.

The set is fixed and seeded: a mix of the notations players use (short forms, full names,
parenthesised postal style, coasts, supports, convoys, retreats, builds, misspellings) on the
standard map (ids 55%, full names 42%, misspelt names 3%), plus variant orders on the test
fixture map. Goal: at least 20,000 orders per
second, and a cold start (import, load the map, read the first order) under 0.3 s.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIXTURE_MAP = ROOT / "tests" / "orders" / "fixtures" / "ancient.toml"
SEED = 1901
COUNT = 6000

_VARIANT_ORDERS = [
    "A(Tyr)-F(Tyr)", "A Tyr becomes F", "A/F(Tanis) - F(Tanis)", "A(Moa) Destroys Moa",
    "A Moa Z", "A Syr R", "SACK Delphi", "A Syr sacks Syr", "Builds: 2A(Ur)", "G(Prasiae) H",
    "A(Mar) & A(Pic) MERGE 2A(Bur)", "A Par S MERGE Bur", "2A Bur split A - Par & A H",
    "Hannibal - Sardinia", "Publius Scipio S A Rome", "Loan Athens to Egypt",
    "end loan Athens", "Place Hannibal in Carthage", "F(AFRICAN SEA) S F(IBERIAN SEA)-Sicily",
    "F(Rhodes) C A(Phyrgia)-Pergammon", "2A/F Boe - Ath", "A Allepo H",
]


def _misspell(rng: random.Random, word: str) -> str:
    if len(word) < 6:
        return word
    i = rng.randrange(1, len(word) - 2)
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def mixed_orders(game_map, count: int = COUNT, seed: int = SEED) -> list[str]:
    """`count` order texts in many styles, drawn from the map's real adjacencies."""
    rng = random.Random(seed)
    provinces = [p for p in game_map.provinces.values() if p.kind != "impassable"]
    lands = [p for p in provinces if p.kind in ("land", "coast")]
    waters = [p for p in provinces if p.kind in ("sea", "coast")]

    def name(p, allow_typo: bool = True) -> str:
        style = rng.random()
        if style < 0.55:
            text = p.id
        elif style < 0.97 or not allow_typo:  # 3% of names misspelt
            text = p.name
        else:
            text = _misspell(rng, p.name)
        return rng.choice([text, text.upper(), text.lower(), text.title()])

    def neighbour(p, fleet: bool):
        links = game_map.fleet_adj.get(p.id, ()) if fleet else game_map.army_adj.get(p.id, ())
        links = sorted(links)
        if not links:  # a sea has no army neighbours
            return p
        return game_map.provinces[rng.choice(links).split("/")[0]]

    out: list[str] = []
    while len(out) < count:
        fleet = rng.random() < 0.4
        here = rng.choice(waters if fleet else lands)
        there = neighbour(here, fleet)
        kind = ("F" if fleet else "A") if rng.random() < 0.8 else ("Fleet" if fleet else "Army")
        unit = (f"{kind}({name(here)})" if rng.random() < 0.2 else f"{kind} {name(here)}")
        pick = rng.random()
        if pick < 0.35:
            sign = rng.choice(["-", " - ", "->", " moves to ", " to ", "=>"])
            text = f"{unit}{sign}{name(there)}"
        elif pick < 0.5:
            text = f"{unit} {rng.choice(['H', 'holds', 'stands', 'Hold'])}"
        elif pick < 0.7:
            other = neighbour(there, False)
            text = (f"{unit} {rng.choice(['S', 'supports'])} A {name(other)} - "
                    f"{name(there, False)}")
        elif pick < 0.78:
            text = f"{unit} S A {name(there, False)}"
        elif pick < 0.85:
            sea = rng.choice([p for p in provinces if p.kind == "sea"] or waters)
            a, b = rng.sample(lands, 2)
            text = f"F {name(sea)} {rng.choice(['C', 'convoys'])} A {name(a)} - {name(b)}"
        elif pick < 0.92:
            text = f"{unit} {rng.choice(['R', 'retreats to'])} {name(there)}"
        else:
            verb = rng.choice(["Build", "Builds:", "B", "Remove", "Disband"])
            text = f"{verb} {unit}"
        out.append(text)
    return out


def _time_parse(texts: list[str], game_map, **options) -> float:
    from gm.orders.parse import OrderError, parse_order

    start = time.perf_counter()
    for text in texts:
        try:
            parse_order(text, game_map, **options)
        except OrderError:
            pass
    return time.perf_counter() - start


def cold_start_seconds() -> float:
    """A fresh interpreter: import the parser, load the standard map, read one order."""
    code = ("import time; t = time.perf_counter(); "
            "from gm.maps.loader import load_map; from gm.orders.parse import parse_order; "
            "parse_order('A Par - Bur', load_map('standard'), 'france'); "
            "print(time.perf_counter() - t)")
    best = float("inf")
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              cwd=ROOT, check=True)
        best = min(best, float(done.stdout.strip()))
    return best


def run() -> dict[str, float]:
    """Figures for `make bench` (see bench/run.py)."""
    from gm.maps.loader import load_map
    from gm.orders.letters import read_orders
    from gm.orders.parse import clear_caches
    from gm.orders.variants import all_forms
    ALL_FORMS = all_forms()

    standard = load_map("standard")
    ancient = load_map(str(FIXTURE_MAP))
    texts = mixed_orders(standard)
    variant_texts = _VARIANT_ORDERS * 20
    parse_order_warmup = texts[:50]
    _time_parse(parse_order_warmup, standard)  # compile the grammar before timing

    cold = cached = float("inf")
    for _ in range(3):  # best of three: the machine may be busy with other work
        clear_caches()
        cold = min(cold, _time_parse(texts, standard)
                   + _time_parse(variant_texts, ancient, forms=ALL_FORMS))
        cached = min(cached, _time_parse(texts, standard)
                     + _time_parse(variant_texts, ancient, forms=ALL_FORMS))
    n = len(texts) + len(variant_texts)

    letter = "\n".join(f"{i + 1}. {t}" for i, t in enumerate(texts[:1000]))
    letter_time = float("inf")
    for _ in range(3):
        clear_caches()
        start = time.perf_counter()
        read_orders(letter, standard, "france")
        letter_time = min(letter_time, time.perf_counter() - start)
    return {
        "orders parsed per second (distinct texts, cold caches; goal >= 20,000)": n / cold,
        "orders parsed per second (repeated texts, cached)": n / cached,
        "letter lines read per second (1000-line letter, checks included)": 1000 / letter_time,
        "cold start: import + load map + first order (ms, goal < 300)":
            1000 * cold_start_seconds(),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:,.0f}")
