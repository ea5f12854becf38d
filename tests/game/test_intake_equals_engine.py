"""The intake's word is the engine's word for adjustment and declaration orders, on every map.

The positions are every phase of each map's demo game, played as that year's adjustment phase,
as it was and with some centres given to other powers, so that powers have builds, removals,
awards or nothing to do. Each power sends a letter of adjustment orders a player could write,
legal or not: builds of every kind and multiple (`Build 2F Ale`, `Build A/G Spa`), on its
homes, its centres, others' and the sea; removals of its own pieces, leaders, garrisons, parts
of multiples and others' pieces; waives; the rules' own orders (a Holy Place destroyed, a
garrison disbanded, an army become a fleet); loans.

Intake reads the letter as `gm orders` does (`read_letter`, then the phase-wide notes of
`gm.game.surplus`); the engine then adjudicates the phase with the letter's orders. For every
line: rejected at intake, or kept with "void when adjudicated", means void in the engine, with
the same words; "void in part" means some of its results are void; accepted plainly means
carried out (never void). And the one legality check alone, one order at a time, never calls
void or refuses an order the engine carries out; where the count of builds and removals is
known before the phase (no rule's own adjustment order changes it), it says what the engine
says, in its words.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from gm.engine.position import Phase
from gm.engine.season import Season
from gm.game.intake import read_letter
from gm.game.surplus import note_surplus
from gm.game.verdicts import OK, PART_NOTE, PART_VOID, VOID, results_by_order, verdict_of
from gm.orders.check import VOID_NOTE, checked_order
from gm.orders.errors import OrderError
from gm.orders.kinds.build import counts_known
from gm.orders.parse import read_order
from gm.rules import RuleSet
from tests.conftest import DEMOS

KINDS = ["A", "F", "G", "2A", "2F", "A/F", "A/G", "2A/G"]


@pytest.fixture(scope="module")
def demo_positions(replayed):
    """Every live position of each map's demo game: map id -> (map, positions)."""
    from gm.game.games import open_game
    from gm.store import game_rows as rows
    from gm.store.position_rows import load_position

    store = replayed.store
    out = {}
    for path in DEMOS:
        with store.transaction(write=False):
            view = open_game(store, replayed.game(path))
            out[view.map.id] = (view.map, [load_position(store, p) for p in
                                           rows.live_phases(store, view.game)])
    return out


def adjustment_positions(game_map, positions, rng: random.Random):
    """Each position with units, as its year's adjustment phase: once as it was, once with
    six centres given to powers drawn at random."""
    season = next(s for s, kind in game_map.calendar.phases if kind == "Adjustment")
    for position in positions:
        if not position.units:
            continue
        for shuffled in (False, True):
            board = position.copy()
            board.dislodged = []
            board.phase = Phase(position.phase.year, season, "Adjustment")
            if shuffled:
                for centre in rng.sample(sorted(game_map.centres), 6):
                    board.owners[centre] = rng.choice(sorted(game_map.powers))
            yield board


def piece_text(unit) -> str:
    if unit.is_leader and unit.name:
        return unit.name
    count = "" if unit.strength == 1 else f"{unit.strength:g}"
    return f"{count}{unit.kind} {unit.location}"


def odd_lines(power: str, position, game_map, rng: random.Random) -> list[str]:
    """Adjustment orders of every kind a player of `power` could write, legal or not."""
    provinces = sorted(game_map.provinces)
    owned = [c for c, owner in position.owners.items() if owner == power]
    mine = [u for u in position.units if u.power == power]
    lines = []
    for _ in range(3):
        site = rng.choice([*game_map.powers[power].home, *(owned or provinces),
                           rng.choice(provinces)])
        lines.append(f"Build {rng.choice(KINDS)} {site}")
        target = rng.choice([*mine, rng.choice(position.units)] if mine else position.units)
        lines.append(f"Remove {piece_text(target)}")
    if mine:
        unit = rng.choice(mine)
        lines += [f"{unit.kind} {unit.location} becomes {'F' if unit.kind == 'A' else 'A'}",
                  f"Disband {piece_text(unit)}", f"{unit.kind} {unit.location} destroys"]
    lines.append(f"Loan {rng.choice(owned or provinces)} to "
                 f"{rng.choice(sorted(game_map.powers))}")
    lines.append("Waive")
    return lines


def echo_verdict(row) -> tuple[str, str]:
    """(class, words) of a line as the echo gives it: rejected and void lines are void."""
    if row.status == "rejected":
        return VOID, ""
    for form, kind in ((PART_NOTE, PART_VOID), (VOID_NOTE, VOID)):
        start = form.format("")
        if start in (row.reason or ""):
            return kind, row.reason[row.reason.index(start) + len(start):]
    return OK, ""


def intake_and_engine(letter: str, power: str, position, game_map, rules):
    """The letter's lines as intake leaves them, each with the engine's verdict on it (None
    for a line that is no order). A rejected line that reads as an order is adjudicated
    alone, as the order it would be."""
    rows = read_letter(letter, SimpleNamespace(map=game_map), position, power)[0]
    noted = note_surplus([], rows, position, game_map, rules)
    orders = [order for (row, order), done in zip(rows, noted, strict=True)
              if done.status == "accepted" and order is not None]
    outcome = Season(game_map, rules).adjudicate(position, orders)
    by_order = dict(zip(map(id, orders), results_by_order(orders, outcome.results),
                        strict=True))
    out = []
    for (_, order), done in zip(rows, noted, strict=True):
        if done.status == "accepted" and order is not None:
            out.append((done, verdict_of(by_order[id(order)])))
        elif done.status == "rejected" and order is not None:
            alone = Season(game_map, rules).adjudicate(position, [order])
            out.append((done, verdict_of(results_by_order([order], alone.results)[0])))
    return out


@pytest.mark.parametrize("map_id", ["standard", "lord-of-hosts", "rise-of-rome-ii",
                                    "hoplite-wars", "middle-earth-viii", "diadochi-v"])
def test_every_adjustment_line_is_echoed_as_the_engine_adjudicates_it(demo_positions, map_id):
    game_map, positions = demo_positions[map_id]
    rules = RuleSet.for_map(game_map)
    rng = random.Random(map_id)
    seen = {OK: 0, VOID: 0, PART_VOID: 0}
    for position in list(adjustment_positions(game_map, positions, rng))[::3]:
        for power in game_map.powers:
            lines = odd_lines(power, position, game_map, rng)
            letter = "\n".join(rng.sample(lines, min(len(lines), rng.randint(1, 4))))
            for row, engine in intake_and_engine(letter, power, position, game_map, rules):
                said, words = echo_verdict(row)
                assert said == engine.kind, f"{power}: {row.text!r}: {row.reason}"
                if row.status == "accepted" and said != OK:
                    assert words == engine.reason, f"{power}: {row.text!r}"
                seen[said] += 1
    assert seen[OK] > 10 and seen[VOID] > 40  # both verdicts were put to the test
    if map_id == "hoplite-wars":
        assert seen[PART_VOID] > 0  # a multiple build of which one piece is void


@pytest.mark.parametrize("map_id", ["standard", "lord-of-hosts", "rise-of-rome-ii",
                                    "hoplite-wars", "middle-earth-viii", "diadochi-v"])
def test_the_legality_check_alone_never_voids_what_the_engine_carries_out(demo_positions,
                                                                          map_id):
    game_map, positions = demo_positions[map_id]
    rules = RuleSet.for_map(game_map)
    known = counts_known(rules)
    rng = random.Random(f"{map_id} alone")
    checked = 0
    for position in list(adjustment_positions(game_map, positions, rng))[1::3]:
        for power in game_map.powers:
            for text in odd_lines(power, position, game_map, rng):
                try:
                    reading = read_order(text, game_map, power, phase_kind="Adjustment")
                except OrderError:
                    continue
                refused = False
                try:
                    order, note = checked_order(reading.order, game_map, position,
                                                "Adjustment", text, reading.spots, rules)
                    said = note[len(VOID_NOTE.format("")):] if note else None
                except OrderError as exc:  # never adjudicated: void, whatever the words
                    order, said, refused = reading.order, exc.message, True
                results = Season(game_map, rules).adjudicate(position, [order]).results
                engine = verdict_of(results_by_order([order], results)[0])
                if said is not None:
                    assert engine.kind != OK, f"{power}: {text!r}: intake says {said!r}"
                if known and not refused:
                    assert said == (engine.reason if engine.kind == VOID else None), \
                        f"{power}: {text!r}"
                checked += 1
    assert checked > 300


def test_a_loan_that_would_leave_the_lender_short_is_warned_of_then_void_at_the_adjustment(
        demo_positions):
    """Diadochi V 9, "units may not be disbanded to make a loan": declared with the moves,
    the loan is checked again when it takes effect; intake warns the player now. Declared
    with an adjustment phase's orders it takes effect at once: intake refuses it with the
    words the engine voids it with."""
    from gm.engine.position import Position, Unit

    game_map = demo_positions["diadochi-v"][0]
    rules = RuleSet.for_map(game_map)
    units = [Unit("macedonia", "F", "kor"), Unit("macedonia", "A", "lar"),
             Unit("macedonia", "A", "pel"), Unit("egypt", "F", "alx")]
    owners = {"kor": "macedonia", "lar": "macedonia", "pel": "macedonia", "alx": "egypt"}
    letter = "Loan Korinth to Egypt\nLoan Pella to Egypt\n"
    spring = Position(Phase(240, "Spring", "Movement"), units, dict(owners))
    korinth, pella = [row for row, _ in intake_and_engine(letter, "macedonia", spring,
                                                           game_map, rules)]
    assert korinth.status == pella.status == "accepted"
    assert korinth.reason == (
        "warning: rule 9 (loans): units may not be disbanded to make a loan (Macedonia would "
        "have 2 for 3 units): the loan takes effect at the next adjustments only if "
        "Macedonia can spare Korinth then")
    assert pella.reason == ""  # Pella alone leaves Macedonia three for its three units
    winter = Position(Phase(240, "Winter", "Adjustment"), units, dict(owners))
    short = "rule 9 (loans): units may not be disbanded to make a loan (Macedonia would " \
            "have 2 for 3 units)"
    korinth, pella = read_letter(letter, SimpleNamespace(map=game_map), winter,
                                 "macedonia")[0]
    assert korinth[0].status == "rejected" and short in korinth[0].reason
    alone = Season(game_map, rules).adjudicate(winter, [korinth[1] or read_order(
        "Loan Korinth to Egypt", game_map, "macedonia", phase_kind="Adjustment").order])
    assert verdict_of(results_by_order([alone.results[0].order], alone.results)[0]) \
        .reason == short
    [(row, engine)] = intake_and_engine(letter, "macedonia", winter, game_map, rules)
    assert row.text == "Loan Pella to Egypt" and echo_verdict(row)[0] == OK == engine.kind
