"""Crowded standard-map positions for benchmarks: fixed seed, many supports, convoys, bounces."""

from __future__ import annotations

import random

from gm.engine.position import Phase, Position, Unit
from gm.maps.gamemap import GameMap, province_of
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.support import SupportHold, SupportMove


def crowded_position(game_map: GameMap, rng: random.Random, units: int = 34) -> Position:
    powers = sorted(game_map.powers)
    provinces = sorted((p for p in game_map.provinces.values() if p.kind != "impassable"),
                       key=lambda p: p.id)
    rng.shuffle(provinces)
    placed = []
    for prov in provinces[:units]:
        if prov.kind == "sea":
            kind, loc = "F", prov.id
        elif prov.kind == "land":
            kind, loc = "A", prov.id
        else:
            kind = rng.choice("AF")
            loc = rng.choice(game_map.locations(prov.id)) if kind == "F" else prov.id
        placed.append(Unit(rng.choice(powers), kind, loc))
    season = next(s for s, kind in game_map.calendar.phases if kind == "Movement")
    return Position(Phase(game_map.calendar.first_year, season, "Movement"), placed, {})


def _reach(game_map: GameMap, unit: Unit) -> list[str]:
    if unit.is_fleet:
        return sorted(game_map.fleet_adj.get(unit.location, ()))
    return sorted(game_map.army_adj.get(unit.province, ()))


def random_orders(position: Position, game_map: GameMap, rng: random.Random) -> list[Order]:
    """Orders that crowd the board: most units move or support a neighbour's move."""
    by_prov = {u.province: u for u in position.units}
    orders: list[Order] = []
    moves: dict[str, str] = {}
    convoy_via: dict[str, str] = {}
    for unit in sorted(position.units, key=lambda u: u.kind != "A"):  # armies pick convoys first
        reach = _reach(game_map, unit)
        if unit.kind == "A" and game_map.provinces[unit.province].kind == "coast" \
                and rng.random() < 0.5:
            # a convoy through a fleet that stands at sea next to the army
            seas = sorted(s for s in {province_of(x) for loc in game_map.locations(unit.province)
                                      for x in game_map.fleet_adj.get(loc, ())}
                          if game_map.provinces[s].is_sea and s in by_prov)
            if seas:
                sea = rng.choice(seas)
                coasts = sorted({province_of(x) for x in game_map.fleet_adj[sea]
                                 if game_map.provinces[province_of(x)].kind == "coast"}
                                - {unit.province})
                if coasts:
                    dest = rng.choice(coasts)
                    moves[unit.province] = dest
                    convoy_via[unit.province] = sea
                    orders.append(Move(unit.power, "A", unit.location, dest))
                    continue
        if unit.province in {s for s in convoy_via.values()}:
            continue  # this fleet was asked to convoy
        if reach and rng.random() < 0.55:
            dest = rng.choice(reach)
            moves[unit.province] = province_of(dest)
            orders.append(Move(unit.power, unit.kind, unit.location, dest))
    for unit in position.units:
        if unit.province in moves:
            continue
        reach = {province_of(x) for x in _reach(game_map, unit)}
        convoyable = [p for p, sea in convoy_via.items() if sea == unit.province]
        if convoyable and rng.random() < 0.7:
            src = rng.choice(convoyable)
            orders.append(Convoy(unit.power, "F", unit.location, "A", src, moves[src]))
            continue
        helped = [p for p, d in moves.items() if d in reach]
        if helped and rng.random() < 0.8:
            src = rng.choice(helped)
            mover = by_prov[src]
            orders.append(SupportMove(unit.power, unit.kind, unit.location, mover.kind, src,
                                      moves[src]))
            continue
        held = [p for p in sorted(reach) if p in by_prov and p not in moves]
        if held:
            src = rng.choice(held)
            orders.append(SupportHold(unit.power, unit.kind, unit.location, by_prov[src].kind,
                                      src))
        else:
            orders.append(Hold(unit.power, unit.kind, unit.location))
    return orders


def benchmark_set(game_map: GameMap, count: int = 200, seed: int = 1901):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        position = crowded_position(game_map, rng)
        out.append((position, random_orders(position, game_map, rng)))
    return out
