"""`draw_phase`: a board (plain data) on its map, as SVG text.

Layers, bottom to top: regions (land, sea, impassable; centres tinted with their owner's
colour), borders and barriers, connectors between neighbours that do not touch, the orders'
lines, labels with their centre marks (readable through the lines under them), pieces, and
the crosses and rings that mark what failed or was removed. The title runs above the
map, the legend beside it, and the variant rules' notes (loans, rebel centres...) under the map.

Every element a test or a script may look for carries a class and `data-` attributes
(`class="piece" data-power="france" data-location="par"`), so the picture can be checked
as a structure, not only looked at.
"""

from __future__ import annotations

import drawsvg as draw

from gm.draw import style
from gm.draw.arrows import Arrowheads, OrderPainter
from gm.draw.board_data import Board
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
    colours = {pid: p.colour for pid, p in game_map.powers.items()}
    arrowhead = Arrowheads()
    legend, legend_height = draw_legend(game_map, board, layout, arrowhead)
    map_width, map_height = layout.frame.width, layout.frame.height
    width = map_width + LEGEND_WIDTH
    below = notes_height(board.notes, map_width)  # the rules' notes, under the map
    height = TITLE_HEIGHT + max(map_height + below, legend_height)
    picture = draw.Drawing(width, height, font_family=style.FONT)
    picture.append(draw.Rectangle(0, 0, width, height, fill=style.PAPER))
    _title(picture, board)
    board_group = draw.Group(class_="board", transform=f"translate(0,{TITLE_HEIGHT})")
    _regions(board_group, game_map, board, layout, colours)
    _borders(board_group, game_map, layout)
    tokens = place_tokens(layout, board)
    orders, marks = draw.Group(class_="orders"), draw.Group(class_="marks")
    OrderPainter(layout, board, tokens, colours, arrowhead).paint(orders, marks)
    board_group.append(orders)
    _labels(board_group, game_map, board, layout, colours)
    pieces = draw.Group(class_="pieces")
    for t in tokens:
        pieces.append(_token(t, board, game_map, colours))
    board_group.append(pieces)
    board_group.append(marks)
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
    return picture.as_svg()


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
    on_coastline = bool(layout.land)  # seas first, then the land on top of them
    land_drawn = False
    for pid, pieces in layout.regions.items():
        province = game_map.provinces[pid]
        if on_coastline and province.kind != "sea" and not land_drawn:
            # all land once, its coastline stroked: the provinces' parts cover the inner
            # half of the line, so the coast shows along the water only
            regions.append(_outlines(layout.coast, fill=style.LAND, stroke="#4d6a86",
                                     stroke_width=2.2, stroke_linejoin="round",
                                     class_="land coastline"))
            straits = [ring for ring in layout.land if ring not in layout.coast]
            if straits:  # water the board counts as land: no coastline around it
                regions.append(_outlines(straits, fill=style.LAND, class_="land"))
            land_drawn = True
        owner = board.owners.get(pid)
        fill = _region_fill(province.kind, colours.get(owner) if owner else None)
        region = draw.Group(class_=f"region {province.kind}", id=f"region-{pid}",
                            data_province=pid)
        region.append_title(province.name)
        paint = textures.get(province.kind, fill)
        # a stroke in the same paint closes the hairline gaps between pieces (not needed,
        # and not wanted across the water, on a coastline)
        if on_coastline and province.kind != "sea":
            region.append(_outlines(pieces, fill=paint))
        else:
            for polygon in pieces:
                region.append(draw.Lines(*(round(c, 1) for point in polygon for c in point),
                                         close=True, fill=paint, stroke=paint,
                                         stroke_width=0.8, stroke_linejoin="round"))
        regions.append(region)
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


def _outlines(polygons, **attrs) -> draw.Path:
    """Many polygons as one path: one element, each point relative to the one before and
    rounded to a tenth (a small file)."""
    path = draw.Path(**attrs)
    for polygon in polygons:
        points = [(round(x * 10), round(y * 10)) for x, y in polygon]
        turning = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                      in zip(points, [*points[1:], points[0]], strict=True))
        if turning < 0:  # one direction for all: overlapping pieces add up, never cancel
            points.reverse()
        (x, y), *rest = points
        path.M(x / 10, y / 10)
        for nx, ny in rest:
            if (nx, ny) != (x, y):
                path.l((nx - x) / 10, (ny - y) / 10)
            x, y = nx, ny
        path.Z()
    return path


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
        line = draw.Group(data_between=f"{a} {b}", stroke_linecap="round", **attrs)
        # one path per border, rounded to a tenth (a border may be many short runs)
        path = draw.Path(fill="none")
        for start, end in segments:
            (x1, y1), (x2, y2) = ((round(x, 1), round(y, 1)) for x, y in (start, end))
            path.M(x1, y1).L(x2, y2)
        line.append(path)
        borders.append(line)
    for (a, b), (start, end) in layout.connectors.items():
        bridge = game_map.bridge_sea(a, b) is not None
        water = "sea" in (game_map.provinces[a].kind, game_map.provinces[b].kind)
        borders.append(link_line(start, end, bridge=bridge, water=water,
                                 class_="link bridge" if bridge else "link",
                                 data_between=f"{a} {b}"))
    group.append(borders)


def _labels(group: draw.Group, game_map: GameMap, board: Board, layout: BoardLayout,
            colours: dict[str, str]) -> None:
    labels = draw.Group(class_="labels")
    for pid, spot in layout.spots.items():
        province = game_map.provinces[pid]
        x, y = spot.text
        ink = {"sea": style.SEA_INK, "impassable": "#4a443b"}.get(province.kind, style.INK)
        italic = {"font_style": "italic"} if province.kind in ("sea", "impassable") else {}
        label = draw.Group(class_="label", data_province=pid)
        label.append_title(province.name)
        for halo in (True, False):
            label.append(draw.Text(spot.label, LABEL_FONT, x, y, text_anchor="middle",
                                   font_weight="bold", fill=ink,
                                   **({"stroke": style.HALO, "stroke_width": 2.6,
                                       "stroke_linejoin": "round", "opacity": 0.85}
                                      if halo else {}), **italic))
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
