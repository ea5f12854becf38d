"""The game commands: variants, new, games, show, orders, status, adjudicate, report, chart,
undo, redo, edit, agree-draw, export, replay. Each parses its arguments, calls `gm.game`, and
prints. (`gm draw` is in `draw_commands`, the zine's commands in `zine_commands`.)

Every command takes `--db PATH` (or `GM_DB`); the default is `gm.db` in the working folder if
there is one, else the user's own store (`gm.store.database.choose_store`).
Heavy modules are imported inside the commands so that `gm --help` starts at once.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import (
    STORE_CHOICE,
    Db,
    GameName,
    MapOption,
    PhaseOption,
    console,
    err_console,
    explained,
    fail,
    opened,
    read_text_input,
    store_named,
)
from gm.cli.conventions import examples


class ReportFormat(StrEnum):
    """How a report is printed: plain text for mail and print, rich tables for the terminal,
    Markdown for web zines."""

    text = "text"
    rich = "rich"
    markdown = "markdown"
    json = "json"


FormatOption = Annotated[ReportFormat, typer.Option(
    "--format", "-f",
    help="text (mail and print), rich (terminal), markdown (web) or json (docs/json.md)")]


class ListingFormat(StrEnum):
    """How `gm show` and `gm status` print: tables for people, JSON for programs."""

    text = "text"
    json = "json"


ListingFormatOption = Annotated[ListingFormat, typer.Option(
    "--format", "-f", help="text, or json (docs/json.md)")]


def print_json(document: dict) -> None:
    from gm.report.json_model import dumps

    echo_text(dumps(document))
class Names(StrEnum):
    """How orders name units and places: `A Vie - Gal` or, as the judges print them,
    `Army Vienna -> Galicia`."""

    short = "short"
    full = "full"


NamesOption = Annotated[Names, typer.Option(
    "--names", help="short (A Vie - Gal) or full (Army Vienna -> Galicia), as judges print")]
AsciiOption = Annotated[bool, typer.Option(
    "--ascii", help="7-bit text only: accents dropped, dashes and quotes typed plainly")]


class Lines(StrEnum):
    """Which lines of the letters that were not adjudicated a report prints."""

    refused = "refused"
    all = "all"
    none = "none"


LinesOption = Annotated[Lines | None, typer.Option(
    "--lines", help="the letter lines not adjudicated to print: refused (meant as orders and "
                    "refused, with the reason), all (quoted mail and remarks too), none "
                    "(default: the game's setting, refused unless changed with --set-lines)")]


def _renderer(what: str, format: ReportFormat):
    """The function that renders a season report (or the centre chart, `what="chart"`) in
    `format`, imported here and only when used: a command loads one renderer, not four."""
    report = what == "report"
    if format is ReportFormat.rich:
        from gm.report.rich_render import render_chart_rich, render_rich

        return render_rich if report else render_chart_rich
    if format is ReportFormat.markdown:
        from gm.report.markdown import render_chart_markdown, render_markdown

        return render_markdown if report else render_chart_markdown
    if format is ReportFormat.json:
        from gm.report.json_model import chart_document, report_document

        return report_document if report else chart_document
    from gm.report.text import render_chart_text, render_text

    return render_text if report else render_chart_text


def print_formatted(data, format: ReportFormat, ascii: bool, what: str = "report") -> None:
    """Print a season report (or the centre chart, `what="chart"`) in the chosen format."""
    render = _renderer(what, format)
    if format is ReportFormat.rich:
        from gm.report.rich_render import print_rich, terminal

        console = terminal()
        print_rich(render(data, ascii, console), console)
    elif format is ReportFormat.json:
        print_json(render(data))
    else:
        echo_text(render(data, ascii))


def print_report(report, format: ReportFormat, ascii: bool) -> None:
    """Print a season report in the chosen format (renderers are imported only here)."""
    print_formatted(report, format, ascii)


def echo_text(text: str) -> None:
    """Print text exactly (no wrapping, no markup): reports and archives are mailed as is."""
    typer.echo(text, nl=not text.endswith("\n"))


@app.command("variants")
def variants():
    """List the variants (maps) a game can be played on."""
    from gm.maps import MapError, available_maps, load_map
    from gm.maps.loader import maps_dirs, own_maps_dirs
    from gm.report.supply_words import board_centres

    for folder in own_maps_dirs():
        if not folder.is_dir():
            err_console.print(f"gm: GM_MAPS names {folder}, which is not a folder.",
                              markup=False)
    try:
        names = available_maps()
    except MapError as exc:  # gm's own maps are not installed
        fail(str(exc))
    if not names:
        where = ", ".join(str(folder) for folder in maps_dirs())
        fail(f"no map files (*.toml) in {where}; gm's own maps are missing, so reinstall gm, "
             "or name a folder of map files with GM_MAPS.")
    for name in names:
        try:
            game_map = load_map(name)
        except MapError:
            console.print(f"{name}  (map has problems; run 'gm map check {name}')",
                          markup=False)
            continue
        draft = f"  (draft, not playable yet: {game_map.draft})" if game_map.draft else ""
        console.print(f"{name}  {game_map.name}: {len(game_map.powers)} powers, "
                      f"{board_centres(game_map)}{draft}", markup=False)


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
        console.print(f"Started {view.game.name} ({view.map.name}) at {phase.label} in "
                      f"{store_named(ctx, db)}.", markup=False)


@app.command("games")
def games(ctx: typer.Context, db: Db = "gm.db"):
    """List the games in the database with the phase each has reached, and name the
    database (the store) in use."""
    from rich.table import Table

    from gm.game.games import list_games

    where = store_named(ctx, db)
    choice = ctx.meta.get(STORE_CHOICE)
    if choice is not None and choice.per_user and not Path(db).exists():
        console.print(f"No games yet: {where} does not exist; 'gm new GAME' starts one "
                      "there.", markup=False)
        return
    with opened(db) as store:
        found = list_games(store)
    console.print(f"Store: {where}", markup=False)
    if not found:
        console.print("No games in it yet; start one with 'gm new GAME'.", markup=False)
        return
    table = Table("game", "variant", "phase", "result")
    for g in found:
        table.add_row(g.name, g.variant, g.phase, g.result or "")
    console.print(table)


@app.command("show")
def show(game: GameName, phase: PhaseOption = None,
         format: ListingFormatOption = ListingFormat.text, db: Db = "gm.db"):
    """Show the position at the start of a phase (the current one by default)."""
    from rich.table import Table

    from gm.engine.adjustment_phase import adjustments_due, amount
    from gm.game.games import position_at
    from gm.notation import piece_shown, place, stacks_shown
    from gm.orders.legality import open_build_sites, retreat_options
    from gm.report.supply_words import WORTH, supply_counts, units_cell, worth_differs
    from gm.rules import RuleSet

    with opened(db) as store:
        view, row, position = position_at(store, game, phase)
    game_map = view.map
    if format is ListingFormat.json:
        from gm.report.json_model import position_document

        print_json(position_document(view.game.name, view.game.result, row.label, position,
                                     game_map))
        return
    rules = RuleSet.for_map(game_map)
    supplies, held = rules.supplies(position, game_map), rules.supply_centres(position,
                                                                              game_map)
    shown = [p for p in game_map.powers if position.units_of(p) or position.centres_of(p)]
    worth = worth_differs((len(held.get(p, ())), supplies.get(p, 0.0)) for p in shown)
    table = Table("power", "centres", *([WORTH] if worth else []), "units", "pieces",
                  "supply centres", title=f"{view.game.name}: {row.label} ({game_map.name})")
    counts = supply_counts(position, game_map, rules)  # as the report's supply table counts
    for power_id in shown:  # how many centres supply the power and, if not one each, their worth
        units = position.units_of(power_id)
        table.add_row(game_map.powers[power_id].name, str(len(held.get(power_id, ()))),
                      *([amount(supplies.get(power_id, 0.0))] if worth else []),
                      units_cell(counts[power_id]) if power_id in counts else "0",
                      ", ".join(stacks_shown(units)),
                      ", ".join(place(c) for c in position.centres_of(power_id)))
    console.print(table)
    if position.dislodged:
        dislodged = Table("power", "dislodged", "attacked from", "may retreat to",
                          title="Dislodged")
        for d in position.dislodged:
            options = retreat_options(d, position, game_map, rules)
            dislodged.add_row(game_map.powers[d.unit.power].name,
                              piece_shown(d.unit),
                              place(d.attacker_from) if d.attacker_from else "(by convoy)",
                              ", ".join(place(o) for o in options) or "nowhere: disbands")
        console.print(dislodged)
    if position.phase.kind == "Adjustment":
        builds = Table("power", "builds", "open build sites", title="Builds")
        for power_id, due in adjustments_due(position, game_map, rules).items():
            if due <= 0:
                continue
            sites = open_build_sites(power_id, position, game_map, rules)
            builds.add_row(game_map.powers[power_id].name, amount(due),
                           "; ".join(f"{place(site)} ({', '.join(kinds)})"
                                     for site, kinds in sites.items()) or "none")
        if builds.row_count:
            console.print(builds)
    neutral = sorted(c for c in rules.centres(position, game_map) if c not in position.owners)
    if neutral:
        console.print(f"Neutral centres: {', '.join(place(c) for c in neutral)}", markup=False)
    if view.game.result:
        console.print(f"Game over: {view.game.result}", markup=False)


STATUS_WORD = {"accepted": "ok", "later": "later", "rejected": "REJECTED",
               "ignored": "ignored", "superseded": "replaced", "withdrawn": "withdrawn"}


@app.command("orders", epilog=examples(
    ("gm orders spring-league letter.txt", "read a letter (the power is named in it)"),
    ("gm orders spring-league -P France fr.txt", "a letter that does not say whose it is"),
    ("gm orders spring-league", "paste the orders, then Ctrl-D"),
    ("gm orders spring-league --replace new.txt", "new orders replace the power's earlier ones"),
    ("gm orders spring-league --list", "what has been entered so far"),
))
def orders(game: GameName,
           source: Annotated[str | None, typer.Argument(
               metavar="[FILE|-]", help="a file holding the letter, or - for stdin; "
                                        "without it, paste the orders")] = None,
           power: Annotated[str | None, typer.Option(
               "--power", "-P", help="whose letter this is, if it does not say")] = None,
           list_: Annotated[bool, typer.Option("--list", "-l",
                                               help="show the orders entered so far")] = False,
           replace: Annotated[bool, typer.Option(
               "--replace", help="withdraw this power's earlier orders first")] = False,
           force: Annotated[bool, typer.Option(
               "--force", help="read a letter over 1 MB or 5,000 lines all the same")
                            ] = False,
           db: Db = "gm.db"):
    """Enter a letter of orders for the current phase, and echo what gm read."""
    if list_:
        _list_orders(game, db, power)
        return
    text, origin = read_text_input(source, "the orders")
    from gm.game.intake import take_orders

    with opened(db) as store:
        taken = take_orders(store, game, text, power, origin, replace, force)
    console.print(f"{taken.game}, {taken.phase}:", markup=False)
    print_echo(taken)


def print_echo(taken) -> None:
    """What gm read from a letter, line by line, and what it stored."""
    if taken.read_as:
        console.print(taken.read_as, markup=False, soft_wrap=True)
    width = max((len(line.text) for line in taken.lines), default=0)
    for line in taken.lines:
        who = line.power or "?"
        console.print(f"  {STATUS_WORD.get(line.status, line.status):<9} {who:<8} "
                      f"{line.text:<{width}}  {line.detail}".rstrip(), markup=False,
                      soft_wrap=True)
    counts = {s: sum(1 for line in taken.lines if line.status == s) for s in STATUS_WORD}
    summary = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    console.print(f"Stored: {summary or 'nothing'}.", markup=False)
    if taken.superseded:
        console.print(f"These earlier orders were replaced: {'; '.join(taken.superseded)}.",
                      markup=False, soft_wrap=True)
    if taken.withdrawn:
        count = taken.withdrawn
        console.print(f"{count} earlier order{'' if count == 1 else 's'} withdrawn.",
                      markup=False)


def _list_orders(game: str, db: str, power: str | None = None) -> None:
    from rich.table import Table

    from gm.game.intake import list_orders

    with opened(db) as store:
        label, listed = list_orders(store, game, power=power)
    if not listed:
        console.print(f"No orders yet for {label}.", markup=False)
        return
    table = Table("power", "as written", "status", "read as / reason",
                  title=f"{game}: orders for {label}")
    for o in listed:
        table.add_row(o.power or "?", o.text, STATUS_WORD.get(o.status, o.status), o.detail)
    console.print(table)


@app.command("status")
def status(game: GameName, format: ListingFormatOption = ListingFormat.text,
           db: Db = "gm.db"):
    """Which powers have ordered, and which units still have no order."""
    from gm.game.progress import progress
    from gm.mail.held import held_letters

    with opened(db) as store:
        p = progress(store, game)
        held = held_letters(store, game) if not p.result else []
    if format is ListingFormat.json:
        from gm.report.json_model import status_document

        print_json(status_document(p))
        return
    console.print(f"{p.game}: {p.phase} ({p.variant})", markup=False)
    if p.result:
        console.print(f"Game over: {p.result}", markup=False)
        return
    missing = 0
    for power in p.powers:
        plural = "" if power.orders == 1 else "s"
        line = f"  {power.power:<10} {power.orders:>2} order{plural}"
        if power.missing:
            missing += len(power.missing)
            line += f"; no order yet for {', '.join(power.missing)}"
        if power.note:
            line += f"; {power.note}"
        console.print(line, markup=False, soft_wrap=True)
    if p.kind == "Movement":
        console.print("Every unit has an order." if not missing else
                      f"{missing} unit(s) without orders will hold.", markup=False)
    elif p.kind == "Retreat":
        console.print("Every dislodged unit has an order." if not missing else
                      f"{missing} dislodged unit(s) without orders will disband.",
                      markup=False)
    else:
        console.print("Every power has ordered its adjustments." if p.complete else
                      "Missing builds will be waived; missing removals follow the "
                      "civil-disorder rule.", markup=False)
    if p.not_taken:
        console.print("Lines not taken as orders (never printed in the report unless they "
                      "may be orders):", markup=False)
        for line in p.not_taken:
            console.print(f"  {line.power:<10} {line.text}  ({line.reason})", markup=False,
                          soft_wrap=True)
    for letter in held:
        console.print(f"Held as late: message {letter.number} from {letter.sender} "
                      f"({letter.power or '?'}), dated {letter.dated or 'without a date'}; "
                      f"'gm letters {p.game} --accept {letter.number}' takes it.",
                      markup=False, soft_wrap=True)
    if p.can_redo:
        console.print(f"'gm redo {p.game}' would restore the phase you undid.", markup=False)


@app.command("adjudicate", epilog=examples(
    ("gm adjudicate spring-league --preview", "see the outcome; nothing is stored"),
    ("gm adjudicate spring-league", "resolve, store and print the report"),
    ("gm adjudicate spring-league -p 'Spring 1901'", "refuse if the game is at another phase"),
    ("gm adjudicate spring-league --map s1901.svg", "also draw the board with the orders"),
))
def adjudicate(game: GameName,
               preview: Annotated[bool, typer.Option(
                   "--preview", help="show the outcome without storing anything")] = False,
               phase: Annotated[str | None, typer.Option(
                   "--phase", "-p", help="refuse unless the game is at this phase")] = None,
               no_orders: Annotated[bool, typer.Option(
                   "--no-orders", help="adjudicate even though no power sent any order "
                                       "(otherwise refused: a second run by mistake)")
                                    ] = False,
               format: FormatOption = ReportFormat.text,
               ascii: AsciiOption = False,
               names: NamesOption = Names.short,
               map_file: MapOption = None,
               lines: LinesOption = None,
               db: Db = "gm.db"):
    """Resolve the current phase, store the results, and print the season report."""
    from gm.cli.draw_commands import check_target, write_board
    from gm.game import adjudication
    from gm.game.adjudication import preview_report
    from gm.game.reports import phase_report

    check_target(map_file)
    with opened(db) as store:
        full = names is Names.full
        shown = lines.value if lines else None
        if preview:
            report = preview_report(store, game, full, shown)
        else:
            done = adjudication.adjudicate(store, game, phase, no_orders)
            report = phase_report(store, game, done.phase, full, shown)
        if map_file:
            write_board(store, game, None if preview else report.phase, map_file,
                        preview=preview, report=True)
    print_report(report, format, ascii)


@app.command("report", epilog=examples(
    ("gm report spring-league", "the last adjudicated phase, as plain text"),
    ("gm report spring-league -p 'Autumn 1901'", "an earlier phase"),
    ("gm report spring-league -f markdown", "for a web zine"),
    ("gm report spring-league --ascii > mail.txt", "7-bit text for any mail program"),
    ("gm report spring-league --lines all", "every letter line not adjudicated, this once"),
    ("gm report spring-league --set-lines none", "public reports print no letter lines"),
))
def report(game: GameName, phase: PhaseOption = None, format: FormatOption = ReportFormat.text,
           ascii: AsciiOption = False, names: NamesOption = Names.short,
           map_file: MapOption = None, lines: LinesOption = None,
           set_lines: Annotated[Lines | None, typer.Option(
               "--set-lines", help="change the game's setting only: which letter lines its "
                                   "reports, site and results by mail print (refused, all, "
                                   "none)")] = None,
           db: Db = "gm.db"):
    """Print a phase's season report again (the last adjudicated phase by default)."""
    from gm.cli.draw_commands import check_target, write_board
    from gm.game.reports import phase_report, set_report_lines

    if set_lines is not None:
        if phase or lines or map_file:
            fail("--set-lines changes the game's setting only; print a report with a "
                 "separate command.")
        with opened(db) as store:
            name = set_report_lines(store, game, set_lines.value)
        console.print(f"{name}: reports print {_LINES_WORDS[set_lines]}.", markup=False)
        return
    check_target(map_file)
    with opened(db) as store:
        found = phase_report(store, game, phase, names is Names.full,
                             lines.value if lines else None)
        if map_file:
            write_board(store, game, found.phase, map_file, report=True)
    print_report(found, format, ascii)


_LINES_WORDS = {Lines.refused: "the letter lines meant as orders and refused, with the reason",
                Lines.all: "every letter line not adjudicated but headings and lines with "
                           "addresses",
                Lines.none: "no letter lines"}


@app.command("chart")
def chart(game: GameName, format: FormatOption = ReportFormat.text, ascii: AsciiOption = False,
          db: Db = "gm.db"):
    """Print the supply-centre chart: each power's centres at the end of every year (or what
    the variant scores instead, as its heading says)."""
    from gm.game.reports import centre_chart

    with opened(db) as store:
        found = centre_chart(store, game)
    print_formatted(found, format, ascii, "chart")


@app.command("undo")
def undo(game: GameName, db: Db = "gm.db"):
    """Go back to the previous phase, with its orders as they were."""
    from gm.game.history import undo as undo_step

    with opened(db) as store:
        step = undo_step(store, game)
    if step.from_label == step.to_label:
        console.print(f"{step.game}: {step.note}.", markup=False)
        return
    console.print(f"{step.game}: back from {step.from_label} to {step.to_label}; its orders "
                  f"are as they were. 'gm redo {step.game}' goes forward again while nothing "
                  "changes.", markup=False)
    if step.note:
        console.print(f"Note: {step.note}.", markup=False)


@app.command("redo")
def redo(game: GameName, db: Db = "gm.db"):
    """Restore the phase undone last, if nothing has changed since."""
    from gm.game.history import redo as redo_step

    with opened(db) as store:
        step = redo_step(store, game)
    console.print(f"{step.game}: forward again from {step.from_label} to {step.to_label}.",
                  markup=False)
    if step.note:
        console.print(step.note, markup=False)


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
    console.print(f"{game}: {done.description} (reason: {done.reason}).", markup=False)


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
    console.print(f"{game}: game over. {result_sentence('draw', text, label)}", markup=False)


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
        echo_text(text)
        return
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {target}: {exc}")
    console.print(f"Wrote the archive of {game} to {target}.", markup=False)


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
    from rich.progress import Progress

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
    with Progress(console=err_console, transient=True) as bar:
        task = bar.add_task("replaying", total=len(archive.phases))

        def printed(report):
            if not quiet:
                echo_text(render_text(report))
                typer.echo("")
            bar.advance(task)

        with opened(target, create=True) as store:
            try:
                done = replay_archive(store, archive, name, check, source, printed)
            except ReplayDifferences as exc:
                bar.stop()
                for difference in exc.differences:
                    console.print(str(difference), markup=False, soft_wrap=True)
                fail(str(exc))
            if maps:
                from gm.cli.draw_commands import write_all_boards

                write_all_boards(store, done.game, maps, jobs=workers, progress=bar)
    for note in done.notes:
        console.print(note, markup=False, soft_wrap=True)
    where = "nothing stored (dry run)" if dry_run else f"stored in {db}"
    summary = f"Replayed {done.game}: {done.phases} phases, now at {done.current}; {where}."
    if check:
        summary += f" Checked {done.checked} recorded outcomes: no differences."
    if done.result:
        summary += f" Result: {done.result}."
    console.print(summary, markup=False, soft_wrap=True)


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
            console.print(f"{facts.name}: {facts.variant}, at {facts.phase} ({facts.phases} "
                          f"phases{ended}), in {store_named(ctx, db)}; {keep}.", markup=False)
            if not typer.confirm(f"Delete {facts.name}?", default=False, err=True):
                fail("nothing was deleted.")
        with explained(db):
            done = delete_game(store, facts.name, target)
    kept = f"; its archive is {done.backup} ('gm replay {done.backup}' brings it back)" \
        if done.backup else ""
    console.print(f"Deleted {done.name} from {db}{kept}.", markup=False)


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
    console.print(f"Renamed {before} to {after}.", markup=False)
