"""Playing a season: `gm show` (the position), `gm orders` (a letter read in, echoed),
`gm status` (who has ordered), `gm adjudicate`, `gm report` and `gm chart`. Each parses its
arguments, calls `gm.game`, and prints through `output`."""


from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import (
    Db,
    GameName,
    MapOption,
    PhaseOption,
    console,
    fail,
    opened,
    read_text_input,
    say,
)
from gm.cli.conventions import examples
from gm.cli.output import (
    STATUS_WORD,
    AsciiOption,
    FormatOption,
    Lines,
    LinesOption,
    ListingFormat,
    ListingFormatOption,
    Names,
    NamesOption,
    ReportFormat,
    print_echo,
    print_formatted,
    print_json,
    print_report,
    stored_as,
)


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
    supplies = rules.supply.by_power(position, game_map)
    held = rules.supply.centres_by_power(position, game_map)
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
    console().print(table)
    if position.dislodged:
        dislodged = Table("power", "dislodged", "attacked from", "may retreat to",
                          title="Dislodged")
        for d in position.dislodged:
            options = retreat_options(d, position, game_map, rules)
            dislodged.add_row(game_map.powers[d.unit.power].name,
                              piece_shown(d.unit),
                              place(d.attacker_from) if d.attacker_from else "(by convoy)",
                              ", ".join(place(o) for o in options) or "nowhere: disbands")
        console().print(dislodged)
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
            console().print(builds)
    neutral = sorted(c for c in rules.supply.centres(position, game_map)
                     if c not in position.owners)
    if neutral:
        say(f"Neutral centres: {', '.join(place(c) for c in neutral)}")
    if view.game.result:
        say(f"Game over: {view.game.result}")


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
    text, origin = read_text_input(source, "the orders", force)
    from gm.game.intake import take_orders

    with opened(db) as store:
        taken = take_orders(store, game, text, power, origin, replace, force)
    say(f"{taken.game}, {taken.phase}:")
    print_echo(taken)


def _list_orders(game: str, db: str, power: str | None = None) -> None:
    from rich.table import Table

    from gm.game.intake import list_orders

    with opened(db) as store:
        label, listed = list_orders(store, game, power=power)
    if not listed:
        say(f"No orders yet for {label}.")
        return
    table = Table("power", "as written", "status", "read as / reason",
                  title=f"{game}: orders for {label}")
    for o in listed:
        kind = stored_as(o.status, o.category)
        table.add_row(o.power or "?", o.text, STATUS_WORD.get(kind, kind), o.detail)
    console().print(table)


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
    say(f"{p.game}: {p.phase} ({p.variant})")
    if p.result:
        say(f"Game over: {p.result}")
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
        say(line)
    if p.kind == "Movement":
        say("Every unit has an order." if not missing else
            f"{missing} unit(s) without orders will hold.")
    elif p.kind == "Retreat":
        say("Every dislodged unit has an order." if not missing else
            f"{missing} dislodged unit(s) without orders will disband.")
    else:
        say("Every power has ordered its adjustments." if p.complete else
            "Missing builds will be waived; missing removals follow the "
            "civil-disorder rule.")
    if p.not_taken:
        say("Lines not taken as orders (never printed in the report unless they "
            "may be orders):")
        for line in p.not_taken:
            say(f"  {line.power:<10} {line.text}  ({line.reason})")
    for letter in held:
        take = f"; 'gm letters {p.game} --accept {letter.number}' takes it" \
            if letter.acceptable else ""
        say(f"{letter.why}: message {letter.number} from {letter.sender} "
            f"({letter.power or '?'}), dated {letter.dated or 'without a date'}, "
            f"subject {letter.subject!r}{take}.")
    if p.can_redo:
        say(f"'gm redo {p.game}' would restore the phase you undid.")


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
        say(f"{name}: reports print {_LINES_WORDS[set_lines]}.")
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
