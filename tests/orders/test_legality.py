"""One legality check: what intake says of an order is what the engine does with it.

The positions are the benchmark's 200 crowded standard-map movement phases (bench/), the
retreat phases they cause and its adjustment phases. Each order is read from its text and
checked as a letter is (`checked_order` with the board), then adjudicated: an order intake
accepts plainly is never void; one it keeps with a "void when adjudicated" note is void with
the same words; one it refuses is void in the engine with the same words too.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from gm.engine import results as R
from gm.engine.adjustment_phase import adjudicate_adjustments
from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.engine.retreat_phase import adjudicate_retreats
from gm.maps.gamemap import province_of
from gm.orders import legality
from gm.orders.check import VOID_NOTE, checked_order
from gm.orders.errors import OrderError
from gm.orders.kinds.build import Build
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.orders.kinds.waive import Waive
from gm.orders.parse import read_order
from gm.rules import RuleSet

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def bench_sets(standard_map):
    sys.path.insert(0, str(BENCH))
    try:
        from phases import adjustment_phases, retreat_phases
        from positions import benchmark_set
    finally:
        sys.path.remove(str(BENCH))
    movement = benchmark_set(standard_map)
    rng = random.Random(1901)
    return movement, retreat_phases(standard_map, movement, rng), \
        adjustment_phases(standard_map, 200, rng)


def at_intake(order: Order, game_map, board, phase_kind: str, rules) -> str | None:
    """What intake says of the order written out: None (accepted), or the words of its
    problem (refused, or kept with a note that it will be void)."""
    text = str(order)
    try:
        reading = read_order(text, game_map, order.power, phase_kind=phase_kind)
    except OrderError as exc:  # a phase refusal: the engine words it the same way
        return exc.message
    try:
        _, note = checked_order(reading.order, game_map, board, phase_kind, text,
                                reading.spots, rules)
    except OrderError as exc:
        return exc.message
    if note is None:
        return None
    assert note.startswith(VOID_NOTE.format(""))
    return note[len(VOID_NOTE.format("")):]


def engine_says(results, order: Order) -> str | None:
    """The engine's words when it voided `order`, else None."""
    for result in results:
        if result.order == order and result.code == R.VOID:
            return result.detail
    return None


def odd_orders(position: Position, game_map, rng: random.Random) -> list[Order]:
    """Orders of every kind a player could write for the units, legal or not: to any
    province, for another power, supporting or convoying whatever stands anywhere."""
    provinces = sorted(game_map.provinces)
    powers = sorted(game_map.powers)
    out: list[Order] = []
    for unit in position.units:
        power = unit.power if rng.random() < 0.9 else rng.choice(powers)
        kind = unit.kind if rng.random() < 0.9 else rng.choice("AF")
        other = rng.choice(position.units)
        somewhere = rng.choice(provinces)
        near = rng.choice(legality.unit_moves(unit, game_map) or [somewhere])
        choice = rng.randrange(6)
        if choice == 0:
            out.append(Move(power, kind, unit.location, somewhere))
        elif choice == 1:
            out.append(Move(power, kind, unit.location, near))
        elif choice == 2:
            out.append(SupportHold(power, kind, unit.location, other.kind,
                                   rng.choice([other.location, somewhere])))
        elif choice == 3:
            out.append(SupportMove(power, kind, unit.location, other.kind, other.location,
                                   rng.choice([near, somewhere])))
        elif choice == 4:
            out.append(Convoy(power, kind, unit.location, "A", other.province, somewhere))
        else:
            out.append(Hold(power, kind, unit.location))
    return out


def test_bench_orders_accepted_at_intake_are_never_void(standard_map, bench_sets):
    movement, _, _ = bench_sets
    rules = RuleSet.for_map(standard_map)
    checked = 0
    for position, orders in movement:
        assert all(at_intake(o, standard_map, position, "Movement", rules) is None
                   for o in orders)
        outcome = adjudicate_movement(position, orders, standard_map, rules)
        assert [r for r in outcome.results if r.code == R.VOID] == []
        checked += len(orders)
    assert checked > 6000


def test_every_movement_verdict_at_intake_is_the_engines(standard_map, bench_sets):
    movement, _, _ = bench_sets
    rules = RuleSet.for_map(standard_map)
    rng = random.Random(14)
    seen = {"legal": 0, "refused or void": 0}
    for position, _ in movement:
        for order in odd_orders(position, standard_map, rng):
            said = at_intake(order, standard_map, position, "Movement", rules)
            done = engine_says(adjudicate_movement(position, [order], standard_map,
                                                   rules).results, order)
            assert said == done, str(order)
            seen["legal" if said is None else "refused or void"] += 1
    assert min(seen.values()) > 1000  # both kinds of verdict were put to the test


def test_every_retreat_verdict_at_intake_is_the_engines(standard_map, bench_sets):
    _, retreats, _ = bench_sets
    rng = random.Random(15)
    provinces = sorted(standard_map.provinces)
    seen = {"legal": 0, "refused or void": 0}
    for _, _, after, _ in retreats:
        for d in after.dislodged:
            unit = d.unit
            options = legality.retreat_options(d, after, standard_map)
            for dest in {rng.choice(provinces), *options[:1],
                         *standard_map.army_adj.get(unit.province, ())}:
                order = Retreat(unit.power, unit.kind, unit.location, dest)
                said = at_intake(order, standard_map, after, "Retreat", None)
                results = adjudicate_retreats(after, [order], standard_map).results
                done = engine_says(results, order)
                assert (said is None) == (done is None), str(order)
                if said is not None:
                    assert done == f"{said}; the unit disbands"
                seen["legal" if said is None else "refused or void"] += 1
    assert min(seen.values()) > 100


def test_every_build_removal_and_waive_verdict_at_intake_is_the_engines(standard_map,
                                                                         bench_sets):
    _, _, adjustments = bench_sets
    rules = RuleSet.for_map(standard_map)
    rng = random.Random(16)
    provinces = sorted(standard_map.provinces)
    seen = {"legal": 0, "refused or void": 0}
    for position, _ in adjustments:
        for power in standard_map.powers:  # powers with builds, removals, or neither
            choice = rng.randrange(5)
            if choice < 2:
                site = rng.choice([*standard_map.powers[power].home, rng.choice(provinces)])
                order: Order = Build(power, rng.choice("AF"), site)
            elif choice < 4:
                mine = [u for u in position.units if u.power == power]
                target = rng.choice([*mine, rng.choice(position.units)])
                order = Remove(power, target.kind, target.location)
            else:
                order = Waive(power, None)
            said = at_intake(order, standard_map, position, "Adjustment", rules)
            done = engine_says(adjudicate_adjustments(position, [order], standard_map,
                                                      rules).results, order)
            assert said == done, str(order)
            seen["legal" if said is None else "refused or void"] += 1
    assert min(seen.values()) > 200


# --- what a unit can do ------------------------------------------------------------------------

def test_a_unit_moves_to_its_neighbours_and_an_army_by_convoy_between_coasts(standard_map):
    fleet = legality.unit_moves(Unit("england", "F", "lon"), standard_map)
    assert fleet == ["eng", "nth", "wal", "yor"]
    army = legality.unit_moves(Unit("england", "A", "lon"), standard_map)
    assert {"wal", "yor"} <= set(army) and {"nwy", "bre", "tun"} <= set(army)
    assert "par" not in army and "mun" not in army
    assert legality.unit_moves(Unit("germany", "A", "mun"), standard_map) == \
        sorted(standard_map.army_adj["mun"])


def test_retreat_options_leave_out_the_attacker_standoffs_and_occupied(standard_map):
    position = Position(Phase(1901, "Spring", "Retreat"),
                        [Unit("germany", "A", "bur"), Unit("france", "A", "pic")], {})
    position.dislodged = [Dislodged(Unit("france", "A", "par"), "gas")]
    position.standoffs = frozenset({"bre"})
    assert legality.retreat_options(position.dislodged[0], position, standard_map) == []
    position.units = [Unit("germany", "A", "bur")]
    assert legality.retreat_options(position.dislodged[0], position, standard_map) == ["pic"]


def test_open_build_sites_list_each_free_home_centre_with_what_it_takes(standard_map):
    rules = RuleSet.for_map(standard_map)
    owners = {c: p for p, power in standard_map.powers.items() for c in power.home}
    position = Position(Phase(1901, "Winter", "Adjustment"), [Unit("russia", "A", "mos")],
                        owners)
    sites = legality.open_build_sites("russia", position, standard_map, rules)
    assert sites == {"sev": ["A", "F"], "stp": ["A", "F stp/nc", "F stp/sc"],
                     "war": ["A"]}
    assert province_of("stp/nc") == "stp"


@pytest.mark.parametrize("map_id, place", [("standard", "Picardy"), ("lord-of-hosts", "Suez")])
def test_a_build_whose_power_gm_cannot_tell_says_so(map_id, place):
    """An unheaded `Build A Picardy`: no power owns the site or has it as a home, so the
    reader finds no power for it. The check says that, not that the site is "not a home
    centre of this power" or that "this power has no builds"."""
    from gm.engine.position import starting_position
    from gm.maps import load_map
    from gm.orders.letters import read_orders

    game_map = load_map(map_id)
    position = starting_position(game_map)
    letter = read_orders(f"Build A {place}", game_map, None, phase_kind="Adjustment",
                         board=position, rules=RuleSet.for_map(game_map))
    [order] = letter.orders
    assert order.order.power is None
    assert order.notes == (VOID_NOTE.format("gm cannot tell whose build this is: no power owns "
                           f"{place} or has it as a home centre; write it under its power's "
                           "heading"),)
