"""A line is looked at for 'if dislodged' or '(retreat)' only when it holds one of the words
those patterns need (`gm.orders.letter_targets._NEEDED`), so that a letter of plain orders
never compiles them: the look must never pass over a line a pattern would take, in any case
a player may type, Turkish dotted and dotless i and the long s included."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from gm.orders import letter_targets as targets

_PATTERNS = (targets.IF_LEAD, targets._IF_UNIT_LEAD, targets._IF_TAIL, targets._RETREAT_TAIL)
_PIECES = ["if", "If", "İF", "ıf", "when", "should", "it is", "the unit", "A Mar", "is", "gets",
           "dislodged", "DİSLODGED", "dıslodged", "diſplaced", "Displaced", "forced out",
           "FORCED  OUT", "retreat", "RETREATING", "(", ")", "[", "]", ",", ":", "-", ".", " ",
           "then", "- Gas", "as a", "an"]


@given(st.lists(st.sampled_from(_PIECES), max_size=10))
def test_no_line_a_pattern_takes_is_passed_over(pieces):
    for text in ("".join(pieces), " ".join(pieces)):
        if any(re.search(pattern, text) for pattern in _PATTERNS):
            assert targets._may_say_retreat(text)


def test_the_conditional_forms_still_read_as_before():
    for text in ("If dislodged:", "İF DİSLODGED", "when forced out", "Should it be displaced -"):
        assert targets.if_dislodged_alone(text) == bool(re.fullmatch(targets.IF_LEAD, text))
        assert targets.if_dislodged_alone(text) is (text != "Should it be displaced -")
    assert not targets.if_dislodged_alone("A Mar - Gas")
