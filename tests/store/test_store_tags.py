"""The store keeps piece tags, and positions written before tags existed still load."""

from __future__ import annotations

from gm.engine.position import Unit


def test_the_store_keeps_tags_and_loads_untagged_positions(game, store):
    from gm.store.game_rows import open_phase
    from gm.store.position_rows import load_position, save_position

    phase = open_phase(store, game.game)
    position = load_position(store, phase)
    assert all(u.tag for u in position.units)
    position.units.append(Unit("france", "L", "pic", 0.5, "Vercingetorix", "x:1"))
    save_position(store, phase.id, position)
    again = load_position(store, phase)
    assert [(u.tag, u.name) for u in again.units] == [(u.tag, u.name) for u in position.units]
    store.db.execute("UPDATE pieces SET tag = NULL")  # as written before tags
    old = load_position(store, phase)
    assert [u.tag for u in old.units] == [None] * len(position.units)
    assert old.units == position.units  # tags take no part in equality
