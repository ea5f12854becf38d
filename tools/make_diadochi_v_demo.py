"""Write games/diadochi-v-demo.txt: five years of Diadochi V, played from written letters.

As in the Lord of Hosts demo, the players are not bots: every letter is written below, in the
rulebook's notation (`A LpM Z`, `A LpM R`, `Loan Korinth to Egypt`, `F Alx - RED`), so that the
game shows each of the variant's rules on purpose: the double centres and Rome's triple (and
Rome counted single by its Carthaginian captor), builds on the special build sites of Athens,
Jerusalem and Sidon, a rebel centre left without a garrison and not counted, a centre
destroyed and rebuilt, loans (one made, passed on and ended, and one that does not take effect), the two-fleet limit,
Alexandria's canal and the direct passages. A power with nothing to do writes its holds; a build
not ordered is waived, as in a real game.

The game is played through gm's own store and commands; after each phase the script checks
that what the story needs happened, then exports the archive with every phase's outcome, so
that `gm replay games/diadochi-v-demo.txt --check` can verify it.

    .venv/bin/python tools/make_diadochi_v_demo.py [--out PATH] [--show]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import letter_demo  # noqa: E402

GAME = "diadochi-v-demo"
LAST_YEAR = 236  # the story ends with the Winter of 236 BC: five years from 240 BC
VARIANT = "diadochi-v"
NOTES = ("A demonstration game of Diadochi V from letters written to show every variant rule "
         "(tools/make_diadochi_v_demo.py).")

LETTERS: dict[str, dict[str, str]] = {
    # --- 240 BC: the powers spread out; two direct passages; a centre destroyed -------------
    "Spring 240 BC": {
        "Carthage": """F Car - AFR
A Had - LpM
A New - Sag
A Gad - Mau""",
        "Egypt": """F Alx - Lib
F Cyp - EGY
A Pto - Sin""",
        "Macedonia": """F Kor - AEG
A Lar - Ath
A Pel - Ill""",
        "Rome": """F Rom - NTY
F Nea - ION
A Rav - Cis
A Bru - Ben""",
        "Syria": """F Ant - Sid
A Arb - Arm
A Sel - Dur""",
    },
    "Autumn 240 BC": {
        "Carthage": """F AFR - STY
A LpM Z
A Mau - Num""",
        "Egypt": """F EGY - Alx
A Sin - Jer""",
        "Macedonia": "F AEG - Cre",
        "Rome": """F NTY - Ete
F ION - Syr""",
    },
    "Winter 240 BC": {
        "Carthage": """Build F Car
Build A Had
Build A New""",
        "Egypt": """Build F Cyp
Build A Pto""",
        "Macedonia": "Build F Kor",
        # the third fleet is void (rule 10)
        "Rome": """Build F Rom
Build F Nea
Build F Bru
Build A Rav""",
        "Syria": """Build F Ant
Build A Arb
Build A Sel""",
    },
    # --- 239 BC: a rebuilding; Illyria left ungarrisoned; Carthage takes Rome; two loans ----
    "Spring 239 BC": {
        "Carthage": """F STY - NTY
A LpM R""",
        "Egypt": """F Alx - RED
A Jer - Tyr""",
        "Macedonia": """A Ill - Epi
A Ath - Lar
Loan Korinth to Egypt
Loan Crete to Egypt""",
        "Syria": """F Sid - LEV
F Ant - ISS""",
    },
    "Autumn 239 BC": {
        "Carthage": """F NTY - Rom
A LpM rebuilds""",
        "Rome": "F Rom - STY",
        "Syria": "F ISS - Cil",
    },
    "Winter 239 BC": {
        "Carthage": "Build F Gad",
        "Egypt": "Build A Jer",
        "Syria": "Build A Sid",
    },
    # --- 238 BC: Egypt passes the loan of Korinth on to Syria; a build at Athens ---------------------------------
    "Spring 238 BC": {
        "Egypt": "Loan Korinth to Syria",
        "Macedonia": "A Lar - Pel",
    },
    "Autumn 238 BC": {
        "Macedonia": "A Pel - Thr",
    },
    "Winter 238 BC": {
        "Macedonia": "Build F Ath",
        "Syria": "Build F Ant",
    },
    # --- 237 BC: Macedonia ends the loan; a direct passage into Asia ------------------------
    "Spring 237 BC": {
        "Macedonia": """End loan Korinth
A Thr - Per""",
    },
    "Autumn 237 BC": {},
    # Syria has until these adjustments to find other support: it has not
    "Winter 237 BC": {
        "Syria": "Remove F Lev",
    },
    # --- 236 BC ------------------------------------------------------------------------------
    "Spring 236 BC": {},
    "Autumn 236 BC": {},
}

# Lines a player wrote that gm refuses on purpose (the refusal is part of the story).
REFUSED: set[str] = set()

# What the reports must show, phase by phase: (phase, what it is, text in the report).
EXPECTED: list[tuple[str, str, str]] = [
    ("Spring 240 BC", "a direct passage (Gades-Mauretania)", "A Gad - Mau\n"),
    ("Spring 240 BC", "a direct passage (Sinai-Ptolemais)", "A Pto - Sin\n"),
    ("Autumn 240 BC", "a centre destroyed", "Carthage destroyed Leptis Magna"),
    ("Autumn 240 BC", "into Alexandria's canal", "F Egy - Alx\n"),
    ("Winter 240 BC", "the third fleet is void", "Build F Bru (*void*: rule 10 (fleet limit)"),
    ("Winter 240 BC", "a double centre", "Korinth 2"),
    ("Winter 240 BC", "Rome's triple", "Rome 3"),
    ("Spring 239 BC", "out of Alexandria's canal", "F Alx - Red\n"),
    ("Spring 239 BC", "loans declared", "Loan Kor to Egypt"),
    ("Spring 239 BC", "a rebuilding begun", "A Lpm rebuilds (*rebuilding*: 1 of 2 seasons)"),
    ("Autumn 239 BC", "the centre rebuilt", "Carthage rebuilt Leptis Magna"),
    ("Autumn 239 BC", "a loan in force", "Macedonia lends Korinth to Egypt"),
    ("Autumn 239 BC", "a loan that would leave the lender short",
     "units may not be disbanded to make a loan"),
    ("Winter 239 BC", "Rome counted single by Carthage", "Rome 1"),
    ("Winter 239 BC", "a rebel centre not counted", "Rebel centres not counted"),
    ("Winter 239 BC", "a build at Jerusalem", "Build A Jer\n"),
    ("Winter 239 BC", "a build at Sidon", "Build A Sid\n"),
    ("Autumn 238 BC", "a loan passed on", "Egypt lends Korinth to Syria"),
    ("Winter 238 BC", "a build at Athens", "Build F Ath\n"),
    ("Autumn 237 BC", "a loan ended", "the loan of Korinth is ended by Macedonia"),
    ("Winter 237 BC", "the borrower short after the end", "Remove F Lev\n"),
    ("Spring 237 BC", "a direct passage (Thrace-Pergamum)", "A Thr - Per\n"),
    ("Autumn 236 BC", "the victory line", "self-supporting units"),
]


def holds_for_the_silent(game_map, phase, position, letters: dict[str, str]
                         ) -> dict[str, str]:
    """In a movement phase a power with no letter writes its holds, as players do."""
    if phase.kind != "Movement":
        return letters
    out = dict(letters)
    for power in game_map.powers:
        if power.capitalize() not in out and position.units_of(power):
            out[power.capitalize()] = "\n".join(f"{u.kind} {u.location.capitalize()} H"
                                                for u in position.units_of(power))
    return out


def play(show: bool) -> str:
    return letter_demo.play_letters(game=GAME, variant=VARIANT, notes=NOTES,
                                    last_year=LAST_YEAR, letters=LETTERS, refused=REFUSED,
                                    expected=EXPECTED, show=show, fill=holds_for_the_silent)


if __name__ == "__main__":
    letter_demo.main(__doc__, ROOT / "games" / "diadochi-v-demo.txt", play)
