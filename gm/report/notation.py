"""How units and orders are written in reports: `A Par - Bur`, `F Spa/nc`, `Build 2A Ur`.

Province ids are capitalised as zines print them. An order is written in its canonical echo
(`str(order)`, which reads back to the same order and knows every order kind, variant ones
included), with the unit's kind filled in when the player left it out (`Par - Bur`). An order
kind may say what it does in words that also read back to the same order (`Order.in_words`,
in its module in `gm/orders/kinds/`): `A Ur becomes a fleet`, `A/F Hel becomes an army`,
`A Moa destroys Moa` (not `A Ur - F Ur`, which reads like a move).
"""

from __future__ import annotations

import dataclasses

from gm.store.codec import display_location as place  # noqa: F401  (re-exported)
from gm.store.codec import display_unit as unit_display  # noqa: F401


def order_display(order, unit_kind: str | None = None) -> str:
    """The order as a report prints it. `unit_kind` fills in a kind the player left out."""
    if unit_kind and dataclasses.is_dataclass(order) and \
            getattr(order, "unit_kind", unit_kind) is None:
        order = dataclasses.replace(order, unit_kind=unit_kind)
    return order.in_words() if hasattr(order, "in_words") else str(order)


# `--names full`: the judges' words for the short forms of an order.
FULL_WORDS = {"A": "Army", "F": "Fleet", "-": "->", "R": "->", "H": "HOLD", "S": "SUPPORT",
              "C": "CONVOY", "D": "DISBAND"}
COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast",
               "wc": "west coast"}
_VERBS = frozenset({"Build", "Remove", "Waive", "Loan", "End", "Place", "Sack"})


def in_full(text: str, names: dict[str, str]) -> str:
    """An order or unit as the judges print it with `--names full`: `A Vie - Gal` ->
    `Army Vienna -> Galicia`, `F Spa/sc` -> `Fleet Spain (south coast)`. `names` maps
    province ids to names; words it does not know are kept as written."""
    words = []
    for word in text.split(" "):
        province, _, coast = word.partition("/")
        if word[:1].isupper() and word not in _VERBS and province.lower() in names:
            full = names[province.lower()]
            words.append(f"{full} ({COAST_WORDS.get(coast, coast)})" if coast else full)
        elif word in FULL_WORDS:
            words.append(FULL_WORDS[word])
        else:
            words.append(word)
    return " ".join(words)
