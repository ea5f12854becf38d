"""The quick reader (`gm.orders.quick`) gives exactly what Lark gives, or stands aside.

For every text: `quick_syntax` answers None, or the very `Syntax` Lark's parse gives (form,
names as written, columns); where Lark refuses the text, it answers None. Checked on every
order of the case files, on every line of the letter fixtures, and on random texts; and the
typed orders read from the case files are the same with the quick reader and without it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from gm.datc import read_cases
from gm.maps import load_map
from gm.orders import parse as parse_module
from gm.orders import quick
from gm.orders.errors import OrderError
from gm.orders.grammar import Syntax, grammar_text
from gm.orders.lark_tree import read_syntax
from gm.orders.parse import clear_caches, parse_order
from gm.orders.quick import _lexicon, _read, quick_syntax
from tests.conftest import examples

TESTS = Path(__file__).resolve().parents[1]
CASE_FILES = sorted((TESTS / "cases").glob("*.txt")) + [TESTS / "stacking" / "stacks.txt"]
LETTERS = sorted((TESTS / "letters").glob("*.txt")) + \
    sorted((TESTS / "orders" / "fixtures" / "emails").glob("*.txt"))
ORDER_SECTIONS = ("ORDERS", "PRESTATE_RESULTS", "POSTSTATE_RESULTS")


def lark(text: str) -> Syntax | None:
    try:
        return read_syntax(text)
    except UnexpectedInput:
        return None


def agrees(text: str) -> bool:
    """The quick reader stood aside, or read `text` as Lark does; True if it read it."""
    quick = quick_syntax(text)
    if quick is not None:
        assert quick == lark(text), text
    return quick is not None


def case_orders() -> list[tuple[str, str, str, str]]:
    """(case file, variant, power, order text) of every order line of the case files."""
    found = []
    for path in CASE_FILES:
        for case in read_cases(path):
            for section in ORDER_SECTIONS:
                for line in case.sections.get(section, []):
                    text = line.text
                    if section != "ORDERS":  # `SUCCESS: France: A par-bur | reason`
                        text = text.partition(":")[2].partition(" | ")[0]
                    power, _, order = text.partition(":")
                    found.append((path.name, case.variant, power.strip(), order.strip()))
    return found


CASE_ORDERS = case_orders()


def test_the_quick_reader_is_in_force_for_the_grammar_gm_ships():
    assert _lexicon(grammar_text()) is not None
    assert quick_syntax("A Par - Bur") == read_syntax("A Par - Bur")


def test_every_order_of_the_case_files_reads_as_lark_reads_it():
    read = {text: agrees(text) for _, _, _, text in CASE_ORDERS}
    datc = {text for name, _, _, text in CASE_ORDERS if name == "standard-datc.txt"}
    assert sum(read[text] for text in datc) > 0.95 * len(datc)  # the common shapes


def test_every_line_of_the_letter_fixtures_reads_as_lark_reads_it():
    lines = {line.strip() for path in LETTERS
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}
    assert sum(agrees(line) for line in lines) > 20


@pytest.mark.parametrize("text", [
    "A Par - Bur", "a par-bur", "A Par -> Bur", "A Lon - Nwy via convoy", "A Lon-Nwy (via convoy)",
    "F Nth S A Yor - Nwy", "A Mun S A Ber", "A Mun S A Ber H", "F Nth C A Lon - Nwy", "A Par H",
    "A Par holds", "A Bur R Par", "A Bur retreats to Par", "A Mun disband", "A Mun D",
    "Build A Par", "Build: F Bre", "B F stp/nc", "Remove F Tri", "Remove gol", "F spa/nc - mid",
    "F Spa(nc) - Mid", "F Spa nc - Mid", "Par - Bur", "A North Sea - Bur", "2A Ur H", "A/F Tan H",
    "A Par - to", "A h - Bur", "A Par S A Mun - c", "A Par - Bur H", "A Par", "", "   ",
    "Army Paris moves to Burgundy", "A Par - Bur.", "A St.Pet - Mos", "F(Nth) H",
    "F(Spa)(nc) - Mid", "A(Par)(nc) H", "F(Spa nc) - Mid", "A(Par - Bur", "A Par) - Bur",
    "Disband", "Disband A", "A Par Bur - Pic", "F North Sea nc - Hel", "A(2A Par) H",
])
def test_shapes_near_the_common_ones(text):
    agrees(text)


@pytest.mark.parametrize("text", [
    "F North Sea C A Lon - Nwy", "F North Atlantic Ocean - Mid", "A Par S F Gulf of Lyon - Tus",
    "Army Paris moves to Burgundy", "Fleet Brest - Mid", "an army Par H", "2A Ur H",
    "A/F Tan H", "A(Par) - Bur", "A (Par) S A(Mun) - Bur", "F(Spa/nc) - Mid",
    "F(North Sea) C A(Lon) - Nwy", "Disband A Par", "Disband F(Nth)", "A(Mar) R Gas",
])
def test_names_of_several_words_kinds_in_words_units_in_brackets_are_read_without_lark(text):
    """The shapes players write most after the shortest ones: a name of several words, a kind
    written as a word or with a count, a unit's place in brackets, `Disband` first."""
    assert agrees(text)


WORDS = ["A", "F", "G", "a", "f", "2A", "A/F", "army", "Par", "bur", "spa", "nc", "sc", "Nth",
         "North", "Sea", "to", "in", "at", "S", "s", "C", "c", "H", "h", "R", "r", "D", "d", "B",
         "b", "via", "convoy", "by", "Build", "Remove", "disband", "holds", "supports",
         "Mid-Atlantic", "and", "merge", "St.", "Kiel", "Z", "Hannibal"]
SEPARATORS = [" ", "  ", "-", " - ", "->", "/", "(", ")", ",", ":", ".", "\t", ""]

SETTINGS = settings(max_examples=examples(400), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SEPARATORS)), max_size=8))
def test_random_texts_read_as_lark_reads_them_or_are_left_to_lark(parts):
    agrees("".join(word + sep for word, sep in parts))


KINDS = ["A", "F", "a", "f", "G", "", "2A", "A/F"]
NAMES = ["Par", "bur", "spa", "Nth", "rom", "gal", "fin", "con", "hol", "sev", "stp", "to", "in",
         "S", "c", "h", "b", "d", "r", "via", "sea", "North Sea", "St.", "é", "x1", "Mid"]
COASTS = ["", "", "/nc", "/sc", " nc", "(nc)", "/xx", " north coast"]
VERBS = ["-", " - ", "->", " to ", " S ", " C ", " H", " R ", " D", " disband", " holds",
         " via convoy", " (via convoy)", " / ", " ", ""]
UNIT = st.tuples(st.sampled_from(KINDS), st.sampled_from(["", " ", "  "]),
                 st.sampled_from(NAMES), st.sampled_from(COASTS), st.sampled_from(VERBS))


@SETTINGS
@given(st.sampled_from(["", "", "Build ", "Remove ", "B ", "build: "]),
       st.lists(UNIT, min_size=1, max_size=3))
def test_order_like_texts_read_as_lark_reads_them_or_are_left_to_lark(head, units):
    agrees(head + "".join("".join(parts) for parts in units))


@SETTINGS
@given(st.text(alphabet="AFSCHRDBaefhnrsuv -/()", max_size=24))
def test_random_characters_read_as_lark_reads_them_or_are_left_to_lark(text):
    agrees(text)


def test_typed_orders_are_the_same_with_and_without_the_quick_reader(monkeypatch):
    def read_all() -> list:
        clear_caches()
        out = []
        for name, variant, power, text in CASE_ORDERS:
            if name == "stacks.txt":  # its board needs the stacking tests' own rule
                continue
            game_map = load_map(variant)
            try:
                out.append(parse_order(text, game_map, game_map.power_id(power)))
            except OrderError as exc:
                out.append(exc.describe())
        return out

    quick = read_all()
    monkeypatch.setattr(parse_module, "quick_syntax", lambda text: None)
    assert read_all() == quick
    clear_caches()


def test_the_reader_stands_aside_when_the_grammar_changes_a_rule_it_follows():
    grammar = grammar_text()
    assert _lexicon(grammar.replace("-> support_move", "-> support_moves")) is None
    assert _lexicon(grammar + "\n%import common.NUMBER\n") is None  # terminals it cannot see


def test_a_keyword_added_to_the_grammar_is_no_longer_read_as_a_name():
    # a kind's grammar lines (`gm.orders.grammar.extend`) may make a word a keyword
    lexicon = _lexicon(grammar_text() + '\n%extend order: unit BURROW -> burrow\n'
                                        'BURROW.3: /(?i:bur)\\b/\n')
    assert _read("A Par - Bur", lexicon) is None
    assert _read("A Par - Gas", lexicon) == read_syntax("A Par - Gas")


SAMPLES = ["A Par - Bur", "F Nth S A Yor - Nwy", "A Lon - Nwy via convoy", "Build: F Bre",
           "A Mun S A Ber H", "F spa/nc - mid", "2A Ur H", "Army Paris moves to Burgundy",
           "A Bur retreats to Par", "Remove gol", "A h - Bur", "F(Nth) H", "A St.Pet - Mos"]


def test_the_lexicon_kept_on_disk_is_read_back_without_compiling_and_reads_the_same(
        monkeypatch, tmp_path):
    monkeypatch.setenv("GM_CACHE", str(tmp_path))
    grammar = grammar_text()
    _lexicon.cache_clear()
    made = _lexicon(grammar)  # compiled, and kept in the empty cache folder
    assert (tmp_path / "order-lexicon.pickle").exists()
    _lexicon.cache_clear()

    def compiling(*args, **kwargs):
        raise AssertionError("the kept lexicon was compiled again")

    with monkeypatch.context() as m:
        m.setattr(quick, "_made_terminals", compiling)
        m.setattr(re._compiler, "compile", compiling)
        kept = _lexicon(grammar)
    _lexicon.cache_clear()
    assert kept.names == made.names and kept.ahead == made.ahead
    assert kept.heads == made.heads
    for pattern, ours in zip(made.patterns, kept.patterns, strict=True):
        assert ours == re.compile(pattern.pattern)  # the same flags, text and engine code
    read = {text: _read(text, kept) for text in SAMPLES}
    assert read == {text: _read(text, made) for text in SAMPLES}
    assert all(syntax == lark(text) for text, syntax in read.items() if syntax is not None)
    assert sum(syntax is not None for syntax in read.values()) > len(SAMPLES) // 2


def test_a_lexicon_kept_for_another_grammar_or_engine_is_made_again(monkeypatch, tmp_path):
    monkeypatch.setenv("GM_CACHE", str(tmp_path))
    grammar = grammar_text()
    _lexicon.cache_clear()
    assert _lexicon(grammar + "\n// another grammar\n") is not None
    _lexicon.cache_clear()
    made = _lexicon(grammar)  # the key differs: made again for this grammar, and kept
    _lexicon.cache_clear()
    # code this engine cannot take, kept under the right key: each expression compiled anew
    cache = tmp_path / "order-lexicon.pickle"
    key, (terminals,) = _kept(cache)
    bad = tuple(t._replace(code=(t.pattern, 0, [1, 2, 3], 0, {}, (None,))) for t in terminals)
    quick.write_cached(cache, key, (bad,))
    broken = _lexicon(grammar)
    _lexicon.cache_clear()
    for text in SAMPLES:
        assert _read(text, broken) == _read(text, made), text


def _kept(cache: Path) -> tuple:
    import pickle

    with open(cache, "rb") as fh:
        return pickle.load(fh)
