"""What the board checks of the order kinds share: finding the unit an order names, whether a
kind of unit can stand somewhere, and how units, places and powers are named in problems."""

from __future__ import annotations

from gm.maps.gamemap import GameMap, province_of
from gm.notation import mix_counts, piece_counts, stack_label
from gm.orders.errors import NO_UNIT, WRONG_KIND, WRONG_POWER
from gm.orders.kinds.order_kind import Problem, kind_label, show_location
from gm.rule_catalogue import bringing, citing

KIND_WORDS = {"A": "army", "F": "fleet", "G": "garrison", "A/F": "army/fleet", "L": "leader"}


def a_kind(kind: str) -> str:
    """`an army`, `a fleet`."""
    word = KIND_WORDS.get(kind, kind)
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def place_name(game_map, location: str) -> str:
    """`Paris` for `par` (the id itself if the map has no such province)."""
    p = game_map.provinces.get(province_of(location))
    return p.name if p else location


def power_name(game_map, power: str | None) -> str:
    return game_map.powers[power].name if power in game_map.powers else power or "this power"


def rule_citing(feature: str, game_map) -> str:
    """`rule 7.2 (land bridges): `, the map's rule that brings `feature` (`RuleAbout.brings`)
    as its messages name it, to begin a problem with; '' when no rule of the map does."""
    return citing(feature, game_map.rules or {})


def rule_number(feature: str, game_map) -> str:
    """` (rule 3)`: the rulebook's number of the map's rule that brings `feature`, to end a
    problem with; '' when the map has no such rule, or it has no number."""
    found = bringing(feature, game_map.rules or {})
    number = found[1].get("rule") if found is not None else None
    return f" (rule {number})" if number else ""


def refused(message: str, hint: str, kind: str, focus: str = "unit") -> Problem:
    """A problem that means the order cannot be placed: intake rejects the line."""
    return Problem(message, hint, kind, focus, True)


def kind_problem(kind: str | None, location: str, game_map) -> Problem | None:
    """Can a unit of this kind stand there at all (no fleet inland, no army at sea)?"""
    province = game_map.provinces.get(province_of(location))
    if kind is None or province is None:
        return None
    if kind == "F" and province.kind == "land":
        return refused(f"{province.name} is inland: a fleet cannot be there",
                       "Check the unit's kind (A or F) and province.", WRONG_KIND)
    if kind in ("A", "G") and province.kind == "sea":
        return refused(f"{province.name} is a sea: {a_kind(kind)} cannot be there",
                       "Check the unit's kind (A or F) and province.", WRONG_KIND)
    return None


def find_unit(order_power: str | None, kind: str | None, location: str,
              strength: float | None, leader: str | None, pieces, game_map: GameMap,
              dislodged: bool = False) -> tuple[int, Problem | None]:
    """The index in `pieces` of the unit an order names, or why there is none. A mix
    (`2A+G`, written `2A/G`) names the side's pieces there, which must hold at least those
    counts of each kind (the multiple's own orders must name them all: `multiple_problem`)."""
    counts = mix_counts(kind)
    if counts is not None and not leader:
        idx, problem = find_unit(order_power, None, location, None, None, pieces, game_map,
                                 dislodged)
        if problem is None:
            problem = _mix_problem(kind, counts, _stack(idx, pieces, game_map), game_map)
        return (-1, problem) if problem is not None else (idx, None)
    if not leader:  # the usual case first: the one unit there, as the order names it
        for i, u in enumerate(pieces):  # (an order that names no leader is not a leader's)
            if u.location == location and (order_power is None or u.power == order_power) \
                    and (u.kind == kind or kind is None and u.kind != "L") \
                    and (strength is None or u.strength == strength):
                return i, None
    if leader:
        for i, u in enumerate(pieces):
            if getattr(u, "name", None) == leader:
                return i, None
        return -1, refused(f"{rule_citing('leaders', game_map)}{leader} is not on the board",
                            "Place the leader first, or check the name.", NO_UNIT)
    province = province_of(location)
    here = [i for i, u in enumerate(pieces) if u.province == province]
    where = place_name(game_map, location)
    if not here:
        return -1, refused(f"there is no{' dislodged' if dislodged else ''} unit in {where}",
                            "Check where the unit stands in the last report.", NO_UNIT)
    real = pieces[here[0]]
    narrowing = []  # (which units fit what the order says, the problem if none does)
    if order_power is not None:
        narrowing.append((lambda u: u.power == order_power, lambda: refused(
            f"the {KIND_WORDS.get(real.kind, 'unit')} in {where} belongs to "
            f"{power_name(game_map, real.power)}, not {power_name(game_map, order_power)}",
            "A power can only order its own units; check the letter's power.", WRONG_POWER)))
    if kind is not None:
        narrowing.append((lambda u: u.kind == kind or (u.kind == "A/F" and kind in ("A", "F")),
                          lambda: refused(
            f"the unit in {where} is {a_kind(real.kind)}, not {a_kind(kind)}",
            f"Write it as '{kind_label(real.kind, None)} ...'.", WRONG_KIND)))
    if strength is not None:
        narrowing.append((lambda u: u.strength == strength or _stack_strength(
            u, pieces, game_map) == strength, lambda: _strength_problem(
                real, kind, strength, pieces, game_map)))
    for fits, problem in narrowing:
        real = pieces[here[0]]
        kept = [i for i in here if fits(pieces[i])]
        if not kept:
            return -1, problem()
        here = kept
    return here[0], None


def _strength_problem(real, kind: str | None, strength: float, pieces, game_map: GameMap
                      ) -> Problem:
    """`3A Spa` where Sparta holds two armies: say what stands there and how to write it
    (`Sparta holds 2A; write 2A Spa, or split it (rule 3)`)."""
    where = place_name(game_map, real.location)
    stack = _stack(pieces.index(real), pieces, game_map)
    if len(stack) < 2:
        return refused(f"the unit in {where} is {kind_label(real.kind, real.strength)}, not "
                       f"{kind_label(kind or real.kind, strength)}",
                       "Write the unit as it stands on the board.", WRONG_KIND)
    label = stack_label(stack)
    return refused(f"{where} holds {label}; write {label} {show_location(real.province)}, or "
                   f"split it{rule_number('merge_split', game_map)}",
                   "Write the unit as it stands on the board.", WRONG_KIND)


def _stack(idx: int, pieces, game_map: GameMap | None = None) -> list:
    """The pieces of `pieces[idx]`'s side in its province that are not leaders (one
    multiple unit where the rules let them stack; the unit alone where not). The side is the
    map's `player` (a Major and its Minor make one mixed multiple)."""
    def side(power: str) -> str:
        found = game_map.powers.get(power) if game_map is not None else None
        return (found.player or power) if found is not None else power
    return [pieces[i] for i in commanded(idx, pieces, side)]


def _stack_strength(unit, pieces, game_map: GameMap | None = None) -> float:
    """The strength of the unit's multiple (`_stack`)."""
    return sum(u.strength for u in _stack(pieces.index(unit), pieces, game_map))


def _mix_problem(kind: str, counts: dict[str, float], stack, game_map) -> Problem | None:
    """Does the multiple hold at least the pieces a mix names, kind by kind?"""
    there = piece_counts(stack)
    if all(there.get(k, 0) >= n for k, n in counts.items()):
        return None
    return refused(f"the unit in {place_name(game_map, stack[0].location)} is "
                   f"{stack_label(stack)}, not {kind_label(kind, None)}",
                   "Write the unit as it stands on the board, or split it.", WRONG_KIND)


def commanded(idx: int, pieces, side=None) -> list[int]:
    """The pieces an order given to `pieces[idx]` commands: a leader alone; any other piece
    with every piece of its side in its province that is not a leader (a multiple unit).
    `side` maps a power to its side (None: the power itself)."""
    unit = pieces[idx]
    if unit.kind == "L":
        return [idx]
    own = side(unit.power) if side else unit.power
    return [i for i, u in enumerate(pieces) if u.province == unit.province and u.kind != "L"
            and (side(u.power) if side else u.power) == own]


def multiple_problem(order, pieces, game_map: GameMap, ref: str = "") -> Problem | None:
    """Does the kind and count the order writes fit the multiple it commands? An order to
    several pieces must name them all (`2A Spa`), or split them. `ref` names the rule that
    lets pieces stack, for the refusal (`RuleSet.reference`)."""
    if len(pieces) < 2:
        return None  # one piece: `find_unit` has checked what the order writes
    total = sum(u.strength for u in pieces)
    kinds = {u.kind for u in pieces}
    counts = mix_counts(order.unit_kind)
    if counts is not None and counts == piece_counts(pieces):
        return None
    if order.strength == total and (order.unit_kind is None or kinds == {order.unit_kind}):
        return None
    label = stack_label(pieces)
    where = place_name(game_map, pieces[0].location)
    fix = f"write {label} {show_location(province_of(pieces[0].location))}, or split it"
    said = f"{ref}: " if ref else ""
    return Problem(f"{said}{where} holds {label}; {fix}", f"{fix[0].upper()}{fix[1:]}.")
