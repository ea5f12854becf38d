"""NMRs from the stored orders: who owed orders and sent none, and how many times running,
counting only the phases in which the power owed orders."""

from __future__ import annotations

from gm.game.missed import nmr
from tests.game.conftest import play

SPRING_1901 = {"Germany": "A Mun - Sil\nA Ber - Pru\nF Kie H",
               "Russia": "A War H\nA Mos H\nF Sev H\nF Stp/sc H"}
AUTUMN_1901 = {"Germany": "A Sil - War\nA Pru S A Sil - War"}  # Russia sends nothing


def runs(store, phase=None) -> dict[str, int]:
    return {m.power: m.in_a_row for m in nmr(store, "demo", phase).missed}


def test_runs_of_misses_skip_the_phases_a_power_owed_nothing(store, game):
    play(store, "demo", SPRING_1901)
    play(store, "demo", AUTUMN_1901)
    play(store, "demo")  # Autumn 1901 Retreat: Russia's army in Warsaw, no retreat order
    play(store, "demo")  # Winter 1901: Germany builds nothing
    assert runs(store, "Spring 1901") == {"Austria": 1, "England": 1, "France": 1,
                                          "Italy": 1, "Turkey": 1}
    assert runs(store, "Autumn 1901") == {"Austria": 2, "England": 2, "France": 2,
                                          "Italy": 2, "Russia": 1, "Turkey": 2}
    assert runs(store, "Autumn 1901 Retreat") == {"Russia": 2}
    assert runs(store, "Winter 1901") == {"Germany": 1}
    now = nmr(store, "demo")
    assert now.phase == "Spring 1902" and now.in_progress
    assert {m.power: m.in_a_row for m in now.missed} == {
        "Austria": 3, "England": 3, "France": 3, "Germany": 2, "Italy": 3, "Russia": 3,
        "Turkey": 3}


def test_one_accepted_order_is_enough_and_an_unreadable_letter_is_not(store, game):
    from gm.game.intake import take_orders

    take_orders(store, "demo", "A Par - Bur", "France")
    take_orders(store, "demo", "Dear GM, my orders are attached", "Italy")
    take_orders(store, "demo", "A Vie - Moscow", "Austria")  # rejected: not adjacent
    found = runs(store)
    assert "France" not in found
    assert found["Italy"] == 1 and found["Austria"] == 1


def test_a_phase_in_progress_counts_its_own_miss_so_far(store, game):
    play(store, "demo", SPRING_1901)
    found = nmr(store, "demo")
    assert found.in_progress and found.phase == "Autumn 1901"
    assert runs(store)["Russia"] == 1 and runs(store)["France"] == 2


def test_a_players_mixed_multiple_ordered_under_one_of_its_powers_is_no_miss_for_the_other(
        store):
    """Hoplite Wars rule 5: one player orders a Major and its Minor, whose pieces may form one
    multiple; an order for it under either name moves both (case HW.3.6), so neither power
    missed its orders, as `gm status` shows (no piece of either lacks an order)."""
    from dataclasses import replace

    from gm.engine.position import Unit
    from gm.game.games import new_game
    from gm.game.intake import take_orders
    from gm.game.progress import progress
    from gm.store import game_rows as rows
    from gm.store.position_rows import load_position, save_position

    new_game(store, "hw", "hoplite-wars")
    play(store, "hw")  # the set-up builds, all waived
    with store.transaction():
        phase = rows.open_phase(store, rows.get_game(store, "hw"))
        assert phase.kind == "Movement"
        save_position(store, phase.id, replace(load_position(store, phase), units=[
            Unit("sparta", "A", "teg"), Unit("elatea", "A", "teg"), Unit("athens", "A", "ath")]))
    take_orders(store, "hw", "2A Teg - Man", "Sparta")
    shown = {p.power: p.missing for p in progress(store, "hw").powers}
    assert shown["Sparta"] == shown["Elatea"] == [] and shown["Athens"] == ["A Ath"]
    found = {m.power: m.in_a_row for m in nmr(store, "hw").missed}
    assert found == {"Athens": 2}  # and its set-up builds before
