"""Centres a rule took off the board (sacked, destroyed), kept in one shape for every rule.

`state[rule] = {"destroyed": [centre, ...], <the rule's other parts>}`: `destroyed` is the key
pictures and other rules read, whichever rule destroyed the centre (docs/pictures.md). A rule
writes its whole table with `store` after each change.
"""

from __future__ import annotations

DESTROYED = "destroyed"


def destroyed(position, rule: str) -> list[str]:
    """The centres one rule took off the board."""
    return list(position.state.get(rule, {}).get(DESTROYED, []))


def part(position, rule: str, name: str) -> dict:
    """A copy of one of the rule's other parts (a table), empty if it has none."""
    return dict(position.state.get(rule, {}).get(name, {}))


def gone(position) -> set[str]:
    """The centres every rule together took off the board."""
    return {c for s in position.state.values() if isinstance(s, dict)
            for c in s.get(DESTROYED, ())}


def store(position, rule: str, centres, **parts) -> None:
    """Write the rule's state: the destroyed centres (sorted, once each) and its other parts,
    leaving out empty ones. New values every time: `Position.copy` shares nested values with
    the last phase."""
    table = {DESTROYED: sorted(set(centres)), **parts}
    table = {k: v for k, v in table.items() if v}
    if table:
        position.state[rule] = table
    else:
        position.state.pop(rule, None)
