"""The resolver with stacks, on hand-built forces: joins, friendly arrivals, merges, outcome
by side and half strengths (issue 17's invariants 1-4; invariant 5 is
test_stacks_unchanged.py). Forces carry their side as `power`."""

from __future__ import annotations

from gm.engine.resolver import Attack, Force, Resolver


def attack(side, origin, dest, forces, strength, joins=False, friends=(), **kw):
    made = Attack(power=side, origin=origin, dest=dest, forces=forces, strength=strength, **kw)
    made.joins = joins
    made.friends = frozenset(friends)
    return made


def test_a_join_is_no_attack_on_its_own_side():
    # a leader (1/2) moves into the province where its army holds
    forces = [Force("rome", "x", 0.5, attack=0), Force("rome", "z", 1)]
    res = Resolver(forces, [attack("rome", "x", "z", [0], 0.5, joins=True)])
    assert res.moves(0)
    assert not res.is_dislodged(1) and res.dislodged_by(1) == -1


def test_without_leave_to_stack_the_self_attack_rule_stands():
    forces = [Force("rome", "x", 0.5, attack=0), Force("rome", "z", 1)]
    res = Resolver(forces, [attack("rome", "x", "z", [0], 0.5)])
    assert res.attack_strength(0) == 0 and not res.moves(0)


def test_a_join_is_beaten_by_another_sides_attack_on_the_province():
    forces = [Force("rome", "x", 0.5, attack=0), Force("rome", "z", 1),
              Force("carthage", "y", 1, attack=1)]
    attacks = [attack("rome", "x", "z", [0], 0.5, joins=True),
               attack("carthage", "y", "z", [2], 1)]
    res = Resolver(forces, attacks)
    assert not res.moves(0)  # 1/2 does not beat Carthage's prevent strength of 1
    assert not res.moves(1)  # and Carthage does not beat the army's hold of 1
    assert not res.is_dislodged(1)


def test_friendly_arrivals_do_not_prevent_each_other():
    forces = [Force("rome", "x", 1, attack=0), Force("rome", "y", 0.5, attack=1)]
    friends = [attack("rome", "x", "z", [0], 1, friends=[1]),
               attack("rome", "y", "z", [1], 0.5, friends=[0])]
    res = Resolver(forces, friends)
    assert res.moves(0) and res.moves(1)


def test_without_leave_to_stack_two_arrivals_of_one_side_stand_off():
    forces = [Force("rome", "x", 1, attack=0), Force("rome", "y", 1, attack=1)]
    res = Resolver(forces, [attack("rome", "x", "z", [0], 1), attack("rome", "y", "z", [1], 1)])
    assert not res.moves(0) and not res.moves(1)


def test_friendly_arrivals_still_meet_another_sides_prevent_strength():
    forces = [Force("rome", "x", 1, attack=0), Force("rome", "y", 1, attack=1),
              Force("carthage", "w", 1, attack=2)]
    attacks = [attack("rome", "x", "z", [0], 1, friends=[1]),
               attack("rome", "y", "z", [1], 1, friends=[0]),
               attack("carthage", "w", "z", [2], 1)]
    res = Resolver(forces, attacks)
    assert not any(res.moves(a) for a in range(3))


def test_no_self_dislodgement_is_decided_by_side():
    # Sparta and its Minor State play on one side: the side, not the power, is the Force's
    forces = [Force("sparta-side", "x", 1, attack=0), Force("sparta-side", "w", 1,
                                                            supports_into="z"),
              Force("sparta-side", "z", 1)]
    res = Resolver(forces, [attack("sparta-side", "x", "z", [0], 1, supports=[1])])
    assert res.attack_strength(0) == 0 and not res.moves(0)
    assert not res.is_dislodged(2)


def test_a_stack_that_stays_is_dislodged_together_and_only_by_another_side():
    # Rome's army and leader stay in z; a piece of Rome's that left z is not dislodged;
    # Carthage's attack (2) beats their hold (1 1/2) and dislodges both, by that attack
    forces = [Force("rome", "z", 1), Force("rome", "z", 0.5), Force("rome", "z", 1, attack=0),
              Force("carthage", "w", 2, attack=1)]
    res = Resolver(forces, [attack("rome", "z", "v", [2], 1),
                            attack("carthage", "w", "z", [3], 2)])
    assert res.moves(1) and res.hold_strength("z") == 1.5
    assert [res.dislodged_by(f) for f in range(3)] == [1, 1, -1]
    assert res.is_dislodged(0) and res.is_dislodged(1) and not res.is_dislodged(2)


def test_an_attack_does_not_cut_a_support_of_its_own_side():
    forces = [Force("side", "x", 1, attack=0), Force("side", "s", 1, supports_into="t"),
              Force("side", "u", 1, attack=1), Force("other", "t", 1)]
    attacks = [attack("side", "x", "s", [0], 1), attack("side", "u", "t", [2], 1, supports=[1])]
    res = Resolver(forces, attacks)
    assert res.cutting_attacks(1) == []
    assert res.moves(1) and res.is_dislodged(3)


def test_a_leader_with_its_army_beats_a_lone_army():
    forces = [Force("rome", "x", 1, attack=0), Force("rome", "x", 0.5, attack=0),
              Force("carthage", "z", 1)]
    res = Resolver(forces, [attack("rome", "x", "z", [0, 1], 1.5)])
    assert res.attack_strength(0) == 1.5
    assert res.moves(0) and res.is_dislodged(2)


def test_a_leader_with_its_army_bounces_off_an_army_supported_once():
    forces = [Force("rome", "x", 1, attack=0), Force("rome", "x", 0.5, attack=0),
              Force("carthage", "z", 1, hold_supports=[3]), Force("carthage", "w", 1)]
    res = Resolver(forces, [attack("rome", "x", "z", [0, 1], 1.5)])
    assert res.hold_strength("z") == 2
    assert not res.moves(0) and not res.is_dislodged(2)


def merge(side, origins, dest, forces, strength, **kw):
    made = attack(side, origins[0], dest, forces, strength, **kw)
    made.origins = tuple(origins)
    return made


def test_a_two_piece_merge_is_not_stopped_by_a_single_foreign_attack():
    # Multiplicity II R3: A x & A y merge 2A z; a lone army from w cannot stand it off
    forces = [Force("sparta", "x", 1, attack=0), Force("sparta", "y", 1, attack=0),
              Force("athens", "w", 1, attack=1)]
    res = Resolver(forces, [merge("sparta", ["x", "y"], "z", [0, 1], 2),
                            attack("athens", "w", "z", [2], 1)])
    assert res.moves(0) and not res.moves(1)


def test_a_merge_fights_head_to_head_with_a_move_into_one_of_its_origins():
    forces = [Force("sparta", "x", 1, attack=0), Force("sparta", "y", 1, attack=0),
              Force("athens", "z", 1, attack=1)]
    attacks = [merge("sparta", ["x", "y"], "z", [0, 1], 2, opponent=1),
               attack("athens", "z", "y", [2], 1, opponent=0)]
    res = Resolver(forces, attacks)
    assert res.moves(0) and not res.moves(1)
    assert res.is_dislodged(2)


def test_a_merge_cuts_a_support_aimed_at_one_of_its_origins():
    # Athens in z supports a move into x; Sparta's merge from x and y into z cuts it, since
    # not all of its pieces come from x. An attack from x alone would not.
    forces = [Force("sparta", "x", 1, attack=0), Force("sparta", "y", 1, attack=0),
              Force("athens", "z", 1, supports_into="x")]
    res = Resolver(forces, [merge("sparta", ["x", "y"], "z", [0, 1], 2)])
    assert res.cutting_attacks(2) == [0]
    forces = [Force("sparta", "x", 1, attack=0), Force("athens", "z", 1, supports_into="x")]
    res = Resolver(forces, [merge("sparta", ["x"], "z", [0], 1)])
    assert res.cutting_attacks(1) == []
