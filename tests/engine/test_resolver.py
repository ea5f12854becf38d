"""The resolver core on hand-built forces: strengths other than 1, stacks, partial cuts,
defence bonuses, head-to-head battles and circular movement — no map, no variant."""

from __future__ import annotations

from gm.engine.resolver import Attack, Force, Resolver


def attack(power, origin, dest, forces, strength, **kw):
    return Attack(power=power, origin=origin, dest=dest, forces=forces, strength=strength, **kw)


def test_two_equal_attacks_bounce():
    forces = [Force("a", "x", 1, attack=0), Force("b", "y", 1, attack=1)]
    res = Resolver(forces, [attack("a", "x", "z", [0], 1), attack("b", "y", "z", [1], 1)])
    assert not res.moves(0) and not res.moves(1)
    assert res.prevent_strength(0) == 1


def test_a_double_unit_dislodges_a_single_one_without_support():
    forces = [Force("a", "x", 2, attack=0), Force("b", "z", 1)]
    res = Resolver(forces, [attack("a", "x", "z", [0], 2)])
    assert res.moves(0)
    assert res.is_dislodged(1)


def test_a_defence_bonus_holds_against_one_support():
    forces = [Force("a", "x", 1, attack=0), Force("a", "w", 1, supports_into="z"),
              Force("b", "z", 1, defence_bonus=1)]
    attacks = [attack("a", "x", "z", [0], 1, supports=[1])]
    res = Resolver(forces, attacks)
    assert res.attack_strength(0) == 2 and res.hold_strength("z") == 2
    assert not res.moves(0) and not res.is_dislodged(2)


def test_a_partial_cut_leaves_part_of_a_double_support():
    def one_point_per_attack(strength, cutting):
        return max(0.0, strength - len(cutting))

    forces = [
        Force("a", "x", 1, attack=0),                     # the supported attack x -> z
        Force("a", "w", 2, supports_into="z"),            # a double unit supporting it
        Force("c", "v", 1, attack=1),                     # cuts one point of that support
        Force("b", "z", 1, hold_supports=[4]),            # defender, supported to hold
        Force("b", "u", 1),
    ]
    attacks = [attack("a", "x", "z", [0], 1, supports=[1]), attack("c", "v", "w", [2], 1)]
    res = Resolver(forces, attacks, one_point_per_attack)
    assert res.support_value(1) == 1
    assert res.attack_strength(0) == 2 and res.hold_strength("z") == 2
    assert not res.moves(0)
    # under the standard rule the same attack cuts the whole support
    standard = Resolver(forces, attacks)
    assert standard.support_value(1) == 0


def test_a_stack_defends_together_and_is_dislodged_together():
    stack = [Force("b", "z", 1), Force("b", "z", 1)]
    for strength, wins in ((2, False), (3, True)):
        forces = [Force("a", "x", strength, attack=0), *stack]
        res = Resolver(forces, [attack("a", "x", "z", [0], strength)])
        assert res.hold_strength("z") == 2
        assert res.moves(0) is wins
        assert res.is_dislodged(1) is wins and res.is_dislodged(2) is wins


def test_pieces_moving_together_attack_with_their_summed_strength():
    forces = [Force("a", "x", 1, attack=0), Force("a", "x", 0.5, attack=0), Force("b", "z", 1)]
    res = Resolver(forces, [attack("a", "x", "z", [0, 1], 1.5)])
    assert res.moves(0) and res.is_dislodged(2)


def test_no_power_dislodges_its_own_piece():
    forces = [Force("a", "x", 3, attack=0), Force("a", "z", 1)]
    res = Resolver(forces, [attack("a", "x", "z", [0], 3)])
    assert res.attack_strength(0) == 0 and not res.moves(0)


def test_head_to_head_the_stronger_side_wins():
    forces = [Force("a", "x", 2, attack=0), Force("b", "y", 1, attack=1)]
    attacks = [attack("a", "x", "y", [0], 2, opponent=1), attack("b", "y", "x", [1], 1, opponent=0)]
    res = Resolver(forces, attacks)
    assert res.moves(0) and not res.moves(1)
    assert res.is_dislodged(1)
    assert res.prevent_strength(1) == 0  # beaten head to head: no effect where it was going


def test_circular_movement_succeeds():
    forces = [Force(p, src, 1, attack=i) for i, (p, src) in enumerate(
        [("a", "x"), ("b", "y"), ("c", "z")])]
    attacks = [attack("a", "x", "y", [0], 1), attack("b", "y", "z", [1], 1),
               attack("c", "z", "x", [2], 1)]
    res = Resolver(forces, attacks)
    res.resolve_all()
    assert [res.moves(i) for i in range(3)] == [True, True, True]


def test_a_convoy_route_fails_when_its_fleet_is_dislodged():
    forces = [
        Force("a", "x", 1, attack=0),            # army convoyed x -> z
        Force("a", "sea", 1),                    # the convoying fleet
        Force("b", "s2", 1, attack=1),           # attacks the fleet with support
        Force("b", "s3", 1, supports_into="sea"),
    ]
    attacks = [
        attack("a", "x", "z", [0], 1, convoyed=True, route_starts=[1],
               route_ends=frozenset({1})),
        attack("b", "s2", "sea", [2], 1, supports=[3]),
    ]
    res = Resolver(forces, attacks)
    assert res.moves(1) and not res.has_route(0) and not res.moves(0)
