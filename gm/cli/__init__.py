"""The `gm` command line. Each module here only parses arguments, calls the library and prints.

Commands are grouped by concern: maps (`gm map ...`), the DATC runner (`gm datc`), and the game
workflow. `main()` turns any expected error into a one-line message and a non-zero exit.
"""

from importlib import import_module

import typer

from gm.cli.conventions import Typer, examples, section

app = Typer(
    name="gm",
    help="A game-master's tool for postal and email Diplomacy.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

ENVIRONMENT = section("Environment", [
    ("GM_DB", "the game database where --db is not given (default: gm.db in this folder if "
              "there is one, else your own store in your data folder)"),
    ("XDG_DATA_HOME", "where your own store is kept, as XDG_DATA_HOME/gm/gm.db (default: "
                      "the system's data folder)"),
    ("GM_MAPS", "a folder of your own map files, searched before gm's own maps"),
    ("GM_CACHE", "where gm keeps compiled maps and code between runs (default: "
                 "~/.cache/gm; see gm cache)"),
    ("GM_NOW", "the clock, an ISO 8601 moment (tests; 'gm judge --dry-run' at another time)"),
    ("GM_SMTP_PASSWORD, GM_IMAP_PASSWORD", "the mail passwords (never stored)"),
])


def _show_version(value: bool) -> None:
    if value:
        from gm import __version__
        from gm.store.database import choose_store

        choice = choose_store(None)
        typer.echo(f"gm {__version__}\nstore: {choice.path} ({choice.why})")
        raise typer.Exit()


@app.callback(epilog=examples(
    ("gm new spring-league", "start a game on the standard map"),
    ("gm orders spring-league letter.txt", "read a letter of orders"),
    ("gm adjudicate spring-league", "resolve the season and print the report"),
    ("gm COMMAND -h", "what a command does, with examples"),
) + "\n\n" + ENVIRONMENT)
def _options(
    ctx: typer.Context,
    db: str = typer.Option(None, "--db", metavar="FILE", show_default=False,
                           help="the game database (default: gm.db here if there is one, "
                                "else your own store; or GM_DB)"),
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="print gm's version and exit"),
) -> None:
    """A game-master's tool for postal and email Diplomacy."""
    if db:  # `gm --db x.db show demo` works like `gm show demo --db x.db`
        from gm.cli.common import DB_GIVEN

        ctx.meta[DB_GIVEN] = db  # handed down to the command's --db, never put in os.environ


# gm's commands by the module that defines them, in the order `gm --help` lists them (the
# groups `gm mail ...` and `gm map ...` by their names). A command line loads only the module of
# its command (`conventions.Commands`): the twelve modules cost every command, `gm orders`
# among them, a fiftieth of its run. Each module's name is written in full, which the import
# graph reads as an import (tests/cli/test_cli_conventions.py checks the names against what
# each module defines).
app.define(
    (lambda: import_module("gm.cli.datc_command"), ("datc",)),
    (lambda: import_module("gm.cli.draw_commands"), ("draw",)),
    (lambda: import_module("gm.cli.game_commands"), ("variants", "new", "games")),
    (lambda: import_module("gm.cli.play_commands"),
     ("show", "orders", "status", "adjudicate", "report", "chart")),
    (lambda: import_module("gm.cli.edit_commands"), ("undo", "redo", "edit", "agree-draw")),
    (lambda: import_module("gm.cli.archive_commands"), ("export", "replay", "delete", "rename")),
    (lambda: import_module("gm.cli.judge_commands"), ("judge", "schedule", "approve", "log")),
    (lambda: import_module("gm.cli.letter_commands"), ("letters", "confirm")),
    (lambda: import_module("gm.cli.publish"), ("publish",)),
    (lambda: import_module("gm.cli.zine_commands"), ("players", "deadline", "press", "nmr")),
    (lambda: import_module("gm.cli.mail_commands"), ("mail",)),
    (lambda: import_module("gm.cli.map_commands"), ("map",)),
    (lambda: import_module("gm.cli.cache_command"), ("cache",)),
)


def main() -> None:
    import os
    import sys

    for arg in sys.argv[1:]:  # bytes that are not UTF-8 arrive as lone surrogates
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = repr(os.fsencode(arg))[2:-1]
            sys.stderr.write(f"gm: the argument {shown} is not text (not valid UTF-8); "
                             "type it again.\n")
            raise SystemExit(1) from None
    app(prog_name="gm")  # `python -m gm` is named gm too, in usage lines and completion
