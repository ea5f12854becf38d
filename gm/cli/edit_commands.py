"""Going back and correcting: `gm undo`, `gm redo`, `gm edit` (the position, with a reason the
next report prints) and `gm agree-draw`. Each parses its arguments, calls `gm.game`, and
prints."""

from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import Db, GameName, opened, say


@app.command("undo")
def undo(game: GameName, db: Db = "gm.db"):
    """Go back to the previous phase, with its orders as they were."""
    from gm.game.history import undo as undo_step

    with opened(db) as store:
        step = undo_step(store, game)
    if step.from_label == step.to_label:
        say(f"{step.game}: {step.note}.")
        return
    say(f"{step.game}: back from {step.from_label} to {step.to_label}; its orders "
        f"are as they were. 'gm redo {step.game}' goes forward again while nothing "
        "changes.")
    if step.note:
        say(f"Note: {step.note}.")


@app.command("redo")
def redo(game: GameName, db: Db = "gm.db"):
    """Restore the phase undone last, if nothing has changed since."""
    from gm.game.history import redo as redo_step

    with opened(db) as store:
        step = redo_step(store, game)
    say(f"{step.game}: forward again from {step.from_label} to {step.to_label}.")
    if step.note:
        say(step.note)


@app.command("edit")
def edit(game: GameName,
         action: Annotated[str, typer.Argument(
             help="add, remove, move or own, or a correction the map's rules offer "
                  "(Hoplite Wars: colonies)")],
         args: Annotated[list[str], typer.Argument(
             help="add France A Par | remove Par | move Nth Nwg | own Bel France | "
                  "colonies Chios=Athens, ... | colonies seed 1234")],
         reason: Annotated[str, typer.Option("--reason", "-r",
                                             help="why (required); printed in the next "
                                                  "report")] = "",
         db: Db = "gm.db"):
    """Correct the current position: add, remove or move a piece, set a centre's owner, or
    make a correction the map's rules offer (Hoplite Wars: set the colonies' draw before it
    is made). Every edit needs --reason, which the next report prints."""
    from gm.game.corrections import correct

    with opened(db) as store:
        done = correct(store, game, action, args, reason)
    say(f"{game}: {done.description} (reason: {done.reason}).")


@app.command("agree-draw")
def agree_draw(game: GameName,
         powers: Annotated[list[str], typer.Argument(
             help="the powers sharing the draw: every surviving power")],
         include_eliminated: Annotated[bool, typer.Option(
             "--include-eliminated", help="let eliminated powers share the draw too")
                                       ] = False,
         db: Db = "gm.db"):
    """Record a draw the players agreed; the game ends ('gm undo' reopens it)."""
    from gm.game.history import declare_draw, result_sentence
    from gm.store import game_rows as rows

    names = [p.strip() for word in powers for p in word.split(",") if p.strip()]
    with opened(db) as store:
        text = declare_draw(store, game, names, include_eliminated)
        label = rows.open_phase(store, rows.get_game(store, game)).label
    say(f"{game}: game over. {result_sentence('draw', text, label)}")
