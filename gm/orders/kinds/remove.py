"""Remove: a power with more units than centres takes one off (`Remove A Mun`). Where pieces
stack, a removal names a leader by name, or pieces by kind and count (`Remove 2A Spa`,
`Remove G Spa`)."""

from __future__ import annotations

from dataclasses import replace

from gm.notation import mix_counts, piece_shown
from gm.orders.kinds.board import find_unit, place_name, power_name, rule_citing
from gm.orders.kinds.build import allowance, counts_known, plural
from gm.orders.kinds.order_kind import (
    ADJUSTMENT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
    Words,
    kind_label,
)


class Remove(Order):
    __slots__ = ()  # a dataclass through its base: see `Order`

    def __str__(self) -> str:
        return f"Remove {self.unit_text()}"


def read_remove(b, written) -> Order:
    unit = b.unit(written)
    return Remove(b.power, unit.kind, unit.location, **b.common(unit))


def stack_removal(order: Remove, idx: int, pieces, done, game_map) -> tuple[list[int],
                                                                          Problem | None]:
    """Where pieces stack, the pieces a removal takes (`idx` is the one `find_unit` found):
    a leader by name; else pieces of the kind written, of the power, in that province and
    not removed yet, adding up to the count written (one piece when none is written)."""
    if order.leader:
        return [idx], None
    first = pieces[idx]
    kind = order.unit_kind
    counts = mix_counts(kind)
    if counts is not None:  # `Remove A/G Spa`: its count of each kind
        taken: list[int] = []
        for one, count in counts.items():
            more, problem = stack_removal(replace(order, unit_kind=one, strength=count), idx,
                                          pieces, set(done) | set(taken), game_map)
            if problem is not None:
                return [], problem
            taken += more
        return sorted(taken), None
    fits = sorted((i for i, u in enumerate(pieces) if u.province == first.province
                   and u.power == first.power and u.kind != "L" and i not in done
                   and (kind is None or u.kind == kind)), key=lambda i: -pieces[i].strength)
    if order.strength is None:
        return fits[:1], None if fits else Problem(f"{first.label()} is already removed")
    taken, total = [], 0.0
    for i in fits:
        if total + pieces[i].strength <= order.strength:
            taken.append(i)
            total += pieces[i].strength
    if total != order.strength:
        return [], Problem(f"{place_name(game_map, first.location)} has no "
                           f"{kind_label(kind or first.kind, order.strength)} left to remove",
                           "Name the pieces there by kind and count.")
    return sorted(taken), None


def no_removals_problem(power: str, left: int, game_map) -> Problem | None:
    """A removal by a power that owes none."""
    if left < 0:
        return None
    has = game_map.powers[power].verb("has", "have") if power in game_map.powers else "has"
    return Problem(f"{power_name(game_map, power)} {has} no removals")


def removals_made_problem(left: int, made: int) -> Problem | None:
    """One removal more than the power owes (`left` is negative: the removals owed)."""
    if made < -left:
        return None
    return Problem(f"all {plural(-left, 'removal')} are already made")


def upkeep_problem(unit, rules, game_map=None) -> Problem | None:
    """A unit that needs no centre: removing it makes up for none (a leader's, by the rule
    that brings leaders)."""
    if rules.upkeep(unit) > 0:
        return None
    cite = rule_citing("leaders", game_map) if unit.is_leader and game_map is not None else ""
    return Problem(f"{cite}{piece_shown(unit)} needs no supply centre, so removing it does not "
                   "make up for a missing centre; remove another unit")


def check_remove(order: Remove, kind, location, position, game_map, rules=None
                 ) -> Problem | None:
    if position is None or not counts_known(rules):
        return None
    power = order.power or ""
    problem = no_removals_problem(power, allowance(power, position, game_map, rules)[0],
                                  game_map)
    if problem is not None:
        return problem
    # the piece the removal names, a leader by name where it shares a province with a unit
    idx, _ = find_unit(order.power, order.unit_kind, order.location, order.strength,
                       order.leader, position.units, game_map)
    return upkeep_problem(position.units[idx], rules, game_map) if idx >= 0 else None


def removed(order: Remove, ledger) -> None:
    """Its part in an adjustment phase: a removal on the ledger."""
    ledger.remove(order)


def sketch_remove(order: Remove) -> tuple[Sketch, ...]:
    return (Sketch(Shape.REMOVE),)


# how letters name it (`gm.orders.line_kinds`)
WORDS = Words(verb="Remove", begins=("removes?",), names=("removes?",),
              headings=("removals?", "removes?"), leads=("removes?",))

KINDS = (OrderKind(Remove, "a removal", (ADJUSTMENT,), reads={"remove": read_remove},
                   check=check_remove, echo_word="Remove", in_adjustment=removed,
                   sketch=sketch_remove,
                   words=WORDS),)
