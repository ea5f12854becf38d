"""A variant rule: its declarations (`about`), its parameters, how its messages name it.

A variant rule is a `Rule` subclass in its own module that also lists the hook interfaces it
implements (gm/rules/hooks.py), listed in `gm/rules/rule_registry.py` under the name maps use
in `[rules]` (its `about`, from `gm.rule_catalogue`). `RuleSet` (gm/rules/rule_set.py) asks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from gm.rule_catalogue import RuleAbout

if TYPE_CHECKING:
    from gm.rules.rule_set import RuleSet


class Rule:
    """One variant rule. It overrides only the hooks it changes, of the interfaces it lists;
    a hook returns None to pass.

    What the rule declares (its name, what it brings, its result tags...) is its entry in
    `gm.rule_catalogue`, `about`: the order reader reads it there without loading the rule.
    `rule_set` is the `RuleSet` the rule is in force in, for a rule whose answer needs the
    other rules' (a loan's effect on supply)."""

    about: ClassVar[RuleAbout] = RuleAbout("")

    def __init__(self, params: dict | None = None):
        self.params = params or {}
        self.rule_set: RuleSet | None = None

    @property
    def ref(self) -> str:
        """How the rule's messages name it: `rule 2 (conversion)` with the map's rulebook
        number (`rule = "2"` in `[rules.conversion]`), else `the conversion rule`."""
        return self.about.ref(self.params)

    def cites(self, number: str) -> str:
        """`rule 6.1 (sacking)`: how a module that carries several of a rulebook's rules names
        the one a message is about."""
        return self.about.cites(number)
