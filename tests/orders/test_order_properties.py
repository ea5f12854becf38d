"""Property tests: nothing a player can type crashes the reader, and every echo reads back.

1. Any text, random or mutated from valid orders, either reads or raises `OrderError`.
2. Orders written in random styles read, and their canonical echo reads to an equal order.
3. Any letter reads without an exception, and accounts for every non-blank line.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.maps.loader import load_map
from gm.orders.errors import KINDS, OrderError
from gm.orders.letters import read_orders
from gm.orders.parse import parse_order
from gm.orders.variants import all_forms
from tests.conftest import examples

from .conftest import ANCIENT_MAP

ALL_FORMS = all_forms()  # every variant form, allowed where a test reads them all

SETTINGS = settings(max_examples=examples(300), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
STANDARD = load_map("standard")
ANCIENT = load_map(str(ANCIENT_MAP))
PHASES = st.sampled_from([None, "Movement", "Retreat", "Adjustment"])

SEEDS = [
    "A Par - Bur", "F Nth S A Yor - Nwy", "F Nth C A Lon - Nwy", "A Lon - Nwy via convoy", "A Bur R Par",
    "Build F StP(nc)", "Remove A Mun", "Waive", "A(Tyr)-F(Tyr)", "A(Moa) Destroys Moa",
    "A(Mar) & A(Pic) MERGE 2A(Bur)", "2A Bur split A - Par & A H", "Hannibal - Sardinia",
    "Loan Athens to Egypt", "Place Hannibal in Carthage", "F(Rhodes) C A(Phyrgia)-Pergammon",
    "Army Paris moves to Burgundy", "F Spa north coast - Mid", "SACK Delphi", "A/F Tan - F",
]


def _reads_or_order_error(text, game_map, phase, forms=None):
    try:
        order = parse_order(text, game_map, None, phase_kind=phase, forms=forms)
    except OrderError as error:
        assert error.kind in KINDS
        assert error.describe()
        if error.column is not None:
            assert 1 <= error.column <= len(text) + 1
        return None
    assert str(order)
    return order


@SETTINGS
@given(text=st.text(max_size=80), phase=PHASES)
def test_random_text_never_crashes(text, phase):
    _reads_or_order_error(text, STANDARD, phase)
    _reads_or_order_error(text, ANCIENT, phase, ALL_FORMS)


_MUTATION = st.tuples(st.sampled_from(["insert", "delete", "replace", "swap", "cut"]),
                      st.integers(min_value=0, max_value=60),
                      st.sampled_from(list("-()/&,.:;> AFGHSCRDZ2a\t\u00e9\u2192") + ["via"]))


def _mutate(text: str, mutations) -> str:
    for how, at, piece in mutations:
        at = at % (len(text) + 1)
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + 1:]
        elif how == "replace":
            text = text[:at] + piece + text[at + 1:]
        elif how == "swap" and at + 1 < len(text):
            text = text[:at] + text[at + 1] + text[at] + text[at + 2:]
        elif how == "cut":
            text = text[:at]
    return text


@SETTINGS
@given(seed=st.sampled_from(SEEDS), mutations=st.lists(_MUTATION, max_size=4), phase=PHASES)
def test_mutated_orders_never_crash(seed, mutations, phase):
    text = _mutate(seed, mutations)
    for game_map, forms in ((STANDARD, None), (ANCIENT, ALL_FORMS)):
        order = _reads_or_order_error(text, game_map, phase, forms)
        if order is not None:
            assert parse_order(str(order), game_map, order.power, phase_kind=phase,
                               forms=forms) == order


# --- orders written in random styles ---------------------------------------------------------

def _names(game_map, province_ids):
    """For each province, the ways a player may write it."""
    out = {}
    for pid in province_ids:
        p = game_map.provinces[pid]
        out[pid] = [pid, pid.upper(), p.name, p.name.lower(), p.name.upper(), *p.aliases]
    return out


_LAND = sorted(p.id for p in STANDARD.provinces.values() if p.kind in ("land", "coast"))
_WATER = sorted(p.id for p in STANDARD.provinces.values() if p.kind in ("sea", "coast"))
_SPELLINGS = _names(STANDARD, sorted(STANDARD.provinces))


@st.composite
def written_orders(draw):
    """A standard-map order in a random notation (whether or not it is legal on the board)."""
    fleet = draw(st.booleans())
    here = draw(st.sampled_from(_WATER if fleet else _LAND))
    there = draw(st.sampled_from([p for p in _LAND if p != here]))
    other = draw(st.sampled_from(_LAND))
    spell = lambda pid: draw(st.sampled_from(_SPELLINGS[pid]))  # noqa: E731
    kind = draw(st.sampled_from(["F", "Fleet", "f"] if fleet else ["A", "Army", "a"]))
    unit = draw(st.sampled_from([f"{kind} {spell(here)}", f"{kind}({spell(here)})"]))
    move = draw(st.sampled_from(["-", " - ", "->", " moves to ", " to ", " => "]))
    form = draw(st.sampled_from(["hold", "move", "support", "support_hold", "convoy",
                                 "retreat", "build", "remove", "disband"]))
    if form == "hold":
        return f"{unit} {draw(st.sampled_from(['H', 'holds', 'stands']))}"
    if form == "move":
        return f"{unit}{move}{spell(there)}"
    if form == "support":
        return f"{unit} {draw(st.sampled_from(['S', 'supports']))} A {spell(other)}{move}" \
               f"{spell(there)}"
    if form == "support_hold":
        return f"{unit} S {spell(other)}"
    if form == "convoy":
        return f"{unit} C A {spell(other)}{move}{spell(there)}"
    if form == "retreat":
        return f"{unit} {draw(st.sampled_from(['R', 'retreats to']))} {spell(there)}"
    if form == "build":
        return f"{draw(st.sampled_from(['Build', 'B', 'Builds:']))} {unit}"
    if form == "remove":
        return f"Remove {unit}"
    return f"{unit} disband"


@SETTINGS
@given(text=written_orders())
def test_written_orders_read_and_their_echo_reads_back(text):
    try:
        order = parse_order(text, STANDARD, "france")
    except OrderError as error:
        # the only refusals allowed: a name that is a prefix of several (`Nor` for North...)
        assert error.kind == "ambiguous_name", error.describe()
        return
    assert parse_order(str(order), STANDARD, "france") == order


@pytest.mark.parametrize("seed", SEEDS)
def test_every_seed_reads_and_echoes_back(seed):
    game_map = STANDARD if parse_ok(seed, STANDARD) else ANCIENT
    order = parse_order(seed, game_map, forms=ALL_FORMS)
    assert parse_order(str(order), game_map, order.power, forms=ALL_FORMS) == order


def parse_ok(text, game_map) -> bool:
    try:
        parse_order(text, game_map, forms=ALL_FORMS)
    except OrderError:
        return False
    return True


@SETTINGS
@given(lines=st.lists(st.one_of(st.text(max_size=40), st.sampled_from(SEEDS),
                                st.sampled_from(["FRANCE:", "> A Par H", "--", "Orders for "
                                                 "Egypt", "Builds:", "1. A Par H", ""])),
                      max_size=12),
       phase=PHASES)
def test_any_letter_reads_and_accounts_for_every_line(lines, phase):
    text = "\n".join(lines)
    for game_map, forms in ((STANDARD, None), (ANCIENT, ALL_FORMS)):
        letter = read_orders(text, game_map, phase_kind=phase, forms=forms)
        written = {no for no, line in enumerate(text.splitlines(), 1)
                   if line.replace("\xa0", " ").replace("\u200b", "").strip()}
        assert {item.line for item in letter.entries()} == written
