"""A rule for tests only (not in gm/rules, so no map can name it): pieces may stack.

A province may hold any number of leaders with at most one other piece, or two armies and
no fleet (a multiple: two single armies, or one 2A). `stacking(players)` (power -> player,
as a map's `powers.<id>.player`) puts powers on one side; the engine asks `may_stack` only of
pieces of one side. `registered()` lends the rule to maps for a test
(tests/stacking/stacks.toml names it), through tests/rule_fixtures.py."""

from __future__ import annotations

from gm.rule_catalogue import RuleAbout
from gm.rules import Rule, RuleSet
from gm.rules.hooks import PieceHooks
from tests.rule_fixtures import added_rule


class Stacks(Rule, PieceHooks):
    about = RuleAbout("test_stacks", "stacks (tests)",
                      brings=frozenset({"merge_split", "multiple_units"}))

    def may_stack(self, pieces, how, position, game_map):
        others = [p for p in pieces if p.kind != "L"]
        if len(others) <= 1 or (all(p.kind == "A" for p in others)
                                and sum(p.strength for p in others) <= 2):
            return ""
        return "too many pieces for one province"


def stacking(players: dict[str, str] | None = None) -> RuleSet:
    return RuleSet([Stacks()], players=players or {})


def registered():
    """The rule known to maps while the block runs, and forgotten after."""
    return added_rule(Stacks)
