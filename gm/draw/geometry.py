"""Plane geometry the board pictures need: Voronoi cells, shared borders, boxes.

Pure Python on purpose: a board has at most a few hundred provinces, so clipping one
rectangle by every other site's half-plane is fast enough, and gm needs no numeric library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
Polygon = list[Point]

EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: what a label or a piece covers on the picture."""

    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        """True if the two boxes share more than an edge."""
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(slots=True)
class Cell:
    """A convex Voronoi cell. `sides[i]` names the site across the edge from `points[i]` to
    the next point: the neighbour that edge separates this cell from (None on the frame)."""

    points: Polygon
    sides: list[str | None]


def clip_to_nearer(cell: Cell, site: Point, other: Point, other_key: str) -> Cell:
    """The part of a convex cell nearer to `site` than to `other` (Sutherland-Hodgman),
    with the new edge named after `other_key`."""
    # A point p is nearer to site when (p - mid) . (other - site) <= 0.
    nx, ny = other[0] - site[0], other[1] - site[1]
    mx, my = (site[0] + other[0]) / 2, (site[1] + other[1]) / 2

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    points: Polygon = []
    sides: list[str | None] = []
    count = len(cell.points)
    for i in range(count):
        here, nxt = cell.points[i], cell.points[(i + 1) % count]
        s_here, s_next = side(here), side(nxt)
        if s_here <= 0:
            points.append(here)
            # leaving the kept side: the edge from here runs to the cut, then along the cut
            sides.append(cell.sides[i])
        if (s_here < 0 < s_next) or (s_next < 0 < s_here):
            t = s_here / (s_here - s_next)
            points.append((here[0] + t * (nxt[0] - here[0]), here[1] + t * (nxt[1] - here[1])))
            sides.append(other_key if s_here < 0 else cell.sides[i])
        elif s_here < 0 and s_next == 0:
            pass
        elif s_here == 0 and s_next > 0:
            sides[-1] = other_key
    return Cell(points, sides)


def voronoi_cells(sites: dict[str, Point], frame: Box) -> dict[str, Cell]:
    """Each site's Voronoi cell clipped to `frame`: the points nearer to it than to any other.

    Other sites are met ring by ring of a bucket grid, nearest first, and the search stops
    once the remaining sites are farther than twice the cell's reach: none of them can cut
    it. Two sites at the same point would share a cell; callers keep sites apart."""
    rectangle: Polygon = [(frame.left, frame.top), (frame.right, frame.top),
                          (frame.right, frame.bottom), (frame.left, frame.bottom)]
    size = max(frame.width, frame.height, 1.0) / max(1, int(math.sqrt(len(sites))))

    def bucket(p: Point) -> tuple[int, int]:
        return int((p[0] - frame.left) // size), int((p[1] - frame.top) // size)

    grid: dict[tuple[int, int], list[tuple[str, Point]]] = {}
    for key, p in sites.items():
        grid.setdefault(bucket(p), []).append((key, p))
    widest = max((max(abs(i), abs(j)) for i, j in grid), default=0) + 1
    cells: dict[str, Cell] = {}
    for key, site in sites.items():
        ci, cj = bucket(site)
        cell = Cell(rectangle, [None] * 4)
        for ring in range(widest + 1):
            ring_sites = sorted(
                (math.dist(site, p), k, p)
                for i in range(ci - ring, ci + ring + 1)
                for j in range(cj - ring, cj + ring + 1)
                if max(abs(i - ci), abs(j - cj)) == ring
                for k, p in grid.get((i, j), ()) if k != key)
            for distance, other_key, other in ring_sites:
                if not cell.points or distance > 2 * _reach(cell, site):
                    break
                cell = clip_to_nearer(cell, site, other, other_key)
            # every site in a farther ring is at least `ring` buckets away
            if not cell.points or ring * size > 2 * _reach(cell, site):
                break
        cells[key] = cell
    return cells


def _reach(cell: Cell, site: Point) -> float:
    return max(math.dist(site, v) for v in cell.points)


def edges(cell: Cell) -> list[tuple[Point, Point, str | None]]:
    """The cell's edges, each with the site across it."""
    count = len(cell.points)
    return [(cell.points[i], cell.points[(i + 1) % count], cell.sides[i]) for i in range(count)]


def polygon_area(polygon: Polygon) -> float:
    total = 0.0
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def contains(polygon: Polygon, point: Point) -> bool:
    """Is `point` inside (or on) the convex polygon? Works for either winding."""
    sign = 0
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        if abs(cross) <= EPSILON:
            continue
        here = 1 if cross > 0 else -1
        if sign and here != sign:
            return False
        sign = here
    return True


def shortened(start: Point, end: Point, at_start: float, at_end: float) -> tuple[Point, Point]:
    """The segment start-end with `at_start` and `at_end` cut off its two ends (an arrow must
    not hide the pieces it joins). A segment too short to cut keeps its middle."""
    length = math.dist(start, end)
    if length <= at_start + at_end + 1:
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        return mid, mid
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    return ((start[0] + ux * at_start, start[1] + uy * at_start),
            (end[0] - ux * at_end, end[1] - uy * at_end))


def horizontal_runs(polygon: Polygon, first: float, gap: float) -> list[tuple[Point, Point]]:
    """Where the lines y = first + k * gap (every whole k) run inside `polygon`, as segments
    from left to right: the stretches of each line where the polygon's winding is not zero
    (so a polygon that crosses itself is filled as SVG fills it). A line through a vertex
    counts the edges above it, not those below (each crossing is counted once)."""
    if len(polygon) < 3:
        return []
    ys = [y for _, y in polygon]
    k = math.ceil((min(ys) - first) / gap)
    runs: list[tuple[Point, Point]] = []
    while (y := first + k * gap) <= max(ys):
        crossings: list[tuple[float, int]] = []
        for i, (x1, y1) in enumerate(polygon):
            x2, y2 = polygon[i - 1]
            if (y1 <= y < y2) or (y2 <= y < y1):
                crossings.append((x1 + (y - y1) * (x2 - x1) / (y2 - y1), 1 if y2 > y1 else -1))
        crossings.sort()
        winding = 0
        for (x, turn), (next_x, _) in zip(crossings, crossings[1:], strict=False):
            winding += turn
            if winding and next_x > x:
                if runs and runs[-1][1] == (x, y):  # joins the run before it
                    runs[-1] = (runs[-1][0], (next_x, y))
                else:
                    runs.append(((x, y), (next_x, y)))
        k += 1
    return runs
