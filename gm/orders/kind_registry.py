"""Every order kind gm knows, listed by hand: the registry the rest of gm asks about a kind.

Each kind module of `gm/orders/kinds/` declares `KINDS`, a tuple of `OrderKind`s; `WHERE` names
every kind's order class and how its module is loaded, in full, which the import graph
(`tests/test_layers.py`) reads as an import: nothing else is loaded by name. A kind's module is
loaded the first time the registry is asked about one of its orders, or about every kind: `gm
status` of a game with no order in force loads none of them (importing all 18 took a fifth of a
cold `gm status`); reading an order loads the module of the kind whose glue reads its grammar
form (`READ_BY`), so `gm datc` loads only the standard kinds; reading a letter, which needs
every kind's words, loads them all. A new kind is its module, its grammar lines, one line here
and its forms in `READ_BY` (tests check both tables against the modules' `KINDS`). A kind that
lives elsewhere (a test's) joins for a while with `added`. Asked by: the phases an order belongs
to (`gm.orders.phases`), the variant form it needs (`gm.orders.variants`), the glue for a
grammar form (`gm.orders.parse`), its board check (`gm.orders.legality`), the class a stored
order names (`gm.store.codec`), the words letters name it by (`gm.orders.line_kinds`).

The words are the one thing a letter needs of every kind (its first line is judged against all
of them): `letter_words` takes them from the kinds once and keeps that table in the cache
folder, keyed by the kinds' files, so that reading a letter loads only the kinds of the orders
it holds. The kinds stay the owners of their words; the table is only ever derived from them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.orders.kinds.order_kind import OrderKind, Words

# Each kind's order class, by name -> how the kinds of its module are loaded (`KINDS`).
# `declared()` lists the kinds in this order.
WHERE: dict[str, Callable[[], tuple[OrderKind, ...]]] = {
    "Build": lambda: import_module("gm.orders.kinds.build").KINDS,
    "ChooseKind": lambda: import_module("gm.orders.kinds.choose_kind").KINDS,
    "Convert": lambda: import_module("gm.orders.kinds.convert").KINDS,
    "Convoy": lambda: import_module("gm.orders.kinds.convoy").KINDS,
    "DestroyCentre": lambda: import_module("gm.orders.kinds.destroy_centre").KINDS,
    "Disband": lambda: import_module("gm.orders.kinds.disband").KINDS,
    "Hold": lambda: import_module("gm.orders.kinds.hold").KINDS,
    "LoanCentre": lambda: import_module("gm.orders.kinds.loan").KINDS,
    "EndLoan": lambda: import_module("gm.orders.kinds.loan").KINDS,
    "Merge": lambda: import_module("gm.orders.kinds.merge").KINDS,
    "SupportMerge": lambda: import_module("gm.orders.kinds.merge").KINDS,
    "Move": lambda: import_module("gm.orders.kinds.move").KINDS,
    "PlaceLeader": lambda: import_module("gm.orders.kinds.place_leader").KINDS,
    "RebuildCentre": lambda: import_module("gm.orders.kinds.rebuild_centre").KINDS,
    "Remove": lambda: import_module("gm.orders.kinds.remove").KINDS,
    "Retreat": lambda: import_module("gm.orders.kinds.retreat").KINDS,
    "Sack": lambda: import_module("gm.orders.kinds.sack").KINDS,
    "Split": lambda: import_module("gm.orders.kinds.split").KINDS,
    "SupportHold": lambda: import_module("gm.orders.kinds.support").KINDS,
    "SupportMove": lambda: import_module("gm.orders.kinds.support").KINDS,
    "Waive": lambda: import_module("gm.orders.kinds.waive").KINDS,
}

# Each grammar form (the `-> name` in grammars/orders.lark) -> the order class of `WHERE` whose
# kind reads it (`OrderKind.reads`), so that reading an order loads only its own kind's module
# (a test checks this table against the kinds' `reads`).
READ_BY: dict[str, str] = {
    "bare": "Hold", "build": "Build", "convert": "Convert", "convoy": "Convoy",
    "destroy": "DestroyCentre", "disband": "Disband", "end_loan": "EndLoan", "hold": "Hold",
    "loan": "LoanCentre", "merge": "Merge", "move": "Move", "move_route": "Move",
    "move_through": "Move", "place_leader": "PlaceLeader", "rebuild": "RebuildCentre",
    "remove": "Remove", "retreat": "Retreat", "sack": "Sack", "split": "Split",
    "support_hold": "SupportHold", "support_merge": "SupportMerge",
    "support_move": "SupportMove", "waive": "Waive",
}

# The kinds loaded so far (and any `added`), by the order's class and by grammar form, so
# that a lookup is one dict access.
_KINDS: dict[type, OrderKind] = {}
_READS: dict[str, OrderKind] = {}
_NAMED: dict[str, OrderKind] = {}  # the kinds of `WHERE` loaded so far, by class name
_added: list[OrderKind] = []  # the kinds `added`, while their blocks run
_generation = 0  # how many times the kinds known have changed (`added`)


def _named(name: str) -> OrderKind:
    """The kind of `WHERE` whose order class has this name, its module loaded if need be."""
    kind = _NAMED.get(name)
    if kind is None:
        for kind in WHERE[name]():
            _NAMED[kind.order.__name__] = _KINDS[kind.order] = kind
            for form in kind.reads:
                _READS[form] = kind
        kind = _NAMED[name]
    return kind


def declared() -> tuple[OrderKind, ...]:
    """Every order kind known, in the order of `WHERE` (a kind `added` for a while last)."""
    return (*(_named(name) for name in WHERE), *_added)


def generation() -> int:
    """A number that changes whenever the kinds known change, so that what is built from them
    (the letter reader's verbs, `gm.orders.line_kinds`) is built again."""
    return _generation


def kind_of(order) -> OrderKind | None:
    """The declaration of this order's kind."""
    kind = _KINDS.get(type(order))
    if kind is None and type(order).__name__ in WHERE:  # its module not asked about yet
        _named(type(order).__name__)
        kind = _KINDS.get(type(order))
    return kind


def declares(order) -> str:
    """What an order that commands no unit declares ("loan"; `OrderKind.declares`), or ""."""
    kind = kind_of(order)
    return kind.declares if kind is not None else ""


def letter_words() -> tuple[Words, ...]:
    """Every known kind's words (`OrderKind.words`), in the order of `declared()`: what the
    letter reader's patterns are made of (`gm.orders.line_kinds`). From the kinds themselves
    once they are all loaded (or one is `added`); else from the table kept in the cache folder
    (`kept_words`), so that a letter loads the kinds it uses and no other."""
    if _added or len(_NAMED) == len(WHERE):
        return tuple(kind.words for kind in declared())
    return kept_words()


def kept_words() -> tuple[Words, ...]:
    """The words of the kinds of `WHERE`, as kept in the cache folder if the kinds' files are
    those they were taken from; else taken from the kinds now (which loads them all) and kept.
    A cache folder that cannot be read or written only means the kinds are loaded."""
    from gm.disk_cache import cache_folder, read_cached, write_cached

    key = _words_key()
    cache = cache_folder() / _words_file()
    words = read_cached(cache, key)
    if not isinstance(words, tuple) or len(words) != len(WHERE):
        words = tuple(_named(name).words for name in WHERE)
        write_cached(cache, key, words)
    return words


def _words_key() -> tuple:
    """What the kept words are made from: this registry and every module of the kinds' folder
    (each file's name, time and size), and gm's version."""
    import gm
    import gm.orders.kinds as package

    folder = package.__path__[0]
    files = sorted((entry.name, entry.stat().st_mtime_ns, entry.stat().st_size)
                   for entry in os.scandir(folder) if entry.name.endswith(".py"))
    own = os.stat(__file__)
    return gm.__version__, (own.st_mtime_ns, own.st_size), tuple(files)


def _words_file() -> str:
    """The kept words' file name, one per installed gm (a checksum of where its kinds are), so
    that two installations sharing a cache folder do not replace each other's."""
    import zlib

    where = os.path.dirname(os.path.abspath(__file__)).encode("utf-8", "surrogateescape")
    return f"kind-words-{zlib.crc32(where):08x}.pickle"


def echo_words() -> frozenset[str]:
    """The verbs an echo may begin with (`Build`, `Loan`): never a province's name."""
    return frozenset(kind.echo_word for kind in declared() if kind.echo_word)


def full_words() -> dict[str, str]:
    """The kinds' short forms and the judges' words for them (`H` -> `HOLD`)."""
    return {short: full for kind in declared() for short, full in kind.full_words.items()}


def parts_of(order) -> tuple:
    """The orders an order is made of, each adjudicated as its own (`OrderKind.parts`: a
    merge's, one per piece; a split's parts); () for an order that is one."""
    kind = kind_of(order)
    return kind.parts(order) if kind is not None and kind.parts is not None else ()


def part_of(order, i: int):
    """Part `i` of an order made of several (`parts_of`); None where it has no such part."""
    parts = parts_of(order)
    return parts[i] if 0 <= i < len(parts) else None


def glue(form: str) -> OrderKind | None:
    """The kind whose glue reads this grammar form."""
    kind = _READS.get(form)
    if kind is None and form in READ_BY:  # a form of a kind whose module was not loaded yet
        kind = _READS.get(form) if _named(READ_BY[form]) else None
    return kind


def order_type(name: str) -> type | None:
    """The order class a stored order names (`Move`)."""
    if name in WHERE:
        return _named(name).order
    return next((kind.order for kind in _added if kind.order.__name__ == name), None)


@contextmanager
def added(kind: OrderKind) -> Iterator[OrderKind]:
    """A kind that lives outside `WHERE` (a test's), known while the block runs, its
    grammar lines (`OrderKind.grammar`) included; gm is as before once it ends."""
    from gm.orders.grammar import extend, withdraw  # lark: only when a kind brings lines

    global _generation
    declared()  # gm's own kinds loaded first: none is loaded over this one while it runs
    if kind.order in _KINDS:
        raise ValueError(f"{kind.order.__name__} is already a known order kind")
    _KINDS[kind.order] = kind
    _added.append(kind)
    _generation += 1
    for form in kind.reads:
        _READS[form] = kind
    if kind.grammar:
        extend(kind.grammar)
    try:
        yield kind
    finally:
        del _KINDS[kind.order]
        _added.remove(kind)
        _generation += 1
        for form in kind.reads:
            _READS.pop(form, None)
        if kind.grammar:
            withdraw(kind.grammar)
