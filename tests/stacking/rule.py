"""A rule for tests only (not in gm/rules, so no map can name it): pieces may stack.

A province may hold any number of leaders with at most one other piece, or two armies and
no fleet (a multiple). `players` (power -> player) puts powers on one side."""

from __future__ import annotations

from gm.rules.base import Rule, RuleSet


class Stacks(Rule):
    name = "test_stacks"
    title = "stacks (tests)"

    def side(self, power):
        return self.params.get("players", {}).get(power)

    def may_stack(self, pieces, how, position, game_map):
        sides = {self.side(p.power) or p.power for p in pieces}
        if len(sides) > 1:
            return "pieces of several sides cannot share a province"
        others = [p for p in pieces if p.kind != "L"]
        if len(others) <= 1 or (len(others) == 2 and all(p.kind == "A" for p in others)):
            return ""
        return "too many pieces for one province"


def stacking(players: dict[str, str] | None = None) -> RuleSet:
    return RuleSet([Stacks({"players": players or {}})])
