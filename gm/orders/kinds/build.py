"""Build: a new unit on a free build site (`Build A Par`, `Build F Stp/nc`). Its board check
asks the map's rules for the sites (`RuleSet.build_sites`) and their objections."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple

from gm.maps.gamemap import GameMap, coast_of
from gm.notation import mix_counts
from gm.orders.kinds.board import a_kind, kind_problem, power_name, rule_citing
from gm.orders.kinds.order_kind import ADJUSTMENT, Order, OrderKind, Problem, Shape, Sketch, Words


class NewPiece(NamedTuple):
    """A piece a build would make, as `upkeep` sees it before it stands anywhere, and as
    `may_stack(..., "build")` sees it beside the pieces on its site (the fields a rule reads
    of a `Unit`)."""

    power: str
    kind: str
    location: str = ""
    strength: float = 1.0
    name: str | None = None
    province: str = ""


class Build(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def commands(self) -> tuple[str, ...]:
        return ()  # a build commands no existing unit; several may share a province

    def __str__(self) -> str:
        return f"Build {self.unit_text()}"


def site_power(province: str, owners: Mapping[str, str], game_map: GameMap) -> str | None:
    """Whose build a letter that names no power means: the power owning the centre it names,
    else the power whose home it is (a set-up letter, before anybody owns it). One rule for
    the letter's check (`gm.orders.letters`) and for filing it (`gm.game.intake`): with a
    build anywhere, an owned centre need not be its owner's home."""
    return owners.get(province) or game_map.home_power(province)


def new_piece(order: Build) -> NewPiece:
    """The piece a build makes: an army unless the order names another kind; a fleet stands
    on the coast named, any other piece in the province."""
    kind = order.unit_kind or "A"
    return NewPiece(order.power or "", kind,
                    order.location if kind == "F" else order.province,
                    order.strength or 1.0, province=order.province)


def read_build(b, written) -> Order:
    leaders = rule_citing("leaders", b.map)
    if leaders and written.kind is None and written.place is not None and \
            written.place.name.text.split(maxsplit=1)[0].lower() in ("l", "leader"):
        # `Build L Rome`: not a place called "L Rome" (the fuzzy reading), but a leader
        raise b.fail(f"{leaders}leaders are not built; each is placed once, with the first "
                     "Spring's orders", written.column)
    unit = b.unit(written)
    if unit.leader:
        raise b.fail(f"{rule_citing('leaders', b.map)}{unit.leader} is a leader; leaders are "
                     "not built", written.column)
    return Build(b.power, unit.kind, unit.location, **b.common(unit))


def build_problem(order: Build, position, game_map: GameMap, rules,
                  used_sites: set[str] = frozenset(), accepted: tuple = (),
                  built=()) -> Problem | None:
    """Can this build stand on this board: a unit that can stand there, the rule's objection
    (it names the rulebook; it sees the builds `accepted` so far in the phase), then a free
    build site of the power, for a kind of piece the power may build. `built` are the pieces
    this phase's builds have made so far: where the rules let pieces stack, a site held by
    the builder's side may take another piece (`may_stack(..., "build")`)."""
    misplaced = kind_problem(order.unit_kind, order.location, game_map)
    if misplaced is not None:
        return misplaced
    if rules is not None:
        objection = rules.build_problem(order, position, game_map, accepted)
        if objection:
            return Problem(objection)
    prov = order.province
    province = game_map.provinces.get(prov)
    if province is None:
        return Problem(f"unknown province {prov!r}")
    power = order.power or ""
    if (prov in used_sites or any(u.province == prov for u in position.units)) \
            and not _stacks_on_site(order, position, game_map, rules, built):
        if prov in used_sites:
            return Problem(f"a unit is already being built in {province.name}")
        if not _site_if_vacant(prov, power, position, game_map, rules):
            return _not_a_site(province, power, position, game_map)  # the reason that lasts
        return Problem(f"{province.name} is occupied")
    sites = rules.build_sites(power, position, game_map) if rules is not None else ()
    if prov not in sites:
        return _not_a_site(province, power, position, game_map)
    kinds = rules.build_kinds(power, position, game_map) if rules is not None else ("A", "F")
    # a mixed multiple (`Build A/G Spa`) is a build of each of its kinds
    for kind in mix_counts(order.unit_kind) or (order.unit_kind or "A",):
        if kind not in kinds:
            return Problem(f"{kind} units cannot be built here")
        if kind == "F":
            if province.kind != "coast":
                return Problem(f"a fleet cannot be built in {province.name}, which is inland")
            if province.coasts and coast_of(order.location) not in province.coasts:
                return Problem(f"say which coast of {province.name} to build the fleet on")
        elif province.kind not in ("land", "coast"):
            return Problem(f"{a_kind(kind)} cannot be built in {province.name}")
    return None


def _site_if_vacant(prov: str, power: str, position, game_map: GameMap, rules) -> bool:
    """Would the province be one of the power's build sites if nobody stood there? Then it
    is refused as occupied; if not, for the reason it is no site of the power's (a foreign
    centre is "not a home centre of France" whoever stands on it)."""
    if rules is None:
        return True
    vacated = replace(position, units=[u for u in position.units if u.province != prov])
    return prov in rules.build_sites(power, vacated, game_map)


def _not_a_site(province, power: str, position, game_map: GameMap) -> Problem:
    """Why the province is none of the power's build sites."""
    if province.build_site and position.owners.get(province.id) != power:
        return _site_not_held(province, position.owners.get(province.id), power, game_map)
    if power in game_map.powers and province.id in game_map.powers[power].home:
        return Problem(f"{province.name} is not owned by {power_name(game_map, power)}")
    return Problem(f"{province.name} is not a home centre of {power_name(game_map, power)}")


def _site_not_held(province, holder: str | None, power: str, game_map: GameMap) -> Problem:
    """A build on a special build site (a province that is no centre, `build_site`) that the
    power does not control, naming the rule that makes the site (the province's `rule`) and
    who controls it."""
    cite = f"rule {province.rule}: " if province.rule else ""
    if holder is None:
        return Problem(f"{cite}nobody controls {province.name} yet (a special build site "
                       "changes hands like a centre); only the power that controls it builds "
                       "there")
    return Problem(f"{cite}{province.name} is controlled by {power_name(game_map, holder)}, "
                   f"not {power_name(game_map, power)}; only the power that controls a special "
                   "build site builds there")


def _stacks_on_site(order: Build, position, game_map: GameMap, rules, built) -> bool:
    """May the build join the pieces on its site: all of the builder's side, and allowed
    together by `may_stack(..., "build")`?"""
    if rules is None or not rules.answers("may_stack"):
        return False
    prov = order.province
    here = [u for u in (*position.units, *built) if u.province == prov]
    side = rules.side(order.power or "")
    return all(rules.side(u.power) == side for u in here) and \
        rules.may_stack([*here, new_piece(order)], "build", position, game_map) is None


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


def allowance(power: str, position, game_map: GameMap, rules,
              supply: float | None = None) -> tuple[float, int]:
    """(what the power's supply pays for in builds, negative for the upkeep it must remove;
    extra builds a rule owes it). Counted in upkeep, in halves: a power may build as much as
    its supply exceeds its units' upkeep, in steps of the cheapest piece it may build (½ to
    spare is no build unless a piece costs ½), and removes pieces until its upkeep is no
    more than its supply (whole pieces unless some cost a half). Whole amounts are ints.
    `supply` is the power's supply when the caller has counted it already."""
    if supply is None:
        supply = rules.supply.of(power, position, game_map)
    spare = supply - sum(
        rules.upkeep(u) for u in position.units if u.power == power)
    if spare >= 0:
        change = _buildable(spare, power, position, game_map, rules)
    else:
        change = -_to_remove(-spare, power, position, rules)
    change = int(change) if float(change).is_integer() else change
    return change, rules.extra_builds(power, position, game_map)


def _buildable(spare: float, power: str, position, game_map: GameMap, rules) -> float:
    """The part of the spare supply that builds can use: steps of the cheapest piece."""
    if not (rules.answers("upkeep") or rules.answers("build_kinds")):
        return math.floor(spare)
    costs = [c for c in rules.build_costs(power, position, game_map).values() if c > 0]
    step = min(costs, default=1.0)
    return math.floor(spare / step) * step


def _to_remove(deficit: float, power: str, position, rules) -> float:
    """How much upkeep a power must remove: whole pieces unless some cost a half (a rule's
    garrison, or a leader, whose standard upkeep is its strength of ½)."""
    costs = [rules.upkeep(u) for u in position.units if u.power == power]
    step = 0.5 if any(not float(c).is_integer() for c in costs if c > 0) else 1.0
    return math.ceil(deficit / step) * step


def no_builds_problem(power: str, left: int, game_map: GameMap) -> Problem | None:
    """A build or a waive by a power with none to make."""
    if left > 0:
        return None
    name = power_name(game_map, power)
    has = game_map.powers[power].verb("has", "have") if power in game_map.powers else "has"
    return Problem(f"{name} {has} no builds" if left == 0 else
                   f"{name} must remove units, not build")


def amount(value: float) -> str:
    """`2`, `1½`, `½`: an amount of supply or upkeep as a GM writes it."""
    whole, half = divmod(abs(value) * 2, 2)
    sign = "-" if value < 0 else ""
    if not half:
        return f"{sign}{whole:g}"
    return f"{sign}{whole:g}½" if whole else f"{sign}½"


def plural(count: float, noun: str) -> str:
    """`1 build`, `3 builds`, `1½ builds`: a count with its noun, as reports print it (never
    `build(s)`)."""
    return f"{amount(count)} {noun}{'' if count <= 1 else 's'}"


def builds_used_problem(left: int, made: int) -> Problem | None:
    """One build (or waive) more than the power's centres pay for."""
    if made < left:
        return None
    return Problem("its 1 build is already used" if left == 1 else
                   f"all {plural(left, 'build')} are already used")


def extra_build_problem(power: str, owed: int, made: int, game_map: GameMap
                        ) -> Problem | None:
    """A build a rule claims as an extra build: is one still owed (`made` already built)?"""
    if owed == 0:
        return Problem(f"{power_name(game_map, power)} is owed no extra build")
    if made >= owed:
        used = f"the extra build of {power_name(game_map, power)} is" if owed == 1 else \
            f"all {plural(owed, 'extra build')} of {power_name(game_map, power)} are"
        return Problem(f"{used} already used (built or waived)")
    return None


def single_unit_problem(order: Build) -> Problem | None:
    """A build paid for by a centre makes one single unit; only a rule's extra build may be
    stronger (and only when that rule claims the order). Where pieces stack, a rule's
    `adjustment_orders` may make `Build 2A Spa` two single builds first (Multiplicity)."""
    if order.strength is None or order.strength == 1:
        return None
    return Problem(f"{order.strength:g}{order.unit_kind or 'A'} cannot be built: a centre pays "
                   "for one single unit")


def counts_known(rules) -> bool:
    """Can the count of builds and removals be known before the phase? Not when a rule's own
    adjustment orders come first and may change it (a Holy Place destroyed)."""
    return rules is not None and not rules.answers("adjustment_orders")


def check_build(order: Build, kind, location, position, game_map: GameMap,
                rules=None) -> Problem | None:
    if position is None or rules is None:  # the sites are the rules' answer
        return None
    if not order.power:
        return whose_build_problem(order, game_map)
    power = order.power
    if rules.draws_extra_build(order, position, game_map):
        problem = build_problem(order, position, game_map, rules)
        if problem is None and counts_known(rules):
            owed = allowance(power, position, game_map, rules)[1]
            problem = extra_build_problem(power, owed, 0, game_map)
        return problem
    if counts_known(rules):
        problem = no_builds_problem(power, allowance(power, position, game_map, rules)[0],
                                    game_map)
        if problem is not None:
            return problem
    parts = build_parts(order, position, game_map, rules)
    if parts == [order]:  # a centre pays for one single unit
        return build_problem(order, position, game_map, rules) or single_unit_problem(order)
    # the single builds a rule made of it (Multiplicity: `Build 2A Spa`), each checked with
    # the ones before it, as the engine takes them: void only when every one is
    problems, accepted = [], []
    for part in parts:
        problem = build_problem(part, position, game_map, rules, accepted=tuple(accepted))
        if problem is None:
            accepted.append(part)
        else:
            problems.append(problem)
    return problems[0] if len(problems) == len(parts) else None


def whose_build_problem(order: Build, game_map: GameMap) -> Problem:
    """A build read with no power (a letter with no heading, on a site no power owns or has
    as a home: `_site_power` of the reader found none): what is wrong is whose it is, not
    the site or the count of some power's builds ("not a home centre of this power")."""
    province = game_map.provinces.get(order.province)
    where = province.name if province is not None else order.province
    return Problem(f"gm cannot tell whose build this is: no power owns {where} or has it as "
                   "a home centre; write it under its power's heading")


def build_parts(order: Build, position, game_map: GameMap, rules) -> list:
    """The builds the engine takes `order` as: the rules' own adjustment orders may make a
    multiple build single builds first (Multiplicity: `Build 2A Spa` is two), tried on a copy
    of the board; else the order itself."""
    if not rules.answers("adjustment_orders") or not hasattr(position, "copy"):
        return [order]
    made = rules.adjustment_orders(position.copy(), [order], game_map)[0]
    return [part for part in made if isinstance(part, Build)] or [order]


def built(order: Build, ledger) -> None:
    """Its part in an adjustment phase: a build on the ledger (`phase_parts.AdjustmentLedger`)."""
    ledger.build(order)


def sketch_build(order: Build) -> tuple[Sketch, ...]:
    return (Sketch(Shape.BUILD, piece_kind=new_piece(order).kind),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(verb="Build", begins=("builds?",), names=("builds?",), headings=("builds?",),
              leads=("builds?", "b"))

KINDS = (OrderKind(Build, "a build", (ADJUSTMENT,), reads={"build": read_build},
                   check=check_build, on_unit=False, echo_word="Build", in_adjustment=built,
                   sketch=sketch_build,
                   words=WORDS),)
