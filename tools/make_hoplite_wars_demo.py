"""Write games/hoplite-wars-demo.txt: five years of Hoplite Wars, played from written letters.

As for Lord of Hosts, the players are not bots: every letter is written below in the postal
style of the rulebook (`SPARTA: 2A(Sparta)-Tegea`, `SACK Delphi`, `A(Lepreon) & A(Arcadia)
MERGE 2A(Elis)`), so that the game shows each of the variant's rules on purpose. Four players
take part (Sparta with Elatea, Argolis with Pherea, Boeotia with Elis, Athens with
Anactorium); the other three send no set-up and so place nothing (rule 1). The story:
- Winter 451 BC: the rulebook's set-ups, one letter a player (the Minor's piece in the
  Major's list), multiples and garrisons included;
- 450 BC: Sparta's 2A takes Tegea in the Spring (a town changes hands after Spring) and
  splits in the Autumn; Athens splits its 2F; Boeotia takes Delphi; the colonies declare
  (the draw from the game's seed); Winter: half builds (a garrison), a conversion;
- 449 BC: Boeotia sacks Delphi; Sparta's merge dislodges Elis, which is eliminated; a garrison
  supports the merge into its own city and holds it; Winter: Delphi's two units, a garrison
  disbanded to free half a build;
- 448 BC: a lone garrison is dislodged and disbands; Athens' support of Boeotia does not
  count (the shunning); Boeotia liberates Elis, which builds again beside Boeotia's army;
- 447 and 446 BC: quiet years (every unit holds).

The game is played through gm's own store and commands; after each phase the script checks
that what the story needs happened, then exports the archive with every phase's outcome, so
that `gm replay games/hoplite-wars-demo.txt --check` can verify it.

    .venv/bin/python tools/make_hoplite_wars_demo.py [--out PATH] [--show]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import letter_demo  # noqa: E402

GAME = "hoplite-wars-demo"
LAST_YEAR = 446  # the story ends with the Winter of 446 BC: five years from the set-up
VARIANT = "hoplite-wars"
NOTES = ("A demonstration game of Hoplite Wars from letters written to show every variant "
         "rule (tools/make_hoplite_wars_demo.py).")

LETTERS: dict[str, dict[str, str]] = {
    # --- the set-up (rule 1): the rulebook's own two examples, and two more ---------------
    "Winter 451 BC": {
        # one letter a player: the Minor's piece is in the Major's list, as the rulebook has it
        "Sparta": "SPARTA: 2A(Sparta), G(Prasiae), G(Zarax), A(Elatea)",
        "Athens": "ATHENS: 2F(Athens), A(Marathon) and A(Anactorium)",
        "Argolis": "ARGOLIS: A(Argos), A(Hermione), F(Corinth)",
        "Pherea": "PHEREA: A(Pherea)",
        "Boeotia": "BOEOTIA: A(Orchomenos), F(Thebes), A(Aulis)",
        "Elis": "ELIS: A(Elis)",
    },
    # --- 450 BC -----------------------------------------------------------------------------
    "Spring 450 BC": {
        "Sparta": "SPARTA: 2A(Sparta)-Tegea",
        "Athens": "ATHENS: 2F(Athens) split F-Saronic Gulf & F H",
        "Argolis": """ARGOLIS: A(Argos)-Epidaurus
A(Hermione)-Troezen
F(Corinth)-Sicyon""",
        "Boeotia": """BOEOTIA: A(Orchomenos)-Delphi
F(Thebes)-Alcyonian Gulf
A(Aulis)-Plataea""",
    },
    "Autumn 450 BC": {
        "Sparta": "SPARTA: 2A(Tegea) split A-Lepreon & A-Arcadia",
        "Athens": "ATHENS: F(Saronic Gulf)-Aegina",
        "Boeotia": """BOEOTIA: A(Delphi) H
F(Alcyonian Gulf)-Corinthian Gulf""",
    },
    "Winter 450 BC": {
        # 3 cities, Tegea, Lepreon and Rhodes (4½) for A, A, G, G (3): 1½ to build
        "Sparta": "SPARTA: Builds: A(Sparta), G(Tegea)",
        "Athens": "ATHENS: A(Marathon)-F(Marathon). Builds: A(Thoricus)",
        "Argolis": "ARGOLIS: Builds: F(Hermione), A(Argos)",
        "Boeotia": "BOEOTIA: Builds: A(Orchomenos), A(Thebes), A(Aulis)",
    },
    # --- 449 BC -----------------------------------------------------------------------------
    "Spring 449 BC": {
        "Sparta": "SPARTA: A(Lepreon) & A(Arcadia) MERGE 2A(Elis)",
        "Boeotia": "BOEOTIA: SACK Delphi",
        "Argolis": "ARGOLIS: F(Hermione)-Argolic Gulf",
    },
    "Autumn 449 BC": {
        # Argos attacks Prasiae with 2; Sparta merges into it, its garrison supporting
        "Argolis": """ARGOLIS: A(Argos)-Prasiae
F(Argolic Gulf) S A(Argos)-Prasiae""",
        "Sparta": """SPARTA: A(Sparta) MERGE Prasiae
G(Prasiae) S MERGE Prasiae""",
        "Boeotia": """BOEOTIA: F(Corinthian Gulf) C A(Delphi)-Patrae
A(Delphi)-Patrae""",
    },
    "Winter 449 BC": {
        # Delphi's two units on top of the builds; a garrison disbanded frees half a build
        "Boeotia": "BOEOTIA: Builds: F(Thebes), A(Aulis)",
        "Sparta": "SPARTA: Disband G(Zarax)\nBuilds: A(Lepreon), G(Sparta)",
    },
    # --- 448 BC -----------------------------------------------------------------------------
    "Spring 448 BC": {
        "Sparta": "SPARTA: 2A(Elis)-Arcadia",
        "Boeotia": """BOEOTIA: A(Patrae)-Elis
A(Plataea)-Megara""",
        "Athens": "ATHENS: F(Athens) S A(Plataea)-Megara",
        "Argolis": """ARGOLIS: A(Argos)-Prasiae
F(Argolic Gulf) S A(Argos)-Prasiae""",
    },
    "Autumn 448 BC": {
        "Boeotia": "BOEOTIA: A(Elis) H",
    },
    "Winter 448 BC": {
        "Elis": "ELIS: Builds: A(Elis)",
    },
}

# Lines a player wrote that gm refuses on purpose (the refusal is part of the story).
REFUSED: set[str] = set()

EXPECTED: list[tuple[str, str, str]] = [
    ("Winter 451 BC", "the rulebook's Spartan set-up", "Build G Zar"),
    ("Spring 450 BC", "a multiple moves", "2A Spa - Teg"),
    ("Spring 450 BC", "a town taken in Spring", "Sparta gains Tegea"),
    ("Spring 450 BC", "a multiple splits", "F Ath - Sar F Ath H"),
    ("Autumn 450 BC", "the colonies declare", "the colonies declare"),
    ("Winter 450 BC", "a half build", "Build G Teg"),
    ("Winter 450 BC", "a Winter conversion", "A Mar becomes a fleet"),
    ("Spring 449 BC", "a merge", "A Lep merge 2A Eli A Arc merge 2A Eli"),
    ("Spring 449 BC", "Delphi sacked", "sacked Delphi"),
    ("Autumn 449 BC", "a garrison supports the merge into its own city", "G Pra S merge Pra"),
    ("Autumn 449 BC", "a Minor eliminated", "Eliminated: Elis."),
    ("Winter 449 BC", "Delphi's two units", "from Delphi's offerings"),
    ("Winter 449 BC", "a garrison disbanded in Winter", "garrison in Zarax disbanded"),
    ("Spring 448 BC", "the shunning", "rule 7 (Delphi): the player who sacked Delphi is "
     "shunned"),
    ("Spring 448 BC", "a garrison dislodged disbands", "G Pra disbanded at once when "
     "dislodged"),
    ("Autumn 448 BC", "a Minor liberated", "Elis gains Elis"),
    ("Winter 448 BC", "the liberated Minor builds", "Build A Eli"),
]


def play(show: bool) -> str:
    return letter_demo.play_letters(game=GAME, variant=VARIANT, notes=NOTES,
                                    last_year=LAST_YEAR, letters=LETTERS, refused=REFUSED,
                                    expected=EXPECTED, show=show, with_centres=True)


if __name__ == "__main__":
    letter_demo.main(__doc__, ROOT / "games" / "hoplite-wars-demo.txt", play)
