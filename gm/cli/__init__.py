"""The `gm` command line. Each module here only parses arguments, calls the library and prints.

Commands are grouped by concern: maps (`gm map ...`), the DATC runner (`gm datc`), and the game
workflow. `main()` turns any expected error into a one-line message and a non-zero exit.
"""

from __future__ import annotations

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
    ("GM_CACHE", "where checked maps are kept compiled (default: ~/.cache/gm)"),
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


# Importing a command module registers its commands; `gm --help` lists them in this order.
# isort: off
from gm.cli import datc_command as _datc  # noqa: E402,F401
from gm.cli import draw_commands as _draw  # noqa: E402,F401
from gm.cli import game_commands as _game  # noqa: E402,F401
from gm.cli import play_commands as _play  # noqa: E402,F401
from gm.cli import edit_commands as _edit  # noqa: E402,F401
from gm.cli import archive_commands as _archive  # noqa: E402,F401
from gm.cli import judge_commands as _judge  # noqa: E402,F401
from gm.cli import letter_commands as _letters  # noqa: E402,F401
from gm.cli import mail_commands as _mail  # noqa: E402,F401
from gm.cli import map_commands as _maps  # noqa: E402,F401
from gm.cli import publish as _publish  # noqa: E402,F401
from gm.cli import zine_commands as _zine  # noqa: E402,F401
# isort: on


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
