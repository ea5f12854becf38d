"""`gm draw`: draw a phase's board as SVG (or PNG for print), and the helpers that let
`gm adjudicate`, `gm report` and `gm replay` write the picture beside their reports.

(A draw agreed between powers is recorded with `gm agree-draw`.)
"""

from pathlib import Path
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import Db, PhaseOption, advanced, fail, opened, progress_bar, say
from gm.cli.conventions import examples


def _write(svg: str, target: str, png: bool) -> Path:
    from gm.draw.files import PictureError, write_picture

    try:
        return write_picture(svg, target, png)
    except PictureError as exc:
        fail(str(exc))


def check_target(target: str | None, png: bool = False) -> bool:
    """Refuse a file name gm cannot write, or PNG where it cannot be made, before any work is
    done (`gm adjudicate --map` must not adjudicate and then fail to draw); whether the
    picture is PNG."""
    if target is None and not png:
        return False  # nothing to draw: do not load the drawing code
    from gm.draw.files import PictureError, picture_format, png_support

    check = png_support
    if target in (None, "-"):
        if png and target == "-":
            fail("PNG cannot go to the terminal; give a file, e.g. -o board.png.")
        if png:
            _or_fail(check)
        return png
    try:
        if Path(target).is_dir():  # the picture goes inside, under its usual name
            if png:
                check()
            return png
        if picture_format(target, png) == "png":
            check()
            return True
    except PictureError as exc:
        fail(str(exc))
    return False


def _or_fail(check) -> None:
    from gm.draw.files import PictureError

    try:
        check()
    except PictureError as exc:
        fail(str(exc))


def _find(store, game: str, phase: str | None, preview: bool, report: bool):
    from gm.draw.stored import last_adjudicated_board, preview_board, stored_board

    if preview:
        return preview_board(store, game)
    if report:
        return last_adjudicated_board(store, game, phase)
    return stored_board(store, game, phase)


def _save(found, target: str, png: bool, err: bool = True) -> Path:
    """Draw and write `found`; a folder as `target` gets the usual name (`GAME-S1901M.svg`)."""
    from gm.draw import draw_phase

    if Path(target).is_dir():
        target = str(Path(target) / f"{found.game}-{found.short}{'.png' if png else '.svg'}")
    written = _write(draw_phase(found.game_map, found.board), target, png)
    say(f"Drew {found.game}, {found.label} to {written}.", err=err)
    return written


def write_board(store, game: str, phase: str | None, target: str, *, preview: bool = False,
                png: bool = False, report: bool = False) -> Path:
    """Draw one phase of a stored game to `target` and say so on stderr (stdout carries the
    report). `report=True` means the phase a season report is about (by default the last
    adjudicated one); otherwise the open phase by default."""
    check_target(target, png)
    return _save(_find(store, game, phase, preview, report), target, png)


def write_all_boards(store, game: str, folder: str, png: bool = False, jobs: int = 1,
                     progress=None) -> list[Path]:
    """Draw every phase of a stored game into `folder`, one file per phase
    (`GAME-S1901M.svg`), with `jobs` workers and a progress bar on stderr (a task of
    `progress` when the caller shows one already); says how many on stderr."""
    from gm.draw.batch import Job, draw_all
    from gm.draw.files import PictureError
    from gm.draw.stored import all_boards

    check_target(None, png)
    place = Path(folder)
    if place.exists() and not place.is_dir():
        fail(f"{folder} is a file; --every-phase needs a folder to write the pictures in.")
    if not place.parent.is_dir():
        fail(f"there is no folder {place.parent}; create it first, or give another folder.")
    try:
        place.mkdir(exist_ok=True)
    except OSError as exc:
        fail(f"cannot make the folder {folder}: {exc.strerror or exc}")
    suffix = ".png" if png else ".svg"
    todo = [Job(found.game_map, found.board, place / f"{found.game}-{found.short}{suffix}", png)
            for found in all_boards(store, game)]
    written: list[Path] = []
    own = progress is None
    bar = progress_bar() if own else progress
    try:
        if own:
            bar.start()
        task = bar.add_task("drawing", total=len(todo))
        for path in draw_all(todo, jobs):
            written.append(path)
            advanced(bar, task)
    except PictureError as exc:
        fail(str(exc))
    finally:
        if own:
            bar.stop()
    say(f"Drew {len(written)} phase(s) of {game} into {folder}.", err=True)
    return sorted(written)


def jobs_count(jobs: int | None) -> int:
    """`-j N` as given (at least 1); `-j 0` means one per processor."""
    from gm.draw.batch import default_jobs

    if jobs is None:
        return 1
    if jobs < 0:
        fail(f"-j {jobs}: give the number of pictures to draw at once (1 or more, or 0 for "
             "one per processor).")
    return jobs or default_jobs()


JobsOption = Annotated[int | None, typer.Option(
    "--jobs", "-j", metavar="N",
    help="draw N pictures at once (0: one per processor; default 1)")]


@app.command("draw", epilog=examples(
    ("gm draw spring-league", "the open phase, to spring-league-S1901M.svg here"),
    ("gm draw spring-league -p 'Autumn 1901' -o a1901.png", "an adjudicated phase, for print"),
    ("gm draw spring-league --every-phase boards/ -j 4", "every phase, one file each, "
                                                        "four at a time"),
    ("gm draw --variant middle-earth-viii", "a map's starting position"),
))
def draw(
    game: Annotated[str | None, typer.Argument(help="the game's name")] = None,
    phase: PhaseOption = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="FILE",
        help="the file to write: .svg, or .png for print; '-' prints the SVG; default "
             "GAME-PHASE.svg here")] = None,
    png: Annotated[bool, typer.Option("--png", help="write PNG, for print and mail")
                   ] = False,
    preview: Annotated[bool, typer.Option(
        "--preview", help="the open phase with its orders so far, as adjudicating now would "
                          "resolve them")] = False,
    folder: Annotated[str | None, typer.Option(
        "--every-phase", metavar="FOLDER", help="write every phase of the game into FOLDER")
                      ] = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", "-v", help="draw a variant's starting position (no game needed)")
                       ] = None,
    jobs: JobsOption = None,
    db: Db = "gm.db",
):
    """Draw the board of a phase: regions, centres, pieces and, once adjudicated, the
    orders with their results (the open phase by default)."""
    if variant is not None:
        if game is not None:
            fail("give a game or --variant, not both.")
        if phase or preview or folder or jobs is not None:
            fail("--variant draws the starting position; leave out --phase, --preview, "
                 "--every-phase and -j.")
        _draw_variant(variant, output, png)
        return
    if game is None:
        fail("name the game to draw (see 'gm games'), or give --variant NAME for a "
             "variant's starting position.")
    if jobs is not None and folder is None:
        fail("-j draws several pictures at once: use it with --every-phase FOLDER.")
    if folder is not None:
        if output is not None or phase is not None or preview:
            fail("--every-phase writes one file per phase; leave out -o, --phase and "
                 "--preview.")
        workers = jobs_count(jobs)
        with opened(db) as store:
            write_all_boards(store, game, folder, png, workers)
        return
    check_target(output, png)
    with opened(db) as store:
        found = _find(store, game, phase, preview, report=False)
    if output == "-":
        from gm.draw import draw_phase

        typer.echo(draw_phase(found.game_map, found.board), nl=False)
        return
    _save(found, output or ".", png, err=False)


def _draw_variant(variant: str, output: str | None, png: bool) -> None:
    from gm.draw import draw_phase
    from gm.draw.board_maker import make_board
    from gm.draw.layout import layout_for
    from gm.engine.position import starting_position
    from gm.game.games import variant_map
    from gm.game.workflow_errors import WorkflowError

    check_target(output, png)
    try:
        game_map = variant_map(variant)
    except WorkflowError as exc:
        fail(str(exc))
    board = make_board(game_map, starting_position(game_map), game="",
                       status="starting position")
    svg = draw_phase(game_map, board)
    if output == "-":
        typer.echo(svg, nl=False)
        return
    written = _write(svg, output or f"{game_map.id}{'.png' if png else '.svg'}", png)
    layout = layout_for(game_map)
    say(f"Drew the starting position of {game_map.name} to {written}.")
    if layout.links:
        pairs = ", ".join(f"{a}-{b}" for a, b in layout.links)
        say(f"{len(layout.links)} pair(s) of neighbours do not touch on the picture "
            f"and are joined by a line: {pairs}. Moving their 'pos' in the map "
            "file can bring them together (docs/pictures.md).")
