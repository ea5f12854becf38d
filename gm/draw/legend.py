"""The legend beside the board: the powers with their colours and counts, then a key to every
symbol this picture can contain (and only those: a map with no double centres shows none).
"""

from __future__ import annotations

import drawsvg as draw

from gm.draw import style
from gm.draw.arrows import (
    CONVOY_DASH,
    CONVOY_WIDTH,
    CROSS,
    MOVE_WIDTH,
    SUPPORT_DASH,
    SUPPORT_WIDTH,
    Arrowheads,
    cross,
    haloed_line,
)
from gm.draw.board_data import Board
from gm.draw.layout import BoardLayout
from gm.draw.marks import centre_mark, link_line, region_textures, token
from gm.draw.tokens import LEADER_LETTERS
from gm.maps.gamemap import GameMap
from gm.orders.kinds.build import amount

WIDTH = 262.0
LEFT = 16.0
HEADING = 13.5
TEXT = 11.5
SMALL = 10.5
ROW = 19.0
SAMPLE = "#5a5a5a"
COAST_NAMES = {"nc": "north", "sc": "south", "ec": "east", "wc": "west"}
KIND_WORDS = {"A": "army", "F": "fleet", "G": "garrison", "A/F": "army or fleet"}


class _Column:
    """Writes the legend top to bottom, keeping track of the height used."""

    def __init__(self, group: draw.Group):
        self.group = group
        self.y = 22.0

    def heading(self, text: str) -> None:
        self.y += 6
        self.group.append(draw.Text(text, HEADING, LEFT, self.y, font_family=style.FONT,
                                    font_weight="bold", fill=style.INK))
        self.y += 12

    def entry(self, text: str, size: float = TEXT, x: float = LEFT + 40, **attrs) -> None:
        self.group.append(draw.Text(text, size, x, self.y + 4, font_family=style.FONT,
                                    fill=style.INK, **attrs))


def draw_legend(game_map: GameMap, board: Board, layout: BoardLayout,
                arrowhead: Arrowheads) -> tuple[draw.Group, float]:
    """The legend as a group (drawn at its own origin) and the height it needs."""
    group = draw.Group(class_="legend")
    col = _Column(group)
    _powers(col, board)
    col.heading("Key")
    _regions(col, game_map)
    _pieces(col, game_map, board)
    _centres(col, game_map, board)
    _orders(col, board, arrowhead)
    _borders(col, layout)
    _leaders(col, game_map, board)
    return group, col.y + 12


def _powers(col: _Column, board: Board) -> None:
    col.heading("Powers")
    for s in board.standings:
        row = draw.Group(class_="standing", data_power=s.power,
                         data_centres=f"{s.centres:g}", data_units=str(s.units))
        row.append(draw.Rectangle(LEFT, col.y - 6, 24, 15, rx=3, fill=s.colour,
                                  stroke=style.INK, stroke_width=1))
        row.append(draw.Text(s.name, TEXT, LEFT + 32, col.y + 5, font_family=style.FONT,
                             font_weight="bold", fill=style.INK))
        centres = "centre" if s.centres == 1 else "centres"
        units = "unit" if s.units == 1 else "units"
        row.append(draw.Text(f"{amount(s.centres)} {centres}, {s.units} {units}", SMALL,
                             LEFT + 32, col.y + 18, font_family=style.FONT, fill="#4a443b"))
        col.group.append(row)
        col.y += 32


def _regions(col: _Column, game_map: GameMap) -> None:
    textures = region_textures()
    kinds = [("land", style.LAND, "land"), ("sea", textures["sea"], "sea")]
    if any(p.kind == "impassable" for p in game_map.provinces.values()):
        kinds.append(("impassable", textures["impassable"], "impassable"))
    for _kind, paint, words in kinds:
        col.group.append(draw.Rectangle(LEFT + 2, col.y - 7, 24, 14, fill=paint,
                                        stroke=style.BORDER, stroke_width=0.8))
        col.entry(words)
        col.y += ROW


def _pieces(col: _Column, game_map: GameMap, board: Board) -> None:
    kinds = {"A": "army", "F": "fleet"}
    seen = {(p.kind, p.strength) for p in (*board.pieces, *board.dislodged)}
    seen |= {(o.piece_kind, o.piece_strength) for o in board.orders if o.piece_kind}
    if any(k == "G" for k, _ in seen):
        kinds["G"] = "garrison"
    if any(k == "A/F" for k, _ in seen):
        kinds["A/F"] = "army or fleet, not yet chosen"
    for kind, words in kinds.items():
        col.group.append(token(LEFT + 14, col.y, 22, 15, kind, kind, SAMPLE))
        col.entry(words)
        col.y += ROW
    for kind, strength in sorted((k, s) for k, s in seen if s != 1):
        col.group.append(token(LEFT + 14, col.y, 26, 15, f"{strength:g}{kind}", kind, SAMPLE))
        col.entry(f"{KIND_WORDS.get(kind, kind)} of strength {strength:g}")
        col.y += ROW
    coasts = sorted({p.coast for p in (*board.pieces, *board.dislodged)
                     if p.kind == "F" and p.coast})
    for coast in coasts:
        col.group.append(token(LEFT + 14, col.y, 30, 15, f"F {coast}", "F", SAMPLE))
        col.entry(f"fleet on the {COAST_NAMES.get(coast, coast)} coast")
        col.y += ROW


def _centres(col: _Column, game_map: GameMap, board: Board) -> None:
    values = {p.supply for p in game_map.provinces.values() if p.is_centre}
    values |= {v for p in game_map.provinces.values() for v in p.supply_for.values()}
    col.group.append(centre_mark(LEFT + 14, col.y, 1, None))
    col.entry("supply centre, neutral")
    col.y += ROW
    col.group.append(centre_mark(LEFT + 14, col.y, 1, SAMPLE))
    col.entry("owned (the owner's colour)")
    col.y += ROW
    for value, words in ((0.5, "worth ½"), (2, "worth 2"), (3, "worth 3")):
        if value in values:
            col.group.append(centre_mark(LEFT + 14, col.y, value, None))
            col.entry(f"supply centre {words}")
            col.y += ROW
    if board.destroyed:
        col.group.append(centre_mark(LEFT + 14, col.y, 1, None, destroyed=True))
        col.entry("destroyed centre")
        col.y += ROW
    if any(p.build_site and not p.is_centre for p in game_map.provinces.values()):
        col.group.append(centre_mark(LEFT + 14, col.y, 0, None, build_site=True))
        col.entry("build site")
        col.y += ROW


def _orders(col: _Column, board: Board, arrowhead: Arrowheads) -> None:
    left, right = (LEFT + 2, col.y), (LEFT + 28, col.y)
    if board.phase_kind == "Movement":
        samples = [("move", MOVE_WIDTH, None, True), ("support", SUPPORT_WIDTH, SUPPORT_DASH,
                                                      False),
                   ("convoy", CONVOY_WIDTH, CONVOY_DASH, False)]
    elif board.phase_kind == "Retreat":
        samples = [("retreat", MOVE_WIDTH, None, True)]
    else:
        samples = []
    for words, width, dash, head in samples:
        left, right = (LEFT + 2, col.y), (LEFT + 26, col.y)
        haloed_line(col.group, left, right, SAMPLE, width, dash, 1.0,
                    marker=arrowhead(SAMPLE) if head else None)
        col.entry(words)
        col.y += ROW
    if board.phase_kind in ("Movement", "Retreat"):
        cross(col.group, (LEFT + 14, col.y), CROSS, style.FAILED, 2.2)
        col.entry("the order failed")
        col.y += ROW
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE,
                               outline=style.FAILED, dashed=True))
        col.entry("dislodged")
        col.y += ROW
    if board.phase_kind == "Retreat":
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE))
        cross(col.group, (LEFT + 14, col.y), CROSS * 1.5, style.INK, 2.4)
        col.entry("disbanded")
        col.y += ROW
    if board.phase_kind == "Adjustment":
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE, hollow=True,
                               dashed=True, outline=SAMPLE))
        col.entry("built")
        col.y += ROW
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE))
        cross(col.group, (LEFT + 14, col.y), CROSS * 1.5, style.INK, 2.4)
        col.entry("removed")
        col.y += ROW
    if any(o.kind == "special" for o in board.orders):
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE))
        col.group.append(draw.Rectangle(LEFT + 14 - 14, col.y - 10.5, 28, 21, rx=10.5,
                                        fill="none", stroke=SAMPLE, stroke_width=1.6,
                                        stroke_dasharray="3 2"))
        col.entry("other order (see the report)")
        col.y += ROW


def _borders(col: _Column, layout: BoardLayout) -> None:
    if layout.barriers:
        col.group.append(draw.Line(LEFT + 2, col.y, LEFT + 26, col.y, stroke=style.BARRIER,
                                   stroke_width=3.2, stroke_linecap="round"))
        col.entry("no passage across this border")
        col.y += ROW
    if layout.links:
        col.group.append(link_line((LEFT + 2, col.y), (LEFT + 26, col.y)))
        col.entry("neighbours, though apart here")
        col.y += ROW


def _leaders(col: _Column, game_map: GameMap, board: Board) -> None:
    leaders = [p for p in (*board.pieces, *board.dislodged) if p.name]
    if not leaders:
        return
    col.heading("Leaders")
    for piece in leaders:
        power = game_map.powers.get(piece.power)
        where = piece.location[:1].upper() + piece.location[1:]
        col.entry(f"{piece.name[:LEADER_LETTERS]}: {piece.name}"
                  f"{f' ({power.adjective})' if power else ''}, {where}", x=LEFT)
        col.y += ROW - 3
