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
from gm.draw.board_data import (
    BUILD,
    CONVOY,
    DISBAND,
    MOVE,
    REMOVE,
    RETREAT,
    SPECIAL,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    Board,
)
from gm.draw.layout import BoardLayout
from gm.draw.marks import centre_mark, hatching, link_line, token, water_lines
from gm.draw.tokens import board_leader_captions
from gm.maps.gamemap import GameMap
from gm.report.supply_words import centres_words, units_words

WIDTH = 262.0
LEFT = 16.0
HEADING = 13.5
TEXT = 11.5
SMALL = 10.5
ROW = 19.0
SAMPLE = "#5a5a5a"
COAST_NAMES = {"nc": "north", "sc": "south", "ec": "east", "wc": "west"}
KIND_WORDS = {"A": "army", "F": "fleet", "G": "garrison", "A/F": "army or fleet",
              "L": "leader"}


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
    _regions(col, game_map, layout)
    _pieces(col, game_map, board)
    _centres(col, game_map, board)
    _orders(col, board, arrowhead)
    _borders(col, layout)
    _leaders(col, game_map, board)
    return group, col.y + 12


def _powers(col: _Column, board: Board) -> None:
    col.heading("Powers")
    for s in board.standings:
        count = s.centres if s.centre_count is None else s.centre_count
        worth = {} if count == s.centres else {"data_worth": f"{s.centres:g}"}
        row = draw.Group(class_="standing", data_power=s.power,
                         data_centres=f"{count:g}", data_units=str(s.units - len(s.free)),
                         **worth)
        row.append(draw.Rectangle(LEFT, col.y - 6, 24, 15, rx=3,
                                  fill=style.power_colour(s.colour),
                                  stroke=style.INK, stroke_width=1))
        row.append(draw.Text(s.name, TEXT, LEFT + 32, col.y + 5, font_family=style.FONT,
                             font_weight="bold", fill=style.INK))
        # the count the report's supply table prints (`supply_counts`): the pieces that need
        # supply, the free ones apart (`3 centres, 3 units and Hannibal`)
        centres = centres_words(s.centre_count, s.centres, "centre")
        row.append(draw.Text(f"{centres}, {units_words(s)}", SMALL,
                             LEFT + 32, col.y + 18, font_family=style.FONT, fill="#4a443b"))
        col.group.append(row)
        col.y += 32


def _regions(col: _Column, game_map: GameMap, layout: BoardLayout) -> None:
    present = {p.kind for p in game_map.provinces.values()}
    if layout.barren:  # land that is no province (Ireland) is drawn as impassable
        present.add("impassable")
    kinds = [("land", style.LAND, "land")]
    if "sea" in present:
        kinds.append(("sea", style.SEA, "sea"))
    if "impassable" in present:
        kinds.append(("impassable", hatching(), "impassable"))
    for kind, paint, words in kinds:
        left, top = LEFT + 2, col.y - 7
        col.group.append(draw.Rectangle(left, top, 24, 14, fill=paint))
        if kind == "sea":  # the board's lines, in the same place a pattern would put them
            col.group.append(water_lines([[(left, top), (left + 24, top),
                                           (left + 24, top + 14), (left, top + 14)]]))
        col.group.append(draw.Rectangle(left, top, 24, 14, fill="none",
                                        stroke=style.BORDER, stroke_width=0.8))
        col.entry(words)
        col.y += ROW
    features = layout.features
    if features is not None and features.ranges:
        d = "".join(f"M{x - 6:g} {col.y + 5:g}L{x:g} {col.y - 5:g}L{x + 6:g} {col.y + 5:g}"
                    for x in (LEFT + 7, LEFT + 21))
        col.group.append(draw.Path(d=d, fill=style.MOUNTAIN, stroke=style.MOUNTAIN_INK,
                                   stroke_width=1.0, stroke_linejoin="round"))
        col.entry("mountains")
        col.y += ROW
    if features is not None and features.rivers:
        col.group.append(draw.Line(LEFT + 2, col.y, LEFT + 26, col.y, stroke=style.RIVER,
                                   stroke_width=2.8, stroke_linecap="round"))
        col.entry("river (not a space)")
        col.y += ROW


def _pieces(col: _Column, game_map: GameMap, board: Board) -> None:
    """Only the kinds of piece on this picture (with the builds it shows)."""
    shown = [*board.pieces, *board.dislodged]
    seen = {(p.kind, p.strength) for p in shown}
    seen |= {(o.piece_kind, o.piece_strength) for o in board.orders if o.piece_kind}
    kinds = {k for k, _ in seen}
    for kind in ("A", "F", "G", "A/F", "L"):
        if kind not in kinds or (kind == "L" and all(p.name for p in shown if p.kind == "L")):
            continue  # named leaders have a section of their own
        words = {"A/F": "army or fleet, not yet chosen"}.get(kind, KIND_WORDS.get(kind, kind))
        col.group.append(token(LEFT + 14, col.y, 22, 15, kind, kind, SAMPLE))
        col.entry(words)
        col.y += ROW
    for kind, strength in sorted((k, s) for k, s in seen if s != 1 and k != "L"):
        col.group.append(token(LEFT + 14, col.y, 26, 15, f"{strength:g}{kind}", kind, SAMPLE))
        col.entry(f"{KIND_WORDS.get(kind, kind)} of strength {strength:g}")
        col.y += ROW
    coasts = sorted({p.coast for p in shown if p.kind == "F" and p.coast})
    for coast in coasts:
        col.group.append(token(LEFT + 14, col.y, 30, 15, f"F {coast}", "F", SAMPLE))
        col.entry(f"fleet on the {COAST_NAMES.get(coast, coast)} coast")
        col.y += ROW


def _centres(col: _Column, game_map: GameMap, board: Board) -> None:
    """The centre marks this picture has: neutral and owned only if there are such
    centres, each value only if a centre shows it."""
    centres = [(pid, p) for pid, p in game_map.provinces.items() if p.is_centre]
    living = [(pid, p) for pid, p in centres if pid not in board.destroyed]
    if any(pid not in board.owners for pid, _ in living):
        col.group.append(centre_mark(LEFT + 14, col.y, 1, None))
        col.entry("supply centre, neutral")
        col.y += ROW
    if any(pid in board.owners for pid, _ in living):
        col.group.append(centre_mark(LEFT + 14, col.y, 1, SAMPLE))
        col.entry("owned (the owner's colour)")
        col.y += ROW
    values = {p.value_for(board.owners.get(pid)) for pid, p in living}
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
    """A key line for each kind of order line or mark this picture draws."""
    kinds = {o.kind for o in board.orders}
    samples = [("move", MOVE, MOVE_WIDTH, None, True),
               ("retreat", RETREAT, MOVE_WIDTH, None, True),
               ("support", SUPPORT_MOVE, SUPPORT_WIDTH, SUPPORT_DASH, False),
               ("convoy", CONVOY, CONVOY_WIDTH, CONVOY_DASH, False)]
    for words, kind, width, dash, head in samples:
        if kind not in kinds and not (kind == SUPPORT_MOVE and SUPPORT_HOLD in kinds):
            continue
        left, right = (LEFT + 2, col.y), (LEFT + 26, col.y)
        sample = draw.Group(stroke_linecap="round")  # as an order's lines end
        haloed_line(sample, left, right, SAMPLE, width, dash, 1.0,
                    marker=arrowhead(SAMPLE) if head else None)
        col.group.append(sample)
        col.entry(words)
        col.y += ROW
    if any(o.succeeded is False for o in board.orders):
        cross(col.group, (LEFT + 14, col.y), CROSS, style.FAILED, 2.2)
        col.entry("the order failed")
        col.y += ROW
    if board.dislodged or board.dislodged_now:
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE,
                               outline=style.FAILED, dashed=True))
        col.entry("dislodged")
        col.y += ROW
    if BUILD in kinds:
        col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE, hollow=True,
                               dashed=True, outline=SAMPLE))
        col.entry("built")
        col.y += ROW
    for kind, words in ((DISBAND, "disbanded"), (REMOVE, "removed")):
        if kind in kinds:
            col.group.append(token(LEFT + 14, col.y, 22, 15, "A", "A", SAMPLE))
            cross(col.group, (LEFT + 14, col.y), CROSS * 1.5, style.INK, 2.4)
            col.entry(words)
            col.y += ROW
    if SPECIAL in kinds:
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
        faint = draw.Group(opacity=style.LINK_OPACITY)
        faint.append(link_line((LEFT + 2, col.y), (LEFT + 26, col.y)))
        col.group.append(faint)
        col.entry("neighbours, though apart here")
        col.y += ROW


def _leaders(col: _Column, game_map: GameMap, board: Board) -> None:
    """Each leader on the picture by name: its token as the board shows it (the first
    letters of the name, in its power's colour), the full name, the power and the place."""
    leaders = [p for p in (*board.pieces, *board.dislodged) if p.name]
    if not leaders:
        return
    col.heading("Leaders")
    captions = board_leader_captions(board)
    for piece in leaders:
        power = game_map.powers.get(piece.power)
        colour = style.power_colour(power.colour) if power else SAMPLE
        leader = draw.Group(class_="leader", data_power=piece.power,
                            data_location=piece.location, data_name=piece.name)
        leader.append(token(LEFT + 14, col.y, 30, 15, captions[piece.name],
                            piece.kind, colour))
        where = piece.location[:1].upper() + piece.location[1:]
        leader.append(draw.Text(f"{piece.name}{f' ({power.adjective})' if power else ''}, "
                                f"{where}", TEXT, LEFT + 40, col.y + 4, fill=style.INK))
        col.group.append(leader)
        col.y += ROW
