"""Every standard notation players use reads to the intended order, on the standard map.

Each row: what a player wrote, the canonical echo gm must give, and the order kind. The echo
must read back to an equal order.
"""

from __future__ import annotations

import pytest

from gm.orders.parse import parse_order

MOVES = [
    ("A Par - Bur", "A Par - Bur"),
    ("A PAR-BUR", "A Par - Bur"),
    ("a par->bur", "A Par - Bur"),
    ("A par => bur", "A Par - Bur"),
    ("A Par – Bur", "A Par - Bur"),
    ("Army Paris moves to Burgundy", "A Par - Bur"),
    ("army paris move to burgundy.", "A Par - Bur"),
    ("A Paris to Burgundy", "A Par - Bur"),
    ("A(Par)-Bur", "A Par - Bur"),
    ("A (Paris) - Burgundy", "A Par - Bur"),
    ("A Par attacks Bur", "A Par - Bur"),
    ("Par - Bur", "Par - Bur"),
    ("F Mid-Atlantic - Spa/nc", "F Mid - Spa/nc"),
    ("F Bre -> English Channel", "F Bre - Eng"),
    ("A Lon - Nwy via convoy", "A Lon - Nwy via convoy"),
    ("A Lon - Nwy by convoy", "A Lon - Nwy via convoy"),
    ("A Lon - Nwy (via convoy)", "A Lon - Nwy via convoy"),
]
HOLDS = [
    ("A Par H", "A Par H"),
    ("A Par holds", "A Par H"),
    ("A Par stands", "A Par H"),
    ("a par hold", "A Par H"),
    ("Army Paris stands.", "A Par H"),
    ("F(Bre) H", "F Bre H"),
]
SUPPORTS = [
    ("A Mar S A Par - Bur", "A Mar S A Par - Bur", "SupportMove"),
    ("A Mar supports A Par - Bur", "A Mar S A Par - Bur", "SupportMove"),
    ("A Mar S Par - Bur", "A Mar S Par - Bur", "SupportMove"),
    ("A Mar S A Par", "A Mar S A Par", "SupportHold"),
    ("A Mar S A Par H", "A Mar S A Par", "SupportHold"),
    ("A Mar supports A Par holds", "A Mar S A Par", "SupportHold"),
    ("F(Kie) S A(Mun)-Ber", "F Kie S A Mun - Ber", "SupportMove"),
    ("F Nth S F Lon - Eng", "F Nth S F Lon - Eng", "SupportMove"),
    ("F Mid S F Gas - Spa(nc)", "F Mid S F Gas - Spa/nc", "SupportMove"),
]
CONVOYS = [
    ("F Nth C A Lon - Nwy", "F Nth C A Lon - Nwy"),
    ("F Nth convoys A Lon - Nwy", "F Nth C A Lon - Nwy"),
    ("F North Sea convoys Army London to Norway", "F Nth C A Lon - Nwy"),
    ("F Nth C Lon - Nwy", "F Nth C Lon - Nwy"),
]
COASTS = [
    ("F Spa(nc) - Mid", "F Spa/nc - Mid"),
    ("F Spa/nc - Mid", "F Spa/nc - Mid"),
    ("F Spa nc - Mid", "F Spa/nc - Mid"),
    ("F Spa north coast - Mid", "F Spa/nc - Mid"),
    ("F Spa (north coast) - Mid", "F Spa/nc - Mid"),
    ("F Mid - Spa(sc)", "F Mid - Spa/sc"),
    ("F StP/SC - Bot", "F Stp/sc - Bot"),
    ("F St. Petersburg(sc) - Bothnia", "F Stp/sc - Bot"),
    ("F(Bul)(ec) - Bla", "F Bul/ec - Bla"),
]
RETREATS = [
    ("A Bur R Par", "A Bur R Par", "Retreat"),
    ("A Bur retreat Par", "A Bur R Par", "Retreat"),
    ("A Bur retreats to Par", "A Bur R Par", "Retreat"),
    ("A Bur D", "A Bur D", "Disband"),
    ("A Bur disband", "A Bur D", "Disband"),
    ("Disband A Bur", "A Bur D", "Disband"),
]
ADJUSTMENTS = [
    ("Build A Par", "Build A Par", "Build"),
    ("B F Bre", "Build F Bre", "Build"),
    ("Builds: F(Bre)", "Build F Bre", "Build"),
    ("build fleet brest", "Build F Bre", "Build"),
    ("Build F StP(nc)", "Build F Stp/nc", "Build"),
    ("Remove A Mun", "Remove A Mun", "Remove"),
    ("A Mun remove", "Remove A Mun", "Remove"),
    ("Waive", "Waive", "Waive"),
    ("waive build", "Waive", "Waive"),
    ("Build waived", "Waive", "Waive"),
    ("no build", "Waive", "Waive"),
]

TABLE = ([(t, c, "Move") for t, c in MOVES] + [(t, c, "Hold") for t, c in HOLDS] + SUPPORTS
         + [(t, c, "Convoy") for t, c in CONVOYS] + [(t, c, "Move") for t, c in COASTS]
         + RETREATS + ADJUSTMENTS)


@pytest.mark.parametrize("text, canonical, kind", TABLE)
def test_notation_reads_to_its_meaning(standard_map, text, canonical, kind):
    order = parse_order(text, standard_map, "france")
    assert type(order).__name__ == kind
    assert str(order) == canonical
    assert order.power == "france"
    assert parse_order(str(order), standard_map, "france") == order


def test_fields_the_engine_reads(standard_map):
    move = parse_order("F St. Petersburg(sc) - Bothnia", standard_map, "russia")
    assert (move.power, move.unit_kind, move.location, move.province, move.dest,
            move.via_convoy) == ("russia", "F", "stp/sc", "stp", "bot", False)
    support = parse_order("A Mar S A Par - Bur", standard_map)
    assert (support.target_kind, support.target, support.dest) == ("A", "par", "bur")
    convoy = parse_order("F Nth C A Lon - Nwy", standard_map)
    assert (convoy.target_kind, convoy.target, convoy.dest) == ("A", "lon", "nwy")


def test_an_army_stands_on_the_whole_province(standard_map):
    order = parse_order("A Spa/nc - Por", standard_map)
    assert order.location == "spa"


def test_positional_construction_still_works():
    from gm.orders.kinds.move import Move
    from gm.orders.kinds.support import SupportMove

    assert str(Move("france", "A", "par", "bur")) == "A Par - Bur"
    assert Move("france", "A", "par", "bur", True).via_convoy
    assert SupportMove("france", "A", "mar", "A", "par", "bur").strength is None
