"""One sha256 per archive over everything its replay decides, so a change that should alter no
outcome (a refactoring of the engine, the rules or the letter reader) can prove it did not.

Replays every archive in games/ and tests/*/games/ into a fresh in-memory store and hashes,
phase by phase: every letter line as intake stored it (status, reason and notes, the order as
read, why a line was ignored or rejected), every order's result (power, order text, unit,
code, detail, dislodged_by), the events, the game's result and the position the phase starts
from. Then the seeded benchmark phases of bench/ (crowded movement phases on the standard map
and on Middle-earth VIII, the retreats they cause, adjustments), adjudicated straight by the
engine, one hash per set.

    python tools/fingerprint.py                  # one line per archive: sha256  name
    python tools/fingerprint.py --dump DIR       # also the hashed text, one file per archive,
                                                 # to diff two runs and see what moved
    python tools/fingerprint.py > after.txt; diff before.txt after.txt   # empty: no change
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def archives() -> list[Path]:
    """Every archive the fingerprint replays, in a fixed order."""
    return sorted(ROOT.glob("games/*.txt")) + sorted(ROOT.glob("tests/*/games/*.txt"))


def position_lines(position) -> Iterator[str]:
    """A position as text that changes whenever anything in it does (tags included)."""
    from gm.store.codec import state_to_json

    yield f"phase {position.phase}"
    for unit in sorted(position.units, key=repr):
        yield f"unit {unit!r} tag={unit.tag}"
    yield "owners " + json.dumps(position.owners, sort_keys=True)
    for d in position.dislodged:
        yield f"dislodged {d!r}"
    yield "standoffs " + " ".join(sorted(position.standoffs))
    yield "state " + state_to_json(position.state)


def result_line(power, order_text, unit, succeeded, code, detail, dislodged_by) -> str:
    return json.dumps([power, order_text, unit, succeeded, code, detail, dislodged_by])


def archive_lines(path: Path) -> Iterator[str]:
    """What the replay of one archive decided, phase by phase."""
    from gm.game.archives import replay
    from gm.game.games import open_game
    from gm.store import game_rows as rows
    from gm.store.archive import read_archive
    from gm.store.codec import event_to_text
    from gm.store.database import open_store
    from gm.store.order_rows import letters_of_phase, orders_of_phase
    from gm.store.position_rows import load_position
    from gm.store.result_rows import adjudication_from, events_of, results_of

    store = open_store(":memory:", create=True)
    try:
        archive = read_archive(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        name = replay(store, archive, source=str(path.relative_to(ROOT))).game
        game = rows.get_game(store, name)
        yield f"game {game.name} {game.variant} result={game.result_kind}: {game.result}"
        view = open_game(store, name)
        for phase in rows.live_phases(store, view.game):
            yield f"== {phase.label} {phase.status}"
            yield from position_lines(load_position(store, phase))
            letters = {row["id"]: i for i, row in enumerate(letters_of_phase(store, phase.id))}
            for order in orders_of_phase(store, phase.id):
                yield "line " + json.dumps(
                    [letters.get(order.letter_id), order.line, order.power, order.text,
                     order.status, order.reason, order.parsed, order.order_json,
                     order.category, order.explanation])
            adjudication = adjudication_from(store, phase.id)
            if adjudication is None:
                continue
            yield f"adjudication result={adjudication.result}"
            for r in results_of(store, adjudication.id):
                yield "result " + result_line(r.power, r.order_text, r.unit, r.succeeded,
                                              r.code, r.detail, r.dislodged_by)
            for event in events_of(store, adjudication.id):
                yield "event " + event_to_text(event)
    finally:
        store.close()


def outcome_lines(outcome) -> Iterator[str]:
    from gm.store.codec import event_to_text

    for r in outcome.results:
        yield "result " + result_line(r.power, None if r.order is None else str(r.order),
                                      None if r.unit is None else repr(r.unit), r.succeeded,
                                      r.code, r.detail, r.dislodged_by)
    for event in outcome.events:
        yield "event " + event_to_text(event)
    yield "winners " + " ".join(outcome.winners)
    yield from position_lines(outcome.position)


def bench_sets() -> Iterator[tuple[str, Iterable[str]]]:
    """The seeded phases of `make bench`, as bench/run.py builds them, adjudicated."""
    from phases import seeded_phases
    from positions import benchmark_set

    from gm.engine.adjustment_phase import adjudicate_adjustments
    from gm.engine.movement_phase import adjudicate_movement
    from gm.engine.retreat_phase import adjudicate_retreats
    from gm.maps import load_map
    from gm.rules import RuleSet

    game_map = load_map("standard")
    rules = RuleSet.for_map(game_map)
    movement, retreats, adjustments = seeded_phases(game_map)

    def each(adjudicate, phases) -> Iterator[str]:
        for i, (position, orders) in enumerate(phases):
            yield f"== {i}"
            yield from outcome_lines(adjudicate(position, orders))

    yield "bench: standard movement", each(
        lambda p, o: adjudicate_movement(p, o, game_map, rules), movement)
    yield "bench: standard retreat", each(
        lambda p, o: adjudicate_retreats(p, o, game_map, rules),
        [(after, orders) for _, _, after, orders in retreats])
    yield "bench: standard adjustment", each(
        lambda p, o: adjudicate_adjustments(p, o, game_map, rules), adjustments)
    variant = load_map("middle-earth-viii")
    variant_rules = RuleSet.for_map(variant)
    yield "bench: middle-earth-viii movement", each(
        lambda p, o: adjudicate_movement(p, o, variant, variant_rules),
        benchmark_set(variant, count=100, seed=3000))


def digest(lines: Iterable[str], dump: Path | None, name: str) -> str:
    text = "".join(f"{line}\n" for line in lines)
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
        (dump / (name.removesuffix(".txt").replace("/", "_").replace(": ", "-")
                 .replace(" ", "_") + ".txt")
         ).write_text(text, encoding="utf-8")
    return hashlib.sha256(text.encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # bench/positions.py draws some orders from a set's order: fix the hash seed, so
        # the benchmark phases are the same phases in every run
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  os.environ | {"PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dump", type=Path, help="write the hashed text here, one file each")
    args = parser.parse_args(argv)
    for path in archives():
        name = str(path.relative_to(ROOT))
        print(f"{digest(archive_lines(path), args.dump, name)}  {name}", flush=True)
    for name, lines in bench_sets():
        print(f"{digest(lines, args.dump, name)}  {name}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
