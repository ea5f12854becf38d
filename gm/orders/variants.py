"""Which variant order forms a map allows, so an order the variant lacks is refused by name.

A form is allowed when the map's `[rules]` name a rule that brings it (its entry in
`gm.rule_catalogue`), or the map's own data shows it: powers with `leaders`, starting units such as `A/F tan`, `2A ur` or
`G pra`. The standard map allows none of them.
"""

from __future__ import annotations

from gm.maps.gamemap import GameMap
from gm.notation import mix_counts
from gm.orders.kind_registry import declared, kind_of
from gm.orders.kinds.order_kind import Order
from gm.rule_catalogue import forbidden, forms, phases_for, reference

# The forms a unit itself shows (`2A`, `G`, `A/F`, a leader), whatever its order: form -> (what
# the GM reads: "the game has no rule for ...", the rulebooks that have it). The forms of order
# kinds are declared by their kinds (`OrderKind.form_words`).
UNIT_FORMS: dict[str, tuple[str, str]] = {
    "army_fleet": ("A/F units", "Lord of Hosts, Multiplicity"),
    "multiple_units": ("multiple units (2A, 3F)",
                       "Lord of Hosts, Rise of Rome II, Hoplite Wars"),
    "garrisons": ("garrisons", "Hoplite Wars"),
    "leaders": ("leader units", "Rise of Rome II"),
}


def all_forms() -> frozenset[str]:
    """Every variant form gm knows: the units' and every order kind's (which loads every kind,
    so it is asked for, not built when this module loads)."""
    return frozenset(UNIT_FORMS) | frozenset(k.form for k in declared() if k.form)


def form_words(form: str) -> tuple[str, str]:
    """What the GM reads of a form ("army/fleet conversion") and the rulebooks that have it
    ('' if none gm knows): from the kind that declares it, else from `UNIT_FORMS`."""
    for kind in declared():
        if kind.form == form and kind.form_words:
            return kind.form_words
    return UNIT_FORMS.get(form, (form.replace("_", " "), ""))

def map_forms(game_map: GameMap) -> frozenset[str]:
    """The variant forms this map allows, from its rules and its starting data."""
    allowed: set[str] = set(forms(game_map.rules or {}))
    for power in game_map.powers.values():
        if power.leaders:
            allowed.add("leaders")
        for unit in power.units:
            kind = unit.split()[0].upper() if unit.split() else ""
            if kind[:1].isdigit():
                allowed.add("multiple_units")
            kind = kind.lstrip("0123456789")
            if kind == "A/F":
                allowed.add("army_fleet")
            elif kind == "G":
                allowed.add("garrisons")
    return frozenset(allowed)


_STANDARD_KINDS = (None, "A", "F")


def _plainly_standard(order: Order) -> bool:
    """A quick yes for the common case: a standard order naming only plain units."""
    kind = kind_of(order)
    if kind is None or kind.form is not None or order.strength is not None or order.leader \
            or order.unit_kind not in _STANDARD_KINDS:
        return False
    if type(order).units_named is Order.units_named:  # names no other unit
        return True
    return all(strength is None and not leader and unit_kind in _STANDARD_KINDS
               for unit_kind, strength, leader in order.units_named())


def required_forms(order: Order) -> set[str]:
    """The variant forms an order needs; empty for an order of the standard game."""
    from gm.orders.kinds.choose_kind import ChooseKind  # not for a plainly standard order

    needed = set()
    kind = kind_of(order)
    form = kind.form if kind is not None else None
    if form:
        needed.add(form)
    for kind, strength, leader in order.units_named():
        if leader:
            needed.add("leaders")
        counts = mix_counts(kind)
        if counts:  # `2A/G`: several pieces, perhaps garrisons among them
            needed.add("multiple_units")
            needed |= {form for k, form in (("G", "garrisons"), ("A/F", "army_fleet"))
                       if k in counts}
            continue
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


def forbidden_by(form: str, game_map: GameMap) -> str | None:
    """Why the map's rules say its game has no such form, naming the rule (`forbids`:
    "rule 6.2 (sacking): a double unit never splits"), or None when no rule says so."""
    return forbidden(form, game_map.rules) if game_map.rules else None


def rule_reference(order: Order, game_map: GameMap) -> str | None:
    """The map's rule that gives this order kind its meaning, as its messages name it
    (`RuleAbout.ref`): `rule 2 (conversion)`; None for an order of the standard game."""
    kind = kind_of(order)
    if kind is None or kind.form is None or not game_map.rules:
        return None
    return reference(kind.form, game_map.rules)


def order_phases(order: Order, game_map: GameMap | None) -> tuple[str, ...] | None:
    """The phase kinds the map's rules put this order in, when a rule says
    (`order_phases`: Lord of Hosts' Holy Place is destroyed in the adjustment phase
    after its capture); None when the order keeps the phases its kind gives it."""
    kind = kind_of(order)
    if kind is None or kind.form is None or game_map is None or not game_map.rules:
        return None
    return phases_for(kind.form, game_map.rules)
