"""The rules' notes under the map: printed when a variant's rules have something to say of the
board, wrapped to the map's width, and the picture grows to hold them; a board without notes
is drawn as before."""

from __future__ import annotations

import dataclasses

from gm.draw import draw_phase
from gm.draw.board_maker import make_board
from gm.draw.layout import layout_for
from gm.engine.position import starting_position
from tests.draw.svg_structure import parse, texts, with_class

LONG = ("Loans, rule 9 (loans): " + "; ".join(f"Centre {n} (Owner's) lent to Borrower"
                                              for n in range(12)) + ".")


def test_notes_are_printed_under_the_map_wrapped_to_its_width(standard_map):
    board = make_board(standard_map, starting_position(standard_map), game="g")
    assert board.notes == ()  # the standard rules say nothing more of the board
    plain = parse(draw_phase(standard_map, board))
    assert with_class(plain, "notes") == []
    noted = parse(draw_phase(standard_map, dataclasses.replace(
        board, notes=("Rebel centres not counted: Illyria (Macedonia).", LONG))))
    lines = texts(with_class(noted, "notes")[0])
    assert lines[0] == "Rebel centres not counted: Illyria (Macedonia)."
    assert len(lines) > 2 and lines[2].startswith("    ")  # the long note wraps, indented
    assert " ".join(line.strip() for line in lines[1:]) == LONG
    map_width = layout_for(standard_map).frame.width
    assert all(len(line) * 11 * 0.58 < map_width for line in lines)
    assert float(noted.get("height")) > float(plain.get("height"))
