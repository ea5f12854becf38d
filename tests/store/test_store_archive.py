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


RECORDED = """\
Variant: standard

Autumn 1901
Letter from France:
  | Hi GM
    -> ignored (greeting)
  | Army Paris moves to Burgundy
    -> A Par - Bur
  | F Bre - Mid
  | Build A Par
    -> for Winter 1901
  | A Mar - Gas
    -> for Autumn 1901 Retreat, if dislodged: A Mar R Gas
  | Spring 1901:
    -> heading: orders below are for the open phase
  | A Xyz - Foo
    -> rejected (unknown_name): unknown province 'Xyz'. Did you mean Syria (syr)?
  | > A Par - Bur
    -> ignored (quoted-order): A Par - Bur
  |   | a line | with # and -> inside
    -> ignored (not-an-order)
GM edit: remove Bre (reason: resigned)
Letter:
  | Hello
    -> ignored (greeting)
"""


def test_a_recorded_letter_keeps_each_line_and_where_gm_filed_it():
    [phase] = read_archive(RECORDED, "recorded.txt").phases
    france, nobody = phase.letters
    assert (france.power, nobody.power) == ("france", None)
    lines = france.recorded
    assert [(x.filed, x.reading, x.later, x.conditional, x.kind) for x in lines] == [
        ("ignored", None, None, False, "greeting"),
        ("order", "A Par - Bur", None, False, ""),
        ("order", None, None, False, ""),
        ("order", None, "Winter 1901", False, ""),
        ("order", "A Mar R Gas", "Autumn 1901 Retreat", True, ""),
        ("heading", None, None, False, ""),
        ("rejected", None, None, False, "unknown_name"),
        ("ignored", None, None, False, "quoted-order"),
        ("ignored", None, None, False, "not-an-order")]
    assert lines[6].detail == "unknown province 'Xyz'. Did you mean Syria (syr)?"
    assert lines[7].detail == "A Par - Bur"
    assert lines[8].text == "  | a line | with # and -> inside"
    assert france.text.splitlines()[1] == "Army Paris moves to Burgundy"
    assert [(e.command, e.after_letters) for e in phase.edits] == [("remove Bre", 1)]


def test_a_recorded_letter_is_written_as_it_was_read(standard_map):
    archive = read_archive(RECORDED, "recorded.txt")
    written = write_archive(archive, standard_map)
    assert written.split("Autumn 1901\n", 1)[1] == RECORDED.split("Autumn 1901\n", 1)[1]


@pytest.mark.parametrize("marks, line, message", [
    ("  -> A Par - Bur\n", 5, "put it under one"),
    ("  | A Par - Bur\n  -> A Par - Bur\n  -> A Par H\n", 7, "keep one"),
    ("  | A Par - Bur\n  ->\n", 6, "say after '->'"),
    ("  | Hi\n  -> ignored\n", 6, "which kind"),
    ("  | A Par - Bur\n  -> for Winter 1901 A Par - Bur\n", 6, "write where gm filed"),
    ("  |\n", 5, "empty letter line"),
    ("Spring 1901\n", 4, "no lines"),
])
def test_a_recorded_letter_that_cannot_be_read_names_the_line(marks, line, message):
    text = f"Variant: standard\n\nSpring 1901\nLetter from France:\n{marks}"
    with pytest.raises(ArchiveError, match=message) as caught:
        read_archive(text, "bad.txt")
    assert str(caught.value).startswith(f"bad.txt:{line}:")


def test_an_archive_without_its_last_line_end_loses_the_line_cut():
    whole = RECORDED + "\nWinter 1901\nLetter from France:\n  | Build A Par\n"
    cut = read_archive(whole[:-len("ar\n")], "cut.txt")
    assert (cut.cut_line, cut.cut_text) == (28, "| Build A P")  # and its heading
    assert cut.phases[-1].heading == "Winter 1901" and not cut.phases[-1].letters
    marked = read_archive(whole + "    -> for Win", "cut.txt")  # the line above goes too
    assert marked.cut_line == 28 and not marked.phases[-1].letters
    result = read_archive(whole + "\nResult: Draw: France, Germany", "end.txt")
    assert result.cut_line == 0 and result.result == "Draw: France, Germany"
    heading = read_archive(whole + "\nSpring 1902", "end.txt")
    assert heading.cut_line == 0 and heading.phases[-1].heading == "Spring 1902"
    assert read_archive(whole + "\nSpring 19", "end.txt").cut_line == 31


WINTER = RECORDED + "\nWinter 1901\nLetter from France:\n  | Build A Par\n"


@pytest.mark.parametrize("ending", [
    "  | Build F Bre",  # an order as written
    "  | B F Bre\n    -> Build F Bre",  # its reading
    "  | Hi\n    -> ignored (greeting)",
    "  | A Xyz H\n    -> rejected (unknown_name): unknown province 'Xyz'.",
    "GM edit: add France A Pic (reason: the army was left off)",
    "Deadline: Saturday 5 December 2026",
    "Outcome:\n  France: A Bur, A Mar, F Mid; centres Bre, Mar, Par",
])
def test_a_last_line_without_its_line_end_is_kept_when_it_reads_whole(ending):
    """An editor that ends no file with a line end: the last line is the archive's when it
    reads whole as what its place expects (an order, a '->' line as the archive writes it,
    an outcome line, a correction, a deadline)."""
    archive = read_archive(WINTER + ending, "edited.txt")
    assert archive.cut_line == 0
    phase = archive.phases[-1]
    if ending.startswith("  |"):
        assert phase.letters[-1].recorded[-1].text == ending.split("\n")[0][4:]
    elif ending.startswith("Outcome"):
        assert phase.outcome.holdings[0].centres == ["bre", "mar", "par"]


def test_a_last_line_kept_for_a_later_phase_is_kept_when_that_phase_follows():
    ahead = read_archive(RECORDED + "  | B F Bre\n    -> for Winter 1901: Build F Bre", "a.txt")
    assert ahead.cut_line == 0
    assert ahead.phases[-1].letters[-1].recorded[-1].later == "Winter 1901"
    too_far = read_archive(RECORDED + "  | B F Bre\n    -> for Spring 1903: Build F Bre", "b.txt")
    assert too_far.cut_text == "-> for Spring 1903: Build F Bre"


@pytest.mark.parametrize("ending, cut_text", [
    ("  | Build F B", "| Build F B"),  # a name cut short reads no order
    ("  | A Mar - Pi", "| A Mar - Pi"),  # nor does one that only a guess would read
    ("  | F Bre - Mid\n    -> rejected (no_unit): there is no unit in Bre",
     "-> rejected (no_unit): there is no unit in Bre"),  # a reason cut off mid-sentence
    ("  | Hi\n    -> ignored (gree", "-> ignored (gree"),
    ("  | B F Bre\n    -> for Spring 19", "-> for Spring 19"),  # no phase a letter keeps for
    ("Outcome:\n  France: A Bur, A M", "France: A Bur, A M"),
    ("Outcome:\n  State: {\"destroyed\": ", "State: {\"destroyed\":"),
    ("Player France: Jane Smi", "Player France: Jane Smi"),  # free text shows no end
    ("GM edit: add France A Pic (reason: the army", "GM edit: add France A Pic (reason: the army"),
])
def test_a_last_line_that_does_not_read_whole_is_cut(ending, cut_text):
    archive = read_archive(WINTER + ending, "cut.txt")
    assert archive.cut_line > 0 and archive.cut_text == cut_text
    assert archive.phases[-1].outcome is None  # an outcome cut short is not used


def test_a_last_line_is_read_as_an_order_of_its_phase():
    """HW 1: a set-up piece alone (`2A(Sparta)`) is a build in the Winter set-up, an order
    that reads whole; in a movement phase a unit alone reads only as a guess (a hold)."""
    setup = "Variant: hoplite-wars\n\nWinter 451 BC\nLetter from Sparta:\n  | 2A(Sparta)"
    assert read_archive(setup, "setup.txt").cut_line == 0
    moves = "Variant: standard\n\nSpring 1901\nLetter from France:\n  | F Bre"
    assert read_archive(moves, "moves.txt").cut_text == "| F Bre"
