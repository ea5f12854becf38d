"""Impassable spaces named by a rule (Diadochi V 6: 'Britain and Dacia are impassable').

The map marks them (`kind = "impassable"`) and the move check refuses every move into them;
this rule only gives that refusal the rulebook's number (`kinds.move.impassable_problem`
asks the registry for it), so a player reads which rule forbids
the move: "rule 6 (impassable spaces): Britain is impassable". No hook: nothing else changes.
"""

from __future__ import annotations

from gm.rule_catalogue import RULES
from gm.rules.rule import Rule


class Impassable(Rule):
    about = RULES["impassable"]

