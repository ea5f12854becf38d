"""Whole letters and emails: exactly the intended orders, and every other line accounted for.

Each fixture in fixtures/emails is a letter in one style. The tables say, line by line, what
gm must make of it: the orders (power and canonical echo), the rejected lines (and why), the
ignored lines (and the reason), the power headings, and which orders later ones replaced.
"""

from __future__ import annotations

import pytest

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.maps.loader import load_map
from gm.orders import errors
from gm.orders.letters import read_orders
from gm.orders.variants import all_forms

from .conftest import ANCIENT_MAP, EMAILS

ALL_FORMS = all_forms()  # every variant form, allowed where a test reads them all

LETTERS = {
    "gmail_reply.txt": dict(
        map="standard", options={},
        orders=[(11, "france", "A Mar S A Par - Bur"), (12, "france", "A Par H"),
                (13, "france", "F Bre - Eng")],
        replaced=[(10, 12), (12, 13)],
        rejected=[(21, errors.UNKNOWN_NAME)],
        headers=[(3, "france"), (9, "france")],
        ignored=[(1, "email header"), (2, "email header"), (5, "greeting"),
                 (7, "a remark"), (15, "a remark"),
                 (17, "quoted from an earlier message (it reads as 'A Par - Pic'"),
                 (18, "quoted from an earlier message"), (20, "reply attribution"),
                 (23, "sign-off"), (24, "a remark"), (25, "signature"), (26, "signature"),
                 (27, "signature")]),
    "postal_letter.txt": dict(
        map="ancient", options={"forms": ALL_FORMS},
        orders=[(6, "egypt", "A/F Tan - F Tan"), (7, "egypt", "F Alx - A Alx"),
                (10, "babylon", "A Moa destroys"), (10, "babylon", "Build 2A Ur"),
                (11, "babylon", "A Ur - All"), (12, "babylon", "A Bab - All"),
                (16, "israel", "A Sid S A Tyr"), (16, "israel", "A Sri - Sid"),
                (17, "israel", "A Tyr H")],
        replaced=[(15, 17)],
        rejected=[],
        headers=[(5, "egypt"), (9, "babylon"), (14, "israel")],
        ignored=[(1, "greeting"), (3, "a remark"), (19, "sign-off"),
                 (20, "a remark")]),
    "multi_power.txt": dict(
        map="standard", options={"phase_kind": "Movement"},
        orders=[(4, "england", "F Lon - Nth"), (5, "england", "F Edi - Nrg"),
                (6, "england", "A Lvp - Yor"), (9, "germany", "A Mun - Ruh"),
                (10, "germany", "F Kie - Den"), (11, "germany", "A Ber - Kie"),
                (13, "italy", "A Ven H"), (13, "italy", "A Rom - Apu"),
                (13, "italy", "F Nap - Ion"), (15, "austria", "A Vie - Gal"),
                (15, "austria", "A Bud - Ser"), (15, "austria", "F Tri - Alb"),
                (18, "russia", "A Mos - Ukr"), (19, "russia", "F Sev - Bla"),
                (20, "russia", "A War - Gal"), (21, "russia", "F Stp/sc - Bot"),
                (24, "turkey", "F Ank - Bla"), (25, "turkey", "A Con - Bul"),
                (27, "turkey", "A Smy H")],
        replaced=[(26, 27)],
        rejected=[],
        headers=[(3, "england"), (8, "germany"), (17, "russia"), (23, "turkey")],
        ignored=[(1, "a remark")]),
    "adjustments.txt": dict(
        map="standard", options={"phase_kind": "Adjustment"},
        orders=[(3, "france", "Build A Par"), (3, "france", "Build F Bre"),
                (5, "russia", "Build F Stp/nc"), (6, "russia", "Build A Mos"),
                (9, "germany", "Remove A Mun"), (10, "germany", "Remove A Ber"),
                (12, "england", "Waive"), (13, "italy", "Build F Nap"),
                (13, "italy", "Build F Rom")],
        replaced=[], rejected=[],
        headers=[(4, "russia"), (8, "germany")],
        ignored=[(1, "email header")]),
    "retreats.txt": dict(
        map="standard", options={"phase_kind": "Retreat"}, board="retreats",
        orders=[(4, "germany", "A Bur R Mun"), (5, "germany", "F Hol D"),
                (9, "france", "A Gas R Spa")],
        replaced=[],
        rejected=[(8, errors.PHASE)],
        headers=[(1, None), (3, "germany"), (7, "france")],  # 1: a season heading
        ignored=[(11, "sign-off")]),
    "rise_of_rome.txt": dict(
        map="ancient", options={"phase_kind": "Movement"},
        orders=[(6, "carthage", "Place Hannibal in Car"), (7, "carthage", "Hannibal - Sar"),
                (8, "carthage", "F Car - Afr"), (12, "rome", "Place Publius Scipio in Rom"),
                (13, "rome", "Publius Scipio S A Rom"), (14, "rome", "A Rom - Cam"),
                (14, "rome", "F Cam - Ion"), (17, "persia", "F Rho C A Phr - Per"),
                (17, "persia", "A Sri - Phr"), (21, "sparta", "A Spa - Teg")],
        replaced=[],
        rejected=[(9, errors.NOT_ADJACENT), (15, errors.WRONG_POWER), (20, errors.VARIANT)],
        headers=[(1, "carthage"), (5, "carthage"), (11, "rome"), (19, "sparta")],
        ignored=[(3, "greeting"), (23, "a remark")]),
    "messy.txt": dict(
        map="standard", options={"phase_kind": "Movement"},
        orders=[(8, "france", "A Par - Bur"), (9, "france", "A Mar S A Par - Bur"),
                (9, "france", "A Pic - Bel"), (10, "france", "F Bre - Eng"),
                (11, "france", "A Gas - Spa")],
        replaced=[(4, 8), (5, 9), (6, 7), (7, 9), (9, 10)],
        repeated=[(4, 8), (5, 9), (9, 10)],  # the same order again: nothing changed
        rejected=[(12, errors.NOT_ADJACENT), (13, errors.NOT_ADJACENT)],
        headers=[(2, "france")],
        ignored=[(1, "greeting"), (14, "not an order")]),
}


def _board(name: str | None):
    if name != "retreats":
        return None
    units = [Unit("germany", "A", "mun"), Unit("france", "A", "par")]
    dislodged = [Dislodged(Unit("germany", "A", "bur"), "par"),
                 Dislodged(Unit("germany", "F", "hol"), "bel"),
                 Dislodged(Unit("france", "A", "pic"), "bel"),
                 Dislodged(Unit("france", "A", "gas"), "bur")]
    return Position(Phase(1902, "Spring", "Retreat"), units, {}, dislodged)


def _read(name: str):
    spec = LETTERS[name]
    game_map = load_map(str(ANCIENT_MAP)) if spec["map"] == "ancient" else load_map("standard")
    text = (EMAILS / name).read_text(encoding="utf-8")
    return text, read_orders(text, game_map, board=_board(spec.get("board")),
                             **spec["options"])


@pytest.mark.parametrize("name", sorted(LETTERS))
def test_letter_yields_exactly_the_intended_orders(name):
    _, letter = _read(name)
    assert [(o.line, o.power, str(o.order)) for o in letter.orders] == LETTERS[name]["orders"]


@pytest.mark.parametrize("name", sorted(LETTERS))
def test_letter_rejects_and_replaces_with_reasons(name):
    _, letter = _read(name)
    spec = LETTERS[name]
    assert [(r.line, r.error.kind) for r in letter.rejected] == spec["rejected"]
    for rejected in letter.rejected:
        assert rejected.error.message and rejected.error.hint
    assert sorted((r.old.line, r.by.line) for r in letter.replaced) == spec["replaced"]
    assert sorted((r.old.line, r.by.line) for r in letter.replaced if r.repeated) == \
        spec.get("repeated", [])
    for replaced in letter.replaced:
        verb = "repeats" if replaced.repeated else "replaces"
        assert f"{verb} your earlier order on line {replaced.old.line}" in " ".join(replaced.by.notes)


@pytest.mark.parametrize("name", sorted(LETTERS))
def test_letter_ignores_with_reasons_and_finds_the_powers(name):
    _, letter = _read(name)
    spec = LETTERS[name]
    assert [(h.line, h.power) for h in letter.headers] == spec["headers"]
    ignored = [(i.line, i.reason) for i in letter.ignored]
    assert len(ignored) == len(spec["ignored"])
    for (line, reason), (want_line, want_reason) in zip(ignored, spec["ignored"], strict=True):
        assert line == want_line and reason.startswith(want_reason)


@pytest.mark.parametrize("name", sorted(LETTERS))
def test_no_line_is_dropped_silently(name):
    text, letter = _read(name)
    seen = {item.line for item in letter.entries()}
    written = {no for no, line in enumerate(text.splitlines(), 1) if line.strip()}
    assert seen == written


def test_several_orders_on_one_line(standard_map):
    letter = read_orders("A Par - Bur; A Mar S A Par - Bur, F Bre - Mid", standard_map,
                         "france")
    assert [str(o.order) for o in letter.orders] == [
        "A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mid"]


def test_a_builds_heading_applies_to_the_lines_below(standard_map):
    letter = read_orders("France\nBuilds:\nA Par\nF(Bre)\n\nA Mar", standard_map)
    assert [str(o.order) for o in letter.orders] == ["Build A Par", "Build F Bre"]
    assert [r.line for r in letter.rejected] == [6]  # the blank line ended the builds
    assert "not an order" in letter.rejected[0].error.message


def test_a_later_order_for_a_merged_unit_replaces_the_merge(ancient_map):
    letter = read_orders("A Mar & A Pic merge Bur\nA Pic H\nA Mar H", ancient_map, "france",
                         forms=ALL_FORMS)
    assert [str(o.order) for o in letter.orders] == ["A Pic H", "A Mar H"]
    assert [(r.old.line, r.by.line) for r in letter.replaced] == [(1, 2)]


def test_orders_before_any_heading_belong_to_the_sender(standard_map):
    letter = read_orders("A Par H\nGERMANY:\nA Mun H", standard_map, "france")
    assert [(o.power, str(o.order)) for o in letter.orders] == [
        ("france", "A Par H"), ("germany", "A Mun H")]


def test_a_misspelt_heading_with_a_colon_is_still_a_heading(standard_map):
    letter = read_orders("Germnay:\nA Mun H", standard_map)
    assert [h.power for h in letter.headers] == ["germany"]
    assert letter.orders[0].power == "germany"


def test_with_a_board_wrong_units_are_rejected(standard_map):
    board = Position(Phase(1901, "Spring", "Movement"),
                     [Unit("france", "A", "par"), Unit("germany", "A", "mun")], {})
    letter = read_orders("A Par - Bur\nA Mun - Bur\nA Mar H", standard_map, "france",
                         board=board)
    assert [str(o.order) for o in letter.orders] == ["A Par - Bur"]
    assert [(r.line, r.error.kind) for r in letter.rejected] == [
        (2, errors.WRONG_POWER), (3, errors.NO_UNIT)]


@pytest.mark.parametrize("heading", [
    "EGYPT:", "Egypt", "Egypt -", "Orders for Egypt", "Orders for Egypt, Spring 601 BC:",
    "Egypt's orders:", "Egyptian orders", "EGYPT (Bob Smith):", "1. Egypt:", "Egpyt:",
])
def test_power_headings_in_many_styles(ancient_map, heading):
    letter = read_orders(f"{heading}\nA/F Tan - F", ancient_map)
    assert [h.power for h in letter.headers] == ["egypt"]
    assert [(o.power, str(o.order)) for o in letter.orders] == [("egypt", "A/F Tan - F Tan")]


def test_a_sentence_naming_a_power_is_not_a_heading(ancient_map):
    letter = read_orders("I think Egypt is lying to me", ancient_map)
    assert letter.headers == [] and letter.orders == []
    assert [i.reason for i in letter.ignored] == ["a remark"]  # private: never printed in the report


def test_each_ignored_line_has_a_kind_and_only_possible_orders_may_be_orders(standard_map):
    from gm.orders import ignored

    letter = read_orders("From: jane@example.com\nHi all,\n> A Par - Bur\n> see you\n"
                         "France:\nA Par - Bur\nthe weather is fine\nParis is lovely\n"
                         "Cheers\n--\nJane", standard_map)
    kinds = [(i.text, i.kind) for i in letter.ignored]
    assert kinds == [("From: jane@example.com", ignored.EMAIL_HEADER),
                     ("Hi all,", ignored.GREETING), ("> A Par - Bur", ignored.QUOTED_ORDER),
                     ("> see you", ignored.QUOTED), ("the weather is fine", ignored.REMARK),
                     ("Paris is lovely", ignored.NOT_AN_ORDER),
                     ("Cheers", ignored.SIGN_OFF), ("--", ignored.SIGNATURE),
                     ("Jane", ignored.SIGNATURE)]
    # a remark with nothing of an order in it stays private (issue 15, 'Privacy')
    assert [i.text for i in letter.ignored if i.kind in ignored.MAY_BE_ORDERS] == \
        ["> A Par - Bur", "Paris is lovely"]
    quoted = letter.ignored[2]
    assert quoted.reads_as == "A Par - Bur" and "it reads as 'A Par - Bur'" in quoted.reason
