"""A map copied with one field changed (`dataclasses.replace`, as tests and draft tools do to
take a link out) answers from its own fields: the names it indexes and the answers it
remembers are not the original's."""

from __future__ import annotations

import dataclasses

from gm.maps import load_map


def test_a_copy_with_a_link_taken_out_does_not_answer_from_the_originals_memory():
    original = load_map("standard")
    # the original answers first, and remembers: Brest's fleet reaches Mid-Atlantic
    assert original.can_reach(True, "bre", "mid")
    assert "mid" in original.sea_neighbours("bre")
    fleet = {loc: set(n) for loc, n in original.fleet_adj.items()}
    fleet["bre"].discard("mid")
    fleet["mid"].discard("bre")
    changed = dataclasses.replace(original, fleet_adj={k: frozenset(v) for k, v in fleet.items()})
    assert not changed.can_reach(True, "bre", "mid")
    assert "mid" not in changed.sea_neighbours("bre")
    assert original.can_reach(True, "bre", "mid")  # the original is untouched


def test_a_copy_finds_names_from_its_own_provinces_and_powers():
    original = load_map("standard")
    provinces = dict(original.provinces)
    provinces["par"] = dataclasses.replace(provinces["par"], name="Lutetia")
    changed = dataclasses.replace(original, provinces=provinces)
    assert changed.province_id("Lutetia") == "par"
    assert original.province_id("Lutetia") is None
    assert changed.power_id("France") == original.power_id("France") == "france"
