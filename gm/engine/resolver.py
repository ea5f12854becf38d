"""The movement resolver: Kruijswijk's guess-and-check over two kinds of decision.

Decisions are yes/no questions: *does this attack succeed?* (MOVE) and *does this convoyed attack
have a route of undislodged fleets?* (PATH). Strengths — attack, hold, defend, prevent — and the
value of each support are computed from those decisions on demand. When a decision depends on
itself, it is tried both ways: one consistent answer is taken; two or none call the backup rule —
circular movement succeeds, and in a convoy paradox the convoys in the cycle fail (Szykman).

The resolver sees only *forces* (pieces with an order and a strength) and *attacks* (one or more
pieces moving together from one province to another). It knows nothing of maps or variants:
how strong a piece is, which supports match, which fleets form a convoy route and how much of a
support survives an attack are decided before (by `gm.engine.movement_phase`) or by the hooks passed in.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2
_NO_FRIENDS: frozenset[int] = frozenset()
_NO_ROUTE: Mapping[int, list[int]] = MappingProxyType({})  # a land move's: read, never filled

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


class Force:
    """A piece as the resolver sees it. `power` is the side it plays on (`RuleSet.side`: the
    power itself, or the player behind several powers): no side dislodges its own pieces."""

    __slots__ = ("power", "province", "strength", "defence_bonus", "attack", "hold_supports",
                 "supports_into")

    def __init__(self, power: str, province: str, strength: float,
                 defence_bonus: float = 0.0, attack: int = -1,
                 hold_supports: Sequence[int] = (), supports_into: str | None = None):
        self.power = power
        self.province = province
        self.strength = strength
        self.defence_bonus = defence_bonus  # strength added where it stands (its order, a fortress)
        self.attack = attack  # index of the attack it takes part in, or -1 if it stays
        self.hold_supports = hold_supports  # the forces supporting it to hold
        self.supports_into = supports_into  # for a support of a move: the province


class Attack:
    """One or more pieces of one side (`power`) moving from `origin` to `dest` together.

    A convoyed attack also carries its convoy route, over the convoying forces: which touch the
    origin (`route_starts`), which the destination (`route_ends`), and which touch which
    (`route_next`).

    Where the rules let pieces share a province (`RuleSet.may_stack`), the caller says so:
    `joins`, the attack may join its own side's pieces staying in `dest` (they neither defend
    against it nor stop it); `friends`, the attacks of its side on `dest` that may arrive with
    it (they do not prevent each other). Without stacking both are empty, and a side's own
    pieces stop its attack (no self-dislodgement) and its attacks on one province bounce.

    A merge (Multiplicity II) is one attack from several provinces, `origins` (None for an
    attack from `origin` alone): it succeeds or fails as a whole, and the caller gives it the
    `opponent` that comes from its destination into any of its origins."""

    __slots__ = ("power", "origin", "dest", "forces", "strength", "supports", "convoyed",
                 "opponent", "route_starts", "route_ends", "route_next", "joins", "friends",
                 "origins")

    def __init__(self, power: str, origin: str, dest: str, forces: list[int], strength: float,
                 supports: Sequence[int] = (), convoyed: bool = False, opponent: int = -1,
                 route_starts: Sequence[int] = (), route_ends: frozenset[int] = frozenset(),
                 route_next: Mapping[int, list[int]] = _NO_ROUTE):
        self.power = power
        self.origin = origin
        self.dest = dest
        self.forces = forces
        self.strength = strength
        self.supports = supports  # the forces supporting it
        self.convoyed = convoyed
        self.opponent = opponent  # the attack coming the other way (head-to-head), if any
        self.route_starts = route_starts
        self.route_ends = route_ends
        self.route_next = route_next
        self.joins = False
        self.friends: frozenset[int] = _NO_FRIENDS
        self.origins: tuple[str, ...] | None = None

SupportRule = Callable[[float, Sequence[float]], float]


def _cut_all(strength: float, cutting: Sequence[float]) -> float:
    return 0.0 if cutting else strength


class Resolver:
    def __init__(self, forces: list[Force], attacks: list[Attack],
                 support_left: SupportRule = _cut_all,
                 in_province: dict[str, list[int]] | None = None):
        """`in_province` (province -> the forces in it) may be given when the caller has it."""
        self.forces = forces
        self.attacks = attacks
        self.support_left = support_left
        n = len(attacks)
        self.n = n
        # decisions 0..n-1: does attack i succeed? n..2n-1: has attack i a route? (a land
        # move's route needs no decision: only a convoyed move's is asked below)
        state = self.state = [UNRESOLVED] * n + [RESOLVED] * n
        result = self.result = [False] * n + [True] * n
        self.deps: list[int] = []
        if in_province is None:
            in_province = {}
            for i, f in enumerate(forces):
                in_province.setdefault(f.province, []).append(i)
        self.in_province = in_province
        into: dict[str, list[int]] = {}
        for i, a in enumerate(attacks):
            into.setdefault(a.dest, []).append(i)
            if a.convoyed:
                state[n + i], result[n + i] = UNRESOLVED, False
        self.into = into
        # a decision with no dependencies is taken at once: a move by land into a province
        # nobody stands in and nobody else enters meets no hold, defence or prevent strength,
        # so it succeeds whatever its supports are worth (most moves on a crowded board)
        for dest, entering in into.items():
            if len(entering) == 1 and not in_province.get(dest):
                a = entering[0]
                if not attacks[a].convoyed and attacks[a].strength > 0:
                    state[a], result[a] = RESOLVED, True

    # --- the guess-and-check core ---------------------------------------------------------
    def resolve(self, d: int) -> bool:
        state = self.state[d]
        if state == RESOLVED:
            return self.result[d]
        deps = self.deps
        if state == GUESSING:
            if d not in deps:
                deps.append(d)
            return self.result[d]
        old = len(deps)
        self.result[d] = False
        self.state[d] = GUESSING
        first = self._move_succeeds(d) if d < self.n else self._route_exists(d - self.n)
        if len(deps) == old:
            if self.state[d] != RESOLVED:
                self.result[d] = first
                self.state[d] = RESOLVED
            return first
        if deps[old] != d:
            # depends on a guess made further up: stay a guess, let that decision settle it
            deps.append(d)
            self.result[d] = first
            return first
        # the decision depends on its own guess: try the other guess
        for x in deps[old:]:
            self.state[x] = UNRESOLVED
        del deps[old:]
        self.result[d] = True
        self.state[d] = GUESSING
        second = self._move_succeeds(d) if d < self.n else self._route_exists(d - self.n)
        if first == second:
            for x in deps[old:]:
                self.state[x] = UNRESOLVED
            del deps[old:]
            self.result[d] = first
            self.state[d] = RESOLVED
            return first
        self._backup_rule(old)
        return self.resolve(d)

    def _backup_rule(self, old: int) -> None:
        """Two or no consistent outcomes: circular movement succeeds; a convoy paradox fails."""
        cycle = self.deps[old:]
        del self.deps[old:]
        paths = [x for x in cycle if x >= self.n]
        for x in cycle:
            self.state[x] = UNRESOLVED
        if paths:  # Szykman: the convoys in the paradox are treated as not convoying
            for x in paths:
                self.state[x] = RESOLVED
                self.result[x] = False
        else:  # circular movement: every move in the circle succeeds
            for x in cycle:
                self.state[x] = RESOLVED
                self.result[x] = True

    # --- decisions -------------------------------------------------------------------------
    def moves(self, a: int) -> bool:
        return self.resolve(a)

    def has_route(self, a: int) -> bool:
        return self.resolve(self.n + a)

    def _move_succeeds(self, a: int) -> bool:
        attack = self.attacks[a]
        strength = self.attack_strength(a)
        if strength <= 0:
            return False
        if attack.joins and self._staying_side(attack) == attack.power:
            pass  # joining its own side: the pieces there do not defend against it
        elif attack.opponent >= 0:
            if strength <= self.defend_strength(attack.opponent):
                return False
            if strength <= self.hold_strength(attack.dest, exclude=attack.opponent):
                return False
        elif strength <= self.hold_strength(attack.dest):
            return False
        friends = attack.friends
        for b in self.into[attack.dest]:
            if b != a and b not in friends and strength <= self.prevent_strength(b):
                return False
        return True

    def _staying_side(self, attack: Attack) -> str | None:
        """The side of the first piece that stays in the attack's destination (the piece
        fighting it head-to-head counts as staying), or None if all move away."""
        for f in self.in_province.get(attack.dest, ()):
            other = self.forces[f].attack
            if other >= 0 and other != attack.opponent and self.resolve(other):
                continue  # moved away
            return self.forces[f].power
        return None

    def _route_exists(self, a: int) -> bool:
        attack = self.attacks[a]
        seen = set()
        stack = [f for f in attack.route_starts]
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            if self.is_dislodged(f):
                continue
            if f in attack.route_ends:
                return True
            stack.extend(attack.route_next.get(f, ()))
        return False

    # --- derived facts ---------------------------------------------------------------------
    def stays(self, f: int) -> bool:
        """Does the piece end the phase where it started (no move, or a failed one)?"""
        a = self.forces[f].attack
        return a < 0 or not self.resolve(a)

    def is_dislodged(self, f: int) -> bool:
        force = self.forces[f]
        if not self.stays(f):
            return False
        return any(self.resolve(b) for b in self.into.get(force.province, ())
                   if self.attacks[b].power != force.power)

    def dislodged_by(self, f: int) -> int:
        force = self.forces[f]
        if not self.stays(f):
            return -1
        for b in self.into.get(force.province, ()):
            if self.attacks[b].power != force.power and self.resolve(b):
                return b
        return -1

    def cutting_attacks(self, s: int) -> list[int]:
        """Attacks that cut the support given by force `s` (not counting dislodgement)."""
        force = self.forces[s]
        out = []
        into = force.supports_into
        for b in self.into.get(force.province, ()):
            attack = self.attacks[b]
            if attack.power == force.power:
                continue
            if into is not None and (attack.origin == into if attack.origins is None
                                     else all(o == into for o in attack.origins)):
                continue  # an attack from where the support goes does not cut it
            if not attack.convoyed or self.has_route(b):  # a convoy that fails has no effect
                out.append(b)
        return out

    def support_value(self, s: int) -> float:
        force = self.forces[s]
        if force.province not in self.into:
            return force.strength  # nobody enters its province: neither cut nor dislodged
        cutting = self.cutting_attacks(s)
        if not cutting:
            value = force.strength
        else:
            value = self.support_left(force.strength, [self.attacks[b].strength for b in cutting])
            if value <= 0:
                return 0.0
        for b in self.into.get(force.province, ()):
            if self.attacks[b].power != force.power and self.resolve(b):
                return 0.0  # a dislodged piece supports nothing
        return value

    def _supports(self, supports: list[int], exclude_power: str | None = None) -> float:
        total = 0.0
        for s in supports:
            if exclude_power is not None and self.forces[s].power == exclude_power:
                continue
            total += self.support_value(s)
        return total

    # --- strengths ---------------------------------------------------------------------------
    def hold_strength(self, province: str, exclude: int = -1) -> float:
        total = 0.0
        for f in self.in_province.get(province, ()):
            force = self.forces[f]
            if force.attack >= 0:
                if force.attack == exclude or self.resolve(force.attack):
                    continue
                total += force.strength + force.defence_bonus  # failed: it stands, unsupported
            else:
                total += force.strength + force.defence_bonus
                if force.hold_supports:  # (most pieces have none: no call)
                    total += self._supports(force.hold_supports)
        return total

    def attack_strength(self, a: int) -> float:
        attack = self.attacks[a]
        if attack.convoyed and not self.has_route(a):
            return 0.0
        defender = None
        for f in self.in_province.get(attack.dest, ()):  # as `_staying_side`, inline (hot)
            other = self.forces[f].attack
            if other >= 0 and other != attack.opponent and self.resolve(other):
                continue  # moved away
            defender = self.forces[f].power
            break
        if defender is not None and defender == attack.power:
            if not attack.joins:
                return 0.0  # no side dislodges its own piece
            defender = None  # its own side's pieces stay there, and it may join them
        if not attack.supports:  # (most attacks have none: no call)
            return attack.strength
        return attack.strength + self._supports(attack.supports, exclude_power=defender)

    def defend_strength(self, a: int) -> float:
        """How hard an attack holds its ground in a head-to-head battle."""
        attack = self.attacks[a]
        bonus = sum(self.forces[f].defence_bonus for f in attack.forces)
        return attack.strength + bonus + self._supports(attack.supports)

    def prevent_strength(self, a: int) -> float:
        attack = self.attacks[a]
        if attack.convoyed and not self.has_route(a):
            return 0.0
        if attack.opponent >= 0 and self.resolve(attack.opponent):
            return 0.0  # beaten in a head-to-head battle: no effect on the province
        if not attack.supports:
            return attack.strength
        return attack.strength + self._supports(attack.supports)

    def resolve_all(self) -> None:
        n, state = self.n, self.state
        for a in range(n):  # (moves settled at once, and routes by land, are resolved)
            if state[a] != RESOLVED:
                self.resolve(a)
            if state[n + a] != RESOLVED:  # only convoyed moves have a route to decide
                self.resolve(n + a)
