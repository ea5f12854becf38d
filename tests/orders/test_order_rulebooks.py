"""Every order example printed in the five rulebooks (and the Multiplicity rules Hoplite Wars
plays by), each read to its intended meaning.

Each row names its variant; it runs on the fixture map (which holds every province the
examples name) and, once it lands in maps/, on the variant's own map. The intended meaning is
written with names in braces (`A {Tyre} - F {Tyre}`), turned into that map's ids, so one
table serves every map. Variant order forms are allowed explicitly (`forms=ALL_FORMS`): these
tests are about reading, not about which rules a map switches on.
"""

from __future__ import annotations

import re

import pytest

from gm.maps.loader import available_maps, load_map
from gm.orders.kinds.order_kind import show_location
from gm.orders.letters import read_orders
from gm.orders.names import fold, name_index
from gm.orders.parse import parse_order
from gm.orders.variants import all_forms

ALL_FORMS = all_forms()  # every variant form, allowed where a test reads them all

MOVEMENT, ADJUSTMENT = "Movement", "Adjustment"

# (variant, phase, power, text as printed, intended meaning, order kind)
EXAMPLES = [
    # Lord of Hosts 3 and 4
    ("lord-of-hosts", MOVEMENT, None, "A(Tyr)-F(Tyr)", "A {Tyre} - F {Tyre}", "Convert"),
    ("lord-of-hosts", None, "babylon", "A(Moa) Destroys Moa", "A {Moab} destroys",
     "DestroyCentre"),
    ("lord-of-hosts", ADJUSTMENT, "babylon", "Builds: 2A(Ur)", "Build 2A {Ur}", "Build"),
    # Diadochi V 7 and 8: the order symbols Z (destroy) and R (rebuild)
    ("diadochi-v", MOVEMENT, None, "A Syr Z", "A {Syracuse} destroys", "DestroyCentre"),
    ("diadochi-v", MOVEMENT, None, "A Syr R", "A {Syracuse} rebuilds", "RebuildCentre"),
    # Rise of Rome II 7.3 and 8.2
    ("rise-of-rome-ii", MOVEMENT, None, "F(AFRICAN SEA)-Syracuse",
     "F {African Sea} - {Syracuse}", "Move"),
    ("rise-of-rome-ii", MOVEMENT, None, "A(Syracuse)-Zama", "A {Syracuse} - {Zama}", "Move"),
    ("rise-of-rome-ii", MOVEMENT, None, "F(AFRICAN SEA) S F(IBERIAN SEA)-Sicily",
     "F {African Sea} S F {Iberian Sea} - {Sicily}", "SupportMove"),
    ("rise-of-rome-ii", MOVEMENT, None, "F(Rhodes) C A(Phyrgia)-Pergammon",
     "F {Rhodes} C A {Phrygia} - {Pergamon}", "Convoy"),
    ("rise-of-rome-ii", MOVEMENT, None, "A(Pergammon)-Phrygia", "A {Pergamon} - {Phrygia}",
     "Move"),
    # Hoplite Wars 7 and 8
    ("hoplite-wars", MOVEMENT, None, "SACK Delphi", "Sack {Delphi}", "Sack"),
    ("hoplite-wars", MOVEMENT, "sparta", "A(Sparta)-Tegea", "A {Sparta} - {Tegea}", "Move"),
    ("hoplite-wars", MOVEMENT, "sparta", "A(Tegea)-Lepreon", "A {Tegea} - {Lepreon}", "Move"),
    # Multiplicity II R3 and Multiplicity I (the rules Hoplite Wars 3 names)
    ("multiplicity", MOVEMENT, None, "A Mar & A Pic MERGE 2A Bur",
     "A {Marseilles} & A {Picardy} merge 2A {Burgundy}", "Merge"),
    ("multiplicity", MOVEMENT, None, "A Par S MERGE Bur", "A {Paris} S merge {Burgundy}",
     "SupportMerge"),
    ("multiplicity", MOVEMENT, None, "A Pie + A Par + A Gas MERGE = 3A Bur",
     "A {Piedmont} & A {Paris} & A {Gascony} merge 3A {Burgundy}", "Merge"),
]

# Lines of orders as printed, read as a letter: (variant, phase, text, [(power, meaning)]).
LETTER_EXAMPLES = [
    ("lord-of-hosts", None, "BABYLON: A(Moa) Destroys Moa. Builds: 2A(Ur)",
     [("babylon", "A {Moab} destroys"), ("babylon", "Build 2A {Ur}")]),
    ("hoplite-wars", ADJUSTMENT, "ATHENS: 2F(Athens), A(Marathon) and A(Anactorium)",
     [("athens", "Build 2F {Athens}"), ("athens", "Build A {Marathon}"),
      ("athens", "Build A {Anactorium}")]),
    ("hoplite-wars", ADJUSTMENT, "SPARTA: 2A(Sparta), G(Prasiae), G(Zarax), A(Elatea)",
     [("sparta", "Build 2A {Sparta}"), ("sparta", "Build G {Prasiae}"),
      ("sparta", "Build G {Zarax}"), ("sparta", "Build A {Elatea}")]),
]

FIXTURE = "fixture"


def _maps_for(variant: str) -> list[str]:
    if variant == "multiplicity":  # its examples are on the standard board
        return [FIXTURE, "standard"]
    return [FIXTURE, variant] if variant in available_maps() else [FIXTURE]


def _cases(rows, variant_of=lambda row: row[0]):
    return [pytest.param(where, *row, id=f"{where}:{row[3] if len(row) > 5 else row[2]}")
            for row in rows for where in _maps_for(variant_of(row))]


def _load(where: str, ancient_map):
    return ancient_map if where == FIXTURE else load_map(where)


def expected(template: str, game_map) -> str:
    """`A {Tyre} - F {Tyre}` -> `A Tyr - F Tyr` on this map; skips when a name is missing."""
    index = name_index(game_map)

    def one(m: re.Match) -> str:
        ident = index.provinces.names.get(fold(m.group(1)))
        if ident is None:
            pytest.skip(f"{game_map.id} has no province {m.group(1)!r}")
        return show_location(ident)
    return re.sub(r"\{([^}]+)\}", one, template)


@pytest.mark.parametrize("where, variant, phase, power, text, meaning, kind",
                         _cases(EXAMPLES))
def test_rulebook_example(ancient_map, where, variant, phase, power, text, meaning, kind):
    game_map = _load(where, ancient_map)
    want = expected(meaning, game_map)
    order = parse_order(text, game_map, power, phase_kind=phase, forms=ALL_FORMS)
    assert type(order).__name__ == kind
    assert str(order) == want
    again = parse_order(str(order), game_map, power, phase_kind=phase, forms=ALL_FORMS)
    assert again == order


@pytest.mark.parametrize("where, variant, phase, text, meanings",
                         [pytest.param(w, *row, id=f"{w}:{row[2]}") for row in LETTER_EXAMPLES
                          for w in _maps_for(row[0])])
def test_rulebook_lines_read_as_letters(ancient_map, where, variant, phase, text, meanings):
    game_map = _load(where, ancient_map)
    want = [(power, expected(m, game_map)) for power, m in meanings]
    letter = read_orders(text, game_map, phase_kind=phase, forms=ALL_FORMS)
    assert letter.rejected == [] and letter.ignored == []
    assert [(item.power, str(item.order)) for item in letter.orders] == want


def test_near_miss_spellings_of_the_rulebook_are_reported(ancient_map):
    from gm.orders.parse import read_order

    reading = read_order("F(Rhodes) C A(Phyrgia)-Pergammon", ancient_map, forms=ALL_FORMS)
    assert reading.notes == ("read 'Phyrgia' as Phrygia (phr)",
                             "read 'Pergammon' as Pergamon (per)")


def test_rise_of_rome_leaders(ancient_map):
    order = parse_order("Hannibal - Sardinia", ancient_map)
    assert (type(order).__name__, order.leader, order.power, order.dest) == \
        ("Move", "Hannibal", "carthage", "sar")
    support = parse_order("Publius Scipio S A Rome", ancient_map)
    assert (support.leader, support.power, support.target_kind, support.target) == \
        ("Publius Scipio", "rome", "A", "rom")
