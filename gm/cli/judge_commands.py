"""The judge's commands: run the cycle, set a game's schedule, approve what waits for the GM,
read the log (docs/judge.md). Each parses its arguments, calls `gm.judge`, and prints.

    gm judge [GAME...] [--dry-run] [--hold-for-gm] [--now WHEN]
    gm schedule GAME [movement 3d 18:00 Europe/London retreat 1d adjustment 1d] [options]
    gm approve GAME [--press N | --drop-press N]
    gm log GAME [--phase P]
"""

from contextlib import AbstractContextManager, nullcontext
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import Db, GameName, PhaseOption, fail, opened, say
from gm.cli.conventions import examples

NowOption = Annotated[str | None, typer.Option(
    "--now", metavar="WHEN", help="the judge's clock: an ISO 8601 moment "
                                  "(2026-11-21T18:00+00:00); also GM_NOW")]


def _clock(now: str | None) -> AbstractContextManager:
    """The judge's clock for this command only: `--now` if given (not left in the process's
    environment, where a later command in the same process would find it), else as it is."""
    from gm.dates import ClockError, clock_set_to, read_moment

    if now is None:
        return nullcontext()
    try:
        return clock_set_to(read_moment(now, "--now"))
    except ClockError as exc:
        fail(str(exc))


def _print_entries(game: str, zone: str, entries) -> None:
    from gm.judge.judge_log import when

    for entry in entries:
        phase = f"  {entry.phase}" if entry.phase else ""
        say(f"{game}  {when(entry.at, zone)}{phase}  {entry.action}: {entry.detail}")


def _print_runs(runs, verbose: bool) -> bool:
    """Print what each pass did; True if any stopped on a failure."""
    failed = False
    for run in runs:
        if run.busy:
            say(f"{run.game}: left alone: another gm is at work on it ({run.busy}).")
            continue
        if run.paused:
            if verbose:
                say(f"{run.game}: paused.")
            continue
        _print_entries(run.game, run.zone, run.entries)
        if run.error:
            failed = True
            say(f"gm: {run.game}: {run.error}", err=True)
        elif verbose and not run.entries:
            say(f"{run.game}: nothing due.")
    return failed


@app.command("judge", epilog=examples(
    ("gm judge", "one pass over every judged game: what is due, once"),
    ("gm judge spring-league --dry-run", "what it would do now, and why"),
    ("*/5 * * * * cd ~/diplomacy && gm judge", "a crontab line (docs/judge.md)"),
))
def judge(games: Annotated[list[str] | None, typer.Argument(
              metavar="GAME...", help="the games to judge (default: every game with a "
                                      "schedule)")] = None,
          dry_run: Annotated[bool, typer.Option(
              "--dry-run", help="say what would be done now and why; change nothing")] = False,
          hold: Annotated[bool, typer.Option(
              "--hold-for-gm", help="results of what this run adjudicates wait for "
                                    "'gm approve'")] = False,
          verbose: Annotated[bool, typer.Option(
              "--verbose", "-v", help="also name the games with nothing due")] = False,
          now: NowOption = None,
          db: Db = "gm.db"):
    """Run the judged games' cycle once: read the mailbox, confirm, remind, adjudicate at
    the deadline, send the results, set the next deadline. Each step is done once, however
    often it runs; cron or a systemd timer runs it every few minutes."""
    from gm.judge import cycle

    with _clock(now), opened(db) as store:
        names = games or cycle.judged_games(store)
        if not names:
            say("No game has a schedule yet: 'gm schedule GAME movement 3d 18:00 "
                "retreat 1d adjustment 1d' sets one.")
            return
        if dry_run:
            for name in names:
                _print_plan(*cycle.dry_run(store, name))
            return
        failed = _print_runs(cycle.judge(store, names, hold), verbose)
    if failed:
        raise typer.Exit(1)


def _print_plan(now, planned) -> None:
    due = f"due {now.due.words(now.zone)}" if now.due else "no deadline"
    say(f"{now.view.game.name}, {now.phase.label} ({due}); now "
        f"{now.words(now.now)}:")
    width = max(len(p.step) for p in planned)
    for item in planned:
        mark = "now" if item.verdict.due else "no"
        say(f"  {item.step:<{width}}  {mark:<3}  {item.verdict.why}")


@app.command("schedule", epilog=examples(
    ("gm schedule spring-league movement 3d 18:00 Europe/London retreat 1d adjustment 1d",
     "how long each kind of phase runs"),
    ("gm schedule spring-league --remind 24h --grace 2h --hold-for-gm", "the cycle's rules"),
    ("gm schedule spring-league --imap imap.example.com --imap-user gm", "where letters come"),
    ("gm schedule spring-league", "show the schedule"),
))
def schedule(
        game: GameName,
        words: Annotated[list[str] | None, typer.Argument(
            metavar="[KIND TIME]...", help="per kind of phase: 'movement 3d 18:00 "
                                           "Europe/London retreat 1d adjustment 1d'")] = None,
        movement: Annotated[str | None, typer.Option(help="how long a movement phase runs: "
                                                          "'3d 18:00'")] = None,
        retreat: Annotated[str | None, typer.Option(help="... a retreat phase: '1d'")] = None,
        adjustment: Annotated[str | None, typer.Option(help="... an adjustment phase")] = None,
        zone: Annotated[str | None, typer.Option(help="the game's time zone: "
                                                      "Europe/London, CET")] = None,
        remind: Annotated[str | None, typer.Option(
            help="remind the powers without orders this long before the deadline: '24h' "
                 "(0: never)")] = None,
        grace: Annotated[str | None, typer.Option(
            help="letters are still taken this long after the deadline: '2h'")] = None,
        early: Annotated[bool | None, typer.Option(
            "--early/--no-early", help="adjudicate once every power has complete orders")
                         ] = None,
        confirm: Annotated[bool | None, typer.Option(
            "--confirm/--no-confirm", help="mail a confirmation of each letter read")] = None,
        hold: Annotated[bool | None, typer.Option(
            "--hold-for-gm/--send-at-once", help="results wait for 'gm approve GAME'")] = None,
        picture: Annotated[bool | None, typer.Option(
            "--picture/--no-picture", help="the results carry the board as a picture")
                           ] = None,
        nmr: Annotated[str | None, typer.Option(
            help="when a power sends no orders: hold (its units hold) or civil-disorder")
                       ] = None,
        disorder_after: Annotated[int | None, typer.Option(
            "--civil-disorder-after", metavar="N",
            help="missed phases running before civil disorder")] = None,
        press: Annotated[str | None, typer.Option(
            help="press by mail: approve (waits for the GM), publish, or ignore")] = None,
        imap: Annotated[str | None, typer.Option(metavar="HOST", help="read letters from "
                                                 "this IMAP server (over TLS)")] = None,
        imap_user: Annotated[str | None, typer.Option(help="the IMAP user; the password "
                                                      "from GM_IMAP_PASSWORD")] = None,
        imap_port: Annotated[int | None, typer.Option(help="the IMAP port (993)")] = None,
        imap_folder: Annotated[str | None, typer.Option(help="the IMAP folder (INBOX)")
                               ] = None,
        maildir: Annotated[str | None, typer.Option(metavar="DIR", help="... or this "
                                                    "Maildir")] = None,
        mbox: Annotated[str | None, typer.Option(metavar="FILE", help="... or this mbox "
                                                 "file")] = None,
        no_mailbox: Annotated[bool, typer.Option(
            "--no-mailbox", help="no mailbox: the GM enters the letters")] = False,
        publish: Annotated[str | None, typer.Option(
            metavar="DIR", help="publish the site into DIR after each adjudication ('' "
                                "for none)")] = None,
        active: Annotated[bool | None, typer.Option(
            "--on/--off", help="the judge runs the game, or leaves it alone")] = None,
        db: Db = "gm.db"):
    """Set (or show) how the judge runs a game: its schedule and the cycle's rules."""
    from gm.judge.schedules import ScheduleChange, describe, schedule_of, set_schedule

    change = ScheduleChange(
        words=words or None, movement=movement, retreat=retreat, adjustment=adjustment,
        zone=zone, remind=remind, grace=grace, early=early, confirm=confirm, hold=hold,
        picture=picture, nmr=nmr, disorder_after=disorder_after, press=press, imap=imap,
        imap_user=imap_user, imap_port=imap_port, imap_folder=imap_folder, maildir=maildir,
        mbox=mbox, no_mailbox=no_mailbox, publish=publish, active=active)
    given = any(value not in (None, False) for value in (
        words, movement, retreat, adjustment, zone, remind, grace, early, confirm, hold,
        picture, nmr, disorder_after, press, imap, imap_user, imap_port, imap_folder, maildir,
        mbox, no_mailbox, publish, active)) or False in (early, confirm, hold, picture,
                                                         active)
    with opened(db) as store:
        if given:
            settings = set_schedule(store, game, change)
            name = schedule_of(store, game)[0].game.name
        else:
            view, settings = schedule_of(store, game)
            name = view.game.name
    if settings is None:
        say(f"{name}: the judge does not run it; 'gm schedule {name} movement 3d "
            "18:00 retreat 1d adjustment 1d' starts it.")
        return
    say(f"{name}:")
    for line in describe(settings):
        say(f"  {line}")


@app.command("approve", epilog=examples(
    ("gm approve spring-league", "send the results held for you; go on after an undo"),
    ("gm approve spring-league --press 3", "print press 3 that came by mail"),
))
def approve(game: GameName,
            press: Annotated[int | None, typer.Option(
                "--press", metavar="N", help="print press N that came by mail")] = None,
            drop_press: Annotated[int | None, typer.Option(
                "--drop-press", metavar="N", help="do not print press N")] = None,
            now: NowOption = None,
            db: Db = "gm.db"):
    """Let the judge go on: the results held for you go out (a judge pass runs at once),
    or a phase you undid is adjudicated again at its deadline."""
    from gm.judge import cycle
    from gm.judge.approval import approve as library
    from gm.judge.approval import approve_press

    if press is not None and drop_press is not None:
        fail("give --press N or --drop-press N, not both.")
    with _clock(now), opened(db) as store:
        if press is not None or drop_press is not None:
            words = approve_press(store, game, press or drop_press, drop=drop_press is not None)
            say(f"{game}: {words}.")
            return
        for words in library(store, game):
            say(f"{game}: {words}.")
        failed = _print_runs(cycle.judge(store, [game]), verbose=False)
    if failed:
        raise typer.Exit(1)


@app.command("log")
def log(game: GameName, phase: PhaseOption = None, db: Db = "gm.db"):
    """What the judge did for a game, each action with its time and why."""
    from gm.judge.judge_log import game_log

    with opened(db) as store:
        found = game_log(store, game, phase)
    if not found.entries:
        say(f"{found.game}: the judge has done nothing yet.")
        return
    _print_entries(found.game, found.zone, found.entries)
