"""How units and orders are written in reports: `A Par - Bur`, `F Spa/nc`, `Build 2A Ur`.

Province ids are capitalised as zines print them. An order is written in its canonical echo
(`str(order)`, which reads back to the same order and knows every order kind, variant ones
included), with the unit's kind filled in when the player left it out (`Par - Bur`). Orders
that change a unit or a centre where it stands are written as what they do, in words that also
read back to the same order: `A Ur becomes a fleet`, `A/F Hel becomes an army`,
`A Moa destroys Moa` (not `A Ur - F Ur`, which reads like a move).
"""

from __future__ import annotations

import dataclasses

from gm.maps.gamemap import coast_of
from gm.orders.types import ChooseKind, Convert, DestroyCentre, show_location
from gm.store.codec import display_location as place  # noqa: F401  (re-exported)
from gm.store.codec import display_unit as unit_display  # noqa: F401


def order_display(order, unit_kind: str | None = None) -> str:
    """The order as a report prints it. `unit_kind` fills in a kind the player left out."""
    if unit_kind and dataclasses.is_dataclass(order) and \
            getattr(order, "unit_kind", unit_kind) is None:
        order = dataclasses.replace(order, unit_kind=unit_kind)
    return _in_words(order) or str(order)


_KIND_WORDS = {"A": "an army", "F": "a fleet"}


def _in_words(order) -> str | None:
    """A conversion, an A/F's choice or a destruction as what it does; None for the others."""
    if isinstance(order, (Convert, ChooseKind)) and order.new_kind in _KIND_WORDS:
        becomes = _KIND_WORDS[order.new_kind]
        if coast_of(order.new_location):  # a fleet on one coast of several: name it
            becomes = f"F {show_location(order.new_location)}"
        return f"{order.unit_text()} becomes {becomes}"
    if isinstance(order, DestroyCentre):
        return f"{order.unit_text()} destroys {show_location(order.location.split('/')[0])}"
    return None
