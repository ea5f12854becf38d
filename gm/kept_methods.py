"""The methods Python writes for each dataclass, kept compiled between runs of `gm`.

For every dataclass, Python writes `__init__`, `__repr__`, `__eq__` (and, for a frozen one,
`__hash__`, `__setattr__` and `__delattr__`) as source text and compiles that text, each time
the module defining the class is imported: about a millisecond a class on a 2-core machine, a
sixth of a cold `gm status`. The text is the same in every run of the same gm on the same
Python, so the command line keeps the compiled code in the cache folder, keyed by the text
itself, and runs that code instead of compiling the text again. What runs is what Python
compiled from that very text, so every class is made exactly as before; only the compiling is
skipped.

Only `gm.launcher` turns this on, for the process it owns (`keep_methods`): a program that
imports gm as a library makes its classes the usual way. A kept file that cannot be read, or a
text not yet in it, only means compiling as usual; the file is written again, whole, when a run
compiled something new.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import zlib

from gm.disk_cache import cache_folder

# Texts kept at most. gm's own classes write some 1,500; when a new gm or Python has left old
# texts behind and the file grows past this, it starts again from what the last run used.
LIMIT = 6000


class MethodKeeper:
    """Compiles the source text `dataclasses` hands to `exec`, or takes the code kept for it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.kept = _read(path)  # text -> marshalled code object
        self.used: set[str] = set()
        self.compiled = 0  # texts compiled in this run (not found in the kept file)

    def exec(self, text, globals=None, locals=None) -> None:  # noqa: A002 - exec's own names
        """`exec(text, globals, locals)`, as `dataclasses` calls it, with the compiling kept."""
        if globals is None:  # exec's own default: the caller's namespace
            caller = sys._getframe(1)
            globals, locals = caller.f_globals, caller.f_locals if locals is None else locals
        code = self._code(text) if isinstance(text, str) else text
        builtins.exec(code, globals, locals)

    def _code(self, text: str):
        self.used.add(text)
        kept = self.kept.get(text)
        if kept is not None:
            try:
                return marshal.loads(kept)
            except (EOFError, ValueError, TypeError):
                pass
        code = compile(text, "<string>", "exec")
        self.kept[text] = marshal.dumps(code)
        self.compiled += 1
        return code

    def save(self) -> None:
        """Write the kept file again if this run compiled something new (a file that cannot be
        written only means compiling again next time)."""
        if not self.compiled:
            return
        kept = self.kept
        if len(kept) > LIMIT:
            kept = {text: code for text, code in kept.items() if text in self.used}
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(tmp, "wb") as fh:
                marshal.dump(kept, fh)
            os.replace(tmp, self.path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def keep_methods() -> MethodKeeper:
    """Let `dataclasses` take its methods' code from the kept file from now on in this process,
    and write what it compiles anew to that file when the process ends."""
    keeper = MethodKeeper(str(cache_folder() / kept_file()))
    dataclasses.exec = keeper.exec  # the name `dataclasses` looks `exec` up by, before builtins
    atexit.register(keeper.save)
    return keeper


def kept_file() -> str:
    """The kept file's name: one per installed gm and Python build, since the code a Python
    compiles is only for that Python, and gm's classes are only those of that gm."""
    import gm

    where = os.path.dirname(gm.__file__).encode("utf-8", "surrogateescape")
    return f"methods-{zlib.crc32(where + sys.version.encode()):08x}.marshal"


def _read(path: str) -> dict[str, bytes]:
    try:
        with open(path, "rb") as fh:
            kept = marshal.load(fh)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}
