"""Random standard games written as DATC cases: one case per phase played, for `gm datc` and
godip's DATC runner to read the same file (`make bench`).

Each game starts from the standard opening and plays its phases with seeded random orders:
the crowded orders of `positions.random_orders` in movement phases (moves, supports, convoys
and bounces), a random retreat or a disband for each dislodged unit, and in winter every build
a power may make on its free home centres or exactly the removals it owes. gm's engine
adjudicates each phase; the case states the position before, the orders and the position gm
found after, in the subset of the format both gm and godip read:

- the phase as `Spring 1905, Movement`, and `Fall 1905, Adjustment` for the winter (godip knows
  no winter; gm reads it as the year's adjustment phase);
- a retreat phase's `PRESTATE_RESULTS` holds only what the retreats depend on: each dislodging
  move (`via convoy` when it came by sea, so its origin stays open) and one bounced move into
  each province left empty by a standoff;
- `POSTSTATE_DISLODGED` lists the dislodged units that have somewhere to retreat.

Run alone: `python bench/games.py OUT [GAMES] [SEED]` writes the file and says how many phases.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from positions import random_orders

from gm.engine.adjustment_phase import adjustments_due
from gm.engine.position import Position, starting_position
from gm.engine.retreat_phase import retreat_options
from gm.engine.season import Season
from gm.maps import load_map
from gm.maps.gamemap import GameMap
from gm.orders.kinds.build import Build
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import Order
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.support import SupportHold, SupportMove

GAMES = 20
PHASES_PER_GAME = 46
SEED = 1901


def random_games(games: int = GAMES, phases: int = PHASES_PER_GAME, seed: int = SEED) -> str:
    """The case file's text: `games` games of `phases` phases each (fewer if one ends)."""
    game_map = load_map("standard")
    season = Season.for_map(game_map)
    rng = random.Random(seed)
    out = ["# Random standard games, one case per phase (bench/games.py; seed "
           f"{seed}).", "VARIANT_ALL Standard", ""]
    for game in range(1, games + 1):
        position = starting_position(game_map)
        moves: list[Move] = []  # the last movement's, for a retreat phase's results
        for number in range(1, phases + 1):
            orders = _orders(position, game_map, rng)
            if position.phase.kind == "Movement":
                moves = [o for o in orders if isinstance(o, Move)]
            outcome = season.adjudicate(position, orders)
            out.extend(_case(f"g{game:02}.{number:02}", position, orders, moves,
                             outcome.position, game_map, season))
            if outcome.winners:
                break
            position = outcome.position
    return "\n".join(out) + "\n"


def _orders(position: Position, game_map: GameMap, rng: random.Random) -> list[Order]:
    kind = position.phase.kind
    if kind == "Movement":
        return random_orders(position, game_map, rng)
    if kind == "Retreat":
        orders: list[Order] = []
        taken: set[str] = set()
        for d in position.dislodged:
            options = [o for o in retreat_options(d, position, game_map) if o not in taken]
            if options and rng.random() < 0.85:
                dest = rng.choice(options)
                taken.add(dest)
                orders.append(Move(d.unit.power, d.unit.kind, d.unit.location, dest))
            else:
                orders.append(Disband(d.unit.power, d.unit.kind, d.unit.location))
        return orders
    orders = []
    occupied = {u.province for u in position.units}
    for power, change in adjustments_due(position, game_map).items():
        if change > 0:
            sites = [h for h in game_map.powers[power].home
                     if position.owners.get(h) == power and h not in occupied]
            for site in rng.sample(sites, min(change, len(sites))):
                province = game_map.provinces[site]
                fleet = province.kind == "coast" and rng.random() < 0.4
                location = rng.choice(game_map.locations(site)) if fleet else site
                orders.append(Build(power, "F" if fleet else "A", location))
        elif change < 0:
            mine = [u for u in position.units if u.power == power]
            for unit in rng.sample(mine, min(-change, len(mine))):
                orders.append(Remove(power, unit.kind, unit.location))
    return orders


def _case(name: str, before: Position, orders: list[Order], moves: list[Move],
          after: Position, game_map: GameMap, season: Season) -> list[str]:
    phase = before.phase
    year_season = "Fall" if phase.kind == "Adjustment" or phase.season == "Autumn" \
        else phase.season
    powers = {p.id: p.name for p in game_map.powers.values()}
    lines = [f"CASE {name}", f"PRESTATE_SETPHASE {year_season} {phase.year}, {phase.kind}"]
    if phase.kind == "Adjustment":
        lines.append("PRESTATE_SUPPLYCENTER_OWNERS")
        for centre, power in sorted(before.owners.items()):
            lines.append(f"    {powers[power]}: A {centre}")  # the format wants a unit kind
    lines.append("PRESTATE")
    lines.extend(f"    {powers[u.power]}: {u.kind} {u.location}" for u in before.units)
    if phase.kind == "Retreat":
        lines.append("PRESTATE_DISLODGED")
        lines.extend(f"    {powers[d.unit.power]}: {d.unit.kind} {d.unit.location}"
                     for d in before.dislodged)
        lines.append("PRESTATE_RESULTS")
        lines.extend(f"    {line}" for line in _history(before, moves, powers))
    lines.append("ORDERS")
    lines.extend(f"    {powers[o.power]}: {_text(o)}" for o in orders)
    lines.append("POSTSTATE")
    lines.extend(f"    {powers[u.power]}: {u.kind} {u.location}" for u in after.units)
    retreating = [d.unit for d in after.dislodged
                  if retreat_options(d, after, game_map, season.rules)]
    if retreating:
        lines.append("POSTSTATE_DISLODGED")
        lines.extend(f"    {powers[u.power]}: {u.kind} {u.location}" for u in retreating)
    lines.extend(["END", ""])
    return lines


def _history(position: Position, moves: list[Move], powers: dict[str, str]) -> list[str]:
    """What the last movement's `moves` left for the retreats, as results: each dislodging
    move, and a move that bounced into each standoff."""
    lines = []
    for d in position.dislodged:
        attacker = next(u for u in position.units if u.province == d.unit.province)
        origin = d.attacker_from
        move = next((m for m in moves if m.power == attacker.power
                     and m.dest.split("/")[0] == d.unit.province
                     and (origin is None or m.province == origin)), None)
        if move is None:
            raise AssertionError(f"no move found for the attack on {d.unit.province}")
        via = " via convoy" if origin is None else ""
        lines.append(f"SUCCESS: {powers[move.power]}: {_text(move)}{via}")
    for province in sorted(position.standoffs):
        bounced = next(m for m in moves if m.dest.split("/")[0] == province)
        lines.append(f"FAILURE: {powers[bounced.power]}: {_text(bounced)}")
    return lines


# each kind of order as DATC files write it, `u` its unit and `o` the order itself
_DATC_TEXT = {
    Move: "{u}-{o.dest}",
    Hold: "{u} H",
    SupportHold: "{u} S {o.target_kind} {o.target}",
    SupportMove: "{u} S {o.target_kind} {o.target}-{o.dest}",
    Convoy: "{u} C {o.target_kind} {o.target}-{o.dest}",
    Disband: "{u} disband",
    Build: "Build {u}",
    Remove: "Remove {u}",
}


def _text(order: Order) -> str:
    """An order as DATC files write it: `A par-bur`, `F nth C A lon-nwy`, `Build F stp/nc`."""
    for kind, shape in _DATC_TEXT.items():
        if isinstance(order, kind):
            return shape.format(u=f"{order.unit_kind} {order.location}", o=order)
    raise TypeError(f"no DATC text for {order!r}")


def main() -> None:
    out = Path(sys.argv[1])
    games = int(sys.argv[2]) if len(sys.argv) > 2 else GAMES
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else SEED
    text = random_games(games, seed=seed)
    out.write_text(text, encoding="utf-8")
    print(f"{out}: {text.count(chr(10) + 'CASE ')} phases of {games} random standard games")


if __name__ == "__main__":
    main()
