"""The `gm` command line. Each module here only parses arguments, calls the library and prints.

Commands are grouped by concern: maps (`gm map ...`), the DATC runner (`gm datc`), and the game
workflow. `main()` turns any expected error into a one-line message and a non-zero exit.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="gm",
    help="A game-master's tool for postal and email Diplomacy.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def _options(
    db: str = typer.Option(None, "--db", help="the game database (default gm.db here; or GM_DB)",
                           show_default=False),
) -> None:
    """A game-master's tool for postal and email Diplomacy."""
    if db:  # `gm --db x.db show demo` works like `gm show demo --db x.db`
        import os

        os.environ["GM_DB"] = db


from gm.cli import datc as _datc  # noqa: E402,F401  (registers commands)
from gm.cli import draw as _draw  # noqa: E402,F401
from gm.cli import game as _game  # noqa: E402,F401
from gm.cli import mail as _mail  # noqa: E402,F401
from gm.cli import maps as _maps  # noqa: E402,F401
from gm.cli import zine as _zine  # noqa: E402,F401


def main() -> None:
    app()
