"""The words letters name order kinds by are the kinds' own (`OrderKind.words`), and the
letter reader's patterns are built from them (`gm.orders.line_kinds.word_patterns`).

The table pins, for each judgment of a line, every word it took when the patterns were written
by hand, and the near misses it refused, so that a letter reads as it did. A test-only kind's
words are read once it is added (tests/orders/test_order_kind_added.py), with no edit to
line_kinds.py."""

from __future__ import annotations

import re

import pytest

from gm.orders import line_kinds
from gm.orders.kind_registry import declared
from gm.orders.letters import read_orders
from gm.orders.line_kinds import (
    heading_verb,
    names_an_order,
    starts_with_verb,
    verb_heading,
    verb_lead,
    verb_of_heading,
    verb_of_lead,
    word_patterns,
)

# judgment (a field of `Words`) -> (the words it takes, words it must not take)
TAKES = {
    "begins": ("build builds remove removes disband disbands waive waives sack loan loans lend "
               "end_loan end__loan place destroy retreat retreats",
               "sacks lends places put destroys hold move supports convert merge rebuild b"),
    "names": ("build builds remove removes disband disbands waive waives sack sacks loan loans "
              "lend lends end_loan cancel place places put destroy destroys merge merges split "
              "splits convert converts retreat retreats move moves support supports convoy "
              "convoys hold holds rebuild rebuilds",
              "h s c r d z b becomes removal placed stands"),
    "signs": ("h s c r d z hold holds support supports convoy convoys move moves retreat "
              "retreats disband disbands merge merges split splits destroy destroys sack sacks "
              "convert converts become becomes",
              "build builds remove waive loan place rebuild b stands"),
    "headings": ("build builds removal removals remove removes disband disbands",
                 "b retreat retreats waive place hold"),
    "leads": ("build builds b remove removes disband disbands retreat retreats",
              "removal removals waive place sack"),
}


def _words(text: str) -> list[str]:
    """The words of a row of the table (`end_loan`: the words `end loan`)."""
    return [word.replace("_", " ") for word in text.split()]


def _takes(judgment: str, word: str) -> bool:
    """Does `judgment` take `word`, as the letter reader asks it?"""
    if judgment == "begins":
        return starts_with_verb(f"{word} A Par")
    if judgment == "names":
        return names_an_order(word)
    if judgment == "signs":
        return re.search(word_patterns().order_signs, f"xx {word} yy") is not None
    if judgment == "headings":  # alone, and after a power's name
        alone, after = verb_heading(f"{word}:"), heading_verb(f"Russia {word}:")
        assert (alone is None) == (after is None), word
        return alone is not None
    return verb_lead(f"{word} A Boe - Aet") is not None


@pytest.mark.parametrize("judgment", TAKES)
def test_each_judgment_takes_the_words_it_always_took(judgment):
    taken, refused = TAKES[judgment]
    for word in _words(taken):
        assert _takes(judgment, word), (judgment, word)
        assert _takes(judgment, word.upper()), (judgment, word)  # any case
    for word in _words(refused):
        assert not _takes(judgment, word), (judgment, word)


def test_a_heading_or_a_lead_gives_its_kind_verb():
    assert {w: verb_of_heading(w) for w in ("Builds", "removals", "REMOVE", "disband")} == \
        {"Builds": "Build", "removals": "Remove", "REMOVE": "Remove", "disband": "Disband"}
    assert {w: verb_of_lead(w) for w in ("b", "builds", "removes", "disbands", "Retreat")} == \
        {"b": "Build", "builds": "Build", "removes": "Remove", "disbands": "Disband",
         "Retreat": "Retreat"}
    assert verb_of_heading("retreats") is None and verb_of_lead("removals") is None
    assert line_kinds.PLACE == "Place"


def _example(fragment: str) -> str:
    """A word a kind's fragment takes: optional letters left out, `\\s+` a space."""
    return re.sub(r"\(\?:[^)]*\)\?|\w\?", "", fragment).replace(r"\s+", " ")


def test_every_word_of_every_kind_is_read_where_the_kind_says():
    seen = 0
    for kind in declared():
        for judgment in TAKES:
            for fragment in getattr(kind.words, judgment):
                word = _example(fragment)
                assert re.fullmatch(fragment, word, re.I), (kind.name, fragment)
                assert _takes(judgment, word), (kind.name, judgment, fragment)
                seen += 1
        if kind.words.headings or kind.words.leads:
            assert kind.words.verb, kind.name  # a heading puts the kind's verb before lines
    assert seen >= 60  # every kind with words was asked


def test_a_line_gm_cannot_read_is_judged_by_the_kinds_words(standard_map):
    """Without a kind that names `dig in`, the words are chatter (tests/orders/
    test_order_kind_added.py: once the kind is added, the same line is a refused order)."""
    assert re.search(word_patterns().order_signs, "We dig in at Paris") is None
    letter = read_orders("France:\nWe dig in at Paris\n", standard_map, phase_kind="Movement")
    assert [(i.text, i.kind) for i in letter.ignored] == [("We dig in at Paris",
                                                          "not-an-order")]
    assert not letter.rejected


def test_the_judges_words_for_short_forms_are_the_kinds():
    """`--names full` prints `H` as `HOLD`: each kind says its own (`OrderKind.full_words`),
    the same table the notation once kept for every kind."""
    from gm.orders.kind_registry import full_words

    assert full_words() == {"-": "->", "R": "->", "H": "HOLD", "S": "SUPPORT", "C": "CONVOY",
                            "D": "DISBAND"}
