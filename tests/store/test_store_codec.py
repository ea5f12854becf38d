"""Units, variant state and typed orders survive the trip into text and back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.notation import unit_display, unit_text
from gm.store.codec import (
    CodecError,
    order_from_json,
    order_to_json,
    parse_unit_text,
    state_from_json,
    state_to_json,
)

locations = st.sampled_from(["par", "spa/nc", "stp/sc", "ur", "nth", "mac"])
units = st.builds(Unit, power=st.sampled_from(["france", "rome"]),
                  kind=st.sampled_from(["A", "F", "G", "A/F"]), location=locations,
                  strength=st.sampled_from([1.0, 2.0, 0.5]),
                  name=st.none() | st.sampled_from(["Alexander", "Hannibal"]))


@given(units)
def test_unit_text_round_trips(unit):
    assert parse_unit_text(unit_text(unit), unit.power) == unit


def test_unit_text_reads_like_an_order():
    assert unit_text(Unit("rome", "A", "ur", 2.0)) == "2A ur"
    assert unit_display("F spa/nc") == "F Spa/nc"
    assert unit_display("A mac (Alexander)") == "A Mac (Alexander)"


def test_a_unit_that_is_not_a_unit_is_an_error():
    with pytest.raises(CodecError, match="cannot read the unit"):
        parse_unit_text("Paris", "france")


state_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5)
    | st.frozensets(st.text(max_size=3), max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=8)


@given(st.dictionaries(st.text(max_size=6), state_values, max_size=4))
def test_variant_state_round_trips_with_sets(state):
    back = state_from_json(state_to_json(state))
    assert _normal(back) == _normal(state)


def _normal(value):
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(value))
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    return value


def test_a_key_like_the_set_marker_is_kept_as_a_key():
    state = {"$set": [], "r": {"$set": None, "$$x": {"a"}}}
    assert state_from_json(state_to_json(state)) == state


def test_sets_come_back_as_sets():
    back = state_from_json(state_to_json({"destroyed": {"car", "rom"}}))
    assert back == {"destroyed": {"car", "rom"}}


@pytest.mark.parametrize("text", [
    "A Par - Bur", "A Lon - Nwy via convoy", "F Nth C A Lon - Nwy", "A Mun S A Bur - Par",
    "A Mun S A Ber", "F Bre H", "A Bur R Pic", "A Bur D", "Build F Stp/nc", "Remove A Par",
    "Waive",
])
def test_standard_orders_round_trip(text, standard_map):
    from gm.orders.parse import parse_order

    order = parse_order(text, standard_map, "france")
    assert order_from_json(order_to_json(order)) == order


def test_an_unknown_order_type_is_an_error():
    with pytest.raises(CodecError, match="unknown order type"):
        order_from_json('{"$type": "Teleport", "location": "par"}')


def test_position_rows_round_trip(store, game):
    from gm.store import game_rows as rows
    from gm.store.position_rows import load_position, save_position

    phase = rows.open_phase(store, game.game)
    position = Position(
        phase=Phase(1901, "Spring", "Movement"),
        units=[Unit("france", "F", "spa/nc"), Unit("england", "A", "bel", 2.0, "Arthur")],
        owners={"spa": "france", "bel": "england"},
        dislodged=[Dislodged(Unit("germany", "A", "bur"), "par"),
                   Dislodged(Unit("italy", "A", "tun"), None)],
        standoffs=frozenset({"pic", "gas"}),
        state={"destroyed": {"war"}, "loans": {"bel": "england"}})
    with store.transaction():
        save_position(store, phase.id, position)
    back = load_position(store, phase)
    assert back.units == position.units
    assert back.owners == position.owners
    assert back.dislodged == position.dislodged
    assert back.standoffs == position.standoffs
    assert back.state == position.state


def test_events_survive_the_store_typed_or_worded():
    from gm.engine.results import CentreChanged
    from gm.store.codec import event_from_text, event_to_text

    for event in (CentreChanged("bel", None, "germany"), CentreChanged("par", "france", "italy"),
                  "A kie disbanded (no retreat phase)", "{not json, a rule's words}"):
        assert event_from_text(event_to_text(event)) == event
