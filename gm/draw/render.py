"""`draw_phase`: a board (plain data) on its map, as SVG text.

Layers, bottom to top: regions (land, sea, impassable; centres tinted with their owner's
colour), faint connectors between neighbours that do not touch, borders and barriers, the
orders' lines, labels with their centre marks (readable through the lines under them), pieces, and
the crosses and rings that mark what failed or was removed. The title runs above the
map, the legend beside it, and the variant rules' notes (loans, rebel centres...) under the map.

Every element a test or a script may look for carries a class and `data-` attributes
(`class="piece" data-power="france" data-location="par"`), so the picture can be checked
as a structure, not only looked at.
"""

from __future__ import annotations

import functools
import math
import re

import drawsvg as draw

from gm.draw import style
from gm.draw.arrows import Arrowheads, OrderPainter
from gm.draw.board_data import Board
from gm.draw.features import peaks
from gm.draw.layout import LABEL_FONT, BoardLayout, layout_for
from gm.draw.legend import WIDTH as LEGEND_WIDTH
from gm.draw.legend import draw_legend
from gm.draw.marks import centre_mark, link_line, region_textures, token
from gm.draw.notes import draw_notes, notes_height
from gm.draw.tokens import Token, place_tokens
from gm.maps.gamemap import GameMap

TITLE_HEIGHT = 58.0


def draw_phase(game_map: GameMap, board: Board) -> str:
    """The picture of one phase as SVG text."""
    layout = layout_for(game_map)
    colours = {pid: style.power_colour(p.colour) for pid, p in game_map.powers.items()}
    arrowhead = Arrowheads()
    legend, legend_height = draw_legend(game_map, board, layout, arrowhead)
    map_width, map_height = layout.frame.width, layout.frame.height
    # whole units: a PNG is then exactly twice the picture's size, whatever draws it
    width = math.ceil(map_width + LEGEND_WIDTH)
    below = notes_height(board.notes, map_width)  # the rules' notes, under the map
    height = math.ceil(TITLE_HEIGHT + max(map_height + below, legend_height))
    picture = draw.Drawing(width, height, font_family=style.FONT)
    picture.append(draw.Rectangle(0, 0, width, height, fill=style.PAPER))
    _title(picture, board)
    board_group = draw.Group(class_="board", transform=f"translate(0,{TITLE_HEIGHT})")
    frame = draw.ClipPath()  # the coastline may run past the frame: cut it there
    frame.append(draw.Rectangle(0, 0, map_width, map_height))
    inside = draw.Group(clip_path=frame)
    board_group.append(inside)
    _fill_board(inside, game_map, board, layout, colours, arrowhead)
    board_group.append(draw.Rectangle(0, 0, map_width, map_height, fill="none",
                                      stroke=style.INK, stroke_width=1.5))
    picture.append(board_group)
    if board.notes:
        notes_at = draw.Group(transform=f"translate(0,{TITLE_HEIGHT + map_height})")
        notes_at.append(draw_notes(board.notes, map_width))
        picture.append(notes_at)
    legend_at = draw.Group(transform=f"translate({map_width},{TITLE_HEIGHT})")
    legend_at.append(legend)
    picture.append(legend_at)
    return compact(picture.as_svg())


def _fill_board(group: draw.Group, game_map: GameMap, board: Board, layout: BoardLayout,
                colours: dict[str, str], arrowhead: Arrowheads) -> None:
    """The map's layers, bottom to top (the module's text)."""
    _regions(group, game_map, board, layout, colours)
    _features(group, layout)
    _links(group, game_map, layout)
    _borders(group, game_map, layout)
    tokens = place_tokens(layout, board)
    orders, marks = draw.Group(class_="orders"), draw.Group(class_="marks")
    OrderPainter(layout, board, tokens, colours, arrowhead).paint(orders, marks)
    group.append(orders)
    _labels(group, game_map, board, layout, colours)
    pieces = draw.Group(class_="pieces")
    for t in tokens:
        pieces.append(_token(t, board, game_map, colours))
    group.append(pieces)
    group.append(marks)


_ATTRIBUTE = re.compile(r'="([^"]*)"')
_LONG_NUMBER = re.compile(r"-?\d+\.\d{3,}")


def _tenth(match: re.Match) -> str:
    text = f"{float(match.group()):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def compact(svg: str) -> str:
    """Every number in an attribute rounded to a tenth of a unit (a twentieth of a pixel on
    the PNG): the standard board's file stays small (docs/pictures.md). Text is untouched."""
    return _ATTRIBUTE.sub(lambda m: '="' + _LONG_NUMBER.sub(_tenth, m.group(1)) + '"', svg)


def _title(picture: draw.Drawing, board: Board) -> None:
    picture.append(draw.Text(board.title, 21, 16, 28, font_weight="bold", fill=style.INK,
                             class_="title"))
    picture.append(draw.Text(board.subtitle, 12.5, 16, 47, fill="#4a443b",
                             class_="subtitle"))


def _region_fill(kind: str, owner_colour: str | None) -> str:
    if kind == "sea":
        return style.SEA
    if kind == "impassable":
        return style.IMPASSABLE
    if owner_colour:
        return style.mix(owner_colour, style.LAND, style.OWNED_TINT)
    return style.LAND


def _regions(group: draw.Group, game_map: GameMap, board: Board, layout: BoardLayout,
             colours: dict[str, str]) -> None:
    regions = draw.Group(class_="regions")
    textures = region_textures()

    def region(pid: str, pieces, stroked: bool = False) -> draw.Group:
        """A province's region; `stroked`: a stroke in the same paint closes the hairline
        gaps between its pieces (not wanted on land along a coastline)."""
        province = game_map.provinces[pid]
        owner = board.owners.get(pid)
        fill = _region_fill(province.kind, colours.get(owner) if owner else None)
        found = draw.Group(class_=f"region {province.kind}", id=f"region-{pid}",
                           data_province=pid)
        found.append_title(province.name)
        paint = textures.get(province.kind, fill)
        extra = {"stroke": paint, "stroke_width": 0.8, "stroke_linejoin": "round"}
        found.append(_outlines(pieces, fill=paint, **(extra if stroked else {})))
        return found

    if not layout.land:  # a drawn map: every region a set of cells
        for pid, pieces in layout.regions.items():
            regions.append(region(pid, pieces, stroked=True))
        group.append(regions)
        return
    _coastline_regions(regions, game_map, layout, region)
    if layout.barren:
        regions.append(_outlines(layout.barren, fill=textures["impassable"], class_="barren"))
    if layout.mapped is not None:  # beyond the coastline's box (room for labels): paper
        frame, inner = layout.frame, layout.mapped
        regions.append(_outlines([[(frame.left, frame.top), (frame.right, frame.top),
                                   (frame.right, frame.bottom), (frame.left, frame.bottom)],
                                  [(inner.left, inner.top), (inner.left, inner.bottom),
                                   (inner.right, inner.bottom), (inner.right, inner.top)]],
                                 fill=style.PAPER, fill_rule="evenodd", class_="margin"))
    group.append(regions)


def _coastline_regions(regions: draw.Group, game_map: GameMap, layout: BoardLayout,
                       region) -> None:
    """A map on its real coastline: the seas, then all land once with its coastline stroked
    (the provinces cover the inner half of the line, so the coast shows along the water
    only), then the land provinces: their cells cut to the mainland (one clip for all: a
    small file, and a fast PNG), the whole islands as they are, and the rivers over the land.
    """
    seas = [pid for pid in layout.regions if game_map.provinces[pid].kind == "sea"
            and pid not in layout.cells and pid not in layout.rivers]
    for pid in seas:
        regions.append(region(pid, layout.regions[pid], stroked=True))
    coast_style = {"fill": style.LAND, "stroke": "#4d6a86", "stroke_width": 2.2,
                   "stroke_linejoin": "round", "class_": "land coastline"}
    coast = _outlines(layout.mainland, **coast_style)
    regions.append(coast)
    mainland = draw.ClipPath()
    mainland.append(draw.Use(coast, 0, 0))
    islands = {id(ring) for ring in layout.coast} - {id(ring) for ring in layout.mainland}
    whole = [ring for ring in layout.coast if id(ring) in islands]
    if whole:
        regions.append(_outlines(whole, **coast_style))
    straits = [ring for ring in layout.land if ring not in layout.coast]
    if straits:  # water the board counts as land: no coastline around it
        strait_path = _outlines(straits, fill=style.LAND, class_="land")
        regions.append(strait_path)
        mainland.append(draw.Use(strait_path, 0, 0))
    land = draw.Group(clip_path=mainland, class_="mainland")
    for pid, cells in layout.cells.items():
        land.append(region(pid, cells))
    regions.append(land)
    rest = [pid for pid in layout.regions if pid not in seas]
    for pid in rest:  # islands and rivers
        pieces = layout.regions[pid]
        if pid not in layout.cells:
            regions.append(region(pid, pieces))
            continue
        own = [piece for piece in pieces if id(piece) in islands]
        if own:  # the islands of a province that also has mainland
            part = region(pid, own)
            part.args["class"] = "island"
            regions.append(part)


def _outlines(polygons, **attrs) -> draw.Path:
    """Many polygons as one path: one element, each point relative to the one before and
    rounded to a tenth (a small file)."""
    return draw.Path(d="".join(_outline(tuple(polygon)) for polygon in polygons), **attrs)


@functools.lru_cache(maxsize=50_000)
def _outline(polygon: tuple) -> str:
    """One polygon's part of a path. Every polygon drawn is a map's (its regions, coasts and
    islands, the same in every phase's picture), so each is written once per process."""
    points = [(round(x * 10), round(y * 10)) for x, y in polygon]
    turning = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                  in zip(points, [*points[1:], points[0]], strict=True))
    if turning < 0:  # one direction for all: overlapping pieces add up, never cancel
        points.reverse()
    (x, y), *rest = points
    steps = []
    for nx, ny in rest:
        if (nx, ny) != (x, y):
            steps.append((nx - x, ny - y))
        x, y = nx, ny
    return (f"M{_number(points[0][0])} {_number(points[0][1])}"
            + (f"l{_pairs(steps)}" if steps else "") + "Z")


def _polylines(segments, **attrs) -> draw.Path:
    """Segments as one path, rounded to a tenth: a segment that starts where the one before
    ended continues its line, and each point is relative to the one before (a small file)."""
    parts, steps, at = [], [], None
    for start, end in segments:
        (x1, y1), (x2, y2) = ((round(x * 10), round(y * 10)) for x, y in (start, end))
        if (x1, y1) == (x2, y2):
            continue
        if at != (x1, y1):
            if steps:
                parts.append(f"l{_pairs(steps)}")
            parts.append(f"M{_number(x1)} {_number(y1)}")
            steps = []
        steps.append((x2 - x1, y2 - y1))
        at = (x2, y2)
    if steps:
        parts.append(f"l{_pairs(steps)}")
    return draw.Path(d="".join(parts), **attrs)


def _number(tenths: int) -> str:
    """A number of tenths as short as SVG allows: `12`, `1.5`, `.5`, `-.5`."""
    whole, tenth = divmod(abs(tenths), 10)
    text = f"{whole}.{tenth}" if tenth else str(whole)
    if text.startswith("0."):
        text = text[1:]
    return f"-{text}" if tenths < 0 else text


def _pairs(steps) -> str:
    """Coordinate pairs after a path command, with no separator where a minus sign or a
    second decimal point already separates two numbers."""
    out = []
    previous = None
    for value in (v for step in steps for v in step):
        text = _number(value)
        if previous is not None and not text.startswith("-") and not (
                text.startswith(".") and "." in previous):
            out.append(" ")
        out.append(text)
        previous = text
    return "".join(out)


def _borders(group: draw.Group, game_map: GameMap, layout: BoardLayout) -> None:
    borders = draw.Group(class_="borders")
    barriers = {frozenset(pair) for pair in layout.barriers}
    for pair, segments in sorted(layout.borders.items(), key=lambda kv: sorted(kv[0])):
        a, b = sorted(pair)
        kinds = {game_map.provinces[a].kind, game_map.provinces[b].kind}
        if pair in barriers:
            attrs = {"stroke": style.BARRIER, "stroke_width": 3.2, "class_": "barrier"}
        elif kinds == {"sea"}:
            attrs = {"stroke": style.SEA_BORDER, "stroke_width": 0.9, "class_": "border"}
        elif "sea" in kinds:
            attrs = {"stroke": "#4d6a86", "stroke_width": 1.5, "class_": "border coastline"}
        else:
            attrs = {"stroke": style.BORDER, "stroke_width": 0.9, "class_": "border"}
        if not segments:  # a coast, drawn with the land
            continue
        line = draw.Group(data_between=f"{a} {b}", stroke_linecap="round", **attrs)
        line.append(_polylines(segments, fill="none"))
        borders.append(line)
    group.append(borders)


def _features(group: draw.Group, layout: BoardLayout) -> None:
    """A drawn map's rivers and mountain ranges (`gm.draw.features`), over the regions and
    under the borders: a range as a row of peaks along its line, a river as a blue line."""
    if layout.features is None:
        return
    features = draw.Group(class_="features")
    for name, line in layout.features.rivers.items():
        river = draw.Group(class_="river", data_name=name)
        river.append_title(name)
        flat = [round(c, 1) for point in line for c in point]
        river.append(draw.Lines(*flat, fill="none", stroke=style.HALO, stroke_width=4.6,
                                stroke_linejoin="round", stroke_linecap="round",
                                opacity=0.7))
        river.append(draw.Lines(*flat, fill="none", stroke=style.RIVER, stroke_width=2.8,
                                stroke_linejoin="round", stroke_linecap="round"))
        features.append(river)
    for name, line in layout.features.ranges.items():
        mountains = draw.Group(class_="range", data_name=name)
        mountains.append_title(name)
        parts = []
        for (x, y), height in peaks(line):
            half = height * 0.62
            parts.append(f"M{x - half:.1f} {y + height / 2:.1f}L{x:.1f} {y - height / 2:.1f}"
                         f"L{x + half:.1f} {y + height / 2:.1f}")
        mountains.append(draw.Path(d="".join(parts), fill=style.MOUNTAIN,
                                   stroke=style.MOUNTAIN_INK, stroke_width=1.0,
                                   stroke_linejoin="round", stroke_linecap="round"))
        features.append(mountains)
    group.append(features)


def _links(group: draw.Group, game_map: GameMap, layout: BoardLayout) -> None:
    """Neighbours whose regions do not touch: faint lines right over the regions, under
    every border, order, label and piece (a hint, never in the way)."""
    links = draw.Group(class_="links", opacity=style.LINK_OPACITY)
    for (a, b), (start, end) in layout.connectors.items():
        bridge = game_map.bridge_sea(a, b) is not None
        water = "sea" in (game_map.provinces[a].kind, game_map.provinces[b].kind)
        links.append(link_line(start, end, bridge=bridge, water=water,
                               class_="link bridge" if bridge else "link",
                               data_between=f"{a} {b}"))
    if layout.connectors:
        group.append(links)


def _labels(group: draw.Group, game_map: GameMap, board: Board, layout: BoardLayout,
            colours: dict[str, str]) -> None:
    # what every label shares is said once, on the group (a small file)
    labels = draw.Group(class_="labels", font_size=LABEL_FONT, text_anchor="middle",
                        font_weight="bold", stroke_linejoin="round")
    for pid, spot in layout.spots.items():
        province = game_map.provinces[pid]
        x, y = spot.text
        ink = {"sea": style.SEA_INK, "impassable": "#4a443b"}.get(province.kind, style.INK)
        italic = {"font_style": "italic"} if province.kind in ("sea", "impassable") else {}
        label = draw.Group(class_="label", data_province=pid)
        label.append_title(province.name)
        label.append(draw.Text(spot.label, None, x, y, fill=ink, stroke=style.HALO,
                               stroke_width=2.6, opacity=0.85, **italic))
        label.append(draw.Text(spot.label, None, x, y, fill=ink, **italic))
        labels.append(label)
        if province.is_centre or province.build_site:
            owner = board.owners.get(pid)
            destroyed = pid in board.destroyed
            labels.append(centre_mark(
                *spot.marker, province.value_for(owner), colours.get(owner) if owner else None,
                destroyed=destroyed, build_site=not province.is_centre,
                class_="centre", data_province=pid, data_owner=owner or "",
                data_value=f"{province.value_for(owner):g}",
                data_destroyed="yes" if destroyed else "no"))
    group.append(labels)


def _token(t: Token, board: Board, game_map: GameMap, colours: dict[str, str]
           ) -> draw.Group:
    colour = colours.get(t.piece.power, "#777777")
    dislodged = t.role == "dislodged" or (t.role == "unit" and
                                          t.piece.location in board.dislodged_now)
    attrs = {"class_": f"piece {t.role}" + (" was-dislodged" if dislodged else ""),
             "data_power": t.piece.power, "data_location": t.piece.location,
             "data_kind": t.piece.kind, "data_caption": t.piece.caption}
    if t.role == "build":
        group = token(t.x, t.y, t.width, t.height, t.caption, t.piece.kind, colour,
                      outline=style.line_colour(colour), dashed=True, hollow=True, **attrs)
    else:
        group = token(t.x, t.y, t.width, t.height, t.caption, t.piece.kind, colour,
                      outline=style.FAILED if dislodged else style.INK, dashed=dislodged,
                      **attrs)
    power = game_map.powers.get(t.piece.power)
    role = {"dislodged": ", dislodged", "build": ", to be built"}.get(t.role, "")
    group.append_title(f"{power.name if power else t.piece.power}: {t.piece.caption} "
                       f"{t.piece.location}{role}")
    return group
