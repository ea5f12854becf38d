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
from gm.draw.marks import centre_mark, hatching, link_line, token, water_lines
from gm.draw.notes import draw_notes, notes_height
from gm.draw.path_data import outlines, polylines
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
    board_group = draw.Group(class_="board", transform=f"translate(0,{TITLE_HEIGHT})")
    _fill_board(board_group, game_map, board, layout, colours, arrowhead)
    # the coastline may run past the frame: paper over all around it cuts it there, as a
    # clip path would, and costs resvg far less (the title and legend are drawn on it)
    board_group.append(draw.Path(
        d=f"M0 {-TITLE_HEIGHT}H{width}V{height - TITLE_HEIGHT}H0Z"
          f"M0 0V{map_height}H{map_width}V0Z", fill=style.PAPER, class_="surround"))
    board_group.append(draw.Rectangle(0, 0, map_width, map_height, fill="none",
                                      stroke=style.INK, stroke_width=1.5))
    picture.append(board_group)
    _title(picture, board)
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


_ATTRIBUTE = re.compile(r'( [\w:-]+)="([^"]*)"')
_NUMBER = re.compile(r"-?\d*\.\d+")


def _short(match: re.Match) -> str:
    """A number as short as it can be written: a tenth at most (`12.3456` -> `12.3`), no
    zero that says nothing (`58.0` -> `58`, `0.85` -> `.85`)."""
    text = match.group()
    if len(text.split(".")[1]) >= 3:
        text = f"{float(text):.1f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    text = text.replace("0.", ".", 1) if text.lstrip("-").startswith("0.") else text
    return "0" if text in ("", "-", "-0") else text


def compact(svg: str) -> str:
    """Every number in an attribute rounded to a tenth of a unit (a twentieth of a pixel on
    the PNG) and written short: the standard board's file stays small (docs/pictures.md).
    Text, the facts in `data-` attributes and the XML declaration are untouched."""
    def shortened(m: re.Match) -> str:
        name, value = m.groups()
        if name.startswith(" data-") or name == " version":
            return m.group()
        return f'{name}="{_NUMBER.sub(_short, value)}"'

    return _ATTRIBUTE.sub(shortened, svg)


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
    hatch = hatching()

    def region(pid: str, pieces, stroked: bool = False, lined: bool = True) -> draw.Group:
        """A province's region; `stroked`: a stroke in the same paint closes the hairline
        gaps between its pieces (not wanted on land along a coastline); `lined`: water gets
        its lines here (not where they are drawn once for all the seas)."""
        province = game_map.provinces[pid]
        owner = board.owners.get(pid)
        fill = _region_fill(province.kind, colours.get(owner) if owner else None)
        found = draw.Group(class_=f"region {province.kind}", id=f"region-{pid}",
                           data_province=pid)
        found.append_title(province.name)
        paint = hatch if province.kind == "impassable" else fill
        extra = {"stroke": paint, "stroke_width": 0.8, "stroke_linejoin": "round"}
        found.append(outlines(pieces, fill=paint, **(extra if stroked else {})))
        if province.kind == "sea" and lined:
            found.append(water_lines(pieces))
        return found

    if not layout.land:  # a drawn map: every region a set of cells
        for pid, pieces in layout.regions.items():
            regions.append(region(pid, pieces, stroked=True))
        group.append(regions)
        return
    _coastline_regions(regions, game_map, layout, region)
    if layout.barren:
        regions.append(outlines(layout.barren, fill=hatch, class_="barren"))
    if layout.mapped is not None:  # beyond the coastline's box (room for labels): paper
        frame, inner = layout.frame, layout.mapped
        regions.append(outlines([[(frame.left, frame.top), (frame.right, frame.top),
                                  (frame.right, frame.bottom), (frame.left, frame.bottom)],
                                 [(inner.left, inner.top), (inner.left, inner.bottom),
                                  (inner.right, inner.bottom), (inner.right, inner.top)]],
                                fill=style.PAPER, fill_rule="evenodd", class_="margin"))
    group.append(regions)


def _coastline_regions(regions: draw.Group, game_map: GameMap, layout: BoardLayout,
                       region) -> None:
    """A map on its real coastline: the seas, their lines once over all the water (the
    seas fill the frame, and the land covers the lines with the rest), then all land once
    with its coastline stroked (the provinces cover the inner half of the line, so the coast
    shows along the water only), then the land provinces: their pieces of the land, cut
    once when the layout was made (a clip path would cost resvg a pass over the whole
    board in every PNG), the whole islands as they are, and the rivers over the land.
    """
    seas = [pid for pid in layout.regions if game_map.provinces[pid].kind == "sea"
            and pid not in layout.rivers]
    # stroked in their own blue (said once, on their group), as `region` strokes a sea
    water = draw.Group(class_="seas", stroke=style.SEA, stroke_width=0.8,
                       stroke_linejoin="round")
    for pid in seas:
        water.append(region(pid, layout.regions[pid], lined=False))
    regions.append(water)
    if seas:
        frame = layout.frame
        regions.append(water_lines([[(frame.left, frame.top), (frame.right, frame.top),
                                     (frame.right, frame.bottom), (frame.left, frame.bottom)]],
                                   class_="water"))
    coast_style = {"fill": style.LAND, "stroke": "#4d6a86", "stroke_width": 2.2,
                   "stroke_linejoin": "round", "class_": "land coastline"}
    regions.append(outlines(layout.mainland, **coast_style))
    islands = {id(ring) for ring in layout.coast} - {id(ring) for ring in layout.mainland}
    whole = [ring for ring in layout.coast if id(ring) in islands]
    if whole:
        regions.append(outlines(whole, **coast_style))
    straits = [ring for ring in layout.land if ring not in layout.coast]
    if straits:  # water the board counts as land: no coastline around it
        regions.append(outlines(straits, fill=style.LAND, class_="land"))
    land = draw.Group(class_="mainland")
    rest = [pid for pid in layout.regions if pid not in seas]
    for pid in rest:
        pieces = [piece for piece in layout.regions[pid] if id(piece) not in islands]
        if pieces and pid not in layout.rivers:
            land.append(region(pid, pieces))
    regions.append(land)
    for pid in rest:  # islands and rivers
        pieces = layout.regions[pid]
        own = [piece for piece in pieces if id(piece) in islands]
        if pid in layout.rivers or len(own) == len(pieces):
            regions.append(region(pid, pieces))
        elif own:  # the islands of a province that also has mainland
            part = region(pid, own)
            part.args["class"] = "island"
            regions.append(part)


def _borders(group: draw.Group, game_map: GameMap, layout: BoardLayout) -> None:
    # what every border shares is said once, on the group (a small file)
    borders = draw.Group(class_="borders", fill="none", stroke_linecap="round")
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
        borders.append(polylines(segments, data_between=f"{a} {b}", **attrs))
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
        label = draw.Group(class_="label", data_province=pid, fill=ink, **italic)
        label.append_title(province.name)
        label.append(draw.Text(spot.label, None, x, y, stroke=style.HALO, stroke_width=2.6,
                               opacity=0.85))
        label.append(draw.Text(spot.label, None, x, y))
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
