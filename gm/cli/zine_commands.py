"""The zine commands: players, deadline, press, nmr. Each parses its arguments, calls
`gm.game`, and prints; player text is printed as `Text`, never as markup.

    gm players GAME                          who plays each power now (contacts included)
    gm players GAME POWER NAME... [--contact C] [--standby] [--phase P]
    gm players GAME POWER --vacant           nobody plays it from now on
    gm deadline GAME [WHEN...]               show or set when the current orders are due
    gm press GAME [FILE|-] --from POWER | --grey | --gm
    gm nmr GAME                              who has sent no orders, and how often running
"""

from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import (
    Db,
    GameName,
    PhaseOption,
    console,
    fail,
    opened,
    read_text_input,
    say,
)


def _text(value: str, style: str = ""):
    from rich.text import Text

    return Text(value, style=style)


@app.command("players")
def players(game: GameName,
            power: Annotated[str | None, typer.Argument(
                help="the power whose player to set; leave out to list")] = None,
            name: Annotated[list[str] | None, typer.Argument(
                help="the player's name, as the zine prints it")] = None,
            contact: Annotated[str | None, typer.Option(
                "--contact", "-c", help="an address or email, for the GM only (never printed "
                                        "in reports)")] = None,
            standby: Annotated[bool, typer.Option(
                "--standby", help="a standby player, plays the power for now")] = False,
            vacant: Annotated[bool, typer.Option(
                "--vacant", help="nobody plays the power (from the phase on)")] = False,
            phase: PhaseOption = None,
            history: Annotated[bool, typer.Option(
                "--history", help="every change of player, with the phase it took effect")
                               ] = False,
            db: Db = "gm.db"):
    """List or set who plays each power. A change takes effect from the phase in progress
    (or --phase) on; earlier seasons keep the player they had."""
    from gm.game import players as library

    if power is None:
        if name or contact or standby or vacant:
            fail("say which power: 'gm players GAME POWER NAME', e.g. "
                 f"'gm players {game} France Jane Smith'.")
        with opened(db) as store:
            if history:
                _print_history(game, library.player_history(store, game))
                return
            label, seats = library.list_players(store, game, phase)
        _print_seats(game, label, seats)
        return
    player_name = " ".join(name) if name else None
    with opened(db) as store:
        change = library.set_player(store, game, power, player_name, contact, standby,
                                    vacant, phase)
    _print_change(change)


def _seat_name(seat) -> str:
    if seat.vacant:
        return "(vacant)"
    if not seat.name:
        return "-"
    return f"{seat.name} (standby)" if seat.standby else seat.name


def _print_seats(game: str, label: str, seats) -> None:
    from rich.table import Table

    table = Table("power", "player", "since", "contact (GM only)",
                  title=_text(f"{game}: players at {label}"))
    for seat in seats:
        table.add_row(_text(seat.power), _text(_seat_name(seat)), _text(seat.since),
                      _text(seat.contact))
    console().print(table)
    if not any(seat.since for seat in seats):
        say(f"No players named yet; name one with 'gm players {game} POWER NAME'.")


def _print_history(game: str, seats) -> None:
    from rich.table import Table

    if not seats:
        say(f"No players named in {game} yet.")
        return
    table = Table("power", "from", "player", "contact (GM only)",
                  title=_text(f"{game}: changes of player"))
    for seat in seats:
        table.add_row(_text(seat.power), _text(seat.since), _text(_seat_name(seat)),
                      _text(seat.contact))
    console().print(table)


def _print_change(change) -> None:
    row = change.player
    who = "nobody" if row.vacant else f"{row.name}{' (standby)' if row.standby else ''}"
    if change.only_contact:
        say(f"{change.game}: {change.power} is played by {who} (since "
            f"{change.phase}); contact: {row.contact or 'none'}.")
        return
    line = f"{change.game}: {change.power} is played by {who} from {change.phase} on"
    before = change.before
    if before is not None and not before.vacant and before.name != row.name:
        line += f" (until now: {before.name})"
    say(line + ".")


@app.command("deadline")
def deadline(game: GameName,
             when: Annotated[list[str] | None, typer.Argument(
                 metavar="[WHEN]", help="'next friday 18:00 CET', 'Saturday 12 December 2026, "
                                        "18:00 GMT', 'friday 18:00', 2026-12-05, 'Dec 5', "
                                        "'in 2 weeks', tomorrow")] = None,
             clear: Annotated[bool, typer.Option(
                 "--clear", help="remove the deadline of the phase in progress")] = False,
             db: Db = "gm.db"):
    """Show or set when the orders for the phase in progress are due; the report of the
    season before prints it."""
    from gm.game import deadlines as library

    if clear and when:
        fail("give a date or --clear, not both.")
    with opened(db) as store:
        if clear:
            found = library.clear_deadline(store, game)
            say(f"{found.game}: no deadline for {found.phase} now.")
            return
        if not when:
            found = library.current_deadline(store, game)
        else:
            found = library.set_deadline(store, game, " ".join(when))
    say(f"{found.game}: {found.sentence()}")
    if when and found.in_past:
        say("Note: that date has already passed.", err=True)


@app.command("press")
def press(game: GameName,
          source: Annotated[str | None, typer.Argument(
              metavar="[FILE|-]", help="a file holding the press, or - for stdin; without it, "
                                       "paste it")] = None,
          sender: Annotated[str | None, typer.Option(
              "--from", "-P", metavar="POWER", help="the power that wrote it")] = None,
          gm_note: Annotated[bool, typer.Option(
              "--gm", help="a GM note, printed under 'GM notes'")] = False,
          grey: Annotated[bool, typer.Option(
              "--grey", help="grey press: printed as 'Anonymous' (the game must allow it)")
                          ] = False,
          phase: Annotated[str | None, typer.Option(
              "--phase", "-p", help="the season whose report prints it (default: the phase "
                                    "in progress)")] = None,
          list_: Annotated[bool, typer.Option(
              "--list", "-l", help="list the press of the season")] = False,
          withdraw: Annotated[int | None, typer.Option(
              "--withdraw", metavar="N", help="take item N (see --list) out of its report")
                              ] = None,
          allow_grey: Annotated[bool | None, typer.Option(
              "--allow-grey/--forbid-grey", help="allow (or forbid) grey press in this game")
                                ] = None,
          db: Db = "gm.db"):
    """Store press or a GM note for a season's report, exactly as written."""
    from gm.game import press as library

    if allow_grey is not None:
        if source or sender or gm_note or grey or list_ or withdraw is not None:
            fail("--allow-grey and --forbid-grey change the game's setting only; enter press "
                 "with a separate command.")
        with opened(db) as store:
            name = library.allow_grey(store, game, allow_grey)
        say(f"{name}: grey press is {'allowed' if allow_grey else 'not allowed'}.")
        return
    if list_:
        _list_press(game, phase, db)
        return
    if withdraw is not None:
        with opened(db) as store:
            done = library.withdraw_press(store, game, withdraw)
        say(f"{done.game}: withdrew item {withdraw} ({done.signed}) from the report "
            f"of {done.phase}.")
        return
    if not (sender or gm_note or grey):
        fail("say who wrote it: --from POWER for press, --grey for anonymous press, or --gm "
             "for a GM note; nothing was stored.")
    text, origin = read_text_input(source, "the press")
    with opened(db) as store:
        entered = library.add_press(store, game, text, sender, gm_note, grey, phase, origin)
    what = "GM note" if gm_note else "press"
    lines = len(text.strip().splitlines())
    say(f"{entered.game}: stored {what} ({lines} line{'s' if lines != 1 else ''}, "
        f"signed {entered.signed}) for the report of {entered.phase}; item "
        f"{entered.item.id}.")


def _list_press(game: str, phase: str | None, db: str) -> None:
    from rich.table import Table

    from gm.game import press as library

    with opened(db) as store:
        label, items = library.list_press(store, game, phase)
    if not items:
        say(f"No press or GM notes for {label} yet.")
        return
    table = Table("item", "kind", "signed", "sent by (GM only)", "begins",
                  title=_text(f"{game}: press for {label}"))
    for item in items:
        table.add_row(str(item.id), "GM note" if item.kind == "note" else "press",
                      _text(item.signed), _text(item.sender), _text(item.first_line[:50]))
    console().print(table)


@app.command("nmr")
def nmr(game: GameName, phase: PhaseOption = None, db: Db = "gm.db"):
    """List the powers that sent no orders (NMR) this season, and how many times running."""
    from gm.game.missed import nmr as find_missed

    with opened(db) as store:
        found = find_missed(store, game, phase)
    if not found.missed:
        done = "has ordered so far" if found.in_progress else "sent orders"
        say(f"{found.game}, {found.phase}: every power that owes orders {done}.")
        return
    verb = "have not ordered yet" if found.in_progress else "sent no orders"
    say(f"{found.game}, {found.phase}: {len(found.missed)} power(s) {verb}.")
    width = max(len(m.power) for m in found.missed)
    for m in found.missed:
        if found.in_progress:
            run = "no orders yet" + (f"; missed the {m.in_a_row - 1} before"
                                     if m.in_a_row > 1 else "")
        else:
            run = "NMR" + (f", {m.in_a_row} in a row" if m.in_a_row > 1 else "")
        say(f"  {m.power:<{width}}  {run}")
