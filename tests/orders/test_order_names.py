"""Names: ids, full names, aliases, prefixes and near misses; ambiguity and unknowns."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm.orders.errors import AMBIGUOUS_NAME, UNKNOWN_NAME, OrderError
from gm.orders.names import edit_distance, fold, name_index, near_miss_limit
from gm.orders.parse import read_order


@pytest.mark.parametrize("written, ident", [
    ("par", "par"), ("PAR", "par"), ("Paris", "par"), ("paris", "par"),
    ("St. Petersburg", "stp"), ("St Petersburg", "stp"), ("stpetersburg", "stp"),
    ("München", "mun"), ("Munchen", "mun"), ("Marseille", "mar"),
    ("Burg", "bur"), ("Mosc", "mos"), ("North Sea", "nth"), ("nts", "nth"),
])
def test_province_by_id_name_alias_or_prefix(standard_map, written, ident):
    assert name_index(standard_map).province(written).id == ident


def test_exact_names_carry_no_note(standard_map):
    assert read_order("A Paris - Burgundy", standard_map).notes == ()


@pytest.mark.parametrize("written, ident", [
    ("Burgundyy", "bur"), ("Burgndy", "bur"), ("Sevastpol", "sev"), ("Edinbrugh", "edi"),
])
def test_a_near_miss_is_accepted_and_noted(standard_map, written, ident):
    reading = read_order(f"A {written} H", standard_map)
    assert reading.order.location == ident
    assert reading.notes == (f"read {written!r} as "
                             f"{standard_map.provinces[ident].name} ({ident})",)


def test_near_misses_on_the_rulebook_spellings(ancient_map):
    index = name_index(ancient_map)
    assert index.province("Phyrgia").id == "phr"  # two letters swapped: one edit
    assert index.province("Pergammon").id == "per"
    assert index.province("Allepo").id == "all"  # two edits from Aleppo


def test_an_ambiguous_prefix_lists_the_candidates(standard_map):
    with pytest.raises(OrderError) as caught:
        read_order("A Bu - Par", standard_map)
    error = caught.value
    assert error.kind == AMBIGUOUS_NAME
    assert error.column == 3
    assert set(error.candidates) == {"Budapest (bud)", "Bulgaria (bul)", "Burgundy (bur)"}


def test_two_equally_near_names_are_not_guessed(standard_map):
    with pytest.raises(OrderError) as caught:
        read_order("A Mun - Bru", standard_map)
    assert caught.value.kind == AMBIGUOUS_NAME
    assert "Brest (bre)" in caught.value.candidates
    assert "Burgundy (bur)" in caught.value.candidates


def test_an_unknown_name_says_where_and_suggests(standard_map):
    with pytest.raises(OrderError) as caught:
        read_order("A Par - Burgxxxy", standard_map)
    error = caught.value
    assert error.kind == UNKNOWN_NAME
    assert error.column == 9
    assert "Burgxxxy" in error.message
    assert "Burgundy (bur)" in error.hint


def test_hyphenated_names_are_not_moves(standard_map):
    reading = read_order("F Mid-Atlantic - Spa/nc", standard_map)
    assert (reading.order.location, reading.order.dest) == ("mid", "spa/nc")


@pytest.mark.parametrize("written, dest, note", [
    ("F Brest - Mid-Atlantik", "mid", "'Mid-Atlantik' as Mid-Atlantic Ocean (mid)"),
    ("F Brest-Mid-Atlantik", "mid", "'Mid-Atlantik' as Mid-Atlantic Ocean (mid)"),
    ("F Bre - Mid-Atlantik Ocean", "mid", "'Mid-Atlantik Ocean' as Mid-Atlantic Ocean (mid)"),
    ("F Nwg - North-Afrca", "naf", "'North-Afrca' as North Africa (naf)"),
])
def test_a_near_miss_of_a_hyphenated_name_is_read_whole(standard_map, written, dest, note):
    """Split at its hyphen as a move, `Mid-Atlantik` left 'Atlantik' unknown (or 'North'
    ambiguous): read whole, it is one near miss, noted as written."""
    reading = read_order(written, standard_map)
    assert reading.order.dest == dest
    assert reading.notes == (f"read {note}",)


def test_a_hyphenated_word_near_two_names_is_refused_with_both(standard_map):
    with pytest.raises(OrderError) as caught:
        read_order("F Nwg - North-Aria", standard_map)
    assert caught.value.kind == AMBIGUOUS_NAME
    assert "'North-Aria' is close to" in caught.value.message
    assert set(caught.value.candidates) == {"North Africa (naf)", "North Sea (nth)"}


def test_hyphens_that_join_into_names_two_ways_are_refused_with_the_readings(tmp_path):
    """`Ur-Keshh-Bab` is `Ur Keshh` (Tyre's alias 'Ur Kesh') then Babylon, or Ur then `Keshh
    Bab` (Aleppo's 'Kesh Bab'): gm does not choose; it names the readings."""
    from gm.maps.loader import load_map

    from .conftest import ANCIENT_MAP

    text = ANCIENT_MAP.read_text(encoding="utf-8")
    for name, alias in (("Tyre", "Ur Kesh"), ("Aleppo", "Kesh Bab")):
        written = f'name = "{name}"\nkind = "'
        start = text.index(written)
        at = text.index("aliases = []", start)
        text = text[:at] + f'aliases = ["{alias}"]' + text[at + len("aliases = []"):]
    path = tmp_path / "aliases.toml"
    path.write_text(text, encoding="utf-8")
    game_map = load_map(str(path))
    assert str(read_order("A Moa S Ur Keshh - Bab", game_map).order) == "A Moa S Tyr - Bab"
    with pytest.raises(OrderError) as caught:
        read_order("A Moa S Ur-Keshh-Bab", game_map)
    assert caught.value.kind == AMBIGUOUS_NAME
    assert {"A Moa S Tyr - Bab", "A Moa S Ur - All"} <= set(caught.value.candidates)


@pytest.mark.parametrize("written, order", [
    ("A Par-Bur", "A Par - Bur"), ("A Pariss-Burgundyy", "A Par - Bur"),
    ("A Nor-Bur", "A Nwy - Bur"),
])
def test_a_hyphen_that_reads_as_a_move_stays_a_move(standard_map, written, order):
    assert str(read_order(written, standard_map).order) == order


def test_leaders_by_full_name_surname_and_near_miss(ancient_map):
    index = name_index(ancient_map)
    assert index.resolve("Publius Scipio", ("province", "leader")).id == "Publius Scipio"
    assert index.resolve("Scipio", ("province", "leader")).id == "Publius Scipio"
    assert index.resolve("Hanibal", ("province", "leader")).id == "Hannibal"
    assert index.resolve("Philip", ("province", "leader")).id == "Philip V"


def test_powers_by_name_adjective_alias(ancient_map):
    index = name_index(ancient_map)
    assert index.power("Egyptian").id == "egypt"
    assert index.power("Israel").id == "israel"
    assert index.power("Seleucid Persia").id == "persia"
    assert index.power_exact("Egpyt") is None  # headers do not guess


def test_fold_ignores_case_accents_and_punctuation():
    assert fold("St. Petersburg") == "stpetersburg"
    assert fold("München") == "munchen"
    assert fold("Helm's Deep") == "helmsdeep"


@given(st.text(alphabet=st.characters(max_codepoint=0x24F), max_size=12)
       | st.from_regex(r"[A-Za-z0-9]{1,12}", fullmatch=True))
def test_a_word_of_plain_letters_folds_as_any_text_does(text):
    """`fold` takes a plain word (ASCII letters and digits) by a shorter way: the same key."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    assert fold(text) == re.sub(r"[^a-z0-9]+", "", plain.lower())


@pytest.mark.parametrize("a, b, distance", [
    ("phrygia", "phyrgia", 1), ("allepo", "aleppo", 2), ("pergamon", "pergammon", 1),
    ("paris", "paris", 0), ("abc", "xyz", 3),
])
def test_edit_distance_counts_a_swap_as_one(a, b, distance):
    assert edit_distance(a, b, 5) == distance


def test_edit_distance_stops_early_past_the_limit():
    assert edit_distance("burgundy", "vienna", 2) == 3


def test_short_names_get_fewer_edits():
    assert near_miss_limit(2) == 0
    assert near_miss_limit(3) == 1
    assert near_miss_limit(7) == 2
    assert near_miss_limit(12) == 3


@pytest.fixture(scope="module")
def rome():
    from gm.maps.loader import load_map

    return load_map("rise-of-rome-ii")


@pytest.mark.parametrize("written, pools, found", [
    ("Philip", ("province", "leader"), ("leader", "Philip V")),  # a leader's place
    ("Philip", ("province",), ("province", "phi")),  # `A Philip`: only a place may follow A
    ("Philippi", ("province", "leader"), ("province", "phi")),
    ("Ptolemy", ("province", "leader"), ("leader", "Ptolemy IV")),
    ("Publius", ("province", "leader"), ("leader", "Publius Scipio")),
    ("P. Scipio", ("province", "leader"), ("leader", "Publius Scipio")),
    ("P Scipio", ("province", "leader"), ("leader", "Publius Scipio")),
])
def test_a_word_of_one_leaders_name_names_that_leader_in_a_leaders_place(rome, written, pools,
                                                                          found):
    """Issue 29: `Philip H` is Philip V; `A Philippi` stays the province. A numeral (`IV`) is
    no leader's name alone."""
    match = name_index(rome).resolve(written, pools)
    assert (match.pool, match.id) == found


def test_a_leaders_numeral_alone_names_no_leader(rome):
    assert "iv" not in name_index(rome).leaders.names


@pytest.mark.parametrize("written, ident", [
    ("Cis Gaul", "cis"), ("Cis-Gaul", "cis"), ("Cisgaul", "cis"), ("Tyrrhen Sea", "tys"),
    ("Gulf Syrt", "srt"), ("New Carth", "new"),
])
def test_a_name_by_the_starts_of_its_words_in_order(rome, written, ident):
    """`A Umb - Cis Gaul` is Cisalpine Gaul, never Gaul: the words it shares, in order, are
    read before a near miss, and noted as a guess."""
    match = name_index(rome).province(written)
    assert match.id == ident
    assert match.note is None or match.note.startswith(f"read {written!r} as")


def test_an_unknown_name_carries_its_candidates_as_ids(rome):
    with pytest.raises(OrderError) as failed:
        read_order("A Umb - Gaul Cis", rome)
    assert failed.value.span == (9, 17)
    assert ("province", "gau") in failed.value.choices


def _index_state(index) -> dict:
    def pool(p):
        return (p.kind, p.names, p.worded, p.keys)

    return {"provinces": pool(index.provinces), "powers": pool(index.powers),
            "leaders": pool(index.leaders), "leader_power": index.leader_power,
            "hyphenated": index.hyphenated and (index.hyphenated.pattern,
                                                 index.hyphenated.flags)}


@pytest.mark.parametrize("variant", ["standard", "rise-of-rome-ii"])
def test_a_kept_index_is_the_one_built_from_the_same_names(variant, tmp_path, monkeypatch):
    from dataclasses import replace

    from gm.maps import load_map
    from gm.orders import names

    monkeypatch.setenv("GM_CACHE", str(tmp_path))
    game_map = load_map(variant)
    built = names.NameIndex(game_map)
    first = names._kept_index(game_map)  # nothing kept yet: built, and kept
    assert list(tmp_path.glob("names-*.pickle"))
    again = names._kept_index(game_map)  # read back
    assert again is not first and again.map is game_map
    assert _index_state(first) == _index_state(again) == _index_state(built)
    for province in game_map.provinces.values():
        assert again.province(province.name).id == built.province(province.name).id
    # another map with the same id but other names is not given the kept index
    renamed = {pid: replace(p, aliases=(*p.aliases, f"zz{pid}"))
               for pid, p in game_map.provinces.items()}
    other = replace(game_map, provinces=renamed)
    assert _index_state(names._kept_index(other)) == _index_state(names.NameIndex(other))
    assert _index_state(names._kept_index(other)) != _index_state(built)
