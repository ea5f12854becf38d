"""The letters of the open phase (`gm letters`, `--drop N`, `--accept N` for a message held as
late by `gm mail read`) and the order confirmations to mail back to players (`gm confirm`). Each parses its arguments, calls `gm.game`, and prints."""

from pathlib import Path
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import Db, GameName, fail, opened, say
from gm.cli.output import echo_text, print_echo

PowerOption = Annotated[str | None, typer.Option("--power", "-P", help="the power")]


@app.command("letters")
def letters(game: GameName,
            drop: Annotated[int | None, typer.Option(
                "--drop", metavar="N", help="withdraw letter N with everything it gave")
                            ] = None,
            accept: Annotated[int | None, typer.Option(
                "--accept", metavar="N", help="take message N, held as late or not read for "
                                              "its subject (gm mail read)")] = None,
            db: Db = "gm.db"):
    """List the letters entered for the current phase, with sender and time, and the
    messages held as late or set aside by 'gm mail read'."""
    from gm.game.phase_letters import drop_letter, list_letters
    from gm.mail.held import held_letters

    if accept is not None:
        accept_message(game, accept, db)
        return
    if drop is not None:
        with opened(db) as store:
            withdrawn, restored = drop_letter(store, game, drop)
        say(f"{game}: letter {drop} dropped; {withdrawn} line(s) withdrawn.")
        if restored:
            say(f"In force again: {'; '.join(restored)}.")
        return
    with opened(db) as store:
        label, found = list_letters(store, game)
        held = held_letters(store, game)
    for letter in held:
        take = f"; 'gm letters {game} --accept {letter.number}' takes it" \
            if letter.acceptable else ""
        say(f"  message {letter.number}, {letter.why.lower()}: {letter.sender} "
            f"({letter.power or '?'}), {letter.dated or 'no date'}: {letter.subject}"
            f"{take}")
    if not found:
        say(f"No letters yet for {label}.")
        return
    say(f"{game}: letters for {label}")
    for entry in found:
        state = "dropped" if entry.dropped else f"{entry.in_force} in force"
        when = entry.entered_at[:16].replace("T", " ") + " UTC"
        say(f"  {entry.number:>3}  {when}  {entry.sender:<12} "
            f"{entry.lines} line(s), {state}  {entry.source}".rstrip())


def accept_message(game: str, number: int, db: str) -> None:
    """`--accept N`: a message held as late, or set aside for its subject, taken now."""
    from gm.mail.inbox import accept_held

    with opened(db) as store:
        taken = accept_held(store, game, number)
    say(f"{taken.game}, {taken.phase}: message {number} taken:")
    print_echo(taken)


@app.command("confirm")
def confirm(game: GameName,
            power: PowerOption = None,
            all_: Annotated[bool, typer.Option(
                "--all", help="every power's confirmation, one file each in --out")] = False,
            out: Annotated[str | None, typer.Option(
                "--out", "-o", metavar="FOLDER", help="the folder for --all (made if missing "
                                                      "only when its parent exists)")] = None,
            db: Db = "gm.db"):
    """Print what gm read from a power's letters, what it will adjudicate and what it
    rejected, to mail back to the player."""
    from gm.game.confirmations import confirm as confirmations

    if all_ == (power is not None):
        fail("give --power P for one power, or --all --out FOLDER for every power.")
    if all_ and not out:
        fail("--all writes one file per power: give the folder with --out FOLDER.")
    with opened(db) as store:
        found = confirmations(store, game, power)
    if not all_:
        echo_text(found[0].text)
        return
    folder = Path(out)
    if not folder.parent.is_dir():
        fail(f"there is no folder {folder.parent}; create it first.")
    try:
        folder.mkdir(exist_ok=True)
        for item in found:
            slug = "".join(c if c.isalnum() else "-" for c in item.power.lower()).strip("-")
            (folder / f"{slug}.txt").write_text(item.text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write to {folder}: {exc.strerror or exc}")
    say(f"Wrote {len(found)} confirmation(s) to {folder}.")
