"""Leaders (issue 17, "The model"): a leader moves along army and fleet links alike, bridges
and passages included; it is never convoyed and never convoys; it supports wherever it could
move, with its strength of 1/2. On the standard map with the test-only stacking rule."""

from __future__ import annotations

from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.maps import load_map
from gm.orders.kinds.convoy import Convoy
from gm.orders.kinds.move import Move, leader_reaches
from gm.orders.kinds.support import SupportMove
from tests.stacking.rule import stacking

SPRING = Phase(1901, "Spring", "Movement")
ARTHUR = Unit("england", "L", "lon", 0.5, "Arthur")


def results(out):
    return {r.unit.label(): r for r in out.results if r.unit is not None}


def test_a_leader_supports_into_a_sea_it_could_move_to_and_adds_a_half(standard_map):
    fleets = [Unit("england", "F", "edi"), Unit("germany", "F", "hol")]
    moves = [Move("england", "F", "edi", "nth"), Move("germany", "F", "hol", "nth")]
    alone = adjudicate_movement(Position(SPRING, fleets, {}), moves, standard_map, stacking())
    assert results(alone)["F edi"].code == "bounced"
    support = SupportMove("england", None, "lon", "F", "edi", "nth", leader="Arthur")
    out = adjudicate_movement(Position(SPRING, [ARTHUR, *fleets], {}), [*moves, support],
                              standard_map, stacking())
    got = results(out)
    assert got["Arthur lon"].code == "supported"
    assert got["F edi"].code == "moved"  # 1 1/2 against 1
    army = adjudicate_movement(
        Position(SPRING, [Unit("england", "A", "lon"), *fleets], {}),
        [*moves, SupportMove("england", "A", "lon", "F", "edi", "nth")], standard_map,
        stacking())
    assert results(army)["A lon"].code == "void"  # an army could not go to sea


def test_a_leader_is_never_convoyed(standard_map):
    pos = Position(SPRING, [ARTHUR, Unit("england", "F", "nth")], {})
    orders = [Move("england", None, "lon", "bel", via_convoy=True, leader="Arthur"),
              Convoy("england", "F", "nth", None, "lon", "bel")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    got = results(out)
    assert got["Arthur lon"].code == "void" and "never convoyed" in got["Arthur lon"].detail
    assert [u.label() for u in out.position.units] == ["Arthur lon", "F nth"]


def test_a_leader_never_convoys(standard_map):
    pos = Position(SPRING, [Unit("england", "L", "nth", 0.5, "Arthur"),
                            Unit("england", "A", "yor")], {})
    orders = [Move("england", "A", "yor", "nwy"),
              Convoy("england", None, "nth", "A", "yor", "nwy", leader="Arthur")]
    out = adjudicate_movement(pos, orders, standard_map, stacking())
    got = results(out)
    assert got["Arthur nth"].code == "void"
    assert got["A yor"].code != "moved"
    assert sorted(u.label() for u in out.position.units) == ["A yor", "Arthur nth"]


def test_a_leader_crosses_bridges_and_passages(standard_map):
    rome = load_map("rise-of-rome-ii")  # a bridge: Massilia - Sardinia, across the Ligurian Sea
    assert rome.army_can_move("mas", "sar") and not rome.fleet_can_move("mas", "sar")
    assert leader_reaches("mas", "sar", rome)
    diadochi = load_map("diadochi-v")  # a passage: Gades - Mauretania
    assert leader_reaches("gad", "mau", diadochi)
    assert leader_reaches("lon", "nth", standard_map) and leader_reaches("lon", "yor", standard_map)
    assert not leader_reaches("lon", "bel", standard_map)  # two steps: only by convoy
