"""The archive is the game (issue 27, part 1): every letter line is exported with where gm
filed it, and `gm replay --check` of the export rebuilds the game exactly; exporting the
replayed game gives the same archive (docs/archive-format.md)."""

from __future__ import annotations

from pathlib import Path

FRANCE_SPRING = """France:
A Par - Bur
A Mar S A Par - Bur
F Bre - Mid
If dislodged, A Mar - Gas
Autumn retreats: A Bur - Pic
"""
FRANCE_AUTUMN = """France:
A Bur - Bel
F Mid - Por
Winter:
Build A Par
"""


def exported(gm, game: str, path: Path) -> str:
    gm("export", game, str(path))
    return path.read_text(encoding="utf-8")


def replays_to_the_same_archive(gm, archive: Path, tmp_path: Path) -> str:
    """`gm replay --check` of the archive finds no difference, and the replayed game exports
    to the same archive but for its name; returns the replay's output."""
    other = tmp_path / "other.db"
    out = gm("replay", str(archive), "--check", "--as", "again", "--db", str(other),
             db=False).output
    assert "no differences" in out
    again = tmp_path / "again.txt"
    gm("export", "again", str(again), "--db", str(other), db=False)
    text = archive.read_text(encoding="utf-8")
    assert again.read_text(encoding="utf-8") == text.replace(
        text.splitlines()[1], "Game: again", 1)
    return out


def test_the_standard_reproduction_replays_as_it_was_played(gm, tmp_path):
    """Issue 27's case: a conditional retreat, a retreat for a phase the letter cannot order,
    and a build sent with the Autumn moves."""
    gm("new", "paris")
    gm("orders", "paris", input=FRANCE_SPRING)
    gm("orders", "paris", input="Germany:\nA Mun - Bur\n")
    spring = gm("adjudicate", "paris").output
    assert "A Mar S A Par - Bur" in spring
    gm("orders", "paris", input=FRANCE_AUTUMN)
    gm("adjudicate", "paris")
    assert "Build A Par" in gm("adjudicate", "paris").output  # Winter: the build sent ahead
    archive = tmp_path / "paris.txt"
    text = exported(gm, "paris", archive)
    assert "  | If dislodged, A Mar - Gas" not in text  # the line as gm read it...
    assert "  | A Mar - Gas\n    -> for Spring 1901 Retreat, if dislodged: A Mar R Gas" in text
    assert "  | A Bur - Pic\n    -> rejected (phase): " in text  # Autumn's, not Spring's
    assert "  | Build A Par\n    -> for Winter 1901\n" in text
    out = replays_to_the_same_archive(gm, archive, tmp_path)
    assert "A Mar S A Par - Bur" in out and "A Mar - Gas" not in out.split("Autumn 1901")[0]
    assert "Build A Par" in out.split("again: Winter 1901")[1]


CARTHAGE = """CARTHAGE: Place Hannibal in New Carthage
A(New Carthage)-Saguntum
Hannibal-Saguntum
F(Carthage)-Iberian Sea
If dislodged, A(Thapsus) - Zama
"""
ROME = """ROME: Place Publius Scipio in Rome
F(Campania)-Sicily
A(Rome)-Campania
Scipio-Campania
"""


def test_rise_of_rome_ii_leaders_placed_and_lines_sent_ahead_replay(gm, tmp_path):
    gm("new", "rome", "--variant", "rise-of-rome-ii")
    gm("orders", "rome", input=CARTHAGE)
    gm("orders", "rome", input=ROME)
    gm("adjudicate", "rome")
    gm("orders", "rome", input="ROME: F(Sicily)-Syracuse\nWinter:\nBuild A Rome\n")
    gm("adjudicate", "rome")
    gm("adjudicate", "rome", "--no-orders")
    archive = tmp_path / "rome.txt"
    text = exported(gm, "rome", archive)
    assert "  | Place Hannibal in New Carthage\n    -> Place Hannibal in New\n" in text
    assert "  | Hannibal-Saguntum\n    -> Hannibal - Sag\n" in text
    assert "-> for Spring 220 BC Retreat, if dislodged: A Tha R Zam" in text
    assert "  | Build A Rome\n    -> for Winter 220 BC: Build A Rom" in text
    out = replays_to_the_same_archive(gm, archive, tmp_path)
    assert "Place Hannibal in New (*placed*)" in out and "Hannibal - Sag" in out
    assert "Build A Rom" in out.split("again: Winter 220 BC")[1]


def test_lines_replaced_or_dropped_are_not_in_the_archive(gm, tmp_path):
    gm("new", "drops")
    gm("orders", "drops", input="France:\nA Par - Pic\nF Bre - Eng\n")
    gm("orders", "drops", "--power", "France", "--replace", input="A Par - Bur\nF Bre - Mid\n")
    gm("orders", "drops", input="Germany:\nA Mun - Bur\nA Kie - Hol\n")
    gm("letters", "drops", "--drop", "3")
    gm("orders", "drops", input="Germany:\nA Mun - Ruh\n")
    text = exported(gm, "drops", tmp_path / "drops.txt")
    assert "Pic" not in text and "Eng" not in text and "Hol" not in text
    assert text.count("Letter from") == 2
    replays_to_the_same_archive(gm, tmp_path / "drops.txt", tmp_path)


def test_a_correction_is_kept_in_its_place_among_the_letters(gm, tmp_path):
    """Intake reads a letter against the board as it stands: an order for a unit the GM
    adds later is refused, and one given after it is taken; the replay does the same."""
    gm("new", "edits")
    gm("orders", "edits", input="France:\nA Pic - Bel\n")
    gm("edit", "edits", "add", "France", "A", "Pic", "--reason", "left off the report")
    gm("orders", "edits", input="France:\nA Pic - Bel\n")
    text = exported(gm, "edits", tmp_path / "edits.txt")
    first, second = text.index("Letter from France"), text.rindex("Letter from France")
    assert first < text.index("GM edit: add France A Pic") < second
    assert "-> rejected (no_unit)" in text[first:second]
    replays_to_the_same_archive(gm, tmp_path / "edits.txt", tmp_path)


def test_a_gm_corrects_the_archive_in_an_editor(gm, tmp_path):
    """The GM finds that a refused line was readable after all: they correct it, take away
    the '->' line, and the replay takes the order."""
    gm("new", "typo")
    gm("orders", "typo", input="France:\nA Xqz - Bur\n")
    archive = tmp_path / "typo.txt"
    text = exported(gm, "typo", archive)
    assert "  | A Xqz - Bur\n    -> rejected (unknown_name): unknown province" in text
    fixed = "".join(line for line in text.splitlines(keepends=True)
                    if "-> rejected" not in line).replace("A Xqz - Bur", "A Par - Bur")
    archive.write_text(fixed, encoding="utf-8")
    gm("replay", str(archive), "--as", "fixed", "-q")
    listed = gm("orders", "fixed", "--list").output
    assert "│ A Par - Bur │ ok " in listed


def test_a_recorded_order_the_replay_refuses_is_a_difference(gm, tmp_path):
    gm("new", "moved")
    gm("orders", "moved", input="France:\nA Par - Bur\n")
    gm("adjudicate", "moved", "--no-orders")
    archive = tmp_path / "moved.txt"
    text = exported(gm, "moved", archive)
    archive.write_text(text.replace("  | A Par - Bur", "  | A Pic - Bur"), encoding="utf-8")
    out = gm("replay", str(archive), "--check", "--as", "x", ok=False).output
    assert "'A Pic - Bur' was an order of Spring 1901; the replay rejects it" in out
