"""How units and orders are written in reports: `A Par - Bur`, `F Spa/nc`, `Build F Stp/sc`.

Province ids are capitalised as zines print them. Orders are written from their fields, so
the report does not depend on how an order prints itself; an order kind this module does not
know falls back to its own text.
"""

from __future__ import annotations

from gm.store.codec import display_location as place  # noqa: F401  (re-exported)
from gm.store.codec import display_unit as unit_display  # noqa: F401


def _kind(order, attr: str, fallback: str | None) -> str:
    return getattr(order, attr, None) or fallback or "?"


def order_display(order, unit_kind: str | None = None) -> str:
    """The order as a report prints it. `unit_kind` fills in a kind the player left out."""
    kind_name = type(order).__name__
    if kind_name == "Waive":
        return "Waive"
    loc = getattr(order, "location", "")
    unit = f"{_kind(order, 'unit_kind', unit_kind)} {place(loc)}"
    if kind_name == "Hold":
        return f"{unit} H"
    if kind_name == "Move":
        via = " via convoy" if getattr(order, "via_convoy", False) else ""
        return f"{unit} - {place(order.dest)}{via}"
    if kind_name == "SupportHold":
        return f"{unit} S {_kind(order, 'target_kind', None)} {place(order.target)}"
    if kind_name == "SupportMove":
        return (f"{unit} S {_kind(order, 'target_kind', None)} {place(order.target)} - "
                f"{place(order.dest)}")
    if kind_name == "Convoy":
        return f"{unit} C {_kind(order, 'target_kind', 'A')} {place(order.target)} - " \
               f"{place(order.dest)}"
    if kind_name == "Retreat":
        return f"{unit} R {place(order.dest)}"
    if kind_name == "Disband":
        return f"{unit} D"
    if kind_name == "Build":
        return f"Build {_kind(order, 'unit_kind', 'A')} {place(loc)}"
    if kind_name == "Remove":
        return f"Remove {unit}"
    return str(order)

