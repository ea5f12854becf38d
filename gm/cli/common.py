"""Helpers shared by the command modules: the options every command takes (`--db`, the game,
`--phase`), opening the store for one command, and printing the same way everywhere: a line
of text by `say`, tables through `console`, errors by `fail`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Annotated, NoReturn

import typer

from gm.visible import visible


def say(text: str, err: bool = False) -> None:
    """Print plain text as it is, on stdout (or stderr, `err`): no markup, no wrapping, each
    control character shown as a sign (`gm.visible`), never obeyed. Most of what gm prints is
    such text, and printing it this way loads nothing of rich."""
    typer.echo(visible(text), err=err)


@cache
def console(stderr: bool = False):
    """rich's console (`ShownConsole`), for what only rich prints (a table, a progress bar),
    on stdout or `stderr`; made when first asked for: making one loads rich, a tenth of a
    second that commands printing text alone need not pay."""
    from gm.visible_console import ShownConsole

    return ShownConsole(stderr=stderr, highlight=False, soft_wrap=True)


def err_console():
    """`console` on stderr."""
    return console(stderr=True)


def progress_bar():
    """rich's progress bar on stderr, gone when done, drawn again each time it moves
    (`advanced`) and by no thread of its own: a command may then fork its workers while the
    bar shows (a child forked beside a running thread may hang on a lock that thread held)."""
    from rich.progress import Progress

    return Progress(console=err_console(), transient=True, auto_refresh=False)


def advanced(bar, task) -> None:
    """One more step of `task` on a `progress_bar`, drawn at once."""
    bar.advance(task)
    bar.refresh()


def fail(message: str, code: int = 1) -> NoReturn:
    """Print `gm: <message>` to stderr and exit; never a traceback."""
    say(f"gm: {message}", err=True)
    sys.stderr.flush()
    raise typer.Exit(code)


def read_text_input(source: str | None, what: str, force: bool = False) -> tuple[str, str]:
    """A text and where it came from: a file, `-` for stdin, or a paste at the terminal.

    `what` names the text in prompts and errors ("the orders", "the press"). No more than a
    letter's limit and one byte is read (`force`: an archive's), whatever the source holds."""
    import sys

    from gm.game.letter_bytes import letter_limit, letter_text, read_letter_bytes
    from gm.game.workflow_errors import WorkflowError

    try:
        if source is None or source == "-":
            if source is None and sys.stdin.isatty():
                say(f"Paste {what}, then press Ctrl-D on a line of its own.", err=True)
            origin = "stdin"
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream (a test's): bounded all the same
                return sys.stdin.read(letter_limit(force) + 1), origin
            data = read_letter_bytes(stream, origin, force)
        else:
            origin = source
            try:
                with open(source, "rb") as stream:
                    data = read_letter_bytes(stream, origin, force)
            except FileNotFoundError:
                fail(f"there is no file {source}; give the file of {what}, or '-' to paste.")
            except IsADirectoryError:
                fail(f"{source} is a folder; give the file of {what}, or '-' to paste.")
            except OSError as exc:
                fail(f"cannot read {source}: {exc.strerror or exc}")
        return letter_text(data, origin), origin
    except WorkflowError as exc:
        fail(str(exc))


def chosen_store(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> str:
    """The store a command uses (`--db`'s callback): the one named by `--db` or `GM_DB`,
    else `gm.db` in this folder when there is one, else the user's own store
    (`gm.store.database.choose_store`). The choice, with why it was made, is kept in the
    context for `gm games` to name."""
    from gm.store.database import choose_store

    # by name: typer may carry its own copy of click, whose enum is not click's
    source = getattr(ctx.get_parameter_source(param.name or "db"), "name", "")
    before_command = ctx.find_root().meta.get(DB_GIVEN)  # `gm --db FILE COMMAND`
    if source == "COMMANDLINE" and value:
        choice = choose_store(value, "--db")
    elif before_command:
        choice = choose_store(before_command, "--db")
    elif source == "ENVIRONMENT" and value:
        choice = choose_store(value, "GM_DB")
    else:  # the signature's "gm.db" is only a placeholder: the choice is made here
        choice = choose_store(None)
    ctx.meta[STORE_CHOICE] = choice
    return choice.path


def store_named(ctx: typer.Context, db: str) -> str:
    """The store in use as a GM reads it: `/home/ann/.local/share/gm/gm.db (your own store)`."""
    choice = ctx.meta.get(STORE_CHOICE)
    return f"{db} ({choice.why})" if choice is not None else db


STORE_CHOICE = "gm.store"  # the `StoreChoice` a command runs with, in `ctx.meta`
DB_GIVEN = "gm.db-given"  # `gm --db FILE COMMAND`: the FILE named before the command

Db = Annotated[str, typer.Option(
    "--db", envvar="GM_DB", show_envvar=True, metavar="FILE", show_default=False,
    callback=chosen_store,
    help="the game database (default: gm.db here if there is one, else your own store; "
         "'gm games' names it)")]
GameName = Annotated[str, typer.Argument(help="the game's name")]
PhaseOption = Annotated[str | None, typer.Option(
    "--phase", "-p", help="a phase such as 'Spring 1901', 'Autumn 1901 Retreat' or S1901M")]
MapOption = Annotated[str | None, typer.Option(
    "--map", metavar="FILE", help="also draw the phase's board to FILE (.svg, or .png)")]


@contextmanager
def explained(db: str) -> Iterator[None]:
    """Turn every failure a GM can cause (or meet) into one `gm: ...` line and exit 1."""
    import json
    import sqlite3

    from gm.dates import ClockError
    from gm.game.workflow_errors import WorkflowError
    from gm.maps import MapError
    from gm.store.codec import CodecError
    from gm.store.store_errors import ArchiveError, StoreError, explain_sqlite_error

    try:
        yield
    except (StoreError, WorkflowError, ArchiveError, MapError, ClockError) as exc:
        fail(str(exc))
    except sqlite3.Error as exc:
        fail(str(explain_sqlite_error(exc, db)))
    except (json.JSONDecodeError, CodecError) as exc:
        fail(f"{db} holds data gm cannot read ({exc}); the database is damaged. Restore it "
             "from a backup, or rebuild the game from its archive with 'gm replay'.")
    except KeyboardInterrupt:
        fail("interrupted; nothing was changed.", code=130)


@contextmanager
def opened(db: str, create: bool = False) -> Iterator:
    """Open the store for one command; failures are explained, and the store closed. With
    `create`, a store not there yet is made whole when the command ends well, and not at all
    when it fails (`open_or_make`)."""
    from gm.store.database import open_or_make, open_store

    with explained(db):
        if create:
            with open_or_make(db) as store:
                yield store
            return
        store = open_store(db)
        try:
            yield store
        finally:
            store.close()
