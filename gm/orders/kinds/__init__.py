"""One module per order kind (`hold.py`, `move.py`, `support.py`...): see `order_kind.py`.

Each module declares `KINDS`, a tuple of `OrderKind`s; the registry imports every module of
this package once, the first time it is asked, so a new kind needs no other edit here. A kind
that lives elsewhere (a test's) is added with `register`. The rest of gm asks this registry: the phases an order
belongs to (`gm.orders.phases`), the variant form it needs (`gm.orders.variants`), the glue
for a grammar form (`gm.orders.parse`), its board check (`gm.orders.legality`), the class a
stored order names (`gm.store.codec`).
"""

from __future__ import annotations

from gm.orders.kinds.order_kind import OrderKind

_KINDS: dict[type, OrderKind] = {}
_READS: dict[str, OrderKind] = {}
_discovered = False


def register(kind: OrderKind) -> OrderKind:
    """Make an order kind known (the modules of this package are found without it)."""
    _KINDS[kind.order] = kind
    for form in kind.reads:
        _READS[form] = kind
    if kind.grammar:
        from gm.orders.grammar import extend  # a kind outside grammars/orders.lark

        extend(kind.grammar)
    return kind


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import importlib
    import pkgutil

    import gm.orders.kinds as package

    _discovered = True
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"gm.orders.kinds.{info.name}")
        for kind in getattr(module, "KINDS", ()):
            register(kind)


def declared() -> tuple[OrderKind, ...]:
    """Every order kind known."""
    _discover()
    return tuple(_KINDS.values())


def kind_of(order) -> OrderKind | None:
    """The declaration of this order's kind."""
    found = _KINDS.get(type(order))
    if found is None and not _discovered:
        _discover()
        found = _KINDS.get(type(order))
    return found


def glue(form: str) -> OrderKind | None:
    """The kind whose glue reads this grammar form."""
    _discover()
    return _READS.get(form)


def order_type(name: str) -> type | None:
    """The order class a stored order names (`Move`)."""
    _discover()
    return next((cls for cls in _KINDS if cls.__name__ == name), None)
