"""Seeded retreat and adjustment phases for the benchmarks, built from the crowded positions."""

from __future__ import annotations

import random

from gm.engine.adjustment_phase import adjustments_due
from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.engine.retreat_phase import retreat_options
from gm.maps.gamemap import GameMap
from gm.orders.kinds.build import Build
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat


def seeded_phases(game_map: GameMap):
    """The standard map's benchmark phases (seeds 1901): 200 crowded movement phases, the
    retreats they cause and 200 adjustment phases, as bench/run.py times them."""
    from positions import benchmark_set

    rng = random.Random(1901)
    movement = benchmark_set(game_map)
    return movement, retreat_phases(game_map, movement, rng), adjustment_phases(game_map, 200,
                                                                                  rng)


def retreat_phases(game_map: GameMap, movement_set, rng: random.Random):
    """(movement position, movement orders, retreat position, retreat orders) for every
    crowded position whose movement dislodges something."""
    out = []
    for position, orders in movement_set:
        after = adjudicate_movement(position, orders, game_map).position
        if not after.dislodged:
            continue
        after.phase = Phase(position.phase.year, position.phase.season, "Retreat")
        retreats: list[Order] = []
        for d in after.dislodged:
            options = retreat_options(d, after, game_map)
            if options and rng.random() < 0.8:
                retreats.append(Retreat(d.unit.power, d.unit.kind, d.unit.location,
                                        rng.choice(options)))
            else:
                retreats.append(Disband(d.unit.power, d.unit.kind, d.unit.location))
        out.append((position, orders, after, retreats))
    return out


def adjustment_phases(game_map: GameMap, count: int, rng: random.Random):
    """Positions after an autumn with centres shared at random: builds and removals due."""
    centres = sorted(game_map.centres)
    powers = sorted(game_map.powers)
    out = []
    for _ in range(count):
        owners = {c: rng.choice(powers) for c in centres}
        units = []
        for power in powers:
            home_left = [h for h in game_map.powers[power].home if owners.get(h) == power]
            owned = [c for c in centres if owners[c] == power]
            n = max(0, len(owned) + rng.choice([-2, -1, 1, 2]))
            spots = [p for p in owned if p not in home_left] + \
                [p.id for p in game_map.provinces.values() if p.kind == "land"]
            taken = {u.province for u in units}
            for prov in rng.sample(spots, min(n, len(spots))):
                if prov not in taken:
                    units.append(Unit(power, "A", prov))
                    taken.add(prov)
        position = Position(Phase(1901, "Winter", "Adjustment"), units, owners)
        orders: list[Order] = []
        for power, change in adjustments_due(position, game_map).items():
            if change > 0:
                occupied = {u.province for u in position.units}
                sites = [h for h in game_map.powers[power].home
                         if owners.get(h) == power and h not in occupied]
                for site in sites[:change]:
                    kind = "F" if game_map.provinces[site].kind == "coast" and \
                        not game_map.provinces[site].coasts and rng.random() < 0.5 else "A"
                    orders.append(Build(power, kind, site))
            else:
                mine = [u for u in position.units if u.power == power]
                for u in rng.sample(mine, min(-change, len(mine))):
                    orders.append(Remove(power, u.kind, u.location))
        out.append((position, orders))
    return out
