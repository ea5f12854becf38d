"""A game as a whole: `gm export` (its plain-text archive), `gm replay` (a game rebuilt from
one), `gm delete` (its archive written first) and `gm rename`. Each parses its arguments,
calls `gm.game`, and prints."""

from pathlib import Path
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import (
    Db,
    GameName,
    advanced,
    explained,
    fail,
    opened,
    progress_bar,
    say,
    store_named,
)
from gm.cli.conventions import examples
from gm.cli.output import echo_text


@app.command("export")
def export(game: GameName,
           target: Annotated[str | None, typer.Argument(
               metavar="[FILE]", help="where to write the archive; stdout if left out")] = None,
           private: Annotated[bool, typer.Option(
               "--private", help="include what only the GM sees: players' contacts and who "
                                 "sent grey press")] = False,
           db: Db = "gm.db"):
    """Write the game as a plain-text archive (docs/archive-format.md)."""
    from gm.game.archives import export_game

    with opened(db) as store:
        text = export_game(store, game, private)
    if target is None or target == "-":
        echo_text(text, data=True)
        return
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {target}: {exc}")
    say(f"Wrote the archive of {game} to {target}.")


@app.command("replay", epilog=examples(
    ("gm replay games/standard-demo.txt --check", "rebuild a game, checking every outcome"),
    ("gm replay old.txt --as old-game", "store it under another name"),
    ("gm replay old.txt --check --dry-run -q", "check an archive; store nothing"),
))
def replay(source: Annotated[str, typer.Argument(metavar="FILE", help="an archive file")],
           check: Annotated[bool, typer.Option(
               "--check", help="compare every phase with the outcome the archive records")
                            ] = False,
           name: Annotated[str | None, typer.Option(
               "--as", help="store the game under this name instead of the archive's")] = None,
           dry_run: Annotated[bool, typer.Option(
               "--dry-run", help="replay in a scratch database; store nothing")] = False,
           quiet: Annotated[bool, typer.Option("--quiet", "-q",
                                               help="do not print the reports")] = False,
           maps: Annotated[str | None, typer.Option(
               "--maps", metavar="FOLDER", help="draw every phase's board into FOLDER")
                           ] = None,
           jobs: Annotated[int | None, typer.Option(
               "--jobs", "-j", metavar="N",
               help="with --maps: draw N pictures at once (0: one per processor)")] = None,
           db: Db = "gm.db"):
    """Rebuild a game from an archive phase by phase, printing each report."""
    from gm.game.archives import ReplayDifferences, archive_text
    from gm.game.archives import replay as replay_archive
    from gm.game.games import check_game_name
    from gm.game.workflow_errors import WorkflowError
    from gm.report.text import render_text
    from gm.store.archive import ArchiveError, read_archive

    try:
        data = Path(source).read_bytes()
    except FileNotFoundError:
        fail(f"there is no archive file {source}.")
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
    try:
        archive = read_archive(archive_text(data, source), source)
    except (ArchiveError, WorkflowError) as exc:
        fail(str(exc))
    if not (name or archive.game):
        fail(f"{source} has no 'Game:' line; name the game with --as NAME.")
    with explained(db):
        check_game_name(name or archive.game)
    if jobs is not None and not maps:
        fail("-j draws several pictures at once: use it with --maps FOLDER.")
    if maps:
        from gm.cli.draw_commands import jobs_count

        workers = jobs_count(jobs)
    target = ":memory:" if dry_run else db
    with progress_bar() as bar:
        task = bar.add_task("replaying", total=len(archive.phases))

        def printed(report):
            if not quiet:
                echo_text(render_text(report))
                typer.echo("")
            advanced(bar, task)

        with opened(target, create=True) as store:
            try:
                done = replay_archive(store, archive, name, check, source, printed)
            except ReplayDifferences as exc:
                bar.stop()
                for difference in exc.differences:
                    say(str(difference))
                fail(str(exc))
            if maps:
                from gm.cli.draw_commands import write_all_boards

                write_all_boards(store, done.game, maps, jobs=workers, progress=bar)
    for note in done.notes:
        say(note)
    where = "nothing stored (dry run)" if dry_run else f"stored in {db}"
    summary = f"Replayed {done.game}: {done.phases} phases, now at {done.current}; {where}."
    if check:
        summary += f" Checked {done.checked} recorded outcomes: no differences."
    if done.result:
        summary += f" Result: {done.result}."
    say(summary)


@app.command("delete", epilog=examples(
    ("gm delete old-league", "asks first; writes old-league-deleted-DATE.txt here, then deletes"),
    ("gm delete old-league --yes --backup ~/attic/old.txt", "no question; the archive there"),
    ("gm replay old-league-deleted-2026-03-01-180500.txt", "bring a deleted game back"),
))
def delete(ctx: typer.Context, game: GameName,
           yes: Annotated[bool, typer.Option("--yes", "-y",
                                             help="delete without asking")] = False,
           backup: Annotated[str | None, typer.Option(
               "--backup", metavar="FILE",
               help="write the archive here (default: GAME-deleted-DATE.txt in this folder)")
                             ] = None,
           no_backup: Annotated[bool, typer.Option(
               "--no-backup", help="write no archive first (the game is gone for good)")
                                ] = False,
           db: Db = "gm.db"):
    """Delete a game and everything kept with it. Its whole archive (with players' contacts)
    is written first, so 'gm replay FILE' can bring it back."""
    from gm.game.deletion import backup_name, delete_game, game_facts

    if no_backup and backup:
        fail("--backup names where to write the archive and --no-backup writes none; give "
             "one of them.")
    with opened(db) as store:
        with explained(db):
            facts = game_facts(store, game)
        target = None if no_backup else Path(backup or backup_name(facts.name))
        if not yes:
            ended = f", {facts.result}" if facts.result else ""
            keep = f"its archive is written first to {target}" if target else \
                "no archive is written (--no-backup): it cannot be brought back"
            say(f"{facts.name}: {facts.variant}, at {facts.phase} ({facts.phases} "
                f"phases{ended}), in {store_named(ctx, db)}; {keep}.")
            if not typer.confirm(f"Delete {facts.name}?", default=False, err=True):
                fail("nothing was deleted.")
        with explained(db):
            done = delete_game(store, facts.name, target)
    kept = f"; its archive is {done.backup} ('gm replay {done.backup}' brings it back)" \
        if done.backup else ""
    say(f"Deleted {done.name} from {db}{kept}.")


@app.command("rename", epilog=examples(
    ("gm rename spring-league spring-league-1", "the game is known by the new name only"),
))
def rename(old: Annotated[str, typer.Argument(metavar="OLD", help="the game's name now")],
           new: Annotated[str, typer.Argument(metavar="NEW", help="its new name")],
           db: Db = "gm.db"):
    """Rename a game. Its history, players and mail stay with it; mail whose subject names
    the old name is no longer matched to it, so tell the players."""
    from gm.game.games import rename_game

    with opened(db) as store:
        before, after = rename_game(store, old, new)
    say(f"Renamed {before} to {after}.")
