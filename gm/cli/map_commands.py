"""`gm map check NAME` and `gm map show NAME`."""

from collections import Counter
from pathlib import Path

import typer

from gm.cli import app
from gm.cli.common import console, fail, say
from gm.cli.conventions import Typer

map_app = Typer(help="Check, list and show maps: gm's own and those in GM_MAPS.",
                no_args_is_help=True)
app.add_typer(map_app, name="map")


@map_app.command("check")
def check(name: str = typer.Argument(..., help="map id (standard) or a path to a .toml file")):
    """Validate a map file and report every problem with its line."""
    from gm.maps import MapError, map_path
    from gm.maps.loader import read_map_text
    from gm.maps.map_check import check_text
    from gm.orders.kinds.build import amount

    try:
        path = map_path(name)
        text = read_map_text(path)
    except MapError as exc:
        fail(str(exc))
    report = check_text(text, str(path), Path(path).stem)
    for problem in report.problems:
        say(problem.format(str(path)))
    if report.problems:
        fail(f"{path}: {len(report.problems)} problem(s)")
    spec = report.spec
    centres = sum(1 for p in spec.provinces.values() if p.supply)
    say(f"{path}: ok — {len(spec.provinces)} provinces, {centres} supply centres, "
        f"{len(spec.powers)} powers")
    values = Counter(p.supply for p in spec.provinces.values() if p.supply)
    if set(values) != {1}:  # centres of other values (Hoplite Wars' towns and Delphi)
        say("  centres by value: " + ", ".join(
  f"{values[v]} worth {amount(v)}" for v in sorted(values, reverse=True)))


@map_app.command("list")
def list_maps():
    """List the maps gm knows, each with the file it is read from (GM_MAPS first)."""
    from gm.maps import MapError
    from gm.maps.loader import map_files

    try:
        found = map_files()
    except MapError as exc:
        fail(str(exc))
    width = max((len(name) for name in found), default=0)
    for name, path in found.items():
        say(f"{name:<{width}}  {path}")


@map_app.command("show")
def show(name: str = typer.Argument(..., help="map id (standard) or a path to a .toml file")):
    """List a map: powers, then every province with its kind, centre and neighbours."""
    from rich.table import Table

    from gm.maps import MapError, load_map
    from gm.report.supply_words import board_centres

    try:
        game_map = load_map(name)
    except MapError as exc:
        fail(str(exc))
    cal = game_map.calendar
    say(f"{game_map.name} ({game_map.id}): {len(game_map.provinces)} provinces, "
        f"{board_centres(game_map)}; first phase "
        f"{cal.start[0]} {cal.year_label(cal.first_year)}")
    powers = Table("power", "adjective", "home centres", "units", title="Powers")
    for p in game_map.powers.values():
        powers.add_row(p.name, p.adjective, " ".join(p.home), ", ".join(p.units))
    console().print(powers)
    table = Table("id", "name", "kind", "centre", "army to", "fleet to", title="Provinces")
    for p in sorted(game_map.provinces.values(), key=lambda p: p.id):
        fleets = []
        for loc in game_map.locations(p.id) if p.kind in ("coast", "sea") else ():
            reach = " ".join(sorted(game_map.fleet_adj.get(loc, ())))
            fleets.append(f"{loc.split('/')[-1]}: {reach}" if "/" in loc else reach)
        centre = f"{p.supply:g}" if p.is_centre else ("build" if p.build_site else "")
        table.add_row(p.id, p.name, p.kind, centre,
                      " ".join(sorted(game_map.army_adj.get(p.id, ()))), "; ".join(fleets))
    console().print(table)
