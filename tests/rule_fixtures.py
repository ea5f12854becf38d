"""Rules that exist only in tests, lent to gm for as long as a test needs them.

A rule gm has is its catalogue entry (`gm.rule_catalogue.RULES`) and its class
(`gm.rules.rule_registry.RULES`); `added_rule` puts a test's rule in both and takes it out
again, so a map may name it in `[rules]` during the block and no later test sees it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from gm import rule_catalogue
from gm.rules import rule_registry
from gm.rules.rule import Rule


@contextmanager
def added_rule(cls: type[Rule]) -> Iterator[type[Rule]]:
    """The rule known to maps by `cls.about.name` while the block runs, and forgotten after."""
    name = cls.about.name
    assert name and name not in rule_catalogue.RULES, f"{name!r} is a rule of gm already"
    with mock.patch.dict(rule_catalogue.RULES, {name: cls.about}), \
            mock.patch.dict(rule_registry.RULES, {name: lambda: cls}):
        yield cls
