"""Write games/rise-of-rome-ii-demo.txt: five years of Rise of Rome II, played from written letters.

As for Lord of Hosts (tools/make_lord_of_hosts_demo.py), the players are not bots: every letter
is written below, in the styles the rulebook and the zines use (`F(AFRICAN SEA)-Syracuse`,
`Place Hannibal in New Carthage`, `A Syracuse sacks`), so that the game shows each of the
variant's rules on purpose: the leaders placed with the first Spring's orders, a led attack, a
leader's support cut, a leader alone taking no centre; a Barbarian build and a Barbarian army
convoyed by a civilised fleet; a captured Barbarian home left empty until it rebels; a sack, the
double's partly cut support and its return to a single army; an open and a blocked land
bridge; a fleet through Achea and a convoy from Rhodes; builds outside the home centres. A unit
with no letter line holds, as in a real game.

The game is played through gm's own store and commands; after each phase the script checks
that what the story needs happened, then exports the archive with every phase's outcome, so
that `gm replay games/rise-of-rome-ii-demo.txt --check` can verify it.

    .venv/bin/python tools/make_rise_of_rome_ii_demo.py [--out PATH] [--show]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import letter_demo  # noqa: E402

GAME = "rise-of-rome-ii-demo"
LAST_YEAR = 216  # the story ends with the Winter of 216 BC: five years from 220 BC
VARIANT = "rise-of-rome-ii"
NOTES = ("A demonstration game of Rise of Rome II from letters written to show every variant "
         "rule (tools/make_rise_of_rome_ii_demo.py).")

# Each phase: the letters received, by power, as the players wrote them.
LETTERS: dict[str, dict[str, str]] = {
    # --- 220 BC: the leaders are placed; the first neutrals fall ------------------------------
    "Spring 220 BC": {
        "Carthage": """CARTHAGE: Place Hannibal in New Carthage
A(New Carthage)-Saguntum
Hannibal-Saguntum
F(Carthage)-Iberian Sea
A(Thapsus)-Zama""",
        "Rome": """ROME: Place Publius Scipio in Rome
F(Campania)-Sicily
A(Rome)-Campania
Scipio-Campania""",
        "Macedonia": """MACEDONIA: Place Philip V in Pella
A(Pella)-Epirus
Philip V-Epirus
F(Cassandreia)-Aegean Sea""",
        "Egypt": """EGYPT: Place Ptolemy IV in Alexandria
A(Memphis)-Arabia
F(Cyprus)-Syrian Sea""",
        "Seleucid": """SELEUCID PERSIA: Place Antiochus III in Antioch
F(Phrygia)-Rhodes
A(Antioch)-Cilicia""",
        "Greeks": """THE GREEK STATES: Place Philopoemen in Achea
Philopoemen-Sparta
F(Achea)-Cretan Sea
F(Aetolia)-Gulf of Corinth
A(Boeotia)-Thessaly""",
        "Barbarians": """BARBARIANS: A(Moesia)-Thrace
A(Galatia)-Pontus""",
    },
    "Autumn 220 BC": {
        "Carthage": """CARTHAGE: A(Zama)-Hippo Regius
F(Iberian Sea)-African Sea""",
        "Rome": """ROME: F(Sicily)-Syracuse
A(Campania)-Sicily
Scipio-Sicily""",
        "Macedonia": """MACEDONIA: F(Aegean Sea)-Propontis""",
        "Egypt": """EGYPT: A(Arabia)-Coele Syria""",
        "Seleucid": """SELEUCID PERSIA: A(Cilicia)-Phrygia""",
        "Greeks": """THE GREEK STATES: F(Gulf of Corinth)-Achea
F(Cretan Sea)-Crete""",
    },
    "Winter 220 BC": {
        "Carthage": "CARTHAGE: Build A New Carthage, Build F Carthage",
        "Rome": "ROME: Build A Rome",
        "Macedonia": "MACEDONIA: waive",
        "Egypt": "EGYPT: Build A Memphis",
        "Seleucid": "SELEUCID PERSIA: Build A Antioch",
        "Greeks": "THE GREEK STATES: Build F Aetolia, Build A Boeotia",
        "Barbarians": "BARBARIANS: Build A Dacia",
    },
    # --- 219 BC: Hannibal leads an army into Celtiberia; a Barbarian army sails; a bridge shut -
    "Spring 219 BC": {
        "Carthage": """CARTHAGE: A(Saguntum)-Celtiberia
Hannibal-Celtiberia
F(Carthage)-Iberian Sea""",
        "Rome": """ROME: F(Syracuse)-Ionian Sea
A(Sicily)-Syracuse""",
        "Macedonia": """MACEDONIA: F(Propontis) C A(Thrace)-Bithynia
A(Epirus)-Apollonia""",
        "Seleucid": """SELEUCID PERSIA: F(Rhodes) C A(Phyrgia)-Pergammon
A(Phyrgia)-Pergammon""",
        "Greeks": """THE GREEK STATES: F(Achea)-Cretan Sea""",
        "Barbarians": """BARBARIANS: A(Thrace)-Bithynia via convoy""",
    },
    "Spring 219 BC Retreat": {
        "Barbarians": "BARBARIANS: A(Celtiberia)-Lusitania",
    },
    "Autumn 219 BC": {
        "Carthage": """CARTHAGE: F(AFRICAN SEA)-Syracuse
F(Iberian Sea)-Sicily
Hannibal-Saguntum""",
        "Rome": """ROME: A(Syracuse)-Zama
Scipio S A(Syracuse)
F(Ionian Sea) S Scipio""",
    },
    "Winter 219 BC": {
        "Carthage": "CARTHAGE: Build F Saguntum",
        "Macedonia": "MACEDONIA: Build F Epirus",
    },
    # --- 218 BC: Rome sacks Syracuse; its double army keeps part of a support -----------------
    "Spring 218 BC": {
        "Carthage": """CARTHAGE: A(Celtiberia)-Gades
A(Hippo Regius)-Zama""",
        "Rome": """ROME: A Syracuse sacks""",
    },
    "Autumn 218 BC": {
        "Carthage": """CARTHAGE: A(Zama)-Syracuse
F(Iberian Sea)-Sicily
F(AFRICAN SEA) S F(IBERIAN SEA)-Sicily""",
        "Rome": """ROME: 2A(Syracuse) S Scipio""",
    },
    "Autumn 218 BC Retreat": {
        "Rome": "ROME: Scipio-Campania",
    },
    "Winter 218 BC": {
        "Rome": "ROME: Remove F Ionian Sea",
    },
    # --- 217 BC: the double army's last season; Celtiberia rebels -----------------------------
    "Spring 217 BC": {
        "Rome": """ROME: 2A(Syracuse)-Zama""",
    },
    "Spring 217 BC Retreat": {
        "Carthage": "CARTHAGE: A(Zama)-Thapsus",
    },
    "Autumn 217 BC": {},
}

# Lines a player wrote that gm refuses on purpose (the refusal is part of the story).
REFUSED: set[str] = set()

# What the reports must show, phase by phase: (phase, what it is, text in the report).
EXPECTED: list[tuple[str, str, str]] = [
    ("Spring 220 BC", "a leader placed by its power", "Carthage: Hannibal starts in New "
     "Carthage, rule 3.3 (leaders)"),
    ("Spring 220 BC", "an open land bridge", "A Mem - Ara"),
    ("Autumn 220 BC", "a leader alone takes no centre", "Philopoemen, alone in Sparta, takes no "
     "centre, rule 3.5 (leaders)"),
    ("Autumn 220 BC", "a fleet through Achea", "F Goc - Ach"),
    ("Winter 220 BC", "a Barbarian build in a build area", "Build A Dac"),
    ("Spring 219 BC", "a led attack", "Hannibal - Cel"),
    ("Spring 219 BC", "a Barbarian army convoyed by a civilised fleet", "F Pro C A Thr - Bit"),
    ("Spring 219 BC", "an island convoy from Rhodes", "F Rho C A Phy - Per"),
    ("Spring 219 BC", "and on through Achea", "F Ach - Crs"),
    ("Autumn 219 BC", "a blocked land bridge", "rule 7.3 (land bridges)"),
    ("Autumn 219 BC", "a leader's support cut", "Publius Scipio S A Syr (*cut"),
    ("Autumn 219 BC", "a leader supported to hold", "F Ion S Publius Scipio"),
    ("Winter 219 BC", "a build outside the homes", "Build F Sag"),
    ("Winter 219 BC", "the rulebook's fleet built in Epirus", "Build F Epi"),
    ("Spring 218 BC", "a sack", "Rome sacked Syracuse"),
    ("Spring 218 BC", "the victory line over the centres left", "more than half of the 36"),
    ("Autumn 218 BC", "a double's support partly cut", "supports with 1 of 2"),
    ("Spring 217 BC", "a double attacks with 2", "2A Syr - Zam"),
    ("Spring 217 BC Retreat", "the double's expiry", "is single again"),
    ("Autumn 217 BC", "a rebellion", "Celtiberia rebels against Carthage"),
]

def play(show: bool) -> str:
    return letter_demo.play_letters(game=GAME, variant=VARIANT, notes=NOTES,
                                    last_year=LAST_YEAR, letters=LETTERS, refused=REFUSED,
                                    expected=EXPECTED, show=show)


if __name__ == "__main__":
    letter_demo.main(__doc__, ROOT / "games" / "rise-of-rome-ii-demo.txt", play)
