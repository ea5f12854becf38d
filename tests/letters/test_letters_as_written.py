"""Letters as players of the three ancient variants wrote them (issue 29), each a file in
`as_written/`, read by `gm orders` (`take_orders`) in a game set up as the letter needs.

Each case says what every line that is not chatter or a heading became: an order for the open
phase (`accepted`), one kept for a later phase (`later`), a line refused with its reason
(`rejected`), or one a later line replaced (`superseded`), with words the echo must hold; or
the refusal of the whole letter, with nothing stored. The rulebooks are Rise of Rome II (RR),
Hoplite Wars (HW) and Diadochi V (DV) in ../shared/rulebooks/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.game import adjudication
from gm.game.confirmations import confirm
from gm.game.games import new_game
from gm.game.intake import take_orders
from gm.store.database import open_store
from tests.letters.test_letters import _stored, refused_whole

HERE = Path(__file__).resolve().parent / "as_written"

NEXT = "adjudicate"  # a setup step: the phase adjudicated with no orders (units hold)
# HW rule 1's example set-up for Sparta, and one whose Prasiae army may merge with Sparta's
SPARTA_2A = "Sparta:\n2A(Sparta)\nG(Prasiae)\nG(Zarax)\nA(Elatea)\n"
SPARTA_MERGE = "Sparta:\nA(Sparta)\nA(Prasiae)\nG(Zarax)\nA(Elatea)\n"
# RR 3.3: Philip V starts in Pella; every other leader on its power's first home
PHILIP_IN_PELLA = "Macedonia:\nPlace Philip V in Pella\n"

# letter -> variant, setup steps, --power, and each line's (text, status, words in the echo)
CASES = {
    # RR, "Letters players wrote that gm did not read"
    "retreats_written_three_ways.txt": dict(variant="rise-of-rome-ii", lines=[
        ("A Boe - The", "accepted", "A Boe - The"),
        ("F Ach - Crs", "accepted", "F Ach - Crs"),
        ("F Aet - Goc", "accepted", "F Aet - Goc"),
        ("Retreat A Boe - Aet", "later", "A Boe R Aet (kept for Spring 220 BC Retreat)"),
        ("F Ach - Goc", "later", "F Ach R Goc (kept for Spring 220 BC Retreat)"),
        ("F Aet retreats to Epi", "later", "F Aet R Epi (kept for Spring 220 BC Retreat)")]),
    "leader_placements.txt": dict(variant="rise-of-rome-ii", lines=[
        ("Hannibal begins in New Carthage", "accepted", "Place Hannibal in New"),
        ("Hannibal to Mauretania", "accepted", "Hannibal - Mau"),
        ("P. Scipio (Rome)", "accepted", "Place Publius Scipio in Rom"),
        ("P. Scipio - Campania", "accepted", "Publius Scipio - Cam"),
        ("Philip V is placed in Pella", "accepted", "Place Philip V in Pel"),
        ("Philip - Epirus", "accepted", "Philip V - Epi"),
        ("Ptolemy IV placed in Memphis", "accepted", "Place Ptolemy IV in Mem"),
        ("Antiochus III: Antioch", "accepted", "Place Antiochus III in Ant"),
        ("Philopoemen - Boeotia", "accepted", "Place Philopoemen in Boe")]),
    "leader_by_first_name.txt": dict(variant="rise-of-rome-ii", setup=[PHILIP_IN_PELLA, NEXT],
                                     lines=[
        ("Philip - Epi", "accepted", "Philip V - Epi"),
        ("A Lys - Philippi", "accepted", "A Lys - Phi"),
        ("A Pel S Philip - Epi", "accepted", "A Pel S Philip V - Epi"),
        ("F Cas H", "accepted", "F Cas H")]),
    "leader_holds_by_first_name.txt": dict(variant="rise-of-rome-ii", setup=[NEXT], lines=[
        ("Philip H", "accepted", "Philip V H")]),
    "multiword_near_miss.txt": dict(variant="rise-of-rome-ii", lines=[
        ("A Umb - Cis Gaul", "accepted",
         "A Umb - Cis (read 'Cis Gaul' as Cisalpine Gaul (cis))"),
        ("F Cam - Tyrrhen Sea", "accepted",
         "F Cam - Tys (read 'Tyrrhen Sea' as Tyrrhenian Sea (tys))")]),
    # HW: headings naming a power, Major or Minor, and a phase; a set-up with no heading
    "power_and_phase_headings.txt": dict(variant="hoplite-wars", setup=[
        SPARTA_2A, "Argolis:\nA(Argos)\nF(Corinth)\nA(Hermione)\nA(Pherea)\n", NEXT], lines=[
        ("A Arg H", "accepted", "A Arg H"),
        ("F Cor H", "accepted", "F Cor H"),
        ("2A Spa - Teg", "accepted", "2A Spa - Teg"),
        ("A Ela H", "accepted", "A Ela H"),
        ("G Pra H", "accepted", "G Pra H"),
        ("G Zar H", "accepted", "G Zar H")],
        powers=["argolis", "argolis", "sparta", "elatea", "sparta", "sparta"]),
    "one_players_heading.txt": dict(variant="hoplite-wars", setup=[
        "Argolis:\nA(Argos)\nF(Corinth)\nA(Hermione)\nA(Pherea)\n", NEXT], lines=[
        ("A Arg H", "accepted", "A Arg H"),
        ("A Phe H", "accepted", "A Phe H (for Pherea)")], powers=["argolis", "pherea"]),
    "hoplite_setup_unheaded.txt": dict(variant="hoplite-wars", lines=[
        ("F(Athens)", "accepted", "Build F Ath"),
        ("A(Marathon)", "accepted", "Build A Mar"),
        ("A(Anactorium)", "accepted", "Build A Ana (for Anactorium)")],
        powers=["athens", "athens", "anactorium"]),
    # DV: a near miss judged by the board
    "near_miss_in_reach.txt": dict(variant="diadochi-v", lines=[
        ("F Cyp - Gulf of Isus", "accepted", "F Cyp - Iss (read 'Gulf of Isus' as Gulf of "
                                             "Issus (iss), the one of Gulf of Issus (iss) or "
                                             "Red Sea (red) that this order can take)"),
        ("F Alx H", "accepted", "F Alx H"),
        ("A Pto H", "accepted", "A Pto H")]),
    # a misspelt name is never said to be a place the unit cannot reach (Irish Sea, Rumania)
    "near_miss_suggests_in_reach.txt": dict(variant="standard", lines=[
        ("A Par - Brisa", "rejected", "unknown province 'Brisa' (at column 9). Did you mean "
                                      "Brest (bre)?"),
        ("A Mun - Ruai", "rejected", "unknown province 'Ruai' (at column 9). Did you mean "
                                     "Ruhr (ruh)?")]),
    # the classes: headings in words, when unsure ask, verbs and punctuation
    "headings_in_words.txt": dict(variant="standard", setup=[NEXT], lines=[
        ("A Par - Bur", "accepted", "A Par - Bur"),
        ("F Bre - Mid", "accepted", "F Bre - Mid"),
        ("A Mar H", "accepted", "A Mar H"),
        ("A Par - Gas", "later", "A Par R Gas (kept for Autumn 1901 Retreat)"),
        ("A Par", "later", "Build A Par (kept for Winter 1901)"),
        ("A Mar", "later", "Remove A Mar (kept for Winter 1901)")]),
    "headings_misspelt_and_mixed.txt": dict(variant="standard", setup=[NEXT], lines=[
        ("A Mun - Bur", "accepted", "A Mun - Bur"),
        ("F Kie - Den", "accepted", "F Kie - Den"),
        ("A Ber - Kie", "accepted", "A Ber - Kie"),
        ("A Mun - Ruh", "later", "A Mun R Ruh (kept for Autumn 1901 Retreat)"),
        ("F Kie", "later", "Build F Kie (kept for Winter 1901)")]),
    "heading_gm_cannot_place.txt": dict(variant="standard", lines=[
        ("A Par - Bur", "accepted", "A Par - Bur"),
        ("F Bre - Mid", "accepted", "F Bre - Mid"),
        ("A Par - Pic", "rejected", "this would replace your order on line 2, A Par - Bur, "
                                    "but it is under 'If I am bounced', which gm does not "
                                    "read as a power or a phase"),
        ("A Mar - Spa", "superseded", "replaced by your later order on line 9, 'A Mar - Gas'"),
        ("A Mar - Gas", "accepted", "A Mar - Gas (replaces your earlier order on line 8, "
                                    "A Mar - Spa)")]),
    "guess_never_replaces.txt": dict(variant="standard", lines=[
        ("A Mun - Ruh", "accepted", "A Mun - Ruh"),
        ("A Muc - Tyr", "rejected", "this would replace your order on line 2, A Mun - Ruh, "
                                    "but gm guessed a name in it (read 'Muc' as Munich "
                                    "(mun)). If 'Muc' means Munich (mun), write A Mun - Tyr: "
                                    "it then replaces that order."),
        ("F Kie - Den", "accepted", "F Kie - Den"),
        ("F Kie", "rejected", "but it names the unit and gives it no order")]),
    "verbs_and_punctuation.txt": dict(variant="diadochi-v", lines=[
        ("Loan: Alexandria to Syria", "accepted", "Loan Alx to Syria"),
        ("Lend: Cyprus to Syria", "accepted", "Loan Cyp to Syria"),
        ("F Alx H", "accepted", "F Alx H")]),
    "merge_in_words.txt": dict(variant="hoplite-wars", setup=[SPARTA_MERGE, NEXT], lines=[
        ("Merge A Pra and A Spa into 2A Spa", "accepted", "A Pra & A Spa merge 2A Spa")]),
    # "Messages that mislead"
    "leader_supports_its_unit.txt": dict(variant="rise-of-rome-ii", setup=[NEXT], lines=[
        ("Philopoemen S F Ach - Spa", "accepted",
         "void when adjudicated: rule 3.4 (leaders): Philopoemen shares Achea with F Ach, so it "
         "leads it, and 'the unit being led moves with the combined strength of the unit "
         "concerned and the Leader Unit'"),
        ("F Ach - Spa", "accepted", "F Ach - Spa"),
        ("A Boe H", "accepted", "A Boe H")]),
    "winter_builds_in_spring.txt": dict(variant="rise-of-rome-ii", lines=[
        ("A Umb H", "accepted", "A Umb H"),
        ("build F Rome", "rejected", "builds are accepted from Autumn 220 BC on; send it "
                                     "with your Autumn orders")]),
    "three_armies_in_sparta.txt": dict(variant="hoplite-wars", setup=[SPARTA_2A, NEXT], lines=[
        ("3A Spa - Teg", "rejected", "Sparta holds 2A; write 2A Spa, or split it (rule 3)"),
        ("split 2A Spa: A to Teg, A to Mes", "accepted", "2A Spa split A - Teg & A - Mes"),
        ("G Pra H", "accepted", "G Pra H")]),
    # "The GM's workflow": a letter pasted into the wrong game
    "letter_for_another_game.txt": dict(
        variant="rise-of-rome-ii",
        refused="no line of this letter names a piece, power or place of this game (Rise of "
                "Rome II): is this letter for another game? gm games lists them"),
}


def test_every_letter_here_has_its_expectations():
    assert sorted(p.name for p in HERE.glob("*.txt")) == sorted([*CASES, WORDINGS])


@pytest.fixture()
def store(tmp_path):
    opened = open_store(tmp_path / "gm.db", create=True)
    yield opened
    opened.close()


def _game(store, variant: str, setup=()) -> None:
    new_game(store, "g", variant)
    for step in setup:
        if step == NEXT:
            adjudication.adjudicate(store, "g", no_orders=True)
        else:
            take_orders(store, "g", step)


def _echo(row) -> str:
    if row.status in ("accepted", "later"):
        return f"{row.parsed} ({row.reason})" if row.reason else row.parsed
    return row.reason


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_letter_as_written_reads_as_meant(store, name):
    case = CASES[name]
    _game(store, case["variant"], case.get("setup", ()))
    text = (HERE / name).read_text(encoding="utf-8")
    if "refused" in case:
        return refused_whole(store, text, case)
    take_orders(store, "g", text, case.get("power"))
    lines = [r for r in _stored(store) if r.status != "ignored"]
    assert [(r.text, r.status) for r in lines] == [(t, s) for t, s, _ in case["lines"]]
    for row, (_, _, words) in zip(lines, case["lines"], strict=True):
        assert words in _echo(row), (row.text, _echo(row))
    if "powers" in case:
        assert [r.power for r in lines] == case["powers"]


WORDINGS = "placement_wordings.txt"


def test_each_wording_of_a_placement_places_the_leader(store):
    """RR 3.3, as players word it: every line of the file, alone in a letter for Egypt."""
    _game(store, "rise-of-rome-ii")
    wordings = (HERE / WORDINGS).read_text(encoding="utf-8").splitlines()
    for wording in wordings:
        taken = take_orders(store, "g", f"Egypt:\n{wording}\n")
        read = [line for line in taken.lines if line.status != "ignored"]
        assert [(line.status, line.detail) for line in read] == [
            ("accepted", "Place Ptolemy IV in Mem")], wording


def test_a_replacement_is_said_in_the_confirmation_in_a_players_words(store):
    _game(store, "standard")
    take_orders(store, "g", (HERE / "heading_gm_cannot_place.txt").read_text())
    text = confirm(store, "g", "France")[0].text
    assert "A Mar - Spa  (replaced by your later order on line 9, 'A Mar - Gas')" in text
    assert "this would replace your order on line 2, A Par - Bur" in text
