"""Every variant order form the issue lists, read on the fixture map to its meaning.

Each row: the text, the phase, the canonical echo, and the order kind; the echo reads back to
an equal order. The fields the engine needs are checked for one example of each kind.
"""

from __future__ import annotations

import pytest

from gm.orders.errors import BAD_FORM, OrderError
from gm.orders.kinds.order_kind import UnitRef
from gm.orders.parse import parse_order
from gm.orders.variants import all_forms

ALL_FORMS = all_forms()  # every variant form, allowed where a test reads them all

M, A = "Movement", "Adjustment"

FORMS = [
    # army/fleet conversion (Lord of Hosts 3, Middle-Earth VIII 2, Hoplite Wars 9)
    ("A(Tyr)-F(Tyr)", M, "A Tyr - F Tyr", "Convert"),
    ("A Tyr becomes F", M, "A Tyr - F Tyr", "Convert"),
    ("A Tyr converts", M, "A Tyr - F Tyr", "Convert"),
    ("A Tyr converts to a fleet", M, "A Tyr - F Tyr", "Convert"),
    ("F Tyr becomes A", M, "F Tyr - A Tyr", "Convert"),
    ("A Boe - F Boe/ec", M, "A Boe - F Boe/ec", "Convert"),
    ("2A Tyr -> 2F", M, "2A Tyr - 2F Tyr", "Convert"),
    ("A(Tyr)-F(Tyr)", A, "A Tyr - F Tyr", "Convert"),
    # destroying a centre (Lord of Hosts 4, Diadochi V 7)
    ("A(Moa) Destroys Moa", M, "A Moa destroys", "DestroyCentre"),
    ("A Moa Z", M, "A Moa destroys", "DestroyCentre"),
    ("Destroy A Moa", M, "A Moa destroys", "DestroyCentre"),
    # sacking (Hoplite Wars 7, Rise of Rome II 6)
    ("SACK Delphi", M, "Sack Del", "Sack"),
    ("A Syr sacks Syr", M, "A Syr sacks", "Sack"),
    ("Sack A Syr", M, "A Syr sacks", "Sack"),
    # rebuilding (Diadochi V 8)
    ("A Syr R", M, "A Syr rebuilds", "RebuildCentre"),
    ("A Syr rebuilds", M, "A Syr rebuilds", "RebuildCentre"),
    ("A Syr R Syr", M, "A Syr rebuilds", "RebuildCentre"),
    # multiple units and A/F (Lord of Hosts, Multiplicity)
    ("2A(Ur) H", M, "2A Ur H", "Hold"),
    ("3F Aeg - Ion", M, "3F Aeg - Ion", "Move"),
    ("A/F Tan H", M, "A/F Tan H", "Hold"),
    ("2A/F Boe - Ath", M, "2A/F Boe - Ath", "Move"),
    ("A Ath S 2A Spa - Teg", M, "A Ath S 2A Spa - Teg", "SupportMove"),
    # garrisons (Hoplite Wars 4)
    ("G(Prasiae) H", M, "G Pra H", "Hold"),
    ("Garrison Prasiae holds", M, "G Pra H", "Hold"),
    ("G Pra S A Spa", M, "G Pra S A Spa", "SupportHold"),
    ("Build G Pra", A, "Build G Pra", "Build"),
    # merging and splitting (Multiplicity II)
    ("A(Mar) & A(Pic) MERGE 2A(Bur)", M, "A Mar & A Pic merge 2A Bur", "Merge"),
    ("A Mar and A Pic merge into 2A Bur", M, "A Mar & A Pic merge 2A Bur", "Merge"),
    ("A Mar merge Bur", M, "A Mar merge Bur", "Merge"),
    ("A Par S MERGE Bur", M, "A Par S merge Bur", "SupportMerge"),
    ("2A Bur split A - Par & A - Mar", M, "2A Bur split A - Par & A - Mar", "Split"),
    ("3A Bur split: 2A - Mar, A H", M, "3A Bur split 2A - Mar & A H", "Split"),
    ("2A Bur splits A S A Par - Pic and A - Gas", M, "2A Bur split A S A Par - Pic & A - Gas",
     "Split"),
    # leaders (Rise of Rome II 3)
    ("Hannibal - Sardinia", M, "Hannibal - Sar", "Move"),
    ("Publius Scipio S A Rome", M, "Publius Scipio S A Rom", "SupportHold"),
    ("Scipio S A Rom - Cam", M, "Publius Scipio S A Rom - Cam", "SupportMove"),
    ("A Rom S Hannibal - Sar", M, "A Rom S Hannibal - Sar", "SupportMove"),
    ("Hannibal H", M, "Hannibal H", "Hold"),
    # centre loans (Diadochi V 9)
    ("Loan Athens to Egypt", M, "Loan Ath to Egypt", "LoanCentre"),
    ("Lend Ath to the Egyptians", M, None, None),  # not a power name: rejected below
    ("Loan of Ath to Egyptian", M, "Loan Ath to Egypt", "LoanCentre"),
    ("end loan Athens", M, "End loan Ath", "EndLoan"),
    ("Cancel the loan of Ath", M, "End loan Ath", "EndLoan"),
    ("end loan Athens", "Retreat", "End loan Ath", "EndLoan"),
    # first-season choices: A/F (Lord of Hosts 3), leader placement (Rise of Rome II 3.3),
    # and Hoplite Wars' set-up builds (rule 1)
    ("A/F(Tanis) - A(Tanis)", M, "A/F Tan - A Tan", "ChooseKind"),
    ("A/F(Tanis)-F(Tanis)", M, "A/F Tan - F Tan", "ChooseKind"),
    ("A/F Tan becomes F", M, "A/F Tan - F Tan", "ChooseKind"),
    ("Place Hannibal in Carthage", M, "Place Hannibal in Car", "PlaceLeader"),
    ("Hannibal starts in Carthage", M, "Place Hannibal in Car", "PlaceLeader"),
    ("Hannibal at Car", M, "Place Hannibal in Car", "PlaceLeader"),
    ("2F(Athens)", A, "Build 2F Ath", "Build"),
    ("G(Prasiae)", A, "Build G Pra", "Build"),
]


@pytest.mark.parametrize("text, phase, canonical, kind",
                         [row for row in FORMS if row[2] is not None])
def test_variant_form(ancient_map, text, phase, canonical, kind):
    order = parse_order(text, ancient_map, phase_kind=phase, forms=ALL_FORMS)
    assert type(order).__name__ == kind
    assert str(order) == canonical
    assert parse_order(canonical, ancient_map, phase_kind=phase, forms=ALL_FORMS) == order


def test_an_unknown_power_in_a_loan_is_rejected(ancient_map):
    with pytest.raises(OrderError) as caught:
        parse_order("Lend Ath to the Egyptians", ancient_map, forms=ALL_FORMS)
    assert "power" in caught.value.message


def test_conversion_fields(ancient_map):
    order = parse_order("A(Tyr)-F(Tyr)", ancient_map, forms=ALL_FORMS)
    assert (order.unit_kind, order.location, order.new_kind, order.new_location) == \
        ("A", "tyr", "F", "tyr")


def test_merge_fields(ancient_map):
    order = parse_order("A(Mar) & A(Pic) MERGE 2A(Bur)", ancient_map, "france",
                        forms=ALL_FORMS)
    assert (order.unit_kind, order.location, order.dest, order.merged_kind,
            order.merged_strength) == ("A", "mar", "bur", "A", 2.0)
    assert order.partners == (UnitRef("A", "pic", None),)
    assert order.commands() == ("mar", "pic")
    each = order.each()
    assert [(m.location, m.partners) for m in each] == [("mar", ()), ("pic", ())]


def test_split_parts_are_orders_for_the_same_place(ancient_map):
    order = parse_order("3A Bur split: 2A - Mar, A H", ancient_map, forms=ALL_FORMS)
    assert order.strength == 3.0
    first, second = order.parts
    assert (type(first).__name__, first.strength, first.location, first.dest) == \
        ("Move", 2.0, "bur", "mar")
    assert (type(second).__name__, second.location) == ("Hold", "bur")


def test_multiple_unit_strength_is_kept(ancient_map):
    assert parse_order("2A(Ur) H", ancient_map, forms=ALL_FORMS).strength == 2.0
    assert parse_order("A Ur H", ancient_map, forms=ALL_FORMS).strength is None


def test_leader_orders_carry_the_leader_and_its_power(ancient_map):
    order = parse_order("Place Hannibal in Carthage", ancient_map)
    assert (order.leader, order.power, order.location) == ("Hannibal", "carthage", "car")


@pytest.mark.parametrize("text, why", [
    ("A Moa destroys Tyr", "only destroy the centre it stands in"),
    ("A Syr sacks Sic", "only sack the centre it stands in"),
    ("A Tyr - F Sid", "cannot move and change kind"),
    ("A Tyr becomes A", "A cannot become A"),
    ("G Pra converts", "say what the unit becomes"),
    ("A/F Tan - G Tan", "becomes an army (A) or a fleet (F)"),
    ("Place Car in Rom", "is not a leader"),
    ("A Mar & A Mar merge 2A Bur", "named twice"),
    ("Hannibal becomes F", "is a leader"),
])
def test_self_contradicting_variant_orders_say_why(ancient_map, text, why):
    with pytest.raises(OrderError) as caught:
        parse_order(text, ancient_map, forms=ALL_FORMS)
    assert caught.value.kind == BAD_FORM
    assert why in caught.value.message
