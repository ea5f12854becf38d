"""Board pictures: a phase's position and orders drawn from the map data, as SVG (and PNG).

`draw_phase(game_map, board)` draws a `Board` (plain data, `gm.draw.board_data`); `gm.draw.board_maker`
makes a `Board` from a position and a phase's results; `gm.draw.stored` from a game in the
store. docs/pictures.md explains how the board is laid out and how to correct it.
"""

from gm.draw.board_data import Board, DrawnOrder, Piece, PowerStanding
from gm.draw.render import draw_phase

__all__ = ["Board", "DrawnOrder", "Piece", "PowerStanding", "draw_phase"]
