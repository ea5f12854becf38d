"""Maps of real places drawn on their real coastline.

A map whose file has a companion `ID.outline.json` (made once by `tools/make_outlines.py`
from Natural Earth's public-domain land polygons) is drawn on that land: the outline file
holds the projected coastlines and the projection's four numbers, so a province's `pos`
(longitude, latitude) is projected here with plain arithmetic and no geographic library.

Regions: the land is divided among the land provinces (and the `barren` land that is no
province: Ireland, Switzerland ...) by nearest point, and the water among the seas, each
province claiming its `pos` and the outline's extra `seeds`. Two provinces touch where
their parts of the land (or of the water) meet along at least `TOUCH` pixels, and a land
province touches a sea where its coast meets that sea's water.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache

from gm.draw.geometry import Box, Point, Polygon, edges, polygon_area, voronoi_cells
from gm.maps.gamemap import GameMap

TOUCH = 5.0  # pixels of shared border before two regions count as touching (and are drawn)
STEP = 1.0  # pixels between the points tested along a border
SMALL_ISLAND = 120.0  # square pixels: an island this small with no province's point is barren
BARREN = "~"  # the owner of land that is no province


@dataclass(frozen=True, slots=True)
class Outline:
    """The coastline a map is drawn on, in page units, and how to project onto it."""

    west: float
    north: float
    lon_factor: float
    scale: float
    size: tuple[float, float]
    land: tuple[tuple[Point, ...], ...]
    barren: dict[str, tuple[Point, ...]]
    seeds: dict[str, tuple[Point, ...]]
    fill: tuple[tuple[Point, ...], ...] = ()  # water the board counts as land (straits)
    source: str = ""

    def project(self, lon: float, lat: float) -> Point:
        return ((lon - self.west) * self.lon_factor * self.scale, (self.north - lat) * self.scale)


def outline_for(game_map: GameMap) -> Outline | None:
    """The map's outline file, for a `lonlat` map that has one."""
    if game_map.projection != "lonlat":
        return None
    return _read(game_map.id)


@cache
def _read(map_id: str) -> Outline | None:
    from gm.maps.loader import maps_dir

    path = maps_dir() / f"{map_id}.outline.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    projection = data["projection"]

    def points(flat: list[float]) -> tuple[Point, ...]:
        return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))

    return Outline(projection["west"], projection["north"], projection["lon_factor"],
                   projection["scale"], tuple(data["size"]),
                   tuple(points(ring) for ring in data["land"]),
                   {name: tuple(map(tuple, ps)) for name, ps in data["barren"].items()},
                   {pid: tuple(map(tuple, ps)) for pid, ps in data["seeds"].items()},
                   tuple(points(ring) for ring in data.get("fill", {}).values()),
                   data.get("source", ""))


class LandMask:
    """Which pixels are land: the outline's rings filled (each on its own, so overlapping
    rings add up), one byte per pixel."""

    def __init__(self, rings, width: int, height: int, shift: Point = (0.0, 0.0)):
        self.width, self.height = width, height
        self.rows = [bytearray(width) for _ in range(height)]
        for ring in rings:
            self._fill(ring, shift)

    def _fill(self, ring, shift: Point) -> None:
        width, height = self.width, self.height
        crossings: dict[int, list[float]] = {}
        dx, dy = shift
        for i, (x1, y1) in enumerate(ring):
            x2, y2 = ring[i - 1]
            x1, y1, x2, y2 = x1 - dx, y1 - dy, x2 - dx, y2 - dy
            if y1 == y2:
                continue
            low, high = min(y1, y2), max(y1, y2)
            for row in range(max(0, math.ceil(low - 0.5)), min(height, math.ceil(high - 0.5))):
                y = row + 0.5
                crossings.setdefault(row, []).append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        for row, xs in crossings.items():
            line = self.rows[row]
            xs.sort()
            for a, b in zip(xs[::2], xs[1::2], strict=False):
                start, end = max(0, math.ceil(a - 0.5)), min(width, math.ceil(b - 0.5))
                if end > start:
                    line[start:end] = b"\x01" * (end - start)

    def __call__(self, point: Point) -> bool:
        x, y = int(point[0]), int(point[1])
        return 0 <= y < self.height and 0 <= x < self.width and bool(self.rows[y][x])


@dataclass(slots=True)
class GeoRegions:
    regions: dict[str, list[Polygon]]
    borders: dict[frozenset[str], list[tuple[Point, Point]]]
    touching: set[frozenset[str]]
    barren: list[Polygon] = field(default_factory=list)
    coast: list[Polygon] = field(default_factory=list)
    land: list[Polygon] = field(default_factory=list)
    samples: dict[frozenset[str], Point] = field(default_factory=dict)  # a point of each coast


def geo_regions(game_map: GameMap, outline: Outline, anchors: dict[str, Point], frame: Box,
                shift: Point) -> GeoRegions:
    """Divide the outline's land and water among the provinces (see the module's text).
    `anchors` are the provinces' projected `pos`, and everything of the outline is moved by
    `-shift` into the frame."""
    dx, dy = shift
    coasts = [[(x - dx, y - dy) for x, y in ring] for ring in outline.land]
    moved = coasts + [[(x - dx, y - dy) for x, y in ring] for ring in outline.fill]
    land_seeds: dict[str, Point] = {}
    sea_seeds: dict[str, Point] = {}
    owner: dict[str, str] = {}
    for pid, province in game_map.provinces.items():
        if pid not in anchors:
            continue
        points = [anchors[pid], *((x - dx, y - dy) for x, y in outline.seeds.get(pid, ()))]
        target = sea_seeds if province.kind == "sea" else land_seeds
        for i, point in enumerate(points):
            target[f"{pid}#{i}"] = point
            owner[f"{pid}#{i}"] = pid
    for name, points in outline.barren.items():
        for i, (x, y) in enumerate(points):
            land_seeds[f"{BARREN}{name}#{i}"] = (x - dx, y - dy)
            owner[f"{BARREN}{name}#{i}"] = BARREN
    # small islands with no province's point are barren, and no passage between provinces
    provinces = [p for k, p in land_seeds.items() if owner[k] != BARREN]
    barren_islands = {i for i, ring in enumerate(moved[:len(coasts)])
                      if polygon_area(ring) < SMALL_ISLAND and not any(inside_ring(ring, p) for p in provinces)}
    kept = [ring for i, ring in enumerate([*outline.land, *outline.fill]) if i not in barren_islands]
    mask = LandMask(kept, math.ceil(frame.width), math.ceil(frame.height), shift)
    land_cells = voronoi_cells(land_seeds, frame)
    sea_cells = voronoi_cells(sea_seeds, frame)
    result = GeoRegions({pid: [] for pid in anchors}, {}, set(), land=moved, coast=coasts)
    for key, cell in sea_cells.items():
        if len(cell.points) >= 3:
            result.regions[owner[key]].append(cell.points)
    for index, ring in enumerate(moved):
        barren_island = index in barren_islands
        box = _bounds(ring)
        for key, cell in land_cells.items():
            if not cell.points or not _bounds(cell.points).overlaps(box):
                continue
            piece = _clip(ring, cell.points)
            if len(piece) >= 3 and polygon_area(piece) > 0.2:
                here = BARREN if barren_island else owner[key]
                (result.barren if here == BARREN else result.regions[here]).append(piece)
    lengths: dict[frozenset[str], float] = {}
    for cells, wanted in ((land_cells, True), (sea_cells, False)):
        for key, cell in cells.items():
            for start, end, across in edges(cell):
                if across is None or key > across:
                    continue
                a, b = owner[key], owner[across]
                if a == b or BARREN in (a, b):
                    continue
                for run in _runs(start, end, lambda p, w=wanted: mask(p) == w):
                    pair = frozenset((a, b))
                    result.borders.setdefault(pair, []).append(run)
                    lengths[pair] = lengths.get(pair, 0.0) + math.dist(*run)
    land_points = list(land_seeds.items())
    sea_points = list(sea_seeds.items())
    for index, ring in enumerate(moved):
        if index in barren_islands:
            continue
        for point, normal in _along(ring):
            ahead = (point[0] + normal[0], point[1] + normal[1])
            behind = (point[0] - normal[0], point[1] - normal[1])
            if not (_within(frame, ahead) and _within(frame, behind)):
                continue  # the edge of the picture, not a coast
            if mask(ahead) and mask(behind):
                continue  # land on both sides: a strait the board fills, not a coast
            here = owner[min(land_points, key=lambda kp: math.dist(kp[1], point))[0]]
            there = owner[min(sea_points, key=lambda kp: math.dist(kp[1], point))[0]]
            if here != BARREN:
                pair = frozenset((here, there))
                lengths[pair] = lengths.get(pair, 0.0) + STEP
                result.samples.setdefault(pair, point)
                # the coastline itself is drawn with the land; a stretch of coast between
                # a province and a sea it does not border is kept, to be drawn as a barrier
                coast = result.borders.setdefault(pair, [])
                if there not in game_map.neighbours(here):
                    coast.append((point, (point[0] - normal[1] / 1.5 * STEP,
                                          point[1] + normal[0] / 1.5 * STEP)))
    result.touching = {pair for pair, length in lengths.items() if length >= TOUCH}
    result.borders = {pair: segs for pair, segs in result.borders.items()
                      if pair in result.touching}
    return result


def _runs(start: Point, end: Point, keep) -> list[tuple[Point, Point]]:
    """The parts of a segment whose points pass `keep`, tested every `STEP` pixels."""
    length = math.dist(start, end)
    steps = max(1, int(length / STEP))
    runs, first = [], None
    for i in range(steps + 1):
        t = i / steps
        point = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        if keep(point):
            first = point if first is None else first
            last = point
        elif first is not None:
            runs.append((first, last))
            first = None
    if first is not None:
        runs.append((first, last))
    return [run for run in runs if math.dist(*run) > 0]


def _along(ring) -> list[tuple[Point, Point]]:
    """Points every `STEP` pixels along a closed ring, each with a unit normal (1.5 px)."""
    out = []
    for i, (x1, y1) in enumerate(ring):
        x2, y2 = ring[(i + 1) % len(ring)]
        length = math.hypot(x2 - x1, y2 - y1)
        if not length:
            continue
        normal = (-(y2 - y1) / length * 1.5, (x2 - x1) / length * 1.5)
        for j in range(max(1, int(length / STEP))):
            t = j * STEP / length
            out.append(((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t), normal))
    return out


def _within(frame: Box, point: Point) -> bool:
    return frame.left < point[0] < frame.right and frame.top < point[1] < frame.bottom


def _bounds(points) -> Box:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


def inside_ring(ring, point: Point) -> bool:
    """Even-odd test: is `point` inside the (not necessarily convex) ring?"""
    x, y = point
    inside = False
    for i, (x1, y1) in enumerate(ring):
        x2, y2 = ring[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _clip(subject, convex: Polygon) -> Polygon:
    """`subject` cut to a convex polygon (Sutherland-Hodgman; either winding)."""
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
               in zip(convex, [*convex[1:], convex[0]], strict=True))
    sign = 1 if area > 0 else -1
    out = list(subject)
    for i, a in enumerate(convex):
        b = convex[(i + 1) % len(convex)]
        if not out:
            break

        def side(p, a=a, b=b):
            return sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]))

        points, out = out, []
        for j, current in enumerate(points):
            previous = points[j - 1]
            sc, sp = side(current), side(previous)
            if sc >= 0:
                if sp < 0:
                    out.append(_cut(previous, current, sp, sc))
                out.append(current)
            elif sp >= 0:
                out.append(_cut(previous, current, sp, sc))
    return out


def _cut(p: Point, q: Point, sp: float, sq: float) -> Point:
    t = sp / (sp - sq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
