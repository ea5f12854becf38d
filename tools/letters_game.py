"""Play a demo game from letters written in advance (tools/make_lord_of_hosts_demo.py,
tools/make_hoplite_wars_demo.py): each phase's letters go through gm's own intake, the phase
is adjudicated, the reports are checked for what the story needs, and the game is exported as
an archive with every phase's outcome (so `gm replay --check` can verify it)."""

from __future__ import annotations

import argparse
from pathlib import Path

from gm.game.adjudication import adjudicate
from gm.game.archives import export_game
from gm.game.games import new_game, position_at
from gm.game.history import declare_draw
from gm.game.intake import take_orders
from gm.report.text import render_text
from gm.store.database import open_store


def play_letters(game: str, variant: str, notes: str, last_year: int,
                 letters: dict[str, dict[str, str]], refused: set[str],
                 expected: list[tuple[str, str, str]], show: bool,
                 with_centres: bool = False) -> str:
    """The archive of a game played from `letters` (phase label -> power -> letter) until the
    year after `last_year` (years counting down), ended by a draw of the survivors (powers
    with units, and with `with_centres` also those with centres only). A refused line not in
    `refused`, a phase with letters never reached, or an `expected` text (phase, what, text)
    missing from its report stops the script."""
    store = open_store(":memory:")
    new_game(store, game, variant, notes)
    seen: dict[str, str] = {}
    while True:
        view, phase, position = position_at(store, game)
        if phase.year < last_year:
            break
        label = phase.label
        for power, text in letters.get(label, {}).items():
            taken = take_orders(store, game, text, power)
            for line in taken.lines:
                if line.status == "rejected" and line.text not in refused:
                    raise SystemExit(f"{label}, {power}: {line.text!r} was refused: "
                                     f"{line.detail}")
        report = render_text(adjudicate(store, game, no_orders=True))
        seen[label] = report
        if show:
            print(report)
    unplayed = sorted(set(letters) - set(seen))
    if unplayed:
        raise SystemExit(f"the game never reached {', '.join(unplayed)}, which have letters")
    missing = [f"{phase}: {what}" for phase, what, text in expected  # lines wrap in reports
               if text not in " ".join(seen.get(phase, "").split())]
    if missing:
        raise SystemExit("the game did not show:\n  " + "\n  ".join(missing))
    view, phase, position = position_at(store, game)
    survivors = [view.map.powers[p].name for p in view.map.powers
                 if position.units_of(p) or (with_centres and position.centres_of(p))]
    declare_draw(store, game, survivors)
    return export_game(store, game)


def main(description: str, default_out: Path, play) -> None:
    """The command line of a written demo: `--out PATH` (the archive), `--show` (print every
    phase's report); `play(show)` gives the archive's text."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=str(default_out))
    parser.add_argument("--show", action="store_true", help="print every phase's report")
    args = parser.parse_args()
    Path(args.out).write_text(play(args.show), encoding="utf-8")
    print(f"wrote {args.out}")
