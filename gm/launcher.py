"""The `gm` command's entry point.

`gm datc FILE... [-v]` runs here without the command-line libraries: loading typer and rich
takes longer than gm takes to run the DATC's 167 cases. `gm --help` (or `-h`) prints the text
the typer app printed for it, kept on disk with the key of everything that text is made from
(`help_key`), so that asking what gm can do loads no typer either; when any of it changes the
app prints the help again, and that is kept. Every other command line, `gm datc --help` and
a mistyped option included, goes to the typer app (`gm.cli.main`).

Four things make every command start sooner. The code Python compiles from text while the
modules load (each dataclass's methods, each namedtuple's `__new__`, annotations written as
text) is kept compiled between runs (`gm.kept_code`), and so is every regular expression the
process compiles (`gm.kept_patterns`). And the cycle collector waits while the
command's modules load: what an import makes lives as long as the process, so each collection
then (dozens of them, over ever more objects) finds nothing; once they are loaded they are
set aside for good (`gc.freeze`) and the collector runs as usual for the command's own work.
A typer command loads the library it uses when it runs (`gm orders` loads the letter reader),
so the collector first waits for `_FIRST` new objects more, and what exists then is set aside
too; from then on it runs as usual (`_loaded`). And the standard library modules the command
line's libraries import only for what few command lines do (`subprocess`, for typer's shell
completion) run when first used, not when imported (`_SELDOM_USED`); on Python 3.11 the
module `datetime` is made from its C half (`_datetime_from_its_c_half`).

And a command ends sooner (`_end`): once it is done, what must happen at exit happens (the
functions registered with `atexit`, which keep what this run compiled; the output flushed)
and the process ends there, without taking every module and object apart one by one, which
cost a short command a thirtieth of its run. Where something might still need Python's own
ending (another thread still running, output that cannot be written), it gets it.
"""

from __future__ import annotations

import gc
import os
import sys

_DATC_FLAGS = {"-v", "--verbose"}
_HELP = (["--help"], ["-h"])


def main() -> None:
    args = sys.argv[1:]
    if args in _HELP:
        sys.stdout.write(kept_help())
        return
    gc.disable()  # until the command's modules are loaded (above)
    _load_when_used(_SELDOM_USED)
    _datetime_from_its_c_half()
    from gm.kept_patterns import keep_patterns

    keep_patterns()  # first: the modules loaded from here on compile regular expressions
    from gm.kept_code import keep_code

    keep_code()
    if _plain_datc(args):
        import gm.datc  # noqa: F401 - loaded before the collector runs again

        _loaded()
        _end(_datc(args[1:]))
    from gm.cli import main as typer_main

    _loaded()
    try:
        typer_main()
    except SystemExit as done:  # how click ends every command
        _end(done.code)
    _end(0)


# Modules the command line's libraries import for what few command lines do, loaded when first
# used instead (`_load_when_used`): typer's `subprocess` and `shellingham`, to run a program
# (`typer.launch`) or install shell completion, a thirtieth of a short command's run with what
# they import; shutil's `bz2` and `lzma`, for archives in those formats (gm makes none with shutil); `tokenize` and
# `linecache`, which `inspect` and `traceback` import to read a module's source; `textwrap`,
# which click imports to wrap help text.
_SELDOM_USED = ("subprocess", "shellingham", "bz2", "lzma", "tokenize", "linecache", "textwrap")


def _datetime_from_its_c_half() -> None:
    """Make the module `datetime` from its C half, as Python 3.11's `datetime.py` ends up.
    That file first defines every class of the module in Python, then replaces them all with
    those of the C half (`_datetime`): a thirtieth of `gm status` for classes no one uses
    (typer and sqlite3 import `datetime`). Python 3.12 moved the Python classes out
    (`_pydatetime`, loaded only where the C half is missing); this does the same for 3.11."""
    if sys.version_info[:2] != (3, 11) or "datetime" in sys.modules:
        return
    from importlib.util import find_spec, module_from_spec

    try:
        import _datetime
    except ImportError:  # a Python built without it: datetime.py defines the classes itself
        return
    module = module_from_spec(find_spec("datetime"))
    names = {name: value for name, value in vars(_datetime).items() if name[0] != "_"}
    vars(module).update(names, __doc__=_datetime.__doc__, sys=sys,
                        __all__=tuple(name for name in names if name != "datetime_CAPI"))
    sys.modules["datetime"] = module


def _load_when_used(names: tuple[str, ...]) -> None:
    """Let the modules `names` load when a program first uses one of their names, not when it
    imports them: whatever imports one gets the same module object, which runs its own code
    on the first name asked of it that it lacks, in place, as an import would have, and is an
    ordinary module from then on. (The standard library's `importlib.util.LazyLoader` would
    run it as soon as another module imports it: the import asks for its `__spec__`.)
    One thread runs it while any other that asks waits, as an import would make it wait: a
    module half run would lack the name. Its own code, asking a name it has not yet defined,
    gets the `AttributeError` of a module half imported."""
    from _thread import RLock
    from importlib.util import find_spec, module_from_spec

    module_type = type(sys)
    running = RLock()
    run_by_this_thread: set[str] = set()  # (only the thread holding `running` changes it)

    class Unloaded(module_type):  # made here: `gm --help` never needs it
        def __getattr__(self, name: str):
            with running:
                if self.__name__ in run_by_this_thread:  # its own code, asking too early
                    raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}"
                                         " (it is still being loaded)")
                if self.__class__ is Unloaded:  # (else another thread ran it meanwhile)
                    run_by_this_thread.add(self.__name__)
                    try:
                        self.__spec__.loader.exec_module(self)
                    finally:
                        run_by_this_thread.discard(self.__name__)
                    self.__class__ = module_type
            return getattr(self, name)

    for name in names:
        spec = None if name in sys.modules else find_spec(name)
        if spec is not None:  # not loaded yet, and there to load
            module = module_from_spec(spec)
            module.__class__ = Unloaded
            sys.modules[name] = module


# The objects a command may make before the collector first runs: more than the library a
# command loads as it runs makes (`gm orders`, the letter reader: some 15,000).
_FIRST = 20_000


def _loaded() -> None:
    """The command's modules are loaded: set what they made aside from the cycle collector for
    good, and let it run again; its first run, once `_FIRST` objects more are made (mostly
    by the modules the command loads as it runs), sets aside what exists then instead, and
    the usual thresholds are back for the rest of the command."""
    gc.freeze()
    usual = gc.get_threshold()

    def first(phase: str, info: dict) -> None:
        if phase == "start" and first in gc.callbacks:
            gc.freeze()  # the collection that starts finds nothing left to look at
            gc.set_threshold(*usual)
            gc.callbacks.remove(first)

    gc.set_threshold(_FIRST, *usual[1:])
    gc.callbacks.append(first)
    gc.enable()


def _end(code):  # never returns (typing, for `NoReturn`, is not loaded for `gm --help`)
    """End the process with `code` (as `SystemExit(code)` would) once the command is done: the
    `atexit` functions run and the output is flushed, then the process ends at once. Python's
    own ending (`SystemExit`) where another thread still runs, whose end it waits for, or the
    output cannot be flushed (a closed pipe), which it reports."""
    import atexit

    threading = sys.modules.get("threading")  # not loaded: no other thread was started
    if threading is not None and threading.active_count() > 1:
        raise SystemExit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - Python's own ending says what went wrong
        raise SystemExit(code) from None
    atexit._run_exitfuncs()
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # SystemExit("message"): printed, and the status is 1
        sys.stderr.write(f"{code}\n")
        status = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(status & 0xFF)


def kept_help() -> str:
    """The text of `gm --help`: as kept in the cache folder if its key is today's, else as
    the typer app prints it now (and then kept)."""
    from gm.disk_cache import cache_folder, read_cached, write_cached

    key = help_key()
    cache = cache_folder() / help_file()
    text = read_cached(cache, key)
    if not isinstance(text, str):
        text = typer_help()
        write_cached(cache, key, text)  # if it cannot, the next `gm --help` asks typer again
    return text


def help_file() -> str:
    """The kept help's file name, one per installed gm (named by a checksum of where it is),
    so that two installations sharing a cache folder do not replace each other's."""
    import zlib

    import gm

    where = os.path.dirname(gm.__file__).encode("utf-8", "surrogateescape")
    return f"help-{zlib.crc32(where):08x}.pickle"


def help_key() -> tuple:
    """Everything the text of `gm --help` is made from: gm's command modules (each command's
    name, options and docstring), gm's version, typer and click as installed, Python, and the
    terminal's width, to which click wraps the text."""
    from importlib.util import find_spec
    from shutil import get_terminal_size

    import gm

    cli = os.path.join(os.path.dirname(gm.__file__), "cli")
    modules = sorted((entry.name, entry.stat().st_mtime_ns, entry.stat().st_size)
                     for entry in os.scandir(cli) if entry.name.endswith(".py"))
    libraries = []
    for name in ("typer", "click"):
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        stat = os.stat(origin) if origin else None
        libraries.append((name, origin, stat and (stat.st_mtime_ns, stat.st_size)))
    return (gm.__version__, sys.version, get_terminal_size().columns, tuple(modules),
            tuple(libraries))


def typer_help() -> str:
    """What the typer app prints for `gm --help`."""
    import contextlib
    import io

    from typer.main import get_command

    from gm.cli import app

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        get_command(app).main(["--help"], prog_name="gm", standalone_mode=False)
    return printed.getvalue()


def _plain_datc(args: list[str]) -> bool:
    """`datc`, then files and `-v` only: nothing typer is needed to read."""
    if args[:1] != ["datc"]:
        return False
    files = [a for a in args[1:] if a not in _DATC_FLAGS]
    if not files or any(a.startswith("-") for a in files):
        return False
    try:
        "".join(args).encode("utf-8")  # a file name that is not UTF-8: gm.cli says so
    except UnicodeEncodeError:
        return False
    return True


def _datc(args: list[str]) -> int:
    from gm.datc import CaseFormatError, report, run_files

    try:
        results = run_files([a for a in args if a not in _DATC_FLAGS])
    except CaseFormatError as exc:
        sys.stderr.write(f"gm: {exc}\n")
        return 1
    sys.stdout.write("".join(f"{line}\n" for line in report(results, bool(_DATC_FLAGS & set(args)))))
    return 0 if all(r.passed for r in results) else 1
