"""Code Python compiles from source text while gm's modules load, kept compiled between runs
of `gm`.

Four parts of Python's library write source text and compile it while a command's modules
load: `dataclasses` writes each dataclass's methods (`__init__`, `__repr__`, `__eq__`, and for
a frozen one `__hash__`, `__setattr__`, `__delattr__`) and runs them with `exec` (one text per
method up to Python 3.12, one text per class from 3.13);
`collections.namedtuple` writes each tuple's `__new__` and makes it with `eval`;
`typing.ForwardRef` compiles each annotation written as a string (a NamedTuple's fields under
`from __future__ import annotations`); and `inspect` `eval`s annotations written as text when
asked for a signature with them evaluated (typer, for each command's options). Compiling the
dataclasses' texts alone was a sixth of a cold `gm status`. The texts are the same in every
run of the same gm on the same Python, so the command line keeps the compiled code in the cache
folder, keyed by the text and the way it is compiled, and hands that code over instead of
compiling the text again. The code is what Python compiles from that very text, as those
modules compile it (with no `from __future__` in force: `dont_inherit`), so every class and
signature is made exactly as before; only the compiling is skipped. (It is kept with `marshal`,
as a module's `.pyc` is: a set constant, such as the field names a frozen dataclass's
`__setattr__` checks from Python 3.12, comes back the same set, its names perhaps listed in
another order.)

Only `gm.launcher` turns this on, for the process it owns (`keep_code`), by giving each of those
modules an `exec`, `eval` or `compile` of its own (a module's own names are looked up before the
builtins): a program that imports gm as a library makes its classes the usual way. A kept file
(`KeptFile`) that cannot be read, is damaged, or was written for another Python, or a text not
yet in it, only means compiling as usual; the file is written again, whole, when a run compiled
something new.
"""

# No `from __future__` here: what this module hands to the builtins `exec`, `eval` and `compile`
# is then compiled as in `dataclasses`, `collections`, `typing` and `inspect`, which have none.
import atexit
import builtins
import marshal
import os
import sys
import zlib
from types import CodeType

from gm.disk_cache import cache_folder, mark_used, prune_now_and_then

_FORM = 2  # of the kept code file: bump when its keys or values change shape


class KeptFile:
    """What one run of `gm` keeps for the next in a file of the cache folder: a dict, written
    whole beside the key of everything its values depend on and read back only under that very
    key. It is bounded: past `limit` entries (a new gm or Python left old ones behind), it starts
    again from what the last run used."""

    limit = 6000  # gm's modules write some 1,800 texts (1,000 on Python 3.13)

    def __init__(self, path: str, key: tuple) -> None:
        self.path, self.key = path, key
        self.kept = self._read()
        self.used: set = set()  # the keys this run asked for
        self.compiled = 0  # values made in this run (not found in the kept file)

    def _read(self) -> dict:
        try:
            with open(self.path, "rb") as fh:
                key, kept = marshal.loads(fh.read())  # marshal.load(fh) reads a bit at a time
                if key != self.key or not isinstance(kept, dict):
                    return {}
                mark_used(fh)  # so that the cache folder's pruning keeps it
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        return kept

    def get(self, key):
        """The value kept under `key`, noting that this run asked for it; None if none is kept
        or it does not load. Each value is kept marshalled on its own, so a run loads only
        those it asks for."""
        self.used.add(key)
        kept = self.kept.get(key)
        if kept is not None:
            try:
                return marshal.loads(kept)
            except (EOFError, ValueError, TypeError):
                pass
        return None

    def put(self, key, value) -> None:
        """Keep `value` (made in this run) under `key`."""
        self.kept[key] = marshal.dumps(value)
        self.compiled += 1

    def save(self) -> None:
        """Write the kept file again if this run made something new (a folder that cannot be
        written only means making it again next time)."""
        if not self.compiled:
            return
        kept = self.kept
        if len(kept) > self.limit:
            kept = {key: value for key, value in kept.items() if key in self.used}
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(tmp, "wb") as fh:
                marshal.dump((self.key, kept), fh)
            os.replace(tmp, self.path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return
        prune_now_and_then()


def kept_path(name: str) -> str:
    """Where the kept file `name` is: one per installed gm and Python build, since what a Python
    compiles is only for that Python, and what gm's modules compile is only that gm's."""
    import gm

    where = os.path.dirname(gm.__file__).encode("utf-8", "surrogateescape")
    return str(cache_folder() / f"{name}-{zlib.crc32(where + sys.version.encode()):08x}.marshal")


class CodeKeeper(KeptFile):
    """Compiles the source text those modules hand to `exec`, `eval` or `compile`, or takes
    the code kept for it."""

    def exec(self, source, globals=None, locals=None, **more) -> None:  # noqa: A002 - exec's
        """`exec(source, globals, locals)`, as `dataclasses` calls it, with the compiling kept
        (any more that a later Python's `exec` takes, such as `closure`, passed on as given)."""
        if globals is None:
            globals, locals = _callers_namespaces(locals)
        builtins.exec(self.code(source, "exec"), globals, locals, **more)

    def eval(self, source, globals=None, locals=None):  # noqa: A002 - eval's own names
        """`eval(source, globals, locals)`, as `collections.namedtuple` calls it, with the
        compiling kept."""
        if globals is None:
            globals, locals = _callers_namespaces(locals)
        return builtins.eval(self.code(source, "eval"), globals, locals)

    def compile(self, source, filename, mode, *more, **options):
        """`compile(text, "<string>", mode)`, as `typing.ForwardRef` calls it, with the
        compiling kept (any other call: compiled as asked)."""
        if more or options or filename != "<string>" or not isinstance(source, str):
            return builtins.compile(source, filename, mode, *more, **options)
        return self.code(source, mode)

    def code(self, source, mode: str):
        """The code Python compiles from `source`, if a text (anything else is given back,
        for `exec` or `eval` to take as they do)."""
        if not isinstance(source, str):
            return source
        key = (mode, source)
        code = self.get(key)
        if not isinstance(code, CodeType):  # none kept, or a damaged entry
            code = builtins.compile(source, "<string>", mode, dont_inherit=True)
            self.put(key, code)
        return code


def _callers_namespaces(locals):  # noqa: A002 - exec's own name
    """The namespaces `exec` and `eval` take by default when given none: those of the code that
    called them (two frames up, past `CodeKeeper`'s own method). In a function, from Python
    3.13 on, that is a copy of its local names, as `locals()` gives (PEP 667)."""
    caller = sys._getframe(2)
    if locals is None:
        locals = caller.f_locals
        if sys.version_info >= (3, 13) and caller.f_code.co_flags & _OPTIMIZED:
            locals = dict(locals)
    return caller.f_globals, locals


_OPTIMIZED = 0x1  # `inspect.CO_OPTIMIZED`: a function's frame (its names in fast locals)


def keep_code() -> CodeKeeper:
    """Let `dataclasses`, `collections.namedtuple`, `typing.ForwardRef` and `inspect` take
    their code from the kept file from now on in this process, and write what they compile
    anew to that file when the process ends."""
    import collections

    keeper = CodeKeeper(kept_path("code"), (_FORM, sys.version))
    collections.eval = keeper.eval  # first: importing dataclasses makes 11 namedtuples
    import dataclasses
    import inspect
    import typing

    dataclasses.exec = keeper.exec
    inspect.eval = keeper.eval  # annotations written as text, as typer reads each command's
    typing.compile = keeper.compile
    atexit.register(keeper.save)
    return keeper
