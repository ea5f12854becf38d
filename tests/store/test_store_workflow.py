"""The GM's workflow as a library: orders in, adjudication, defaults, undo and redo, GM
corrections, the end of a game, and failures that leave the store as it was."""

from __future__ import annotations

import pytest

from gm.game import adjudication as adjudication_module
from gm.game.adjudication import adjudicate, preview_report
from gm.game.corrections import correct
from gm.game.games import new_game, position_at
from gm.game.history import declare_draw, redo, undo
from gm.game.intake import list_orders, take_orders
from gm.game.progress import progress
from gm.game.reports import phase_report
from gm.game.workflow_errors import (
    AlreadyAdjudicated,
    GameOver,
    NothingToRedo,
    NothingToUndo,
    WorkflowError,
)
from gm.store import game_rows as rows
from gm.store.store_errors import GameExists, GameNotFound


def phase_of(store, name="demo"):
    return position_at(store, name)[1].label


def units(store, name="demo", phase=None):
    return sorted(f"{u.power} {u.kind} {u.location}"
                  for u in position_at(store, name, phase)[2].units)


def count(store, table):
    return store.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def results_of_last(store, name="demo"):
    report = phase_report(store, name)
    return {line.text: line.tags for p in report.orders for line in p.lines}


# --- starting games ---------------------------------------------------------------------

def test_new_game_starts_at_the_first_phase(store, game):
    assert phase_of(store) == "Spring 1901"
    assert len(units(store)) == 22


@pytest.mark.parametrize("name", ["", "two words", "-dash", "x" * 41, "semi;colon", "ünï"])
def test_bad_game_names_are_refused(store, name):
    with pytest.raises(WorkflowError, match="not a usable game name"):
        new_game(store, name, "standard")
    assert count(store, "games") == 0


def test_duplicate_names_and_unknown_variants_are_refused(store, game):
    with pytest.raises(GameExists):
        new_game(store, "DEMO", "standard")
    with pytest.raises(WorkflowError, match="no variant called 'chess'"):
        new_game(store, "other", "chess")
    with pytest.raises(GameNotFound, match="Games in .*: demo"):
        position_at(store, "nope")


# --- orders in ----------------------------------------------------------------------------

def test_letter_lines_are_accepted_rejected_or_ignored(store, game):
    taken = take_orders(store, "demo", "Dear GM,\nA Par - Bur\nA Par - Xyzzy\nF Bre - Mid\n",
                        power="France")
    statuses = [(line.text, line.status) for line in taken.lines]
    assert statuses == [("Dear GM,", "ignored"), ("A Par - Bur", "accepted"),
                        ("A Par - Xyzzy", "rejected"), ("F Bre - Mid", "accepted")]
    rejected = taken.lines[2]
    assert "Xyzzy" in rejected.detail
    assert count(store, "letters") == 1
    stored = store.conn.execute("SELECT text FROM letters").fetchone()[0]
    assert stored.startswith("Dear GM,")


def test_power_comes_from_the_unit_when_the_letter_does_not_say(store, game):
    taken = take_orders(store, "demo", "A Mun - Ruh\nA Bel - Hol\n")
    assert [(line.power, line.status) for line in taken.lines] == [
        ("Germany", "accepted"), (None, "rejected")]
    assert "bel" in taken.lines[1].detail.lower()


def test_later_orders_for_a_unit_replace_earlier_ones(store, game):
    take_orders(store, "demo", "A Par - Bur\nA Mar H", power="France")
    taken = take_orders(store, "demo", "A Par - Pic\nA Par - Gas", power="France")
    assert taken.superseded == ["A Par - Bur"]
    assert [(line.text, line.status) for line in taken.lines] == [
        ("A Par - Pic", "superseded"), ("A Par - Gas", "accepted")]
    assert "A Par - Gas" in taken.lines[0].detail
    _, listed = list_orders(store, "demo")
    in_force = [o.text for o in listed if o.status == "accepted"]
    assert in_force == ["A Mar H", "A Par - Gas"]
    adjudicate(store, "demo", no_orders=True)
    assert "A Gas" in " ".join(units(store)).title()


def test_replace_withdraws_all_of_a_powers_earlier_orders(store, game):
    take_orders(store, "demo", "A Par - Bur\nA Mar - Spa", power="France")
    taken = take_orders(store, "demo", "F Bre - Mid", power="France", replace=True)
    assert taken.withdrawn == 2
    _, listed = list_orders(store, "demo")
    assert sorted((o.text, o.status) for o in listed) == [
        ("A Mar - Spa", "withdrawn"), ("A Par - Bur", "withdrawn"), ("F Bre - Mid", "accepted")]


def test_unknown_power_is_refused_and_nothing_stored(store, game):
    with pytest.raises(WorkflowError, match="not a power of Standard"):
        take_orders(store, "demo", "A Par - Bur", power="Narnia")
    assert count(store, "letters") == 0 and count(store, "orders") == 0


# --- adjudication and defaults --------------------------------------------------------------

def test_status_lists_units_without_orders(store, game):
    take_orders(store, "demo", "A Par - Bur", power="France")
    status = progress(store, "demo")
    france = next(p for p in status.powers if p.power == "France")
    assert france.orders == 1
    assert france.missing == ["F Bre", "A Mar"]
    assert not status.complete


def test_preview_stores_nothing(store, game):
    take_orders(store, "demo", "A Par - Bur\nA Mar S A Par - Bur", power="France")
    take_orders(store, "demo", "A Mun - Bur", power="Germany")
    before = {t: count(store, t) for t in ("phases", "results", "adjudications", "pieces")}
    report = preview_report(store, "demo")
    assert report.preview
    assert {t: count(store, t) for t in before} == before
    assert phase_of(store) == "Spring 1901"


def test_adjudication_stores_results_and_the_next_phase(store, game):
    take_orders(store, "demo", "A Par - Bur\nA Mar S A Par - Bur", power="France")
    take_orders(store, "demo", "A Mun - Bur", power="Germany")
    report = adjudicate(store, "demo", no_orders=True)
    assert report.phase == "Spring 1901" and report.next_phase == "Autumn 1901"
    assert phase_of(store) == "Autumn 1901"
    tags = results_of_last(store)
    assert tags["A Par - Bur"] == ()
    assert tags["A Mun - Bur"] == ("bounce",)
    assert tags["A Vie H"] == ("no order",)  # units without orders hold
    assert "france A bur" in units(store)


def dislodge_french_army_in_burgundy(store):
    correct(store, "demo", "add", ["Germany", "A", "Ruh"], "test setup")
    correct(store, "demo", "add", ["France", "A", "Bur"], "test setup")
    take_orders(store, "demo", "A Mun - Bur\nA Ruh S A Mun - Bur", power="Germany")
    return adjudicate(store, "demo", no_orders=True)


def test_dislodged_units_get_a_retreat_phase_with_their_options(store, game):
    report = dislodge_french_army_in_burgundy(store)
    assert report.next_phase == "Spring 1901 Retreat"
    assert [(d.power, d.unit, d.retreats) for d in report.dislodged] == [
        ("France", "A Bur", ("Bel", "Gas", "Pic"))]
    assert [c.description for c in report.corrections] == [
        "Added German A Ruh", "Added French A Bur"]
    take_orders(store, "demo", "A Bur R Pic", power="France")
    adjudicate(store, "demo", no_orders=True)
    assert "france A pic" in units(store)


def test_dislodged_units_without_retreat_orders_disband(store, game):
    dislodge_french_army_in_burgundy(store)
    adjudicate(store, "demo", no_orders=True)
    assert not [u for u in units(store) if u.startswith("france A")
                and u.endswith(("bur", "pic", "gas", "bel"))]
    tags = results_of_last(store)
    assert tags["A Bur D"] == ("no order", "disbanded")


def test_missing_builds_are_waived_and_missing_removals_follow_civil_disorder(store, game):
    adjudicate(store, "demo", no_orders=True)  # Spring 1901: everyone holds
    correct(store, "demo", "own", ["Spa", "France"], "test setup")
    correct(store, "demo", "add", ["Germany", "A Ruh"], "test setup")
    adjudicate(store, "demo", no_orders=True)  # Autumn 1901
    assert phase_of(store) == "Winter 1901"
    status = progress(store, "demo")
    notes = {p.power: p.note for p in status.powers if p.note}
    assert notes == {"France": "1 build due, 0 ordered: missing",
                     "Germany": "1 removal due, 0 ordered: missing"}
    adjudicate(store, "demo", no_orders=True)
    tags = results_of_last(store)
    assert tags["Remove A Ruh"] == ("civil disorder",)
    assert tags["Waive"] == ("unused",)
    assert "germany A ruh" not in units(store)
    assert phase_of(store) == "Spring 1902"


def test_builds_are_made(store, game):
    take_orders(store, "demo", "A Par - Pic", power="France")
    adjudicate(store, "demo", no_orders=True)
    correct(store, "demo", "own", ["Spa", "France"], "test setup")
    adjudicate(store, "demo", no_orders=True)
    take_orders(store, "demo", "Build A Par", power="France")
    adjudicate(store, "demo", no_orders=True)
    assert "france A par" not in units(store, phase="Winter 1901")
    assert "france A par" in units(store)


# --- exactly once ---------------------------------------------------------------------------

def test_a_phase_is_adjudicated_once_even_when_another_gm_gets_there_first(store, game,
                                                                            db_path,
                                                                            monkeypatch):
    from gm.store.database import open_store

    def other_gm_first(name):
        if name == "adjudicate:before-lock":
            monkeypatch.setattr(adjudication_module, "checkpoint", lambda name: None)
            with open_store(db_path) as other:
                adjudicate(other, "demo", no_orders=True)

    monkeypatch.setattr(adjudication_module, "checkpoint", other_gm_first)
    with pytest.raises(AlreadyAdjudicated, match="Spring 1901 of demo was already adjudicated"):
        adjudicate(store, "demo", no_orders=True)
    assert phase_of(store) == "Autumn 1901"
    assert count(store, "adjudications") == 1


def test_naming_the_phase_refuses_a_different_one(store, game):
    with pytest.raises(WorkflowError, match="is at Spring 1901, not Autumn 1901"):
        adjudicate(store, "demo", expected="Autumn 1901", no_orders=True)
    adjudicate(store, "demo", expected="S1901M", no_orders=True)
    with pytest.raises(AlreadyAdjudicated):
        adjudicate(store, "demo", expected="Spring 1901", no_orders=True)


def test_a_failure_half_way_leaves_the_store_as_it_was(store, game, monkeypatch):
    take_orders(store, "demo", "A Par - Bur", power="France")
    snapshot = {t: count(store, t) for t in store.db.table_names()}

    def fail_after_writing(name):
        if name == "adjudicate:results-saved":
            raise RuntimeError("disk on fire")

    monkeypatch.setattr(adjudication_module, "checkpoint", fail_after_writing)
    with pytest.raises(RuntimeError):
        adjudicate(store, "demo", no_orders=True)
    assert {t: count(store, t) for t in store.db.table_names()} == snapshot
    assert phase_of(store) == "Spring 1901"


# --- undo and redo --------------------------------------------------------------------------

def test_undo_returns_to_the_previous_phase_with_its_orders(store, game):
    take_orders(store, "demo", "A Par - Bur", power="France")
    adjudicate(store, "demo", no_orders=True)
    take_orders(store, "demo", "A Bur - Bel", power="France")
    step = undo(store, "demo")
    assert (step.from_label, step.to_label) == ("Autumn 1901", "Spring 1901")
    assert phase_of(store) == "Spring 1901"
    assert [o.text for o in list_orders(store, "demo")[1]] == ["A Par - Bur"]
    redo(store, "demo")
    assert phase_of(store) == "Autumn 1901"
    assert [o.text for o in list_orders(store, "demo")[1]] == ["A Bur - Bel"]


def test_undo_and_redo_several_steps(store, game):
    for _ in range(3):
        adjudicate(store, "demo", no_orders=True)
    assert phase_of(store) == "Autumn 1902"  # no winter: nobody had anything to adjust
    for expected in ("Spring 1902", "Autumn 1901", "Spring 1901"):
        undo(store, "demo")
        assert phase_of(store) == expected
    with pytest.raises(NothingToUndo):
        undo(store, "demo")
    for expected in ("Autumn 1901", "Spring 1902", "Autumn 1902"):
        redo(store, "demo")
        assert phase_of(store) == expected
    with pytest.raises(NothingToRedo):
        redo(store, "demo")


def test_any_change_after_undo_ends_redo_but_keeps_the_history(store, game):
    adjudicate(store, "demo", no_orders=True)
    undo(store, "demo")
    take_orders(store, "demo", "A Par - Pic", power="France")
    with pytest.raises(NothingToRedo, match="only works right after"):
        redo(store, "demo")
    adjudicate(store, "demo", no_orders=True)
    assert "france A pic" in units(store)
    statuses = [r[0] for r in store.conn.execute("SELECT status FROM phases ORDER BY id")]
    assert statuses == ["adjudicated", "discarded", "open"]


def test_undo_after_editing_restores_the_adjudicated_report(store, game):
    adjudicate(store, "demo", no_orders=True)
    before = phase_report(store, "demo")
    correct(store, "demo", "add", ["France", "A", "Pic"], "forgotten")
    assert phase_report(store, "demo") == before


# --- corrections ---------------------------------------------------------------------------

@pytest.mark.parametrize("action, args, message", [
    ("add", ["France", "A", "Par"], "already holds"),
    ("add", ["France", "F", "Bur"], "inland"),
    ("add", ["France", "A", "Nth"], "cannot stand"),
    ("add", ["France", "F", "Spa"], "which coast"),
    ("add", ["Narnia", "A", "Bur"], "not a power"),
    ("remove", ["Bur"], "no piece"),
    ("move", ["Par", "Mar"], "already holds"),
    ("own", ["Bur", "France"], "not a supply centre"),
    ("own", ["Bel", "Narnia"], "not a power"),
    ("teleport", ["Par"], "unknown correction"),
])
def test_bad_corrections_are_refused_and_change_nothing(store, game, action, args, message):
    before = units(store)
    with pytest.raises(WorkflowError, match=message):
        correct(store, "demo", action, args, "because")
    assert units(store) == before and count(store, "edits") == 0


def test_a_correction_needs_a_reason(store, game):
    with pytest.raises(WorkflowError, match="needs a reason"):
        correct(store, "demo", "remove", ["Par"], "  ")


def test_corrections_change_the_position(store, game):
    correct(store, "demo", "move", ["F", "Bre", "Mid"], "misread")
    correct(store, "demo", "remove", ["A Mar"], "disbanded by letter")
    correct(store, "demo", "own", ["Bel", "France"], "agreed")
    position = position_at(store, "demo")[2]
    assert position.unit_in("mid").power == "france"
    assert position.unit_in("mar") is None
    assert position.owners["bel"] == "france"
    correct(store, "demo", "own", ["Bel", "neutral"], "changed my mind")
    assert "bel" not in position_at(store, "demo")[2].owners


# --- the end of a game ----------------------------------------------------------------------

def test_a_draw_ends_the_game_and_undo_reopens_it(store, game):
    adjudicate(store, "demo", no_orders=True)
    with pytest.raises(WorkflowError, match="Austria, Germany, Italy and Turkey are missing"):
        declare_draw(store, "demo", ["England", "france", "Rus"])
    text = declare_draw(store, "demo", ["England", "france", "Rus", "Aus", "Germany", "Italy",
                                        "Turkey"])
    assert text == "Draw: Austria, England, France, Germany, Italy, Russia, Turkey"
    with pytest.raises(GameOver, match="is over"):
        take_orders(store, "demo", "A Par - Bur", power="France")
    with pytest.raises(GameOver):
        adjudicate(store, "demo", no_orders=True)
    assert phase_report(store, "demo").result == (
        "The game was declared a draw between Austria, England, France, Germany, Italy, "
        "Russia and Turkey (Autumn 1901).")
    step = undo(store, "demo")
    assert "withdrawn" in step.note
    assert phase_of(store) == "Autumn 1901"
    take_orders(store, "demo", "A Par - Bur", power="France")


def test_a_draw_needs_two_real_powers(store, game):
    with pytest.raises(WorkflowError, match="at least two"):
        declare_draw(store, "demo", ["France"])
    with pytest.raises(WorkflowError, match="not a power"):
        declare_draw(store, "demo", ["France", "Narnia"])


def test_a_solo_ends_the_game_and_survives_undo_and_redo(store, game):
    neutral = ["Bel", "Bul", "Den", "Gre", "Hol", "Nwy", "Por", "Spa", "Ser", "Swe", "Tun"]
    for centre in neutral:
        correct(store, "demo", "own", [centre, "Russia"], "test setup")
    for centre in ("Ven", "Nap"):
        correct(store, "demo", "remove", [centre], "test setup")
        correct(store, "demo", "own", [centre, "Russia"], "test setup")
    take_orders(store, "demo", "F Sev - Rum", power="Russia")
    assert adjudicate(store, "demo", no_orders=True).result is None  # Spring: no centre yet
    report = adjudicate(store, "demo", no_orders=True)  # Autumn 1901: Rumania is the 18th
    assert report.result == "Russia wins (Autumn 1901) with 18 supply centres"
    assert rows.get_game(store, "demo").result_kind == "solo"
    with pytest.raises(GameOver):
        adjudicate(store, "demo", no_orders=True)
    undo(store, "demo")
    assert rows.get_game(store, "demo").result is None
    redo(store, "demo")
    assert rows.get_game(store, "demo").result == \
        "Russia wins (Autumn 1901) with 18 supply centres"
    assert phase_report(store, "demo").result == \
        "Russia wins (Autumn 1901) with 18 supply centres"


def test_a_power_short_of_its_builds_or_removals_is_marked_short(store, game):
    adjudicate(store, "demo", no_orders=True)  # Spring 1901: everyone holds
    correct(store, "demo", "own", ["Spa", "France"], "test setup")
    correct(store, "demo", "add", ["Germany", "A Ruh"], "test setup")
    adjudicate(store, "demo", no_orders=True)  # Autumn 1901
    status = progress(store, "demo")
    assert {p.power for p in status.powers if p.short} == {"France", "Germany"}
    assert not status.complete
    take_orders(store, "demo", "Build A Par", power="France")
    take_orders(store, "demo", "Remove A Ruh", power="Germany")
    status = progress(store, "demo")
    # A Par still stands in Paris: the build will be void, so it is no build made (issue 29)
    assert [p.power for p in status.powers if p.short] == ["France"]
    assert [p.note for p in status.powers if p.power == "France"] == \
        ["1 build due, 0 ordered and 1 void order: missing"]
    take_orders(store, "demo", "Waive", power="France")
    status = progress(store, "demo")
    assert not [p.power for p in status.powers if p.short]
    assert status.complete
