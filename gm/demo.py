"""`python -m gm.demo` (what `make demo` runs): a GM's first season, start to report.

It creates a standard game in a temporary database (nothing is left behind), pastes a player's
email as it arrived, adds two short letters from other players, shows the status, adjudicates
and prints the season report. Each step is the real `gm` command, echoed as the GM would type
it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

FRENCH_EMAIL = """\
From: marianne@example.org
Subject: Re: Spring 1901 orders, game "demo"

Hi GM,

Here are my orders for this season -- thanks for running the game!

France:
1. A Paris - Burgundy
2. A Mar S A Par - Bur
3. F Brest - Mid-Atlantic Ocean

Cheers,
Marianne

> On Monday the GM wrote:
> Orders are due by Friday noon.
"""

GERMAN_LETTER = """\
Germany:
A Mun - Bur
F Kie - Den
A Ber - Kie
"""

ENGLISH_LETTER = """\
England
F Lon - Nth
F Edi - Nrg
A Lvp - Yor
"""


def run(*args: str) -> None:
    """Run one gm command in this process, echoing it first."""
    from typer.main import get_command

    from gm.cli import app

    print(f"\n$ gm {' '.join(_quoted(a) for a in args)}", flush=True)
    try:
        get_command(app).main(list(args), prog_name="gm", standalone_mode=False)
    except SystemExit as exc:  # a command that failed has printed why
        if exc.code:
            raise


def _quoted(arg: str) -> str:
    return f"'{arg}'" if " " in arg else arg


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="gm-demo-") as tmp:
        db = str(Path(tmp) / "demo.db")
        letters = Path(tmp)
        for name, text in (("france.eml", FRENCH_EMAIL), ("germany.txt", GERMAN_LETTER),
                           ("england.txt", ENGLISH_LETTER)):
            (letters / name).write_text(text, encoding="utf-8")
        print(f"gm demo: a standard game in a temporary database ({db}).")
        run("new", "demo", "--variant", "standard", "--db", db)
        run("orders", "demo", str(letters / "france.eml"), "--db", db)
        run("orders", "demo", str(letters / "germany.txt"), "--db", db)
        run("orders", "demo", str(letters / "england.txt"), "--db", db)
        run("status", "demo", "--db", db)
        run("adjudicate", "demo", "--db", db)
        print("\nThe temporary database is removed now; run 'gm new' to start a real game.")


if __name__ == "__main__":
    main()
