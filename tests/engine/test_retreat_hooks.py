"""The retreat hooks (issue 17, "Retreats and adjustments"): `retreat_options` replaces a
piece's retreat options, `disbands_when_dislodged` removes a piece at once; a retreat order
commands a dislodged stack; a piece dislodged by a merge may retreat to none of its origins;
a removal names pieces of a stack by kind and count."""

from __future__ import annotations

from gm.engine.adjustment_phase import adjudicate_adjustments
from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.engine.retreat_phase import adjudicate_retreats, retreat_options
from gm.engine.season import Season
from gm.orders.kinds.merge import Merge
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import UnitRef
from gm.orders.kinds.remove import Remove
from gm.orders.kinds.retreat import Retreat
from gm.orders.kinds.support import SupportMove
from gm.rules import RuleSet
from gm.rules.hooks import MovementHooks, RetreatHooks
from tests.stacking.rule import Stacks, stacking

SPRING = Phase(1901, "Spring", "Movement")
RETREATS = Phase(1901, "Spring", "Retreat")
WINTER = Phase(1901, "Winter", "Adjustment")


class NoParis(Stacks, RetreatHooks):
    """Paris is closed to every retreat; garrisons disband when dislodged."""

    def retreat_options(self, dislodged, position, game_map):
        standard = retreat_options(dislodged, position, game_map)
        return [o for o in standard if o != "par"]

    def disbands_when_dislodged(self, unit):
        return True if unit.kind == "G" else None


def test_a_rules_retreat_options_replace_the_standard_ones(standard_map):
    pos = Position(RETREATS, [Unit("germany", "A", "bur")], {},
                   [Dislodged(Unit("france", "A", "bur"), "mun")])
    rules = RuleSet([NoParis()])
    assert "par" in retreat_options(pos.dislodged[0], pos, standard_map)
    assert "par" not in retreat_options(pos.dislodged[0], pos, standard_map, rules)
    out = adjudicate_retreats(pos, [Retreat("france", "A", "bur", "par")], standard_map, rules)
    assert out.results[0].code == "void"
    assert [u.label() for u in out.position.units] == ["A bur"]


def test_a_piece_that_disbands_when_dislodged_has_no_retreat(standard_map):
    pos = Position(SPRING, [Unit("france", "G", "bur"), Unit("germany", "A", "mun"),
                            Unit("germany", "A", "ruh")], {})
    orders = [Move("germany", "A", "mun", "bur"),
              SupportMove("germany", "A", "ruh", "A", "mun", "bur")]
    rules = RuleSet([NoParis()])
    out = adjudicate_movement(pos, orders, standard_map, rules)
    assert not out.position.dislodged
    assert out.events == ["G Bur disbanded at once when dislodged"]
    assert [r.code for r in out.results if r.unit.kind == "G"] == ["dislodged"]
    kept = adjudicate_movement(pos, orders, standard_map, stacking())
    assert [d.unit.label() for d in kept.position.dislodged] == ["G bur"]


class Chronicle(Stacks, MovementHooks):
    """A rule that reports after every movement (as a rule carrying out its orders does)."""

    def after_movement(self, before, after, results, attacked_by, game_map):
        return ["the chronicle is written"]


def test_a_piece_disbanded_at_once_is_reported_beside_the_rules_events(standard_map):
    pos = Position(SPRING, [Unit("france", "G", "bur"), Unit("germany", "A", "mun"),
                            Unit("germany", "A", "ruh")], {})
    orders = [Move("germany", "A", "mun", "bur"),
              SupportMove("germany", "A", "ruh", "A", "mun", "bur")]
    out = adjudicate_movement(pos, orders, standard_map, RuleSet([NoParis(), Chronicle()]))
    assert out.events == ["G Bur disbanded at once when dislodged", "the chronicle is written"]


class LeadersFall(NoParis):
    def disbands_when_dislodged(self, unit):
        return True if unit.kind == "L" else None


def test_a_leader_disbanded_at_once_is_named_with_its_place(standard_map):
    pos = Position(SPRING, [Unit("france", "L", "par", 0.5, "Publius Scipio"),
                            Unit("germany", "A", "pic"), Unit("germany", "A", "bur")], {})
    orders = [Move("germany", "A", "pic", "par"),
              SupportMove("germany", "A", "bur", "A", "pic", "par")]
    out = adjudicate_movement(pos, orders, standard_map, RuleSet([LeadersFall()]))
    assert out.events == ["Publius Scipio Par disbanded at once when dislodged"]


def test_a_retreat_order_commands_the_dislodged_stack(standard_map):
    pos = Position(RETREATS, [Unit("germany", "A", "bur")], {},
                   [Dislodged(Unit("france", "A", "bur"), "mun"),
                    Dislodged(Unit("france", "A", "bur"), "mun")])
    out = adjudicate_retreats(pos, [Retreat("france", "A", "bur", "par", strength=2.0)],
                              standard_map, stacking())
    assert sorted(u.label() for u in out.position.units) == ["A bur", "A par", "A par"]
    short = adjudicate_retreats(pos, [Retreat("france", "A", "bur", "par")], standard_map,
                                stacking())
    assert sorted(u.label() for u in short.position.units) == ["A bur"]
    assert short.results[0].detail.startswith(
        "the stacks (tests) rule: Burgundy holds 2A; write 2A Bur, or split it")


def test_a_piece_dislodged_by_a_merge_may_retreat_to_none_of_its_origins(standard_map):
    pos = Position(SPRING, [Unit("france", "A", "pic"), Unit("france", "A", "par"),
                            Unit("germany", "A", "bur")], {})
    merge = Merge("france", "A", "pic", "bur", "A", merged_strength=2.0,
                  partners=(UnitRef("A", "par"),))
    out = adjudicate_movement(pos, [merge], standard_map, stacking())
    [d] = out.position.dislodged
    assert set(d.attackers_from) == {"pic", "par"}
    options = retreat_options(d, out.position, standard_map, stacking())
    assert "pic" not in options and "par" not in options and "gas" in options


def test_a_removal_names_pieces_of_a_stack_by_count(standard_map):
    units = [Unit("france", "A", "bur"), Unit("france", "A", "bur"), Unit("france", "A", "par")]
    pos = Position(WINTER, units, {"par": "france"})
    out = adjudicate_adjustments(pos, [Remove("france", "A", "bur", strength=2.0)],
                                 standard_map, stacking())
    assert [u.label() for u in out.position.units] == ["A par"]
    one = adjudicate_adjustments(pos, [Remove("france", "A", "bur"),
                                       Remove("france", "A", "bur")], standard_map, stacking())
    assert [u.label() for u in one.position.units] == ["A par"]


def test_the_season_skips_the_retreat_phase_when_the_rules_offer_no_retreat(standard_map):
    pos = Position(SPRING, [Unit("france", "A", "bur"), Unit("germany", "A", "mun"),
                            Unit("germany", "A", "ruh"), Unit("germany", "A", "pic"),
                            Unit("germany", "A", "gas"), Unit("germany", "A", "mar"),
                            Unit("germany", "A", "bel")], {})

    class Closed(Stacks, RetreatHooks):
        def retreat_options(self, dislodged, position, game_map):
            return []

    orders = [Move("germany", "A", "mun", "bur"),
              SupportMove("germany", "A", "ruh", "A", "mun", "bur")]
    season = Season(standard_map, RuleSet([Closed()]))
    out = season.adjudicate(pos, orders)
    assert not out.position.dislodged
    assert out.position.phase.kind != "Retreat"
