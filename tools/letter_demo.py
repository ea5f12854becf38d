"""What the demo games played from written letters share (tools/make_lord_of_hosts_demo.py,
tools/make_diadochi_v_demo.py, tools/make_rise_of_rome_ii_demo.py): play the letters phase by
phase through gm's own store and commands, check that each phase's report shows what the story
needs, declare a draw of the survivors and export the archive with every phase's outcome (for
`gm replay --check`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from gm.game.adjudication import adjudicate
from gm.game.archives import export_game
from gm.game.games import new_game, position_at
from gm.game.history import declare_draw
from gm.game.intake import take_orders
from gm.report.text import render_text
from gm.store.database import open_store

# (the map, the phase, its position, the letters written) -> the letters to send
Fill = Callable[..., dict[str, str]]


def play_letters(*, game: str, variant: str, notes: str, last_year: int,
                 letters: dict[str, dict[str, str]], refused: set[str],
                 expected: list[tuple[str, str, str]], show: bool,
                 fill: Fill | None = None, with_centres: bool = False) -> str:
    """Play `letters` (phase label -> power -> text) until the game passes `last_year`; a
    line gm refuses must be one of `refused`; `expected` is (phase, what, text the report
    shows, compared with its lines wrapped or not). The game ends in a draw of the survivors:
    powers with units, and with `with_centres` also those with centres only. Returns the
    exported archive."""
    store = open_store(":memory:")
    new_game(store, game, variant, notes)
    seen: dict[str, str] = {}
    while True:
        view, phase, position = position_at(store, game)
        if phase.year < last_year:
            break
        label = phase.label
        sent = dict(letters.get(label, {}))
        if fill is not None:
            sent = fill(view.map, phase, position, sent)
        for power, text in sent.items():
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
    missing = [f"{phase}: {what}" for phase, what, text in expected
               if text not in seen.get(phase, "")  # lines wrap in reports
               and " ".join(text.split()) not in " ".join(seen.get(phase, "").split())]
    if missing:
        raise SystemExit("the game did not show:\n  " + "\n  ".join(missing))
    view, phase, position = position_at(store, game)
    survivors = [view.map.powers[p].name for p in view.map.powers
                 if position.units_of(p) or (with_centres and position.centres_of(p))]
    declare_draw(store, game, survivors)
    return export_game(store, game)


def main(doc: str, default_out: Path, play: Callable[[bool], str]) -> None:
    """The command line of a letter demo: `[--out PATH] [--show]`."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", default=str(default_out))
    parser.add_argument("--show", action="store_true", help="print every phase's report")
    args = parser.parse_args()
    text = play(args.show)
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
