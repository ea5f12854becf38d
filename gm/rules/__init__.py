"""Variant rules: one module per rule a GM would name, each plugging into the engine's hooks.

The engine asks a `RuleSet` (built from the map's `[rules]` table) a few named questions — how
strong is this unit, how much of a support survives these attacks, is this order allowed, what
happens after the movement — and the standard answers live in `RuleSet` itself. A variant rule is
a `Rule` subclass in its own module that answers some of them differently; `RuleSet` asks each
rule in force in turn. The resolver core never names a rule or a variant. The rules gm has are
listed in `rule_registry.py`; what each declares is in `gm.rule_catalogue`.
"""

from gm.rules.rule import Rule
from gm.rules.rule_set import RuleSet

__all__ = ["Rule", "RuleSet"]
