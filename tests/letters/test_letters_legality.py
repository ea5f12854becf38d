"""Reading rule 4: what cannot be adjudicated as written is said when the letter is read, by
the legality check the engine uses (`gm.orders.legality`), and the number of builds by the
engine's own count (`gm.game.surplus`). Each letter is a file beside this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.game import adjudication
from gm.game.corrections import correct
from gm.game.games import new_game
from gm.game.intake import take_orders
from gm.store.database import open_store

HERE = Path(__file__).resolve().parent


def retreat_phase(store) -> None:
    """German A Mun dislodged from Burgundy; Silesia left empty by a standoff."""
    for unit in (["France", "A", "Bur"], ["France", "A", "Ruh"]):
        correct(store, "g", "add", unit, "setup")
    take_orders(store, "g", "France:\nA Bur - Mun\nA Ruh S A Bur - Mun\nRussia:\nA War - Sil\n"
                            "Germany:\nA Ber - Sil\n")
    adjudication.adjudicate(store, "g")


def fleet_in_mid_atlantic(store) -> None:
    correct(store, "g", "add", ["France", "F", "Mid"], "setup")


def one_french_build(store) -> None:
    """Winter 1901: France owns Belgium too, Paris and Brest are free, Marseilles is not."""
    correct(store, "g", "own", ["Bel", "France"], "setup")
    take_orders(store, "g", "France:\nA Par - Pic\nF Bre - Mid\n")
    adjudication.adjudicate(store, "g")
    adjudication.adjudicate(store, "g", no_orders=True)


# letter -> the game it is read in, and (line as written, status, what the echo says)
CASES = {
    "retreat_to_attackers_origin.txt": (retreat_phase, [
        ("A Mun R Bur", "accepted", "void when adjudicated: it cannot retreat to the province "
                                    "the attack came from")]),
    "retreat_to_standoff.txt": (retreat_phase, [
        ("A Mun - Sil", "accepted", "void when adjudicated: Sil was left empty by a standoff")]),
    "retreat_out_of_reach.txt": (retreat_phase, [
        ("A Mun retreats to Warsaw", "rejected", "Warsaw is not next to Munich")]),
    "move_without_coast.txt": (fleet_in_mid_atlantic, [
        ("F Mid - Spa", "accepted", "void when adjudicated: say which coast of Spain: Spa/nc, "
                                    "Spa/sc"),
        ("A Par H", "accepted", "A Par H")]),
    "move_out_of_reach.txt": (fleet_in_mid_atlantic, [
        ("A Par - Mun", "rejected", "Munich is not next to Paris"),
        ("A Mar H", "accepted", "A Mar H")]),
    "builds_too_many.txt": (one_french_build, [
        ("Build A Par", "accepted", "Build A Par"),
        ("Build F Bre", "accepted", "void when adjudicated: its 1 build is already used")]),
    "build_occupied_or_foreign.txt": (one_french_build, [
        ("Build A Mar", "accepted", "void when adjudicated: Marseilles is occupied"),
        ("Build A Hol", "accepted", "void when adjudicated: Holland is not a home centre of "
                                    "France"),
        # a German army stands there, but the reason that lasts is whose centre it is
        ("Build A Mun", "accepted", "void when adjudicated: Munich is not a home centre of "
                                    "France")]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_letter_says_what_the_engine_will_do(tmp_path, name):
    setup, expected = CASES[name]
    store = open_store(tmp_path / "gm.db", create=True)
    new_game(store, "g", "standard")
    setup(store)
    taken = take_orders(store, "g", (HERE / name).read_text(encoding="utf-8"))
    lines = [(line.text, line.status, line.detail) for line in taken.lines
             if line.status != "ignored"]
    assert len(lines) == len(expected)
    for (text, status, detail), (want_text, want_status, want) in zip(lines, expected,
                                                                      strict=True):
        assert (text, status) == (want_text, want_status)
        assert want in detail
    store.close()


def test_the_build_the_letter_called_void_is_void_in_the_report(gm):
    gm("new", "demo")
    gm("edit", "demo", "own", "Bel", "France", "--reason", "setup")
    gm("orders", "demo", input="France:\nA Par - Pic\nF Bre - Mid\n")
    gm("adjudicate", "demo")
    gm("adjudicate", "demo", "--no-orders")
    echo = gm("orders", "demo", input=(HERE / "builds_too_many.txt").read_text()).output
    assert "void when adjudicated: its 1 build is already used" in " ".join(echo.split())
    report = " ".join(gm("adjudicate", "demo").output.split())
    assert "Build F Bre (*void*: its 1 build is already used" in report
