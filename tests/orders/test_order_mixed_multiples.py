"""Mixed multiples in the order language (Multiplicity (a), Hoplite Wars 3): a unit written by
its counts per kind joined by `/` (`A/G Spa`, `2A/F Ath`, `A/F/G Spa`), in every order kind
that writes a unit. Whether `A/F` is an army and a fleet or Lord of Hosts' A/F piece is the
map's to say."""

from __future__ import annotations

import pytest

from gm.maps import load_map
from gm.orders.errors import VARIANT, OrderError
from gm.orders.kinds.build import Build
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.merge import Merge
from gm.orders.kinds.move import Move
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.split import Split
from gm.orders.kinds.support import SupportMove
from gm.orders.parse import parse_order

M, R, A = "Movement", "Retreat", "Adjustment"


@pytest.fixture(scope="module")
def hoplite():
    return load_map("hoplite-wars")


@pytest.mark.parametrize(("text", "phase", "echo", "kind", "unit_kind"), [
    ("A/G Spa - Teg", M, "A/G Spa - Teg", Move, "A+G"),
    ("2A/F Ath H", M, "2A/F Ath H", Hold, "2A+F"),
    ("A/F/G Spa H", M, "A/F/G Spa H", Hold, "A+F+G"),
    ("2A/G Sparta - Tegea", M, "2A/G Spa - Teg", Move, "2A+G"),
    ("G/2A Spa - Teg", M, "2A/G Spa - Teg", Move, "2A+G"),   # written in any order
    ("2 A / G Spa - Teg", M, "2A/G Spa - Teg", Move, "2A+G"),
    ("A/F(Athens) - Aulis", M, "A/F Ath - Aul", Move, "A+F"),
    ("A Pra S A/G Spa - Teg", M, "A Pra S A/G Spa - Teg", SupportMove, "A"),
    ("A/G Spa R Teg", R, "A/G Spa R Teg", None, "A+G"),
    ("Remove A/G Spa", A, "Remove A/G Spa", Remove, "A+G"),
    ("Build A/G Spa", A, "Build A/G Spa", Build, "A+G"),
    ("Disband A/G Spa", R, "A/G Spa D", Disband, "A+G"),
])
def test_a_mixed_multiple_reads_to_one_kind_with_its_counts(hoplite, text, phase, echo, kind,
                                                           unit_kind):
    order = parse_order(text, hoplite, "sparta", phase_kind=phase)
    assert str(order) == echo
    assert order.unit_kind == unit_kind
    assert order.strength is None  # the count is in the mix
    if kind is not None:
        assert type(order) is kind
    assert parse_order(str(order), hoplite, "sparta", phase_kind=phase) == order


def test_the_supported_unit_keeps_its_mix(hoplite):
    order = parse_order("A Pra S A/G Spa - Teg", hoplite, "sparta", phase_kind=M)
    assert (order.target_kind, order.target_strength) == ("A+G", None)


def test_a_convoyed_unit_keeps_its_mix(hoplite):
    order = parse_order("F Lac C 2A/F Spa - Ath", hoplite, "sparta", phase_kind=M)
    assert isinstance(order, Convoy) and order.target_kind == "2A+F"
    assert str(order) == "F Lac C 2A/F Spa - Ath"


def test_split_parts_and_merge_partners_write_mixes(hoplite):
    split = parse_order("2A/F/G Spa split A/F - Teg & A H", hoplite, "sparta", phase_kind=M)
    assert isinstance(split, Split)
    assert [p.unit_kind for p in split.parts] == ["A+F", "A"]
    assert str(split) == "2A/F/G Spa split A/F - Teg & A H"
    merge = parse_order("A Spa & A/G Pra merge 2A/G Teg", hoplite, "sparta", phase_kind=M)
    assert isinstance(merge, Merge)
    assert merge.partners[0][0] == "A+G" and merge.merged_kind == "2A+G"
    assert str(merge) == "A Spa & A/G Pra merge 2A/G Teg"


def test_lord_of_hosts_keeps_its_a_f_piece():
    lord = load_map("lord-of-hosts")
    order = parse_order("2A/F Tan H", lord, phase_kind=M)
    assert (order.unit_kind, order.strength) == ("A/F", 2.0)


def test_the_standard_game_has_no_mixed_multiples(standard_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A/G Par - Bur", standard_map, "france", phase_kind=M)
    assert caught.value.kind == VARIANT
    assert "multiple units" in caught.value.message or "garrisons" in caught.value.message
