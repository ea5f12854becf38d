"""Where everything of a map goes on the picture: computed once per map, shared by all phases.

Steps:
1. *Project* each province's `pos` onto the page: `xy` maps are drawn as given, `lonlat` maps
   with an equirectangular projection whose longitudes are scaled by the cosine of the mean
   latitude (so that a degree east and a degree north look about the same length).
2. *Spread* the sites so that no two provinces' blocks (the row of pieces and, under it, the
   abbreviation with its supply-centre mark) overlap. Close places (Jerusalem and Jericho are a
   quarter of a degree apart) are pushed apart, and every site is pulled back towards where
   the map puts it, so the board keeps its shape.
3. *Partition* the frame into one Voronoi cell per province: land and sea then read as
   regions, and provinces that are close on the map touch on the picture.
4. *Compare* the picture with the map: two cells that share a border although the provinces
   are not neighbours get a barrier line, and neighbours whose cells do not touch get a
   connector, so the picture never suggests a move the map does not allow, nor hides one.

A map of a real place with an outline file (`gm.draw.outline`) is drawn on its real
coastline instead: step 3 divides the real land among the land provinces and the water
among the seas; steps 1, 2 and 4 are the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from gm.draw.features import Features, features_for, placed
from gm.draw.geometry import Box, Point, Polygon, contains, edges, voronoi_cells
from gm.draw.outline import Outline, geo_regions, outline_for
from gm.draw.province_room import ROW_CLEARANCE, Regions, column_room, row_place, row_room
from gm.draw.style import text_width
from gm.maps.gamemap import GameMap

# The page area a map is scaled into before spreading, in SVG user units (pixels).
TARGET_WIDTH = 960.0
TARGET_HEIGHT = 740.0
FRAME_MARGIN = 26.0

# A province's block, relative to its site (x, y): the pieces' row above, the label row below.
LABEL_FONT = 11.0
TOKEN_HEIGHT = 17.0
TOKEN_ROW_WIDTH = 50.0
TOKEN_ROW_Y = -9.0  # centre line of the pieces' row
LABEL_BASELINE = 12.5
LABEL_TOP = 2.5  # top of the label row (capitals of an 11 px font reach this high)
LABEL_BOTTOM = 15.0  # bottom of the label row
MARKER_RADIUS = 5.0  # the supply-centre mark, left of the abbreviation
MARKER_GAP = 3.0
BLOCK_PADDING = 2.0

SPREAD_ROUNDS = 300  # rounds that push apart and pull back
SETTLE_ROUNDS = 3000  # at most this many more that only push apart, until nothing overlaps
ANCHOR_PULL = 0.04  # how strongly a site is drawn back to its map position each round


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one province's things are drawn."""

    province: str
    label: str  # the abbreviation shown: `Par`
    site: Point  # the province's point after spreading
    label_box: Box  # the abbreviation and its supply-centre mark
    marker: Point  # centre of the supply-centre mark
    text: Point  # where the abbreviation's baseline is centred
    tokens: Point  # centre of the row of pieces, inside the province (`gm.draw.province_room`)
    row_room: float = TOKEN_ROW_WIDTH / 2  # how far the row may reach either way, inside it
    column_room: tuple[float, float] = (TOKEN_ROW_WIDTH, TOKEN_ROW_WIDTH)  # and up, and down

    @property
    def block(self) -> Box:
        """Everything this province may draw at its site (pieces and label)."""
        half = max(TOKEN_ROW_WIDTH, self.label_box.width) / 2
        x, y = self.site
        return Box(x - half, y + TOKEN_ROW_Y - TOKEN_HEIGHT / 2, x + half, self.label_box.bottom)


@dataclass(slots=True)
class BoardLayout:
    """A board's drawing plan, worked out once per map and kept on disk: where each province's
    cell, name and pieces go."""

    map_id: str
    frame: Box  # the map area; the cells fill it exactly
    spots: dict[str, Spot]
    regions: dict[str, list[Polygon]]  # each province as convex pieces that tile the frame
    borders: dict[frozenset[str], list[tuple[Point, Point]]]  # where two regions meet
    barriers: list[tuple[str, str]]  # shared borders between provinces that are not neighbours
    links: list[tuple[str, str]]  # neighbours whose cells do not touch
    connectors: dict[tuple[str, str], tuple[Point, Point]]  # each link, from region to region
    displacement: dict[str, float]  # how far spreading moved each site, in pixels
    # drawn on a real coastline (empty otherwise): all land, the land that is no province,
    # and the coastlines; regions are then drawn seas first, land on top, without outlines
    land: list[Polygon] = field(default_factory=list)
    barren: list[Polygon] = field(default_factory=list)
    coast: list[Polygon] = field(default_factory=list)
    # the part of the frame the coastline covers, where labels pass its box (None: all of it);
    # the coastline may also reach beyond the frame, which the picture cuts off
    mapped: Box | None = None
    # the coast that is not a whole island: drawn once with its coastline, under the land
    # provinces' pieces of it (their `regions`, cut to the land when the layout is made)
    mainland: list[Polygon] = field(default_factory=list)
    rivers: frozenset[str] = frozenset()  # the rivers that are spaces, drawn over the land
    features: Features | None = None  # mountain ranges and rivers drawn on a drawn map


def label_text(province_id: str) -> str:
    """Province ids as zines print them: `par` -> `Par`."""
    return province_id[:1].upper() + province_id[1:]


def label_width(text: str) -> float:
    return text_width(text, LABEL_FONT)


def project(game_map: GameMap) -> dict[str, Point]:
    """Each province's `pos` in page units (y down), scaled into the target area.

    A province without `pos` is put at the middle of its neighbours that have one, so a map
    still being written can be drawn; `gm map check` is where missing positions are fixed."""
    return _projection(game_map)[0]


def _projection(game_map: GameMap):
    """`project`'s answer, and the function that takes any point of the map's own
    coordinates (an `xy` map's) to the page the same way."""
    raw: dict[str, Point] = {}
    if game_map.projection == "lonlat":
        lats = [p.pos[1] for p in game_map.provinces.values() if p.pos]
        shrink = math.cos(math.radians(sum(lats) / len(lats))) if lats else 1.0
        for pid, p in game_map.provinces.items():
            if p.pos:
                raw[pid] = (p.pos[0] * shrink, -p.pos[1])
    else:
        for pid, p in game_map.provinces.items():
            if p.pos:
                raw[pid] = (float(p.pos[0]), float(p.pos[1]))
    _place_missing(raw, game_map)
    xs = [x for x, _ in raw.values()]
    ys = [y for _, y in raw.values()]
    span_x = max(max(xs) - min(xs), 1e-9)
    span_y = max(max(ys) - min(ys), 1e-9)
    scale = min(TARGET_WIDTH / span_x, TARGET_HEIGHT / span_y)
    left, top = min(xs), min(ys)

    def to_page(point: Point) -> Point:
        return ((point[0] - left) * scale, (point[1] - top) * scale)

    return {pid: to_page(point) for pid, point in raw.items()}, to_page


def _place_missing(raw: dict[str, Point], game_map: GameMap) -> None:
    missing = [pid for pid in game_map.provinces if pid not in raw]
    for _ in range(len(missing) + 1):
        for pid in list(missing):
            known = [raw[n] for n in sorted(game_map.neighbours(pid)) if n in raw]
            if known:
                raw[pid] = (sum(x for x, _ in known) / len(known),
                            sum(y for _, y in known) / len(known))
                missing.remove(pid)
    for i, pid in enumerate(missing):  # no neighbour has a position either: a row below
        raw[pid] = (float(i), max((y for _, y in raw.values()), default=0.0) + 1.0)


def _half_sizes(label: str) -> tuple[float, float]:
    row = label_width(label) + 2 * (MARKER_RADIUS + MARKER_GAP)
    half_w = max(TOKEN_ROW_WIDTH, row) / 2 + BLOCK_PADDING
    half_h = (LABEL_BOTTOM - (TOKEN_ROW_Y - TOKEN_HEIGHT / 2)) / 2 + BLOCK_PADDING
    return half_w, half_h


def spread(anchors: dict[str, Point], sizes: dict[str, tuple[float, float]]
           ) -> dict[str, Point]:
    """Move sites apart until no two blocks overlap, keeping each near its anchor.

    Each round pushes every overlapping pair apart along the line joining them, just enough
    to clear, then pulls each site a little towards its anchor. Then rounds that only push
    follow until nothing overlaps. Deterministic: the same map always gives the same
    picture."""
    keys = sorted(anchors)
    pos = {k: list(anchors[k]) for k in keys}
    for round_ in range(SPREAD_ROUNDS + SETTLE_ROUNDS):
        pull = ANCHOR_PULL if round_ < SPREAD_ROUNDS else 0.0
        moved = False
        for i, a in enumerate(keys):
            pa, (wa, ha) = pos[a], sizes[a]
            for b in keys[i + 1:]:
                pb, (wb, hb) = pos[b], sizes[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                need_x, need_y = wa + wb, ha + hb
                if abs(dx) >= need_x or abs(dy) >= need_y:
                    continue
                if abs(dx) < 1e-9 and abs(dy) < 1e-9:  # same point: split them sideways
                    dx, dy = 1e-3, 0.0
                ratio = max(abs(dx) / need_x, abs(dy) / need_y)
                # Push apart along the joining line until one axis clears.
                push = (1.0 / ratio - 1.0) / 2 + 0.01
                pa[0] -= dx * push
                pa[1] -= dy * push
                pb[0] += dx * push
                pb[1] += dy * push
                moved = True
        if pull:
            for k in keys:
                ax, ay = anchors[k]
                pos[k][0] += (ax - pos[k][0]) * pull
                pos[k][1] += (ay - pos[k][1]) * pull
        elif not moved:
            break
    return {k: (p[0], p[1]) for k, p in pos.items()}


def _spot(province: str, site: Point) -> Spot:
    x, y = site
    label = label_text(province)
    width = label_width(label)
    row_left = x - width / 2 - MARKER_RADIUS - MARKER_GAP
    label_box = Box(row_left - MARKER_RADIUS, y + LABEL_TOP,
                    x + width / 2 + MARKER_GAP + MARKER_RADIUS, y + LABEL_BOTTOM)
    marker = (row_left, y + (LABEL_TOP + LABEL_BOTTOM) / 2)
    return Spot(province, label, site, label_box, marker, (x, y + LABEL_BASELINE),
                (x, y + TOKEN_ROW_Y))


def build_layout(game_map: GameMap) -> BoardLayout:
    """Lay out a map from scratch (see `layout_for`, which keeps the answer)."""
    outline = outline_for(game_map)
    if outline is not None:
        return _on_coastline(game_map, outline)
    anchors, to_page = _projection(game_map)
    sizes = {pid: _half_sizes(label_text(pid)) for pid in anchors}
    sites = spread(anchors, sizes)
    spots = {pid: _spot(pid, site) for pid, site in sites.items()}
    # The frame holds every block with a margin; the spreading may have moved the map a bit.
    blocks = [s.block for s in spots.values()]
    frame = Box(min(b.left for b in blocks) - FRAME_MARGIN,
                min(b.top for b in blocks) - FRAME_MARGIN,
                max(b.right for b in blocks) + FRAME_MARGIN,
                max(b.bottom for b in blocks) + FRAME_MARGIN)
    # Move everything so that the frame starts at (0, 0).
    dx, dy = -frame.left, -frame.top
    spots = {pid: _spot(pid, (s.site[0] + dx, s.site[1] + dy)) for pid, s in spots.items()}
    frame = frame.moved(dx, dy)
    regions, borders = partition(game_map, spots, frame)
    spots = _rows_inside(spots, Regions(regions, set(), []))
    neighbours = {frozenset((a, b)) for a in game_map.provinces
                  for b in game_map.neighbours(a) if a != b and b in game_map.provinces}
    barriers = sorted(tuple(sorted(pair)) for pair in borders if pair not in neighbours)
    links = sorted(tuple(sorted(pair)) for pair in neighbours if pair not in borders)
    connectors = {(a, b): connector(regions, spots, a, b) for a, b in links}
    displacement = {pid: math.dist(anchors[pid], sites[pid]) for pid in anchors}
    found = features_for(game_map) if game_map.projection != "lonlat" else None
    drawn = None
    if found is not None:  # ranges and rivers, moved as the provinces around them were
        drawn = placed(found, lambda p: (to_page(p)[0] + dx, to_page(p)[1] + dy),
                       {pid: (x + dx, y + dy) for pid, (x, y) in anchors.items()},
                       {pid: (x + dx, y + dy) for pid, (x, y) in sites.items()})
    return BoardLayout(game_map.id, frame, spots, regions, borders, barriers,  # type: ignore[arg-type]
                       links, connectors, displacement, features=drawn)  # type: ignore[arg-type]


def coastline_layout(game_map: GameMap, outline: Outline) -> BoardLayout:
    """The layout of a map drawn on `outline` (tools/tune_seeds.py tries outlines not yet
    written to a file)."""
    return _on_coastline(game_map, outline)


def _on_coastline(game_map: GameMap, outline: Outline) -> BoardLayout:
    """The layout of a map drawn on its real coastline (`gm.draw.outline`)."""
    anchors = {pid: outline.project(*p.pos) for pid, p in game_map.provinces.items() if p.pos}
    _place_missing(anchors, game_map)
    sizes = {pid: _half_sizes(label_text(pid)) for pid in anchors}
    sites = spread(anchors, sizes)
    blocks = [_spot(pid, site).block for pid, site in sites.items()]
    width, height = outline.size
    # The frame holds the board's provinces (every block, with a margin), not the whole box
    # the coastline was cut to: the picture is of the board, not of the land around it
    # (Hoplite Wars' Greece and its colonies fill it, not a third of it).
    left = min(b.left for b in blocks) - FRAME_MARGIN
    top = min(b.top for b in blocks) - FRAME_MARGIN
    right = max(b.right for b in blocks) + FRAME_MARGIN
    bottom = max(b.bottom for b in blocks) + FRAME_MARGIN
    frame = Box(0.0, 0.0, right - left, bottom - top)
    covered = Box(max(0.0, -left), max(0.0, -top), min(frame.right, width - left),
                  min(frame.bottom, height - top))  # what of the frame the coastline covers
    spots = {pid: _spot(pid, (x - left, y - top)) for pid, (x, y) in sites.items()}
    moved = {pid: (x - left, y - top) for pid, (x, y) in anchors.items()}
    geo = geo_regions(game_map, outline, moved, frame, (left, top))
    # seas under the land, rivers over it
    order = sorted(geo.regions, key=lambda pid: 2 if pid in outline.rivers else
                   int(game_map.provinces[pid].kind != "sea"))
    regions = {pid: geo.regions[pid] for pid in order}
    seas = {pid for pid in regions if game_map.provinces[pid].kind == "sea"
            and pid not in outline.rivers}
    spots = _rows_inside(spots, Regions(regions, seas, geo.land))
    neighbours = {frozenset((a, b)) for a in game_map.provinces
                  for b in game_map.neighbours(a) if a != b and b in game_map.provinces}
    barriers = sorted(tuple(sorted(pair)) for pair in geo.touching if pair not in neighbours)
    links = sorted(tuple(sorted(pair)) for pair in neighbours if pair not in geo.touching)
    connectors = {(a, b): connector(regions, spots, a, b) for a, b in links}
    displacement = {pid: math.dist(anchors[pid], sites[pid]) for pid in anchors}
    return BoardLayout(game_map.id, frame, spots, regions, geo.borders,  # type: ignore[arg-type]
                       barriers, links, connectors, displacement,  # type: ignore[arg-type]
                       land=geo.land, barren=geo.barren, coast=geo.coast,
                       mainland=geo.mainland,
                       rivers=frozenset(outline.rivers) & set(regions),
                       mapped=None if covered == frame else covered)


NEAR = 200.0  # farther than a row ever moves (`province_room.FARTHEST`) and reaches


def _rows_inside(spots: dict[str, Spot], regions: Regions) -> dict[str, Spot]:
    """Each province's row of pieces where its tokens are inside the province as drawn and
    cover no label (`gm.draw.province_room`), with the room they have."""
    labels = [(pid, spot.label_box) for pid, spot in spots.items()]
    half = TOKEN_HEIGHT / 2
    out = {}
    for pid, spot in spots.items():
        x, y = spot.tokens
        around = Box(x - NEAR, y - NEAR, x + NEAR, y + NEAR)  # the labels a row may reach
        near = [box for _, box in labels if box.overlaps(around)]  # its own label too

        def inside(p, pid=pid):
            return regions.contains(pid, p)

        def fine(p, pid=pid, near=near):
            box = Box(p[0] - half, p[1] - half, p[0] + half, p[1] + half)
            return not any(box.overlaps(other) for other in near) and regions.contains(pid, p)

        point = row_place(fine, inside, spot.tokens, TOKEN_ROW_WIDTH / 2)
        room = row_room(fine, point, TOKEN_ROW_WIDTH / 2)
        up, down = column_room(fine, point, TOKEN_ROW_WIDTH)
        if max(room, up + down) < ROW_CLEARANCE:  # a province too cramped for a second
            # token clear of its neighbours' labels: inside it comes first
            room = row_room(inside, point, TOKEN_ROW_WIDTH / 2)
            up, down = column_room(inside, point, TOKEN_ROW_WIDTH)
        out[pid] = replace(spot, tokens=point, row_room=room, column_room=(up, down))
    return out


def connector(regions: dict[str, list[Polygon]], spots: dict[str, Spot], a: str, b: str
              ) -> tuple[Point, Point]:
    """The part of the line between two provinces' blocks that lies outside both regions:
    where the connector between neighbours that do not touch is drawn."""
    start, end = _block_centre(spots[a]), _block_centre(spots[b])
    length = math.dist(start, end)
    steps = max(2, int(length))

    def at(t: float) -> Point:
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

    def inside(pid: str, point: Point) -> bool:
        return any(contains(piece, point) for piece in regions[pid])

    first = next((i for i in range(steps + 1) if not inside(a, at(i / steps))), 0)
    last = next((i for i in range(steps, -1, -1) if not inside(b, at(i / steps))), steps)
    if last <= first:  # the regions meet after all on this line: draw the whole of it
        first, last = 0, steps
    return at(first / steps), at(last / steps)


EDGE_POINTS = (0.15, 0.3, 0.45)  # where along the line to a neighbour a province claims ground


def partition(game_map: GameMap, spots: dict[str, Spot], frame: Box
              ) -> tuple[dict[str, list[Polygon]], dict[frozenset[str], list[tuple[Point, Point]]]]:
    """Divide the frame into one region per province, and find where regions meet.

    Every province claims its block's centre and, for each neighbour, a few points on the
    way to it (not past halfway). The Voronoi cells of all these points, joined per
    province, make regions that reach towards their neighbours: provinces that are
    neighbours on the map tend to touch, and provinces that are not are kept apart by the
    ground their own neighbours claim. A point nearer to a third province than to either
    end is left out, so no province claims ground inside another."""
    centres = {pid: _block_centre(s) for pid, s in spots.items()}
    generators: dict[str, Point] = dict(centres)
    owner: dict[str, str] = {pid: pid for pid in centres}
    taken = {(round(x), round(y)) for x, y in centres.values()}  # one point per pixel
    for a in sorted(centres):
        for b in sorted(game_map.neighbours(a)):
            if b not in centres or b == a or game_map.bridge_sea(a, b) is not None:
                continue
            (ax, ay), (bx, by) = centres[a], centres[b]
            for t in EDGE_POINTS:
                point = (ax + (bx - ax) * t, ay + (by - ay) * t)
                nearest = min(centres, key=lambda pid: math.dist(centres[pid], point))
                pixel = (round(point[0]), round(point[1]))
                if nearest in (a, b) and pixel not in taken:
                    taken.add(pixel)
                    key = f"{a}>{b}@{t}"
                    generators[key] = point
                    owner[key] = a
    cells = voronoi_cells(generators, frame)
    regions: dict[str, list[Polygon]] = {pid: [] for pid in centres}
    borders: dict[frozenset[str], list[tuple[Point, Point]]] = {}
    for key, cell in cells.items():
        here = owner[key]
        if len(cell.points) >= 3:
            regions[here].append(cell.points)
        for start, end, across in edges(cell):
            if across is None:
                continue
            there = owner[across]
            if here < there and math.dist(start, end) > 0.5:
                borders.setdefault(frozenset((here, there)), []).append((start, end))
    return regions, borders


def _block_centre(spot: Spot) -> Point:
    block = spot.block
    return ((block.left + block.right) / 2, (block.top + block.bottom) / 2)


_LAYOUTS: dict[tuple, BoardLayout] = {}


def layout_for(game_map: GameMap) -> BoardLayout:
    """The layout of a map, computed once per process for each version of the map, and
    kept on disk between runs (`gm.draw.layout_cache`)."""
    from gm.draw.layout_cache import cached, map_key

    key = map_key(game_map)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = cached(game_map, key, build_layout, BoardLayout)
    return found
