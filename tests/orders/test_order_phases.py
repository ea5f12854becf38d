"""Phase awareness, and orders a variant does not have."""

from __future__ import annotations

import pytest

from gm.maps.loader import available_maps, load_map
from gm.orders.errors import PHASE, SYNTAX, VARIANT, OrderError
from gm.orders.parse import parse_order, read_order
from gm.orders.variants import all_forms, map_forms, required_forms

ALL_FORMS = all_forms()  # every variant form, allowed where a test reads them all


def test_a_move_in_a_retreat_phase_is_a_retreat(standard_map):
    order = parse_order("A Bur - Par", standard_map, "france", phase_kind="Retreat")
    assert type(order).__name__ == "Retreat"
    assert (order.location, order.dest) == ("bur", "par")
    assert str(order) == "A Bur R Par"


def test_a_move_outside_retreats_stays_a_move(standard_map):
    # the DATC runner reads orders without a phase: the engine decides there
    assert type(parse_order("A Bur - Par", standard_map)).__name__ == "Move"


@pytest.mark.parametrize("phase, kind", [("Retreat", "Disband"), ("Adjustment", "Remove")])
def test_disband_in_retreats_and_adjustments(standard_map, phase, kind):
    order = parse_order("A Mun disband", standard_map, "germany", phase_kind=phase)
    assert type(order).__name__ == kind
    assert order.location == "mun"


@pytest.mark.parametrize("phase, kind, note", [
    ("Adjustment", "Build", ()),
    ("Movement", "Hold", ("no order was given: read as a hold",)),
])
def test_a_unit_alone(standard_map, phase, kind, note):
    reading = read_order("F(Bre)", standard_map, "france", phase_kind=phase)
    assert type(reading.order).__name__ == kind
    assert reading.notes == note


@pytest.mark.parametrize("text, phase", [
    ("A Bur - Par via convoy", "Retreat"),
    ("A Par H", "Retreat"),
    ("A Par", "Retreat"),
    ("A Par S A Mar", "Adjustment"),
    ("A Par - Bur", "Adjustment"),
    ("Build A Par", "Movement"),
    ("Waive", "Retreat"),
    ("A Bur R Par", "Movement"),
])
def test_orders_the_phase_does_not_allow(standard_map, text, phase):
    with pytest.raises(OrderError) as caught:
        parse_order(text, standard_map, "france", phase_kind=phase)
    assert caught.value.kind == PHASE
    assert caught.value.hint  # says what the phase does allow


def test_a_unit_alone_without_a_phase_is_not_an_order(standard_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A Par", standard_map)
    assert caught.value.kind == SYNTAX
    assert "not an order" in caught.value.message


def test_an_unknown_phase_kind_is_a_programming_error(standard_map):
    with pytest.raises(ValueError, match="phase_kind"):
        parse_order("A Par H", standard_map, phase_kind="Summer")


@pytest.mark.parametrize("text, form", [
    ("A Par - F Par", "conversion"),
    ("2A Par H", "multiple_units"),
    ("G Par H", "garrisons"),
    ("A/F Bre H", "army_fleet"),
    ("A Par destroys", "destroy_centre"),
    ("A Par R", "rebuild_centre"),
    ("Sack Par", "sack"),
    ("A Mar & A Pic merge Bur", "merge_split"),
    ("Loan Par to Germany", "loans"),
])
def test_the_standard_game_refuses_variant_orders(standard_map, text, form):
    with pytest.raises(OrderError) as caught:
        parse_order(text, standard_map, "france")
    assert caught.value.kind == VARIANT
    assert "Standard" in caught.value.message
    assert parse_order(text, standard_map, "france", forms={form}) is not None


def test_forms_come_from_the_map_data(ancient_map, standard_map):
    assert map_forms(standard_map) == frozenset()
    # leaders listed, A/F, 2F and G starting units
    assert map_forms(ancient_map) == {"leaders", "army_fleet", "multiple_units", "garrisons"}


@pytest.mark.skipif("lord-of-hosts" not in available_maps(), reason="map not yet written")
def test_lord_of_hosts_allows_its_a_f_units():
    assert "army_fleet" in map_forms(load_map("lord-of-hosts"))


def test_every_form_is_named_and_required_somewhere(ancient_map):
    seen = set()
    for text in ("A Tyr - F Tyr", "A/F Tan - F Tan", "A Moa Z", "A Syr R", "Sack Del",
                 "2A Ur H", "A Mar merge Bur", "G Pra H", "Hannibal H", "Loan Ath to Egypt"):
        seen |= required_forms(parse_order(text, ancient_map, forms=ALL_FORMS))
    assert seen == ALL_FORMS
