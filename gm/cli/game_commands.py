"""The games in a store: `gm variants` (the maps a game can be played on), `gm new`, `gm games`.
Each parses its arguments, calls `gm.game`, and prints. The other game commands are grouped
by concern: playing a season in `play_commands`, going back and correcting in
`edit_commands`, a game as a whole (its archive, deleting, renaming) in `archive_commands`;
`gm draw` is in `draw_commands`, the zine's commands in `zine_commands`, and how they all
print in `output`.

Every command takes `--db PATH` (or `GM_DB`); the default is `gm.db` in the working folder if
there is one, else the user's own store (`gm.store.database.choose_store`).
Heavy modules are imported inside the commands so that `gm --help` starts at once.
"""

from pathlib import Path
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import (
    STORE_CHOICE,
    Db,
    GameName,
    console,
    explained,
    fail,
    opened,
    say,
    store_named,
)
from gm.cli.conventions import examples


@app.command("variants")
def variants():
    """List the variants (maps) a game can be played on."""
    from gm.maps import MapError
    from gm.maps.headers import map_headers
    from gm.maps.loader import maps_dirs, own_maps_dirs
    from gm.report.supply_words import centres_words

    for folder in own_maps_dirs():
        if not folder.is_dir():
            say(f"gm: GM_MAPS names {folder}, which is not a folder.", err=True)
    try:
        headers = map_headers()  # each map's header alone: a hundred files list at once
    except MapError as exc:  # gm's own maps are not installed
        fail(str(exc))
    if not headers:
        where = ", ".join(str(folder) for folder in maps_dirs())
        fail(f"no map files (*.toml) in {where}; gm's own maps are missing, so reinstall gm, "
             "or name a folder of map files with GM_MAPS.")
    for found in headers:
        if found.problem:
            say(f"{found.id}  (map has problems; run 'gm map check {found.id}')")
            continue
        draft = f"  (draft, not playable yet: {found.draft})" if found.draft else ""
        unchecked = "" if found.checked else \
            f"  (not checked yet: 'gm map check {found.id}')"
        say(f"{found.id}  {found.name}: {found.powers} powers, "
            f"{centres_words(found.centres, found.supply)}{draft}{unchecked}")


@app.command("new", epilog=examples(
    ("gm new spring-league", "a game on the standard map, in your store ('gm games' names it)"),
    ("gm new ancients --variant lord-of-hosts", "a game on another map (see 'gm variants')"),
    ("gm new club-7 --db ~/games/club.db", "keep the game in another database"),
))
def new(ctx: typer.Context, game: GameName,
        variant: Annotated[str, typer.Option("--variant", "-v",
                                             help="the map to play on; see 'gm variants'")
                           ] = "standard",
        notes: Annotated[str, typer.Option(help="notes kept with the game")] = "",
        db: Db = "gm.db"):
    """Start a game at the first phase of its variant."""
    from gm.game.games import check_game_name, new_game, playable_map
    from gm.store import game_rows as rows

    with explained(db):  # a bad name or variant must not leave a new, empty database behind
        check_game_name(game)
        playable_map(variant)
    with opened(db, create=True) as store:
        view = new_game(store, game, variant, notes)
        phase = rows.open_phase(store, view.game)
        say(f"Started {view.game.name} ({view.map.name}) at {phase.label} in "
            f"{store_named(ctx, db)}.")


@app.command("games")
def games(ctx: typer.Context, db: Db = "gm.db"):
    """List the games in the database with the phase each has reached, and name the
    database (the store) in use."""
    from rich.table import Table

    from gm.game.games import list_games

    where = store_named(ctx, db)
    choice = ctx.meta.get(STORE_CHOICE)
    if choice is not None and choice.per_user and not Path(db).exists():
        say(f"No games yet: {where} does not exist; 'gm new GAME' starts one "
            "there.")
        return
    with opened(db) as store:
        found = list_games(store)
    say(f"Store: {where}")
    if not found:
        say("No games in it yet; start one with 'gm new GAME'.")
        return
    table = Table("game", "variant", "phase", "result")
    for g in found:
        table.add_row(g.name, g.variant, g.phase, g.result or "")
    console().print(table)
