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
from pathlib import Path

from gm.draw.geometry import Box, Point, Polygon, edges, polygon_area, voronoi_cells
from gm.maps.gamemap import GameMap

TOUCH = 5.0  # pixels of shared border before two regions count as touching (and are drawn)
STEP = 1.0  # pixels between the points tested along a border
SMALL_ISLAND = 120.0  # square pixels: an island this small with no province's point is barren
BARREN = "~"  # the owner of land that is no province
RIVER_WIDTH = 4.0  # pixels: a river that is a space, drawn along its course
ISLET = 7.0  # pixels: the radius of an island too small for the dataset
RIVER_STEP = 8.0  # pixels between a river's points that claim its water
SEA, LAND, RIVER, ISLAND = 0, 1, 2, 3  # what a pixel is (ISLAND + n: the n-th whole island)


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
    rivers: dict[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)  # courses
    source: str = ""
    # an island this small (square pixels) with no province's point on it is barren; a map
    # of many islands that are no provinces (the Aegean) sets it high
    small_island: float = SMALL_ISLAND

    def project(self, lon: float, lat: float) -> Point:
        return ((lon - self.west) * self.lon_factor * self.scale, (self.north - lat) * self.scale)


def outline_for(game_map: GameMap) -> Outline | None:
    """The map's outline file, for a `lonlat` map that has one."""
    if game_map.projection != "lonlat":
        return None
    return _read(game_map.id)


def companion_path(map_id: str, ending: str) -> Path | None:
    """The file beside the map file gm reads for `map_id` (`ID.outline.json`,
    `ID.features.json`), if there is one: a GM's own copy of a map without it is drawn
    without it."""
    from gm.maps.loader import MapError, map_files

    try:
        map_file = map_files().get(map_id)
    except MapError:
        return None
    path = map_file.with_name(f"{map_id}.{ending}") if map_file else None
    return path if path is not None and path.exists() else None


def companion(map_id: str, ending: str) -> dict | None:
    """The JSON of `companion_path`'s file, if there is one."""
    path = companion_path(map_id, ending)
    return json.loads(path.read_text(encoding="utf-8")) if path is not None else None


@cache
def _read(map_id: str) -> Outline | None:
    data = companion(map_id, "outline.json")
    return outline_from_data(data) if data is not None else None


def outline_from_data(data: dict) -> Outline:
    """An outline file's content (as `tools/make_outlines.py` writes it) as an `Outline`."""
    projection = data["projection"]

    def points(flat: list[float]) -> tuple[Point, ...]:
        return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))

    return Outline(projection["west"], projection["north"], projection["lon_factor"],
                   projection["scale"], tuple(data["size"]),
                   tuple(points(ring) for ring in data["land"]),
                   {name: tuple(map(tuple, ps)) for name, ps in data["barren"].items()},
                   {pid: tuple(map(tuple, ps)) for pid, ps in data["seeds"].items()},
                   tuple(points(ring) for ring in data.get("fill", {}).values()),
                   {pid: tuple(points(course) for course in courses)
                    for pid, courses in data.get("rivers", {}).items()},
                   data.get("source", ""), data.get("small_island", SMALL_ISLAND))


class LandMask:
    """Which pixels are land: the outline's rings filled (each on its own, so overlapping
    rings add up), one byte per pixel."""

    def __init__(self, rings, width: int, height: int, shift: Point = (0.0, 0.0),
                 rivers=(), islands=()):
        self.width, self.height = width, height
        self.rows = [bytearray(width) for _ in range(height)]
        for ring in rings:
            self._fill(ring, shift, LAND)
        for ring, value in islands:  # already in the frame's coordinates
            self._fill(ring, (0.0, 0.0), value)
        for ring in rivers:
            self._fill(ring, (0.0, 0.0), RIVER)

    def _fill(self, ring, shift: Point, value: int) -> None:
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
                    line[start:end] = bytes([value]) * (end - start)

    def kind(self, point: Point) -> int:
        """`SEA`, `LAND` or `RIVER` (outside the picture: sea)."""
        x, y = int(point[0]), int(point[1])
        return self.rows[y][x] if 0 <= y < self.height and 0 <= x < self.width else SEA

    def __call__(self, point: Point) -> bool:
        return self.kind(point) not in (SEA, RIVER)


@dataclass(slots=True)
class GeoRegions:
    """The regions of a map drawn from real coastlines, before they become a layout."""

    regions: dict[str, list[Polygon]]
    borders: dict[frozenset[str], list[tuple[Point, Point]]]
    touching: set[frozenset[str]]
    barren: list[Polygon] = field(default_factory=list)
    coast: list[Polygon] = field(default_factory=list)
    land: list[Polygon] = field(default_factory=list)
    samples: dict[frozenset[str], Point] = field(default_factory=dict)  # a point of each coast
    # for drawing: the land that is not a whole island, drawn with its coastline once under
    # the land provinces' pieces of it (the whole islands are in `regions` as they are)
    mainland: list[Polygon] = field(default_factory=list)


def geo_regions(game_map: GameMap, outline: Outline, anchors: dict[str, Point], frame: Box,
                shift: Point) -> GeoRegions:
    """Divide the outline's land and water among the provinces (see the module's text).
    `anchors` are the provinces' projected `pos`, and everything of the outline is moved by
    `-shift` into the frame."""
    dx, dy = shift
    coasts = [[(x - dx, y - dy) for x, y in ring] for ring in outline.land]
    moved = coasts + [[(x - dx, y - dy) for x, y in ring] for ring in outline.fill]
    courses = {pid: [[(x - dx, y - dy) for x, y in course] for course in found]
               for pid, found in outline.rivers.items() if pid in anchors}
    seeds: dict[int, dict[str, Point]] = {SEA: {}, LAND: {}, RIVER: {}}
    owner: dict[str, str] = {}
    for pid, province in game_map.provinces.items():
        if pid in courses:
            points = [p for course in courses[pid] for p in _every(course, RIVER_STEP)]
            kind = RIVER
        elif pid in anchors:
            points = [anchors[pid], *((x - dx, y - dy) for x, y in outline.seeds.get(pid, ()))]
            kind = SEA if province.kind == "sea" else LAND
        else:
            continue
        taken = set(seeds[kind].values())
        for i, point in enumerate(points):
            if point in taken:  # one point, one cell (a repeated seed would draw it twice)
                continue
            taken.add(point)
            seeds[kind][f"{pid}#{i}"] = point
            owner[f"{pid}#{i}"] = pid
    for name, points in outline.barren.items():
        for i, (x, y) in enumerate(points):
            seeds[LAND][f"{BARREN}{name}#{i}"] = (x - dx, y - dy)
            owner[f"{BARREN}{name}#{i}"] = BARREN
    # a land province whose place is in the water (an islet too small for the dataset) is
    # drawn as a small island of its own
    for pid, province in game_map.provinces.items():
        if province.kind == "sea" or pid in courses or pid not in anchors:
            continue
        x, y = anchors[pid]
        if not any(inside_ring(ring, (x, y)) for ring in moved
                   if bounds(ring).left <= x <= bounds(ring).right):
            islet = [(x + ISLET * math.cos(a * math.pi / 4), y + ISLET * math.sin(a * math.pi / 4))
                     for a in range(8)]
            coasts.append(islet)
            moved.insert(len(coasts) - 1, islet)
    # small islands with no province's point are barren, and no passage between provinces
    provinces = [p for k, p in seeds[LAND].items() if owner[k] != BARREN]
    barren_islands = {i for i, ring in enumerate(coasts)
                      if polygon_area(ring) < outline.small_island
                      and not any(inside_ring(ring, p) for p in provinces)}
    beds = {pid: [_corridor(course, RIVER_WIDTH) for course in found]
            for pid, found in courses.items()}
    kept = [ring for i, ring in enumerate(moved) if i not in barren_islands]
    whole = {}  # islands with the points of one province only are wholly that province
    for index, ring in enumerate(coasts):
        box = bounds(ring)
        holders = {owner[k] for k, p in seeds[LAND].items()
                   if box.left <= p[0] <= box.right and box.top <= p[1] <= box.bottom
                   and inside_ring(ring, p)}
        if len(holders) == 1 and BARREN not in holders and len(whole) < 250:
            whole[index] = holders.pop()
    # a province that is only an island (all its points on it) claims no ground elsewhere
    on_island = {k for k, p in seeds[LAND].items() if any(
        owner[k] == pid and inside_ring(coasts[i], p) for i, pid in whole.items())}
    islanders = {pid for pid in whole.values()
                 if all(k in on_island for k in seeds[LAND] if owner[k] == pid)}
    claiming = {kind: {k: p for k, p in found.items() if owner[k] not in islanders}
                for kind, found in seeds.items()}
    cells = {kind: voronoi_cells(found, frame) if found else {}
             for kind, found in claiming.items()}
    result = GeoRegions({pid: [] for pid in anchors}, {}, set(), land=moved, coast=coasts)
    for key, cell in cells[SEA].items():
        if len(cell.points) >= 3:
            result.regions[owner[key]].append(cell.points)
    for pid, found in beds.items():
        result.regions[pid] += found
    # an island that is wholly one province is its own kind of ground: no other province's
    # border runs across it
    island_kind = {index: ISLAND + n for n, index in enumerate(sorted(whole))}
    mask = LandMask(kept, math.ceil(frame.width), math.ceil(frame.height),
                    rivers=[bed for found in beds.values() for bed in found],
                    islands=[(coasts[i], island_kind[i]) for i in sorted(whole)])
    result.mainland = [ring for i, ring in enumerate(coasts) if i not in whole]
    for index, ring in enumerate(moved):
        if index in whole:
            result.regions[whole[index]].append(ring)
            continue
        box = bounds(ring)
        for key, cell in cells[LAND].items():
            if not cell.points or not bounds(cell.points).overlaps(box):
                continue
            pieces = [p for p in _clip(ring, cell.points) if len(p) >= 3 and polygon_area(p)]
            if sum(polygon_area(p) for p in pieces) > 0.2:
                here = BARREN if index in barren_islands else owner[key]
                (result.barren if here == BARREN else result.regions[here]).extend(pieces)
    lengths: dict[frozenset[str], float] = {}
    for kind, found in cells.items():  # land meeting land, sea sea, river river
        for key, cell in found.items():
            for start, end, across in edges(cell):
                if across is None or key > across:
                    continue
                a, b = owner[key], owner[across]
                if a == b or BARREN in (a, b):
                    continue
                for run in _runs(start, end, lambda p, k=kind: mask.kind(p) == k):
                    pair = frozenset((a, b))
                    result.borders.setdefault(pair, []).append(run)
                    lengths[pair] = lengths.get(pair, 0.0) + math.dist(*run)
    points = {kind: _Nearest(list(found.items())) for kind, found in seeds.items() if found}

    island_owner = {island_kind[i]: pid for i, pid in whole.items()}

    def nearest(kind: int, point: Point) -> str:
        if kind in island_owner:
            return island_owner[kind]
        return owner[points[kind](point)]

    edges_of_water = [ring for i, ring in enumerate(moved) if i not in barren_islands]
    edges_of_water += [bed for found in beds.values() for bed in found]
    for ring in edges_of_water:  # coasts and river banks
        for point, normal in _along(ring):
            ahead = (point[0] + normal[0], point[1] + normal[1])
            behind = (point[0] - normal[0], point[1] - normal[1])
            if not (_within(frame, ahead) and _within(frame, behind)):
                continue  # the edge of the picture, not a coast
            sides = {mask.kind(ahead), mask.kind(behind)}
            if len(sides) < 2 or not sides & {SEA, RIVER}:
                continue  # land on both sides (a strait the board fills), or a river's bed
            here, there = (nearest(kind, point) for kind in sorted(sides))
            if BARREN in (here, there):
                continue
            pair = frozenset((here, there))
            lengths[pair] = lengths.get(pair, 0.0) + STEP
            result.samples.setdefault(pair, point)
            # coastlines and banks are drawn with the land and the rivers; a stretch between
            # two spaces the map does not join is kept, to be drawn as a barrier
            shore = result.borders.setdefault(pair, [])
            if there not in game_map.neighbours(here):
                shore.append((point, (point[0] - normal[1] / 1.5 * STEP,
                                      point[1] + normal[0] / 1.5 * STEP)))
    result.touching = {pair for pair, length in lengths.items() if length >= TOUCH}
    result.borders = {pair: segs for pair, segs in result.borders.items()
                      if pair in result.touching}
    return result


class _Nearest:
    """The key of the point nearest to a place, among many: the points are kept in square
    buckets, and only the buckets that can hold a nearer point than the best so far are
    searched (the same answer as a search of all, ties going to the earlier point)."""

    SIZE = 96.0  # pixels: a bucket's side

    def __init__(self, items: list[tuple[str, Point]]):
        self.buckets: dict[tuple[int, int], list[tuple[int, str, Point]]] = {}
        for order, (key, (x, y)) in enumerate(items):
            self.buckets.setdefault((int(x // self.SIZE), int(y // self.SIZE)), []).append(
                (order, key, (x, y)))
        cells = list(self.buckets)
        self.span = max(max(abs(i) for i, _ in cells), max(abs(j) for _, j in cells)) + 2

    def __call__(self, point: Point) -> str:
        ci, cj = int(point[0] // self.SIZE), int(point[1] // self.SIZE)
        best: tuple[float, int, str] | None = None
        for ring in range(0, 2 * self.span + abs(ci) + abs(cj) + 2):
            if best is not None and (ring - 1) * self.SIZE > best[0]:
                break  # every bucket further out is farther than the best found
            for i in range(ci - ring, ci + ring + 1):
                for j in (range(cj - ring, cj + ring + 1) if abs(i - ci) == ring
                          else (cj - ring, cj + ring)):
                    for order, key, where in self.buckets.get((i, j), ()):
                        found = (math.dist(where, point), order, key)
                        if best is None or found[:2] < best[:2]:
                            best = found
        assert best is not None
        return best[2]


def _every(course, step: float) -> list[Point]:
    """Points along a line, `step` pixels apart (its ends included)."""
    out = [course[0]]
    for (x1, y1), (x2, y2) in zip(course, course[1:], strict=False):
        length = math.hypot(x2 - x1, y2 - y1)
        for j in range(1, max(1, int(length / step)) + 1):
            t = min(1.0, j * step / length) if length else 1.0
            out.append((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t))
    return list(dict.fromkeys((round(x, 2), round(y, 2)) for x, y in out))


def _corridor(course, width: float) -> Polygon:
    """A river's bed: the line widened to `width`, as one polygon (left bank, then right)."""
    left, right = [], []
    for i, (x, y) in enumerate(course):
        before = course[max(0, i - 1)]
        after = course[min(len(course) - 1, i + 1)]
        tx, ty = after[0] - before[0], after[1] - before[1]
        length = math.hypot(tx, ty) or 1.0
        nx, ny = -ty / length * width / 2, tx / length * width / 2
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


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


def bounds(points) -> Box:
    """The box around `points`."""
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


class BandedRing:
    """A ring made ready for many even-odd tests (the layout asks thousands of times whether a
    place is inside a province or on land): its edges are sorted into horizontal bands, and a
    test looks only at the edges of its point's band. The answer is `inside_ring`'s, from the
    same comparison: an edge left out of a band lies wholly above or below every point in it,
    so it would not have turned the answer."""

    def __init__(self, ring):
        edges = list(zip(ring, [ring[-1], *ring[:-1]], strict=True))
        self._top = min(y for _, y in ring)
        self._height = (max(y for _, y in ring) - self._top) / max(1, len(ring) // 8) or 1.0
        self._bands: dict[int, list[tuple[float, float, float, float]]] = {}
        for (x1, y1), (x2, y2) in edges:
            low, high = sorted((y1, y2))
            for band in range(self._band(low), self._band(high) + 1):
                self._bands.setdefault(band, []).append((x1, y1, x2, y2))

    def _band(self, y: float) -> int:
        return int((y - self._top) / self._height)

    def __contains__(self, point: Point) -> bool:
        x, y = point
        if y < self._top:
            return False
        inside = False
        for x1, y1, x2, y2 in self._bands.get(self._band(y), ()):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside


def _clip(subject, convex: Polygon) -> list[Polygon]:
    """`subject` (a simple polygon) cut to a convex polygon (either winding), one edge's side
    at a time: its parts, each a polygon of its own. (Sutherland-Hodgman alone would join the
    parts along the cut by edges there and back, which a drawing of the polygon shows as a
    faint line once the points are rounded.)"""
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
               in zip(convex, [*convex[1:], convex[0]], strict=True))
    sign = 1 if area > 0 else -1
    parts = [list(subject)]
    for i, (ax, ay) in enumerate(convex):
        bx, by = convex[(i + 1) % len(convex)]
        across, down = bx - ax, by - ay
        # each point's side of the edge a-b (kept: >= 0)
        parts = [kept for part in parts
                 for kept in _keep_side(part, [sign * (across * (y - ay) - down * (x - ax))
                                               for x, y in part], (across, down))]
        if not parts:
            break
    return parts


def _keep_side(points: Polygon, sides: list[float], direction: Point) -> list[Polygon]:
    """The parts of a polygon on the kept side of a line (`sides`: each point's side, kept
    where >= 0; `direction`: along the line). Each stretch of the outline on the kept side
    runs from where it crosses the line inwards to where it crosses it outwards; along the
    line the polygon's inside lies between the crossings taken two by two in their order on
    it, so each stretch's end is joined to the start of the stretch that pairs with it."""
    if min(sides) >= 0:
        return [points]
    if max(sides) < 0:
        return []
    first = next(i for i in range(len(points)) if sides[i] >= 0 > sides[i - 1])
    stretches: list[Polygon] = []
    for k in range(len(points)):
        i = (first + k) % len(points)
        current, sc, previous, sp = points[i], sides[i], points[i - 1], sides[i - 1]
        if sc >= 0:
            if sp < 0:
                stretches.append([_cut(previous, current, sp, sc)])
            stretches[-1].append(current)
        elif sp >= 0:
            stretches[-1].append(_cut(previous, current, sp, sc))
    if len(stretches) == 1:
        return stretches

    def along(point: Point) -> float:
        return point[0] * direction[0] + point[1] * direction[1]

    ends = sorted([(along(s[0]), 0, n) for n, s in enumerate(stretches)]
                  + [(along(s[-1]), 1, n) for n, s in enumerate(stretches)])
    after: dict[int, int] = {}  # a stretch's end -> the stretch whose start pairs with it
    for (_, kind_a, a), (_, kind_b, b) in zip(ends[::2], ends[1::2], strict=True):
        if kind_a == kind_b:  # not a simple polygon here: keep it whole, as drawn
            return [[p for stretch in stretches for p in stretch]]
        after[a if kind_a else b] = b if kind_a else a
    parts, left = [], set(range(len(stretches)))
    while left:
        n = min(left)
        part: Polygon = []
        while n in left:
            left.discard(n)
            part.extend(stretches[n])
            n = after[n]
        parts.append(part)
    return parts


def _cut(p: Point, q: Point, sp: float, sq: float) -> Point:
    t = sp / (sp - sq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
