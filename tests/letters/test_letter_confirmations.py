"""The confirmation is gm's word to the player: for every line of every letter, its verdict is
the echo's, and the class of what the adjudication then does with it.

The letters are the suite's letter fixtures (the files beside this test, each read in the game
its test sets up) and the letters of every demo game (`games/*-demo.txt`, read phase by phase
as a GM reads them, with the GM's edits). After each letter, each of its lines is told in the
confirmation as the echo told it: the same verdict (ok, void with the same words, void in
part, kept for a later phase, rejected, replaced, not read as an order). When the phase is
adjudicated, each line the confirmation lists as an order to be adjudicated has results of
the class it said: ok means carried out or failed on the board (bounced, cut, dislodged),
never void; void means void; void in part means some results void. A line kept for a later
phase, rejected, replaced or not read has no result in the phase; the one kept is told again,
in force, by the confirmation of the phase it was kept for.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.engine import results as R
from gm.game import adjudication
from gm.game.confirmations import confirm
from gm.game.corrections import correct
from gm.game.games import new_game
from gm.game.intake import take_orders
from gm.game.verdicts import (
    LATER,
    OK,
    PART_VOID,
    REJECTED,
    REPEATED,
    REPLACED,
    UNREAD,
    VOID,
    noted_verdict,
)
from gm.orders.ignored import EMAIL_HEADER, HEADING
from gm.store import game_rows as rows
from gm.store.archive import read_archive
from gm.store.database import open_store
from gm.store.order_rows import letters_of_phase, orders_of_phase
from tests.conftest import ROOT
from tests.generated_games import MAPS, GeneratedGame
from tests.letters.test_letters import CASES as READING_CASES
from tests.letters.test_letters import HERE
from tests.letters.test_letters_legality import CASES as LEGALITY_CASES

NO_RESULT = {LATER, REJECTED, REPLACED, REPEATED, UNREAD}
LONG = bool(os.environ.get("GM_LONG_PROPERTIES"))


class Checked:
    """What the check saw, so that a test can say every verdict was put to it."""

    def __init__(self):
        self.verdicts: dict[str, int] = {}

    def saw(self, verdict: str) -> None:
        self.verdicts[verdict] = self.verdicts.get(verdict, 0) + 1


def open_phase(store, name: str):
    with store.transaction(write=False):
        return rows.open_phase(store, rows.get_game(store, name))


def confirmed(store, name: str) -> dict[int, object]:
    """Every line every confirmation tells now, by its row."""
    return {line.row_id: line for c in confirm(store, name) for line in c.lines}


def read_and_check(store, name: str, text: str, power: str | None, checked: Checked,
                   source: str = "") -> None:
    """Take a letter as `gm orders` does; each of its lines is then told by the confirmation
    as the echo told it."""
    check_letter(store, name, take_orders(store, name, text, power, source=source), checked,
                 source)


def check_letter(store, name: str, taken, checked: Checked, source: str = "") -> None:
    """Each line of the letter just taken (`taken`, what the echo said) is told by the
    confirmation as the echo told it."""
    phase = open_phase(store, name)
    with store.transaction(write=False):
        letter, letter_power = (letters_of_phase(store, phase.id)[-1][key]
                                for key in ("id", "power"))
        stored = [r for r in orders_of_phase(store, phase.id) if r.letter_id == letter]
    told = confirmed(store, name)
    assert len(stored) == len(taken.lines)
    for line, row in zip(taken.lines, stored, strict=True):
        assert (line.line, line.text, line.status) == (row.line, row.text, row.status)
        if row.status in ("accepted", "later"):  # the echo prints the order and its notes
            assert line.detail == (f"{row.parsed} ({row.reason})" if row.reason
                                   else row.parsed)
        echo = noted_verdict(row.status, row.reason, row.category)
        if row.status == "ignored" and row.category in (HEADING, EMAIL_HEADER):
            assert row.id not in told  # nothing the player needs to read again
            continue
        if row.id not in told:  # a letter of no power ("whose order is this?"): nobody's
            assert not any(r.power for r in stored) and not letter_power, row
            continue
        said = told[row.id]
        words = noted_verdict("accepted", said.note).reason if said.verdict in (
            VOID, PART_VOID) else ""
        assert (said.verdict, words) == \
            (echo.kind, echo.reason if echo.kind in (VOID, PART_VOID) else ""), \
            f"{source} line {row.line} {row.text!r}: echo {echo}, confirmation {said}"
        checked.saw(echo.kind)


def adjudicate_and_check(store, name: str, checked: Checked) -> None:
    """Adjudicate the open phase; every line the confirmations told has results of the
    class they said."""
    told = confirmed(store, name)
    phase = open_phase(store, name)
    adjudication.adjudicate(store, name, no_orders=True)
    check_results(store, phase, told, checked)


def check_results(store, phase, told: dict, checked: Checked) -> None:
    """Every line the confirmations told before `phase` was adjudicated has results of the
    class they said."""
    with store.transaction(write=False):
        found: dict[int, list] = {}
        for row in store.db.query("SELECT r.order_id, r.code, r.succeeded FROM results r "
                                  "JOIN adjudications a ON a.id = r.adjudication_id "
                                  "WHERE r.phase_id = ? AND a.status = 'live'", [phase.id]):
            if row["order_id"] is not None:
                found.setdefault(row["order_id"], []).append(row)
    for row_id, line in told.items():
        results = found.get(row_id, [])
        if line.verdict in NO_RESULT:
            assert not results, f"{line.text!r} ({line.verdict}) has results"
            continue
        assert results, f"{line.text!r} ({line.verdict}) has no result"
        void = [r for r in results if r["code"] == R.VOID and not r["succeeded"]]
        engine = VOID if len(void) == len(results) else PART_VOID if void else OK
        assert engine == line.verdict, f"{line.text!r}: told {line.verdict}, {results}"
        checked.saw(f"{line.verdict} adjudicated")


@pytest.fixture()
def store(tmp_path):
    opened = open_store(tmp_path / "gm.db", create=True)
    yield opened
    opened.close()


@pytest.mark.parametrize("name", sorted(READING_CASES))
def test_the_reading_fixtures_are_confirmed_as_echoed_and_adjudicated(store, name):
    case = READING_CASES[name]
    if "refused" in case:
        pytest.skip("the whole letter is refused: nothing is stored or confirmed")
    new_game(store, "g", case["variant"])
    for _ in range(case.get("skip", 0)):
        adjudication.adjudicate(store, "g", no_orders=True)
    checked = Checked()
    read_and_check(store, "g", (HERE / name).read_text(encoding="utf-8"), case.get("power"),
                   checked, name)
    adjudicate_and_check(store, "g", checked)
    if case.get("later"):  # the lines kept: in force, and confirmed, in the phases after
        assert checked.verdicts.get(LATER)
        for _ in range(3):  # to the next movement: a retreat or adjustment not due is skipped
            adjudicate_and_check(store, "g", checked)
            if open_phase(store, "g").kind == "Movement":
                break


def store_ended(store) -> bool:
    with store.transaction(write=False):
        return rows.get_game(store, "g").ended


@pytest.mark.parametrize("name", sorted(LEGALITY_CASES))
def test_the_legality_fixtures_are_confirmed_as_echoed_and_adjudicated(store, name):
    setup, _ = LEGALITY_CASES[name]
    new_game(store, "g", "standard")
    setup(store)
    checked = Checked()
    read_and_check(store, "g", (HERE / name).read_text(encoding="utf-8"), None, checked, name)
    adjudicate_and_check(store, "g", checked)
    assert checked.verdicts.get(VOID) or checked.verdicts.get(REJECTED)


DEMOS = sorted((ROOT / "games").glob("*-demo.txt"))


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_every_demo_letter_is_confirmed_as_echoed_and_adjudicated(store, path):
    archive = read_archive(path.read_text(encoding="utf-8"), str(path))
    new_game(store, "g", archive.variant)
    checked = Checked()
    for i, entry in enumerate(archive.phases):
        for edit in entry.edits:
            action, _, rest = edit.command.partition(" ")
            correct(store, "g", action, rest.split(), edit.reason)
        for letter in entry.letters:
            read_and_check(store, "g", letter.text, letter.power, checked,
                           f"{path.name}:{letter.line}")
        if (i == len(archive.phases) - 1 and entry.outcome is None) or store_ended(store):
            break
        adjudicate_and_check(store, "g", checked)
    assert checked.verdicts.get(OK, 0) > 10 and checked.verdicts.get(f"{OK} adjudicated")


def test_a_confirmation_tells_the_void_note_the_unplaced_leader_and_the_deadline(store):
    """Issue 27 §3: `Philopoemen S F Ach - Spa` went out as "to be adjudicated" with no void
    note; a leader not placed was not mentioned; nor was the deadline."""
    from gm.game.deadlines import set_deadline

    new_game(store, "g", "rise-of-rome-ii")
    set_deadline(store, "g", "2030-03-01 18:00 Europe/London")
    take_orders(store, "g", "Greeks:\nPlace Philopoemen in Achea\nPhilopoemen S F Ach - Spa\n"
                            "F Aet - Goc\n")
    take_orders(store, "g", "Carthage:\nA Nca - Sag\nF Car H\n")
    greeks = confirm(store, "g", "Greeks")[0]
    assert "Orders are due Friday 1 March 2030, 18:00 GMT." in greeks.text
    void = next(line for line in greeks.lines if line.text.startswith("Philopoemen S"))
    assert void.verdict == VOID and "void when adjudicated:" in void.note
    assert f"  {void.text}\n    {void.note}" in greeks.text
    carthage = confirm(store, "g", "Carthage")[0].text
    assert "Pieces without an order:\n  by default: no placement was sent, so Hannibal " \
           "starts on the first home of rule 1.1, Carthage" in carthage
    assert "No order yet for (they will hold):\n  A Tha" in carthage
    assert "Pieces without an order" not in greeks.text


@pytest.mark.parametrize("variant", MAPS)
@settings(max_examples=10 if LONG else 1, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_every_generated_letter_is_confirmed_as_echoed_and_adjudicated(variant, seed):
    """The generated games (tests/generated_games.py): letters of every kind on every map,
    with letters replaced and dropped, corrections, undo and redo (`GM_LONG_PROPERTIES=1`:
    ten games of five years on each map)."""
    store = open_store(":memory:")
    game = GeneratedGame(store, "generated", variant, random.Random(seed),
                         years=5 if LONG else 2)
    checked = Checked()
    before: dict = {}

    def on_letter(letter, taken) -> None:
        if taken is not None:
            check_letter(store, game.name, taken, checked, f"seed {seed}")

    def before_adjudication(_game) -> None:
        before["phase"] = open_phase(store, game.name)
        before["told"] = confirmed(store, game.name)

    def after_adjudication(_game, _report) -> None:
        check_results(store, before["phase"], before["told"], checked)

    try:
        game.play(on_letter=on_letter, before_adjudication=before_adjudication,
                  after_adjudication=after_adjudication)
    finally:
        store.close()
    assert checked.verdicts.get(OK, 0) > 5 and checked.verdicts.get(f"{OK} adjudicated")
