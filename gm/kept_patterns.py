"""Regular expressions compiled once and kept between runs of `gm`.

A cold `gm orders` compiles some 60 regular expressions while its modules load (gm's own,
typer's and the standard library's: textwrap, gettext, json, tokenize...), 16 ms of a 250 ms
process. `re` compiles in two steps: Python code parses the expression and writes the program
its engine runs (`re._compiler.compile`), then the engine, `_sre`, builds the pattern from that
program (`_sre.compile(pattern, flags, code, groups, groupindex, indexgroup)`). The first step
is the costly one, and depends only on the expression, its flags and the Python. So the command
line keeps what the first step makes (`engine_arguments`) in the cache folder and hands it
straight to the engine in the next run (`rebuilt`): `PatternKeeper` stands in for
`re._compiler.compile`, which `re` calls only when its own cache has no such pattern. The order
reader keeps its lexicon's expressions in its own file beside the grammar (`gm.orders.quick`),
through the same two functions: this module alone knows how a compiled expression is kept.

Why leaning on `re`'s private parts is safe:
- What is kept is only ever read by the same Python with the same engine: the kept file's key
  names `sys.version` and `_sre.MAGIC`, which changes whenever the program's format does.
- The engine checks every program it is handed and refuses a bad one with an error
  (`RuntimeError: invalid SRE code`); that, or any kept entry that does not load, and a Python
  whose `re` lacks the parts used here, only means compiling as `re` always does.
- Only the process `gm.launcher` owns is changed (`keep_patterns`); a program importing gm as a
  library compiles its expressions the usual way. An expression compiled with DEBUG (which
  prints its program) or handed over already parsed (`re.Scanner`) goes to `re`'s own compiler
  and is never kept.
- An expression is parsed from the same depth of calls as `re` parses it, so its errors and
  warnings are `re`'s; like Python's kept bytecode, a kept expression is not parsed again, so a
  warning about it (`FutureWarning: Possible nested set`) is given in the run that first keeps it.
"""

from __future__ import annotations

import _sre  # Python's regular expression engine, which `re` drives
import atexit
import re
import sys

from gm.kept_code import KeptFile, kept_path

ENGINE = (sys.version, _sre.MAGIC)  # what kept engine arguments are good for, beside their
# expression and flags: a key of anything that keeps them names these
_FORM = 1  # of the kept patterns file: bump when its keys or values change shape


def engine_arguments(pattern: str | bytes, flags: int, parsed) -> tuple:
    """What `re._compiler.compile` hands the engine for `pattern` with `flags`, `parsed` being
    `re._parser.parse(pattern, flags)`: plain ints, lists, dicts and tuples, which marshal and
    pickle keep. Raises ImportError or AttributeError on a Python whose `re` is built otherwise."""
    from re import _compiler

    state = parsed.state
    names = [None] * state.groups
    for name, group in state.groupdict.items():
        names[group] = name
    code = [int(op) for op in _compiler._code(parsed, flags)]  # its opcodes are int subclasses
    return (pattern, flags | state.flags, code, state.groups - 1, dict(state.groupdict),
            tuple(names))


def rebuilt(arguments: tuple | None) -> re.Pattern | None:
    """The pattern the engine builds from kept `engine_arguments`; None when nothing is kept,
    or the engine refuses what is."""
    if arguments is None:
        return None
    try:
        return _sre.compile(*arguments)
    except (TypeError, ValueError, RuntimeError, OverflowError):
        return None


class PatternKeeper(KeptFile):
    """`re._compiler.compile` with what it makes kept: by expression and flags, the engine's
    arguments."""

    limit = 1000  # a command compiles some 100 expressions

    def __init__(self, path: str, compile_anew) -> None:
        super().__init__(path, (_FORM, *ENGINE))
        self.compile_anew = compile_anew  # `re`'s own

    def compile(self, pattern, flags=0):
        """The pattern `re._compiler.compile(pattern, flags)` makes, from the kept file where
        it holds it."""
        if type(pattern) not in (str, bytes) or type(flags) is not int or flags & re.DEBUG:
            return self.compile_anew(pattern, flags)
        key = (pattern, flags)
        compiled = rebuilt(self.get(key))
        if compiled is None or compiled.pattern != pattern:  # none kept, or not this one
            from re import _parser

            parsed = _parser.parse(pattern, flags)  # re's errors and warnings, as re gives them
            arguments = engine_arguments(pattern, flags, parsed)
            compiled = _sre.compile(*arguments)
            self.put(key, arguments)
        return compiled


def keep_patterns() -> PatternKeeper | None:
    """Let `re` take the patterns it compiles from the kept file from now on in this process,
    and write those it compiles anew to that file when the process ends; None on a Python
    whose `re` is built otherwise."""
    try:
        from re import _compiler, _parser  # noqa: F401 - both must be there

        compile_anew = _compiler.compile
        _compiler._code  # noqa: B018 - likewise
    except (ImportError, AttributeError):
        return None
    keeper = PatternKeeper(kept_path("patterns"), compile_anew)
    _compiler.compile = keeper.compile
    atexit.register(keeper.save)
    return keeper
