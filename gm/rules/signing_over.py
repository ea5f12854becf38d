"""Signing units over (Hoplite Wars 10): 'It is specifically forbidden for players to sign
units over to each other in any circumstances whatsoever.'

The core already refuses every order for another power's piece (the legality check's
`WRONG_POWER`), and no build or merge gives a piece to another power; this rule makes those
refusals name the rulebook, so a player told no knows which rule says so
(docs/variants/hoplite-wars.md, rule 10).
"""

from __future__ import annotations

from gm.orders.errors import WRONG_POWER
from gm.rule_catalogue import RULES
from gm.rules.hooks import OrderHooks
from gm.rules.rule import Rule


class SigningOver(Rule, OrderHooks):
    about = RULES["signing_over"]

    def refusal_ref(self, kind):
        return self.ref if kind == WRONG_POWER else None
