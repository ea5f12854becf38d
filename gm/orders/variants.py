"""Which variant order forms a map allows, so an order the variant lacks is refused by name.

A form is allowed when the map's `[rules]` name a rule that brings it (`RULE_FORMS`), or the
map's own data shows it: powers with `leaders`, starting units such as `A/F tan`, `2A ur` or
`G pra`. The standard map allows none of them.
"""

from __future__ import annotations

from collections.abc import Iterator

from gm.maps.gamemap import GameMap
from gm.orders.types import (
    ADJUSTMENT_ORDERS,
    MOVEMENT_ORDERS,
    RETREAT_ORDERS,
    ChooseKind,
    Convert,
    DestroyCentre,
    EndLoan,
    LoanCentre,
    Merge,
    Order,
    PlaceLeader,
    RebuildCentre,
    Sack,
    Split,
    SupportHold,
    SupportMerge,
    SupportMove,
)

# form -> (what the GM reads: "the game has no rule for ...", the rulebooks that have it)
FORMS: dict[str, tuple[str, str]] = {
    "conversion": ("army/fleet conversion", "Lord of Hosts, Middle-Earth VIII, Hoplite Wars"),
    "army_fleet": ("A/F units", "Lord of Hosts, Multiplicity"),
    "destroy_centre": ("destroying a centre", "Lord of Hosts, Diadochi V"),
    "rebuild_centre": ("rebuilding a destroyed centre", "Diadochi V"),
    "sack": ("sacking a centre", "Rise of Rome II, Hoplite Wars"),
    "multiple_units": ("multiple units (2A, 3F)",
                       "Lord of Hosts, Rise of Rome II, Hoplite Wars"),
    "merge_split": ("merging and splitting units", "Hoplite Wars (Multiplicity II)"),
    "garrisons": ("garrisons", "Hoplite Wars"),
    "leaders": ("leader units", "Rise of Rome II"),
    "loans": ("centre loans", "Diadochi V"),
}
ALL_FORMS = frozenset(FORMS)

# A rule module named in a map's [rules] (gm/rules/<name>.py) -> the forms it brings.
RULE_FORMS: dict[str, frozenset[str]] = {
    "conversion": frozenset({"conversion"}),
    "army_fleet": frozenset({"army_fleet"}),
    "holy_places": frozenset({"destroy_centre", "multiple_units"}),
    "destruction": frozenset({"destroy_centre", "rebuild_centre"}),
    "rebuilding": frozenset({"rebuild_centre"}),
    "sacking": frozenset({"sack", "multiple_units"}),
    "double_units": frozenset({"multiple_units"}),
    "multiplicity": frozenset({"multiple_units", "merge_split", "army_fleet"}),
    "garrisons": frozenset({"garrisons"}),
    "leaders": frozenset({"leaders"}),
    "loans": frozenset({"loans"}),
}

# A rule that puts an order form in other phases than `gm/orders/phases.py` allows it in:
# rule module -> form -> the phase kinds it belongs to under that rule.
RULE_PHASES: dict[str, dict[str, tuple[str, ...]]] = {
    # Lord of Hosts 4: a Holy Place is destroyed in the adjustment phase after its capture
    "holy_places": {"destroy_centre": ("Adjustment",)},
}

_STANDARD_ORDERS = frozenset(MOVEMENT_ORDERS + RETREAT_ORDERS + ADJUSTMENT_ORDERS)

_ORDER_FORMS: dict[type, str] = {
    Convert: "conversion",
    ChooseKind: "army_fleet",
    DestroyCentre: "destroy_centre",
    RebuildCentre: "rebuild_centre",
    Sack: "sack",
    Merge: "merge_split",
    SupportMerge: "merge_split",
    Split: "merge_split",
    LoanCentre: "loans",
    EndLoan: "loans",
    PlaceLeader: "leaders",
}


def map_forms(game_map: GameMap) -> frozenset[str]:
    """The variant forms this map allows, from its rules and its starting data."""
    forms: set[str] = set()
    for rule in game_map.rules:
        forms |= RULE_FORMS.get(rule, frozenset())
    for power in game_map.powers.values():
        if power.leaders:
            forms.add("leaders")
        for unit in power.units:
            kind = unit.split()[0].upper() if unit.split() else ""
            if kind[:1].isdigit():
                forms.add("multiple_units")
            kind = kind.lstrip("0123456789")
            if kind == "A/F":
                forms.add("army_fleet")
            elif kind == "G":
                forms.add("garrisons")
    return frozenset(forms)


def _units_named(order: Order) -> Iterator[tuple[str | None, float | None, str | None]]:
    """(kind, strength, leader) of every unit an order names, including targets and parts."""
    yield order.unit_kind, order.strength, order.leader
    if isinstance(order, (SupportHold, SupportMove)):
        yield order.target_kind, order.target_strength, order.target_leader
    if isinstance(order, Merge):
        yield order.merged_kind, order.merged_strength, None
        for kind, _, strength in order.partners:
            yield kind, strength, None
    if isinstance(order, (Convert, ChooseKind)):
        yield order.new_kind, None, None
    if isinstance(order, Split):
        for part in order.parts:
            yield from _units_named(part)


_STANDARD_KINDS = (None, "A", "F")


def _plainly_standard(order: Order) -> bool:
    """A quick yes for the common case: a standard order naming only plain units."""
    if type(order) not in _STANDARD_ORDERS or order.strength is not None or order.leader \
            or order.unit_kind not in _STANDARD_KINDS:
        return False
    if isinstance(order, (SupportHold, SupportMove)):
        return (order.target_strength is None and order.target_leader is None
                and order.target_kind in _STANDARD_KINDS)
    return getattr(order, "target_strength", None) is None


def required_forms(order: Order) -> set[str]:
    """The variant forms an order needs; empty for an order of the standard game."""
    needed = set()
    form = _ORDER_FORMS.get(type(order))
    if form:
        needed.add(form)
    for kind, strength, leader in _units_named(order):
        if leader:
            needed.add("leaders")
        if kind == "G":
            needed.add("garrisons")
        elif kind == "A/F" and not isinstance(order, ChooseKind):
            needed.add("army_fleet")
        if strength is not None and strength > 1:
            needed.add("multiple_units")
    return needed


def missing_form(order: Order, allowed: frozenset[str]) -> str | None:
    """The first form this order needs that is not allowed, or None."""
    if _plainly_standard(order):
        return None
    for form in sorted(required_forms(order) - allowed):
        return form
    return None


def rule_reference(order: Order, game_map: GameMap) -> str | None:
    """The map's rule that gives this order kind its meaning, as messages name it:
    `rule 2 (conversion)`, or None for an order of the standard game."""
    form = _ORDER_FORMS.get(type(order))
    if form is None:
        return None
    for rule, params in game_map.rules.items():
        if form in RULE_FORMS.get(rule, ()):
            number = params.get("rule")
            name = rule.replace("_", " ")
            return f"rule {number} ({name})" if number else f"the {name} rule"
    return None


def order_phases(order: Order, game_map: GameMap | None) -> tuple[str, ...] | None:
    """The phase kinds the map's rules put this order in, when a rule says (`RULE_PHASES`);
    None when the order keeps the phases `gm/orders/phases.py` gives it."""
    form = _ORDER_FORMS.get(type(order))
    if form is None or game_map is None:
        return None
    for rule in game_map.rules:
        phases = RULE_PHASES.get(rule, {}).get(form)
        if phases:
            return phases
    return None


def a_phase(phase_kind: str) -> str:
    """`a movement phase`, `an adjustment phase`."""
    where = "an" if phase_kind[0].lower() in "aeiou" else "a"
    return f"{where} {phase_kind.lower()} phase"


def belongs_in(phases: tuple[str, ...] | None) -> str:
    """What a refusal adds when a rule puts the order in another phase: `; under this rule it
    is an order of the adjustment phase`."""
    if not phases:
        return ""
    return f"; under this rule it is an order of the {' or '.join(p.lower() for p in phases)} " \
           "phase"


def phase_refusal(order: Order, phase_kind: str, game_map: GameMap | None) -> str:
    """Why an order does not belong in this kind of phase, naming the map's rule if it has one."""
    what = type(order).__name__.lower()
    ref = rule_reference(order, game_map) if game_map is not None else None
    if ref:
        return f"{ref}: this order is not allowed in {a_phase(phase_kind)}" + \
            belongs_in(order_phases(order, game_map))
    return f"{what} orders are not allowed in {a_phase(phase_kind)}"

