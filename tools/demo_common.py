"""What the seeded demo-game bots share (tools/make_*_demo.py): the board's distances, the
check that a bot never writes an order gm cannot read, and shifting alliances."""

from __future__ import annotations

import random

from gm.engine.adjustment_phase import steps_from
from gm.engine.position import Position, Unit
from gm.engine.retreat_phase import retreat_options
from gm.maps import GameMap
from gm.maps.gamemap import province_of
from gm.orders.parse import parse_order


class Geometry:
    """Distances for armies and fleets between provinces, computed once."""

    def __init__(self, game_map: GameMap):
        self.map = game_map
        self.army = {p: steps_from([p], self._army_steps) for p in game_map.provinces}
        self.fleet = {p: steps_from([p], self._fleet_steps) for p in game_map.provinces}

    def _army_steps(self, prov: str) -> set[str]:
        return set(self.map.army_adj.get(prov, ()))

    def _fleet_steps(self, prov: str) -> set[str]:
        out = set()
        for loc in self.map.locations(prov):
            out.update(province_of(x) for x in self.map.fleet_adj.get(loc, ()))
        return out

    def distance(self, unit_kind: str, a: str, b: str) -> int:
        table = self.fleet if unit_kind == "F" else self.army
        return table[a].get(b, 99)

    def moves(self, unit: Unit) -> list[str]:
        """Locations the unit can move to by itself."""
        if unit.kind == "F":
            return sorted(self.map.fleet_adj.get(unit.location, ()))
        return sorted(self.map.army_adj.get(unit.province, ()))

    def reaches(self, unit: Unit, province: str) -> bool:
        return self.map.can_reach(unit.kind == "F", unit.location, province)


def checked(lines: list[str], game_map: GameMap, power: str) -> list[str]:
    """Keep only lines the order reader reads; a bot never writes a line gm cannot read."""
    good = []
    for line in lines:
        try:
            parse_order(line, game_map, power)
        except ValueError as exc:
            raise SystemExit(f"the bot wrote an unreadable order {line!r}: {exc}") from None
        good.append(line)
    return good


def alliances(rng: random.Random, powers: list[str], position: Position) -> dict[str, set]:
    alive = [p for p in powers if position.units_of(p)]
    rng.shuffle(alive)
    out: dict[str, set[str]] = {p: set() for p in powers}
    for a, b in zip(alive[::2], alive[1::2], strict=False):
        out[a].add(b)
        out[b].add(a)
    return out


class Housekeeping:
    """Retreats, builds and removals as the demo bots play them: retreat towards home, build on
    free home centres (fleets up to the power's `fleet_share`), remove the units farthest from
    home. A bot class using it has `power`, `map`, `geo`, `rng`, `write`, `home` and
    `fleet_share` (a fraction of its units it wants at sea)."""

    def retreats(self, position: Position) -> list[str]:
        lines = []
        for d in position.dislodged:
            if d.unit.power != self.power:
                continue
            options = retreat_options(d, position, self.map)
            if not options:
                lines.append(self.write.disband(d.unit))
                continue
            best = min(options, key=lambda o: (
                min(self.geo.distance(d.unit.kind, province_of(o), h) for h in self.home),
                self.rng.random()))
            lines.append(self.write.retreat(d.unit, best))
        return lines

    def adjustments(self, position: Position, change: int) -> list[str]:
        if change > 0:
            return self._builds(position, change)
        far = sorted(position.units_of(self.power), key=lambda u: (
            -min(self.geo.distance(u.kind, u.province, h) for h in self.home), self.rng.random()))
        return [self.write.remove(u) for u in far[:-change]]

    def _builds(self, position: Position, count: int) -> list[str]:
        taken = {u.province for u in position.units}
        sites = [h for h in self.home if position.owners.get(h) == self.power and h not in taken]
        self.rng.shuffle(sites)
        mine = position.units_of(self.power)
        fleets = sum(1 for u in mine if u.kind == "F")
        lines = []
        for site in sites[:count]:
            province = self.map.provinces[site]
            want_fleet = province.kind == "coast" and \
                fleets < self.fleet_share * (len(mine) + len(lines) + 1)
            if want_fleet:
                loc = f"{site}/{self.rng.choice(province.coasts)}" if province.coasts else site
                lines.append(self.write.build("F", loc))
                fleets += 1
            else:
                lines.append(self.write.build("A", site))
        return lines


class Writer:
    """Writes orders as a player would: terse (`A Par - Bur`) or in words."""

    def __init__(self, game_map: GameMap, wordy: bool):
        self.map = game_map
        self.wordy = wordy

    def place(self, loc: str) -> str:
        prov, _, coast = loc.partition("/")
        if self.wordy:
            name = self.map.provinces[prov].name
            return f"{name} ({coast})" if coast else name
        return prov.capitalize() + (f"/{coast}" if coast else "")

    def unit(self, kind: str, loc: str) -> str:
        word = {"A": "Army", "F": "Fleet"}[kind] if self.wordy else kind
        return f"{word} {self.place(loc)}"

    def move(self, u: Unit, dest: str, via: bool = False) -> str:
        arrow = " moves to " if self.wordy else " - "
        return f"{self.unit(u.kind, u.location)}{arrow}{self.place(dest)}" + \
            (" via convoy" if via else "")

    def hold(self, u: Unit) -> str:
        return f"{self.unit(u.kind, u.location)}{' holds' if self.wordy else ' H'}"

    def support(self, u: Unit, other: Unit, dest: str | None) -> str:
        verb = " supports " if self.wordy else " S "
        text = f"{self.unit(u.kind, u.location)}{verb}{self.unit(other.kind, other.location)}"
        if dest is not None:
            text += f"{' to ' if self.wordy else ' - '}{self.place(province_of(dest))}"
        return text

    def convoy(self, fleet: Unit, army: Unit, dest: str) -> str:
        verb = " convoys " if self.wordy else " C "
        return (f"{self.unit('F', fleet.location)}{verb}{self.unit('A', army.location)}"
                f"{' to ' if self.wordy else ' - '}{self.place(dest)}")

    def retreat(self, u: Unit, dest: str) -> str:
        verb = " retreats to " if self.wordy else " R "
        return f"{self.unit(u.kind, u.location)}{verb}{self.place(dest)}"

    def disband(self, u: Unit) -> str:
        return f"{self.unit(u.kind, u.location)}{' disbands' if self.wordy else ' D'}"

    def build(self, kind: str, loc: str) -> str:
        return f"Build {self.unit(kind, loc)}"

    def remove(self, u: Unit) -> str:
        return f"Remove {self.unit(u.kind, u.location)}"
