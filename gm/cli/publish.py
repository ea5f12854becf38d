"""`gm publish`: write a game as a static web site."""

from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import Db, GameName, opened, say
from gm.cli.output import LinesOption


@app.command("publish")
def publish(game: GameName,
            folder: Annotated[str, typer.Argument(metavar="DIR",
                                                  help="the folder to write the site into")],
            lines: LinesOption = None,
            db: Db = "gm.db"):
    """Write the game as a static site: an index with the standings and the centre chart,
    and a page per season with its report and board (docs/publish.md)."""
    from gm.publish.site import publish_game

    with opened(db) as store:
        written = publish_game(store, game, folder, lines.value if lines else None)
    say(f"Wrote {len(written)} files of {game} into {folder}; open "
        f"{written[0]} in a browser.")
