"""Reading and writing archives: the layout, the names, and errors that name the line."""

from __future__ import annotations

import pytest

from gm.store.archive import ArchiveError, read_archive, write_archive

SAMPLE = """\
# a comment
Game: league-7
Variant: Standard
Notes: first line
Notes: second line

Spring 1901
France:
  A Par - Bur
  F Bre - Mid
Germany: A Mun - Bur
Outcome:
  France: A Bur, A Mar, F Mid; centres Bre, Mar, Par
  Germany: A Mun; no centres
  Russia: no units; centres Mos
  Dislodged: Italy A Ven (from Tri), Turkey A Smy (by convoy)
  Standoffs: Bur, Pic
  State: {"destroyed": ["car"]}

Autumn 1901 Retreat
GM edit: add France A Pic (reason: lost in the post)
Italy:
  A Ven R Pie

Result: Draw: England, France
"""


def test_sample_is_read_with_resolved_names():
    archive = read_archive(SAMPLE, "sample.txt")
    assert archive.game == "league-7"
    assert archive.variant == "standard"
    assert archive.notes == ["first line", "second line"]
    spring, autumn = archive.phases
    assert spring.heading == "Spring 1901"
    assert [(letter.power, letter.text) for letter in spring.letters] == [
        ("france", "A Par - Bur\nF Bre - Mid"), ("germany", "A Mun - Bur")]
    outcome = spring.outcome
    assert outcome.holdings[0].units == ["A bur", "A mar", "F mid"]
    assert outcome.holdings[0].centres == ["bre", "mar", "par"]
    assert outcome.holdings[1].centres == []
    assert outcome.holdings[2].units == []
    assert [(d.power, d.unit, d.attacker_from) for d in outcome.dislodged] == [
        ("italy", "A ven", "tri"), ("turkey", "A smy", None)]
    assert outcome.standoffs == ["bur", "pic"]
    assert outcome.state == {"destroyed": ["car"]}
    assert autumn.edits[0].command == "add France A Pic"
    assert autumn.edits[0].reason == "lost in the post"
    assert autumn.outcome is None
    assert archive.result == "Draw: England, France"


def test_writing_and_reading_again_gives_the_same_archive(standard_map):
    archive = read_archive(SAMPLE, "sample.txt")
    again = read_archive(write_archive(archive, standard_map), "written.txt")
    for field in ("game", "variant", "notes", "result"):
        assert getattr(again, field) == getattr(archive, field)
    for a, b in zip(archive.phases, again.phases, strict=True):
        assert a.heading == b.heading
        assert [(x.power, x.text) for x in a.letters] == [(x.power, x.text) for x in b.letters]
        assert [(x.command, x.reason) for x in a.edits] == \
            [(x.command, x.reason) for x in b.edits]
        if a.outcome is None:
            assert b.outcome is None
        else:
            assert a.outcome.model_dump(exclude={"line"}) == b.outcome.model_dump(exclude={"line"})


@pytest.mark.parametrize("text, line, message", [
    ("Game: x\n\nSpring 1901\nA Par - Bur\n", 3, "Variant"),
    ("Variant: nowhere\nSpring 1901\n", 1, "unknown variant"),
    ("Variant: standard\nSpring 1901\nA Par - Bur\n", 3, "before any power"),
    ("Variant: standard\nA Par - Bur\n", 2, "expected a phase heading"),
    ("Variant: standard\nSpring 1901\nFrance: A Par - Bur\nOutcome:\n  Narnia: A Par\n", 5,
     "not a power"),
    ("Variant: standard\nSpring 1901\nOutcome:\n  France: A Xyz; centres Par\n", 4,
     "unknown province"),
    ("Variant: standard\nSpring 1901\nOutcome:\n  Dislodged: France A Bur\n", 4,
     "write a dislodged piece"),
    ("Variant: standard\nSpring 1901\nGM edit: add France A Pic\n", 3, "reason"),
    ("Variant: standard\nSpring 1901\nResult: Draw: A, B\nAutumn 1901\n", 4, "follow"),
])
def test_errors_name_the_line(text, line, message):
    with pytest.raises(ArchiveError, match=message) as caught:
        read_archive(text, "bad.txt")
    assert str(caught.value).startswith(f"bad.txt:{line}:")


def test_an_empty_archive_is_an_error():
    with pytest.raises(ArchiveError, match="empty"):
        read_archive("# nothing\n\n", "empty.txt")


def test_dislodged_pieces_of_powers_with_several_words_in_their_names():
    text = """Game: g
Variant: lord-of-hosts

Spring 601 BC
Outcome:
  The Allies: A Amm, A Edo; centres Amm, Edo, Moa
  Cannan (Israel): A Jeu, A Tyr; centres Dam, Jeu, Tyr
  Dislodged: Cannan (Israel) A Gaz (from Sin), The Allies A Moa (by convoy)
"""
    [phase] = read_archive(text, "multi.txt").phases
    dislodged = {(d.power, d.unit, d.attacker_from) for d in phase.outcome.dislodged}
    assert dislodged == {("israel", "A gaz", "sin"), ("allies", "A moa", None)}
