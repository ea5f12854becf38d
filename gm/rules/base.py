"""The hook points the engine offers to variant rules, with the standard rules as defaults."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from gm.engine.position import Position, Unit
    from gm.maps.gamemap import GameMap

_REGISTRY: dict[str, type[Rule]] = {}


def register(cls: type[Rule]) -> type[Rule]:
    """Class decorator: make a rule available to maps under `cls.name`."""
    _REGISTRY[cls.name] = cls
    return cls


def known_rules() -> dict[str, type[Rule]]:
    return dict(_REGISTRY)


class Rule:
    """One variant rule. Override only the hooks the rule changes; return None to pass."""

    name: ClassVar[str] = ""

    def __init__(self, params: dict | None = None):
        self.params = params or {}

    # movement ------------------------------------------------------------------------------
    def unit_strength(self, unit: Unit, position: Position) -> float | None:
        return None

    def defence_bonus(self, unit: Unit, position: Position, game_map: GameMap) -> float | None:
        return None

    def support_left(self, strength: float, cutting_attacks: Sequence[float]) -> float | None:
        return None

    def order_problem(self, order, position: Position, game_map: GameMap) -> str | None:
        """Why this order is illegal under this rule (the reason names the rule), or None."""
        return None


class RuleSet:
    """The rules in force for one game: standard answers, overridden by the variant's rules."""

    def __init__(self, rules: Iterable[Rule] = ()):
        self.rules = list(rules)

    @classmethod
    def for_map(cls, game_map: GameMap) -> RuleSet:
        return cls(_REGISTRY[name](params) for name, params in game_map.rules.items())

    @property
    def is_standard(self) -> bool:
        return not self.rules

    def _first(self, hook: str, *args):
        for rule in self.rules:
            answer = getattr(rule, hook)(*args)
            if answer is not None:
                return answer
        return None

    def unit_strength(self, unit: Unit, position: Position) -> float:
        """The combat value a unit brings to a move, a hold or a support."""
        answer = self._first("unit_strength", unit, position)
        return unit.strength if answer is None else answer

    def defence_bonus(self, unit: Unit, position: Position, game_map: GameMap) -> float:
        """Extra strength a unit has when it stands and defends (0 in the standard game)."""
        answer = self._first("defence_bonus", unit, position, game_map)
        return 0.0 if answer is None else answer

    def support_left(self, strength: float, cutting_attacks: Sequence[float]) -> float:
        """What remains of a support of `strength` attacked by units of these strengths.

        Standard rules: any attack cuts the whole support.
        """
        if not cutting_attacks:
            return strength
        answer = self._first("support_left", strength, cutting_attacks)
        return 0.0 if answer is None else answer

    def order_problem(self, order, position: Position, game_map: GameMap) -> str | None:
        return self._first("order_problem", order, position, game_map)
