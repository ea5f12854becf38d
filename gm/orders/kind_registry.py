"""Every order kind gm knows, listed by hand: the registry the rest of gm asks about a kind.

Each kind module of `gm/orders/kinds/` declares `KINDS`, a tuple of `OrderKind`s; `ORDER_KINDS`
gathers them, so the import graph is what a reader sees and nothing is loaded by name. A new
kind is its module, its grammar lines and one line here. A kind that lives elsewhere (a test's)
joins for a while with `added`. Asked by: the phases an order belongs to (`gm.orders.phases`),
the variant form it needs (`gm.orders.variants`), the glue for a grammar form
(`gm.orders.parse`), its board check (`gm.orders.legality`), the class a stored order names
(`gm.store.codec`), the words letters name it by (`gm.orders.line_kinds`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gm.orders.kinds import (
    build,
    choose_kind,
    convert,
    convoy,
    destroy_centre,
    disband,
    hold,
    loan,
    merge,
    move,
    place_leader,
    rebuild_centre,
    remove,
    retreat,
    sack,
    split,
    support,
    waive,
)
from gm.orders.kinds.order_kind import OrderKind

ORDER_KINDS: tuple[OrderKind, ...] = (
    *build.KINDS, *choose_kind.KINDS, *convert.KINDS, *convoy.KINDS, *destroy_centre.KINDS,
    *disband.KINDS, *hold.KINDS, *loan.KINDS, *merge.KINDS, *move.KINDS, *place_leader.KINDS,
    *rebuild_centre.KINDS, *remove.KINDS, *retreat.KINDS, *sack.KINDS, *split.KINDS,
    *support.KINDS, *waive.KINDS,
)

# by the order's class and by grammar form, so a lookup is one dict access
_KINDS: dict[type, OrderKind] = {kind.order: kind for kind in ORDER_KINDS}
_READS: dict[str, OrderKind] = {form: kind for kind in ORDER_KINDS for form in kind.reads}
_generation = 0  # how many times the kinds known have changed (`added`)


def declared() -> tuple[OrderKind, ...]:
    """Every order kind known (a kind `added` for a while included)."""
    return tuple(_KINDS.values())


def generation() -> int:
    """A number that changes whenever the kinds known change, so that what is built from them
    (the letter reader's verbs, `gm.orders.line_kinds`) is built again."""
    return _generation


def kind_of(order) -> OrderKind | None:
    """The declaration of this order's kind."""
    return _KINDS.get(type(order))


def declares(order) -> str:
    """What an order that commands no unit declares ("loan"; `OrderKind.declares`), or ""."""
    kind = _KINDS.get(type(order))
    return kind.declares if kind is not None else ""


def echo_words() -> frozenset[str]:
    """The verbs an echo may begin with (`Build`, `Loan`): never a province's name."""
    return frozenset(kind.echo_word for kind in _KINDS.values() if kind.echo_word)


def full_words() -> dict[str, str]:
    """The kinds' short forms and the judges' words for them (`H` -> `HOLD`)."""
    return {short: full for kind in _KINDS.values() for short, full in kind.full_words.items()}


def parts_of(order) -> tuple:
    """The orders an order is made of, each adjudicated as its own (`OrderKind.parts`: a
    merge's, one per piece; a split's parts); () for an order that is one."""
    kind = _KINDS.get(type(order))
    return kind.parts(order) if kind is not None and kind.parts is not None else ()


def part_of(order, i: int):
    """Part `i` of an order made of several (`parts_of`); None where it has no such part."""
    parts = parts_of(order)
    return parts[i] if 0 <= i < len(parts) else None


def glue(form: str) -> OrderKind | None:
    """The kind whose glue reads this grammar form."""
    return _READS.get(form)


def order_type(name: str) -> type | None:
    """The order class a stored order names (`Move`)."""
    for cls in _KINDS:  # a plain loop: asked for every stored order read back
        if cls.__name__ == name:
            return cls
    return None


@contextmanager
def added(kind: OrderKind) -> Iterator[OrderKind]:
    """A kind that lives outside `ORDER_KINDS` (a test's), known while the block runs, its
    grammar lines (`OrderKind.grammar`) included; gm is as before once it ends."""
    from gm.orders.grammar import extend, withdraw  # lark: only when a kind brings lines

    global _generation
    if kind.order in _KINDS:
        raise ValueError(f"{kind.order.__name__} is already a known order kind")
    _KINDS[kind.order] = kind
    _generation += 1
    for form in kind.reads:
        _READS[form] = kind
    if kind.grammar:
        extend(kind.grammar)
    try:
        yield kind
    finally:
        del _KINDS[kind.order]
        _generation += 1
        for form in kind.reads:
            _READS.pop(form, None)
        if kind.grammar:
            withdraw(kind.grammar)
