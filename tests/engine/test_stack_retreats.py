"""Retreats with stacks (issue 17): a dislodged leader and its army take their own orders, and
retreats of one side may end together where the rules let pieces stack."""

from __future__ import annotations

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.engine.retreat_phase import adjudicate_retreats, retreat_options
from gm.orders.kinds.move import Move
from gm.orders.kinds.retreat import Retreat
from gm.rules import RuleSet
from tests.stacking.rule import stacking

RETREATS = Phase(1901, "Spring", "Retreat")


def board(units, dislodged):
    return Position(RETREATS, list(units), {}, [Dislodged(u, by) for u, by in dislodged])


def leader_to_paris_and_army_to(army_to, standard_map, rules):
    """Hannibal and France's army, dislodged from Burgundy together, retreat: the leader to
    Paris, the army to `army_to`."""
    pos = board([Unit("germany", "A", "bur")],
                [(Unit("france", "L", "bur", 0.5, "Hannibal"), "mun"),
                 (Unit("france", "A", "bur"), "mun")])
    orders = [Retreat("france", None, "bur", "par", leader="Hannibal"),
              Retreat("france", "A", "bur", army_to)]
    return adjudicate_retreats(pos, orders, standard_map, rules)


def test_a_dislodged_leader_and_its_army_retreat_apart(standard_map):
    out = leader_to_paris_and_army_to("gas", standard_map, stacking())
    assert sorted(u.label() for u in out.position.units) == ["A bur", "A gas", "Hannibal par"]
    assert [r.code for r in out.results] == ["retreated", "retreated"]


def test_two_retreats_of_one_side_to_one_province_stack(standard_map):
    out = leader_to_paris_and_army_to("par", standard_map, stacking())
    assert sorted(u.label() for u in out.position.units) == ["A bur", "A par", "Hannibal par"]
    standard = leader_to_paris_and_army_to("par", standard_map, RuleSet())
    assert [r.code for r in standard.results] == ["bounced", "bounced"]


def test_a_retreat_may_join_its_own_side_where_pieces_stack(standard_map):
    pos = board([Unit("germany", "A", "bur"), Unit("france", "A", "par")],
                [(Unit("france", "L", "bur", 0.5, "Hannibal"), "mun")])
    dislodged = pos.dislodged[0]
    assert "par" in retreat_options(dislodged, pos, standard_map, stacking())
    assert "par" not in retreat_options(dislodged, pos, standard_map, RuleSet())
    assert "par" not in retreat_options(dislodged, pos, standard_map)
    out = adjudicate_retreats(pos, [Move("france", None, "bur", "par", leader="Hannibal")],
                              standard_map, stacking())
    assert sorted(u.label() for u in out.position.units) == ["A bur", "A par", "Hannibal par"]


def test_a_retreat_never_joins_another_sides_pieces(standard_map):
    pos = board([Unit("germany", "A", "bur"), Unit("germany", "A", "par")],
                [(Unit("france", "L", "bur", 0.5, "Hannibal"), "mun")])
    assert "par" not in retreat_options(pos.dislodged[0], pos, standard_map, stacking())


def test_a_leader_retreats_by_sea_links_too(standard_map):
    pos = board([Unit("germany", "A", "bre")],
                [(Unit("france", "L", "bre", 0.5, "Hannibal"), "par")])
    options = retreat_options(pos.dislodged[0], pos, standard_map)
    assert options == ["eng", "gas", "mid", "pic"]  # not Paris, where the attack came from
