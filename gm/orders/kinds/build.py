"""Build: a new unit on a free build site (`Build A Par`, `Build F Stp/nc`). Its board check
asks the map's rules for the sites (`RuleSet.build_sites`) and their objections."""

from __future__ import annotations

from dataclasses import dataclass

from gm.maps.gamemap import GameMap, coast_of
from gm.orders.kinds.base import ADJUSTMENT, Order, OrderKind, Problem
from gm.orders.kinds.board import kind_problem, power_name


@dataclass(frozen=True, slots=True)
class Build(Order):
    def commands(self) -> tuple[str, ...]:
        return ()  # a build commands no existing unit; several may share a province

    def __str__(self) -> str:
        return f"Build {self.unit_text()}"


def read_build(b, written) -> Order:
    unit = b.unit(written)
    if unit.leader:
        raise b.fail(f"{unit.leader} is a leader; leaders are not built", written.column)
    return Build(b.power, unit.kind, unit.location, **b.common(unit))


def build_problem(order: Build, position, game_map: GameMap, rules,
                  used_sites: set[str] = frozenset()) -> Problem | None:
    """Can this build stand on this board: a unit that can stand there, the rule's objection
    (it names the rulebook), then a free build site of the power."""
    misplaced = kind_problem(order.unit_kind, order.location, game_map)
    if misplaced is not None:
        return misplaced
    if rules is not None:
        objection = rules.build_problem(order, position, game_map)
        if objection:
            return Problem(objection)
    prov = order.province
    province = game_map.provinces.get(prov)
    if province is None:
        return Problem(f"unknown province {prov!r}")
    power = order.power or ""
    if prov in used_sites:
        return Problem(f"a unit is already being built in {province.name}")
    if any(u.province == prov for u in position.units):
        return Problem(f"{province.name} is occupied")
    sites = rules.build_sites(power, position, game_map) if rules is not None else ()
    if prov not in sites:
        if power in game_map.powers and prov in game_map.powers[power].home:
            return Problem(f"{province.name} is not owned by {power_name(game_map, power)}")
        return Problem(f"{province.name} is not a home centre of {power_name(game_map, power)}")
    kind = order.unit_kind or "A"
    if kind == "F":
        if province.kind != "coast":
            return Problem(f"a fleet cannot be built in {province.name}, which is inland")
        if province.coasts and coast_of(order.location) not in province.coasts:
            return Problem(f"say which coast of {province.name} to build the fleet on")
    elif kind == "A" and province.kind not in ("land", "coast"):
        return Problem(f"an army cannot be built in {province.name}")
    elif kind not in ("A", "F"):
        return Problem(f"{kind} units cannot be built here")
    return None


def open_build_sites(power: str, position, game_map: GameMap, rules) -> dict[str, list[str]]:
    """Where `power` may build now, and what: province -> the unit kinds ('A', 'F' or a
    fleet's coasts such as 'F stp/nc')."""
    sites: dict[str, list[str]] = {}
    for prov in rules.build_sites(power, position, game_map):
        province = game_map.provinces.get(prov)
        if province is None:
            continue
        kinds = []
        if province.kind in ("land", "coast"):
            kinds.append("A")
        if province.kind == "coast":
            kinds += [f"F {loc}" for loc in game_map.locations(prov)] if province.coasts \
                else ["F"]
        sites[prov] = kinds
    return sites


def check_build(order: Build, kind, location, position, game_map: GameMap,
                rules=None) -> Problem | None:
    if position is None or rules is None:  # the sites are the rules' answer
        return None
    return build_problem(order, position, game_map, rules)


KINDS = (OrderKind(Build, "a build", (ADJUSTMENT,), reads={"build": read_build},
                   check=check_build, on_unit=False),)
