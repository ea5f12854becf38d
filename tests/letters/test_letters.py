"""Letters as players send them (the files beside this test), each with the orders it must
give: for the open phase, kept for a later one, or the refusal of the whole letter.

These are the letters that changed the adjudication silently before reading rules 1–5
(`gm/orders/README.md`): a comma splitting 'If dislodged', builds becoming holds, lines under
`Winter:` becoming moves, headings for no power, and `--power` not holding a letter to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.game import adjudication
from gm.game.games import new_game
from gm.game.intake import take_orders
from gm.game.workflow_errors import WorkflowError
from gm.store import game_rows as rows
from gm.store.database import open_store
from gm.store.order_rows import orders_of_phase

HERE = Path(__file__).resolve().parent

# letter -> variant, movement phases to adjudicate first, --power, orders for the open phase
# (as read), orders kept for later phases (phase, as read), or the refusal
CASES = {
    "if_dislodged_comma.txt": dict(
        variant="standard", skip=1,
        now=["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mid"],
        later=[("Autumn 1901 Retreat", "A Mar R Gas")]),
    "if_dislodged_colon.txt": dict(
        variant="standard", skip=1,
        now=["A Mun - Bur", "A Ber - Mun", "F Kie - Hol"],
        later=[("Autumn 1901 Retreat", "A Mun R Boh or Tyr")]),
    "if_dislodged_tail.txt": dict(
        variant="middle-earth-viii",
        now=["A Leb H", "A Mti - Osg", "A Bel - Dor"],
        later=[("Autumn Third Age 3000", "A Leb R Lam")]),
    "builds_with_moves.txt": dict(
        variant="standard", skip=1,
        now=["A Par - Bur", "F Bre - Mid", "A Mar - Spa"],
        later=[("Winter 1901", "Build A Par"), ("Winter 1901", "Build F Bre")]),
    "builds_heading_inline.txt": dict(
        variant="middle-earth-viii",
        now=["A Mti - Osg", "A Leb H", "A Bel - Dor"],
        later=[("Winter Third Age 3000", "Build F Leb"),
               ("Winter Third Age 3000", "Build A Mti")]),
    "season_headings.txt": dict(
        variant="standard", skip=1,
        now=["F Lon - Nth", "F Edi - Nrg", "A Lvp - Yor"],
        later=[("Autumn 1901 Retreat", "F Nth R Hel"), ("Winter 1901", "Build F Lon"),
               ("Winter 1901", "Build A Edi")]),
    "convoy_routes.txt": dict(
        variant="standard", now=["A Lvp - Nwy via convoy", "F Lon - Nth", "F Edi - Nrg"]),
    "convoy_via_sea.txt": dict(
        variant="standard", now=["F Lon - Nth", "A Lvp - Nwy via convoy"]),
    "numbered_one_line.txt": dict(
        variant="standard", now=["A Vie - Gal", "A Bud - Ser", "F Tri - Alb"]),
    "conversion_verbs.txt": dict(
        variant="middle-earth-viii",
        now=["A Bel becomes a fleet", "A Leb becomes a fleet", "A Mti H"]),
    "destroy_and_builds.txt": dict(
        variant="lord-of-hosts", skip=1, now=["A Amm H", "A Edo H"],
        later=[("Winter 601 BC", "A Moa destroys Moa"), ("Winter 601 BC", "Build 2A Ur")]),
    "winter_prefixes.txt": dict(
        variant="middle-earth-viii", now=["A Mti - Osg", "A Leb H", "A Bel H"],
        later=[("Winter Third Age 3000", "Build F Leb"),
               ("Winter Third Age 3000", "Build A Bel")]),
    "atlantis.txt": dict(
        variant="standard", refused="'Atlantis' is not a power in this game; powers are "
                                    "Austria, England"),
    "no_heading_two_powers.txt": dict(
        variant="standard", refused="units of several powers (France, Germany)"),
    "power_option_mismatch.txt": dict(
        variant="standard", power="France",
        refused="line 3 is headed 'Germany:' (Germany) but the letter is entered for France"),
    "headed_france.txt": dict(
        variant="standard", power="Germany",
        refused="line 1 is headed 'France:' (France) but the letter is entered for Germany"),
}


def test_every_letter_here_has_its_expectations():
    from tests.letters.test_letters_legality import CASES as LEGALITY

    assert sorted(p.name for p in HERE.glob("*.txt")) == sorted({**CASES, **LEGALITY})


@pytest.fixture()
def store(tmp_path):
    opened = open_store(tmp_path / "gm.db", create=True)
    yield opened
    opened.close()


def _game(store, variant: str, skip: int = 0):
    new_game(store, "g", variant)
    for _ in range(skip):
        adjudication.adjudicate(store, "g", no_orders=True)


def _stored(store):
    with store.transaction(write=False):
        phase = rows.open_phase(store, rows.get_game(store, "g"))
        return orders_of_phase(store, phase.id)


def refused_whole(store, text: str, case: dict) -> None:
    """The letter is refused with the case's words, and nothing of it is stored."""
    with pytest.raises(WorkflowError, match="Nothing was stored") as refused:
        take_orders(store, "g", text, case.get("power"))
    assert case["refused"] in str(refused.value)
    assert _stored(store) == []


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_letter_gives_exactly_its_orders(store, name):
    case = CASES[name]
    _game(store, case["variant"], case.get("skip", 0))
    text = (HERE / name).read_text(encoding="utf-8")
    if "refused" in case:
        return refused_whole(store, text, case)
    take_orders(store, "g", text, case.get("power"))
    stored = _stored(store)
    assert [r.parsed for r in stored if r.status == "accepted"] == case["now"]
    later = [(r.reason.split(";")[0].removeprefix("kept for "), r.parsed)
             for r in stored if r.status == "later"]
    assert later == case.get("later", [])


def test_replace_with_a_letter_for_another_power_changes_nothing(store):
    _game(store, "standard")
    take_orders(store, "g", "Germany:\nA Mun - Ruh\n")
    with pytest.raises(WorkflowError):
        take_orders(store, "g", (HERE / "headed_france.txt").read_text(), "Germany",
                    replace=True)
    stored = _stored(store)
    assert [(r.power, r.parsed, r.status) for r in stored if r.status != "ignored"] == [
        ("germany", "A Mun - Ruh", "accepted")]


def test_a_conditional_retreat_takes_its_first_open_choice(store):
    """`If dislodged: A Mun R Boh or Tyr`, Bohemia taken by the attacker's neighbour: Tyrolia."""
    _game(store, "standard")
    take_orders(store, "g", "Austria:\nA Vie - Boh\nRussia:\nA War - Sil\n"
                            "France:\nA Par - Bur\nA Mar S A Par - Bur\n")
    adjudication.adjudicate(store, "g")
    take_orders(store, "g", (HERE / "if_dislodged_colon.txt").read_text())
    take_orders(store, "g", "France:\nA Bur - Mun\nAustria:\nA Boh S A Bur - Mun\n"
                            "Russia:\nA Sil - Ber\n")
    adjudication.adjudicate(store, "g")  # Autumn 1901: A Mun dislodged from Bur
    adjudication.adjudicate(store, "g")  # its retreat, sent ahead: Bohemia is held
    with store.transaction(write=False):
        from gm.store.position_rows import load_position

        phase = rows.open_phase(store, rows.get_game(store, "g"))
        units = {(u.power, u.province) for u in load_position(store, phase).units}
    assert ("germany", "tyr") in units and ("austria", "boh") in units


def test_a_word_and_a_colon_over_prose_is_no_power_heading(store):
    _game(store, "standard")
    take_orders(store, "g", "Question:\nwhen is the deadline?\nFrance:\nA Par - Bur\n")
    assert [r.parsed for r in _stored(store) if r.status == "accepted"] == ["A Par - Bur"]
    with pytest.raises(WorkflowError, match="'Atlantis' is not a power"):
        take_orders(store, "g", "Atlantis: A Mun - Ruh\n")
    with pytest.raises(WorkflowError, match="'Atlantis' is not a power"):
        take_orders(store, "g", "Orders for Atlantis\nhello\n")
