"""Write games/lord-of-hosts-demo.txt: five years of Lord of Hosts, played from written letters.

Unlike the standard demo, the players here are not bots: every letter is written below, in the
postal style of the rulebook (`EGYPT: A/F(Tanis)-F(Tanis)`, `A(Moa) Destroys Moa`,
`Builds: 2A(Kish)`), so that the game shows each of the variant's rules on purpose: the A/F
choices (one made badly and refused), conversions both ways and one that fails, the sack of a
Holy Place in the Winter after its capture (the rulebook's own line), a sack tried too late and
refused, and the double unit the sack buys moving, supporting, having its support partly cut,
turning into a fleet and being lost. A unit with no letter line holds, as in a real game.

The game is played through gm's own store and commands; after each phase the script checks
that what the story needs happened, then exports the archive with every phase's outcome, so
that `gm replay games/lord-of-hosts-demo.txt --check` can verify it.

    .venv/bin/python tools/make_lord_of_hosts_demo.py [--out PATH] [--show]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import letter_demo  # noqa: E402

GAME = "lord-of-hosts-demo"
LAST_YEAR = 597  # the story ends with the Winter of 597 BC: five years from 601 BC
VARIANT = "lord-of-hosts"
NOTES = ("A demonstration game of Lord of Hosts from letters written to show every variant "
         "rule (tools/make_lord_of_hosts_demo.py).")

# Each phase: the letters received, by power, as the players wrote them.
LETTERS: dict[str, dict[str, str]] = {
    # --- 601 BC: every A/F is made an army or a fleet; the great powers take the neutrals ----
    "Spring 601 BC": {
        "Egypt": """EGYPT: F(Tanis)-South Med.
A/F(Helipolis)-A(Helipolis)
F(Memphis)-Nile""",
        "Israel": """CANNAN (ISRAEL): A(Jerusalem)-Gaza
F(Tyre)-Sidon
A(Damascus)-Jaboud""",
        "Hatti": """HATTI: F(Mersin)-Silijke
A/F(Mitanni) H
A(Allepo)-Syria""",
        "Assyria": """ASSYRIA: A(Nineveh)-Uratu
A(Nimir)-Assur
A(Ectantan)-Behistun""",
        "Babylon": """BABYLON: A(Babylon)-North Arabia
A(Kish)-Sippor
A(Ur)-F(Ur)""",
        "Allies": """THE ALLIES: A(Moab)-Jericho
A(Edom)-Petra
A(Ammon) H""",
    },
    "Autumn 601 BC": {
        "Egypt": """EGYPT: F(South Med.)-Cyprus
A(Helipolis)-Suez
F(Nile) H""",
        "Israel": """CANNAN (ISRAEL): A(Gaza) H
F(Sidon) H
A(Jaboud) H""",
        "Hatti": """HATTI: F(Silijke) H
A(Syria)-Mair
A(Mitanni) S A(Syria)-Mair""",
        "Assyria": """ASSYRIA: A(Uratu) H
A(Assur) H
A(Behistun)-Susa""",
        "Babylon": """BABYLON: A(North Arabia)-Moab
A(Sippor) H
F(Ur)-Chaldea""",
        "Allies": """THE ALLIES: A(Jericho)-Jerusalem
A(Petra) H
A(Ammon) H""",
    },
    "Winter 601 BC": {
        "Egypt": "EGYPT: Builds: F(Tanis)",
        "Israel": "CANNAN (ISRAEL): Builds: A(Tyre)",
        "Hatti": "HATTI: Builds: A(Mersin), A(Allepo)",
        "Assyria": "ASSYRIA: Builds: A(Nineveh), A(Nimir), A(Ectantan)",
        # Babylon took Moab in the Autumn: it sacks it now, with the rulebook's own line, and
        # builds the double army beside its two ordinary builds (Moab no longer counts)
        "Babylon": """BABYLON: A(Moa) Destroys Moa. Builds: 2A(Ur)
Builds: A(Babylon), A(Kish)""",
        "Allies": "THE ALLIES: Builds: A(Edom)",
    },
    # --- 600 BC: fleets become armies and armies fleets -----------------------------------
    "Spring 600 BC": {
        "Egypt": """EGYPT: F(Tanis)-A(Tanis)
A(Suez)-Sinai
F(Nile)-South Med.
F(Cyprus) H""",
        "Israel": """CANNAN (ISRAEL): A(Tyre)-F(Tyre)
A(Gaza) H
F(Sidon) H
A(Jaboud)-Jericho""",
        "Hatti": """HATTI: A(Allepo)-Syria
A(Mersin) H
A(Mair) H
A(Mitanni) H
F(Silijke)-East Med.""",
        "Assyria": """ASSYRIA: A(Nimir)-Jarmo
A(Ectantan)-Behistun
A(Nineveh) H
A(Uratu) H
A(Assur) H
A(Susa) H""",
        "Babylon": """BABYLON: A(Moab) H
2A(Ur) H
A(Sippor)-Samarra
A(Babylon)-Sippor
A(Kish)-Iraq
F(Chaldea) H""",
        "Allies": """THE ALLIES: A(Jerusalem) H
A(Petra)-Ezion
A(Ammon) H
A(Edom) H""",
    },
    "Autumn 600 BC": {
        "Egypt": """EGYPT: A(Sinai)-Gaza
F(South Med.) S A(Sinai)-Gaza
A(Tanis) H""",
        "Israel": """CANNAN (ISRAEL): A(Gaza)-Israel
A(Jericho)-Jerusalem
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Syria)-Sidon
F(East Med.) S A(Syria)-Sidon""",
        "Assyria": """ASSYRIA: A(Assur)-F(Assur)
A(Jarmo) H
A(Behistun) H""",
        "Babylon": """BABYLON: A(Sippor)-Assur
A(Samarra) S A(Sippor)-Assur
F(Chaldea)-Persian Gulf
2A(Ur)-Chaldea
A(Iraq) H
A(Moab) H""",
        "Allies": """THE ALLIES: A(Ezion) H
A(Jerusalem) H""",
    },
    "Autumn 600 BC Retreat": {
        "Assyria": "ASSYRIA: A(Assur)-Nisibus",
    },
    "Winter 600 BC": {
        "Egypt": "EGYPT: Builds: F(Memphis)",
        "Israel": "CANNAN (ISRAEL): Remove A(Israel)",
        "Assyria": "ASSYRIA: Remove A(Uratu)",
        "Babylon": "BABYLON: Builds: A(Babylon)",
    },
    # --- 599 BC: Babylon's double army takes Susa, and its support outweighs a cut -----------
    "Spring 599 BC": {
        "Egypt": """EGYPT: F(Memphis)-Nile
F(Cyprus) H
A(Gaza) H
F(South Med.) H
A(Tanis) H""",
        "Israel": """CANNAN (ISRAEL): A(Jericho) H
F(Sidon) H
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Syria)-Sidon
F(East Med.) S A(Syria)-Sidon
A(Mair) H
A(Mersin)-Syria""",
        "Assyria": """ASSYRIA: A(Jarmo)-Ectantan
A(Susa) H
A(Behistun) H
A(Nisibus) H
A(Nineveh) H""",
        "Babylon": """BABYLON: 2A(Chaldea)-Susa
F(Persian Gulf)-Chaldea
A(Iraq)-Kish
A(Samarra) H
A(Assur) H
A(Moab)-North Arabia
A(Babylon) H""",
        "Allies": """THE ALLIES: A(Jerusalem) H
A(Ezion) H
A(Edom) H
A(Ammon) H""",
    },
    "Autumn 599 BC": {
        "Egypt": """EGYPT: F(Nile)-West Med.
A(Gaza) H""",
        "Israel": """CANNAN (ISRAEL): A(Jericho)-Jerusalem
F(Sidon) H
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Syria)-Sidon
F(East Med.) S A(Syria)-Sidon
A(Mersin) H""",
        "Assyria": """ASSYRIA: A(Ectantan)-Susa
A(Behistun) H""",
        "Babylon": """BABYLON: A(Samarra)-Behistun
2A(Susa) S A(Samarra)-Behistun
A(North Arabia)-Tayma
A(Kish) H""",
        "Allies": """THE ALLIES: A(Jerusalem) H
A(Edom) S A(Jerusalem)""",
    },
    "Winter 599 BC": {
        "Assyria": "ASSYRIA: Builds: A(Nimir)",
        "Babylon": "BABYLON: Builds: A(Ur)",
        "Allies": "THE ALLIES: waive",
    },
    # --- 598 BC: the double army takes ship; the Allies sack Jerusalem; Assyria builds fleets -
    "Spring 598 BC": {
        "Egypt": """EGYPT: F(West Med.)-Silijke
A(Gaza) H
F(South Med.) H""",
        "Israel": """CANNAN (ISRAEL): A(Jericho)-Israel
F(Sidon) H
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Mersin)-Silijke
A(Syria)-Sidon
F(East Med.) S A(Syria)-Sidon""",
        "Assyria": """ASSYRIA: A(Nineveh)-F(Nineveh)
A(Nisibus)-F(Nisibus)
A(Ectantan) H
A(Nimir) H""",
        "Babylon": """BABYLON: 2A(Susa)-F(Susa)
A(Behistun) H
A(Kish) H
F(Chaldea) H
A(Tayma) H
A(Ur)-Kuwait
A(Babylon) H""",
        # the Allies have held Jerusalem since 601 BC: too late to sack it (rule 4)
        "Allies": """THE ALLIES: A(Jerusalem) Destroys Jerusalem
A(Edom) S A(Jerusalem)
A(Ammon) H
A(Ezion)-Petra""",
    },
    "Autumn 598 BC": {
        "Egypt": """EGYPT: F(West Med.) H
F(Cyprus) H""",
        "Israel": """CANNAN (ISRAEL): A(Israel)-Jericho
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Mersin)-Silijke
F(East Med.)-Cyprus""",
        "Assyria": """ASSYRIA: F(Nineveh)-Tigris
F(Nisibus) H
A(Ectantan) H""",
        "Babylon": """BABYLON: 2F(Susa) H
A(Kuwait) H""",
        "Allies": """THE ALLIES: A(Edom)-Sinai
A(Petra) H
A(Jerusalem) H""",
    },
    "Winter 598 BC": {
        "Babylon": "BABYLON: Builds: A(Ur)",
        "Allies": "THE ALLIES: Builds: A(Edom)",
    },
    # --- 597 BC: Assyria's new fleets corner the double fleet in Susa, and it is lost --------
    "Spring 597 BC": {
        "Egypt": """EGYPT: F(West Med.)-Silijke
A(Gaza) H""",
        "Israel": """CANNAN (ISRAEL): A(Jericho)-Jerusalem
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Silijke) H""",
        "Assyria": """ASSYRIA: F(Tigris)-Persian Gulf
F(Nisibus)-Tigris
A(Ectantan) H
A(Nimir) H""",
        "Babylon": """BABYLON: A(Kuwait)-South Arabia
2F(Susa) H
A(Behistun) H
A(Tayma) H""",
        "Allies": """THE ALLIES: A(Edom)-Moab
A(Jerusalem) H
A(Sinai) H""",
    },
    "Autumn 597 BC": {
        "Egypt": """EGYPT: F(West Med.)-Silijke""",
        "Israel": """CANNAN (ISRAEL): A(Jericho)-Jaboud
F(Tyre) S F(Sidon)""",
        "Hatti": """HATTI: A(Syria)-Sidon
F(East Med.) S A(Syria)-Sidon""",
        "Assyria": """ASSYRIA: A(Ectantan)-Susa
F(Persian Gulf) S A(Ectantan)-Susa
F(Tigris) S A(Ectantan)-Susa""",
        "Babylon": """BABYLON: A(Behistun)-Ectantan
2F(Susa) S F(Chaldea)
F(Chaldea) H
A(Kish) H""",
        "Allies": """THE ALLIES: A(Moab) H
A(Jerusalem) H""",
    },
}

# Lines a player wrote that gm refuses on purpose (the refusal is part of the story).
REFUSED = {"A(Jerusalem) Destroys Jerusalem"}

# What the reports must show, phase by phase: (phase, what it is, text in the report).
EXPECTED: list[tuple[str, str, str]] = [
    ("Spring 601 BC", "an A/F made a fleet", "the A/F in Tanis is a fleet, as its orders say"),
    ("Spring 601 BC", "an A/F choice alone", "A/F Hel becomes an army"),
    ("Spring 601 BC", "an A/F order without A or F refused",
     "A/F Mit H (*void*: rule 3 (A/F units)"),
    ("Spring 601 BC", "an A/F left an army by default", "the A/F in Mitanni is an army, by "
     "default"),
    ("Spring 601 BC", "an army becomes a fleet", "Babylon: the army in Ur became a fleet"),
    ("Autumn 601 BC", "a Holy Place captured", "Babylon captured Moab, a Holy Place of The "
     "Allies"),
    ("Winter 601 BC", "the Holy Place destroyed in the Winter after its capture",
     "Babylon destroyed Moab, a Holy Place of The Allies"),
    ("Winter 601 BC", "the double unit built in the same Winter", "Build 2A Ur"),
    ("Spring 600 BC", "a fleet becomes an army", "Egypt: the fleet in Tanis became an army"),
    ("Autumn 600 BC", "a conversion fails", "A Ass becomes a fleet (*failed, dislodged*"),
    ("Autumn 600 BC", "a double unit moves", "2A Ur - Cha"),
    ("Spring 599 BC", "a double unit attacks", "2A Cha - Sus"),
    ("Autumn 599 BC", "a double unit supports", "2A Sus S A Sam - Beh"),
    ("Autumn 599 BC", "its support partly cut", "supports with 1 of 2: the attack from "
     "Ecbantan cut only part of its support"),
    ("Spring 598 BC", "a double army becomes a double fleet",
     "Babylon: the double army in Susa became a double fleet"),
    ("Spring 598 BC", "a Holy Place held since 601 BC cannot be sacked now (rule 4)",
     "A(Jerusalem) Destroys Jerusalem\" (rejected: rule 4 (Holy Places): destroying a centre "
     "is not allowed in a movement phase"),
    ("Autumn 597 BC", "a double unit dislodged with nowhere to go", "2F Sus S F Cha (*dislodged*)"),
    ("Autumn 597 BC", "and lost at once", "2F Sus disbanded (no retreat possible)"),
]


def play(show: bool) -> str:
    return letter_demo.play_letters(game=GAME, variant=VARIANT, notes=NOTES,
                                    last_year=LAST_YEAR, letters=LETTERS, refused=REFUSED,
                                    expected=EXPECTED, show=show)


if __name__ == "__main__":
    letter_demo.main(__doc__, ROOT / "games" / "lord-of-hosts-demo.txt", play)
