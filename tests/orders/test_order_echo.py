"""The echo a GM reads: every line with its status, canonical orders, reasons and fixes."""

from __future__ import annotations

from gm.orders.echo import (
    IGNORED,
    ORDER,
    POWER,
    REJECTED,
    REPEATED,
    REPLACED,
    echo_letter,
    render_echo,
)
from gm.orders.letters import read_orders

LETTER = """FRANCE:
A Par - Burgndy
A Par H
A Mar - Xyzzy
Thanks, Bob"""


def test_echo_lines_in_letter_order(standard_map):
    echo = echo_letter(read_orders(LETTER, standard_map), standard_map)
    assert [(e.line, e.status) for e in echo] == [
        (1, POWER), (2, REPLACED), (3, ORDER), (4, REJECTED), (5, IGNORED)]
    replaced, kept, rejected = echo[1], echo[2], echo[3]
    assert replaced.result == "A Par - Bur"
    assert replaced.details == ("note: read 'Burgndy' as Burgundy (bur)",
                                "replaced by line 3: A Par H")
    assert kept.details == ("note: replaces your earlier order on line 2, A Par - Bur",)
    assert rejected.result == "unknown province 'Xyzzy'"
    assert rejected.details[0] == "at: A Mar - Xyzzy"
    assert rejected.details[1] == "            ^"  # under the X, after the 'at: ' prefix
    assert rejected.details[2].startswith("fix: ")


def test_rendered_echo_names_the_power_and_sums_up(standard_map):
    text = render_echo(read_orders(LETTER, standard_map), standard_map)
    assert "France: A Par H" in text
    assert "note: read 'Burgndy' as Burgundy (bur)" in text
    assert "REJECTED" in text
    assert text.splitlines()[-1] == "1 order, 1 rejected, 1 ignored, 1 replaced"


def test_a_line_given_again_is_echoed_as_repeated_not_replaced(standard_map):
    """`A Par - Bur` twice, and `A Mar - Spx` read as the `A Mar - Spa` before it: the same
    orders again, so nothing was replaced; `F Bre - Eng` after `F Bre - Mid` replaces it."""
    letter = read_orders("France\nA Par - Bur\nA Mar - Spa\nA Par - Bur\nF Bre - Mid\n"
                         "A Mar - Spx\nF Bre - Eng\n", standard_map)
    echo = echo_letter(letter, standard_map)
    assert [(e.line, e.status) for e in echo] == [
        (1, POWER), (2, REPEATED), (3, REPEATED), (4, ORDER), (5, REPLACED), (6, ORDER),
        (7, ORDER)]
    assert echo[1].details == ("repeated by line 4: A Par - Bur",)
    assert echo[4].details == ("replaced by line 7: F Bre - Eng",)
    assert echo[3].details == ("note: repeats your earlier order on line 2, A Par - Bur",)
    assert echo[5].details[-1] == "note: repeats your earlier order on line 3, A Mar - Spa"
    assert echo[6].details == ("note: replaces your earlier order on line 5, F Bre - Mid",)
    assert render_echo(letter, standard_map).splitlines()[-1] == \
        "3 orders, 0 rejected, 0 ignored, 1 replaced, 2 repeated"


def test_a_near_miss_is_shown_in_the_echo(standard_map):
    text = render_echo(read_orders("A Mar S A Par - Burgndy", standard_map, "france"),
                       standard_map)
    assert "read 'Burgndy' as Burgundy (bur)" in text
