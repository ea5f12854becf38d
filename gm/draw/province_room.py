"""Where a province's pieces stand: inside the province as the picture draws it.

A province's pieces are drawn in a row above its label. Spreading the labels apart (so that
none overlaps another) can push that row off a small province: Rise of Rome II's Achea, a
strip of coast on the Gulf of Corinth, had its pieces drawn in the gulf. So once the regions
are known, each province's row is checked: a token is *fine* at a place inside the province
where it covers no label. A row whose place is not fine moves to the nearest
fine place (`row_place`); `row_room` and `column_room` say how far the row may reach either
way, and a column up and down, with every token fine. The pieces are then drawn in that room
(`gm.draw.tokens`): a row, smaller if need be, or one above the other.

What "inside" means depends on how the region is drawn: a land province's pieces of the
coastline (or its cells, on a drawn map), a river's bed, a sea's cells less the land drawn
over them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from gm.draw.geometry import Point, Polygon
from gm.draw.outline import BandedRing, bounds

RING_STEP = 3.0  # how far apart the places tried around the row's first place are
FARTHEST = 120.0  # how far from it a row may move
ANGLES = 24
ROW_CLEARANCE = 9.0  # half a token: the room wanted either side of a row's centre
SHORT_STEP = 12.0  # how far a row whose place is fine but cramped moves for more room


class Regions:
    """Point-in-province tests for one board's regions (what the picture fills)."""

    def __init__(self, regions: dict[str, list[Polygon]], seas: set[str],
                 land: list[Polygon]):
        self._pieces = {pid: [(bounds(piece), BandedRing(piece)) for piece in pieces
                             if len(piece) >= 3]
                        for pid, pieces in regions.items()}
        self._seas = seas  # provinces drawn under the land: their cells less the land
        self._land = [(bounds(ring), BandedRing(ring)) for ring in land if len(ring) >= 3]

    def contains(self, pid: str, point: Point) -> bool:
        if not _any_inside(self._pieces.get(pid, ()), point):
            return False
        return pid not in self._seas or not _any_inside(self._land, point)


def _any_inside(pieces, point: Point) -> bool:
    x, y = point
    return any(box.left <= x <= box.right and box.top <= y <= box.bottom
               and point in piece for box, piece in pieces)


def row_room(inside: Callable[[Point], bool], centre: Point, widest: float) -> float:
    """How far a row centred at `centre` may reach either way and stay inside (0: the centre
    itself is outside), up to `widest`."""
    if not inside(centre):
        return 0.0
    x, y = centre
    room = 0.0
    step = 1.0
    while room + step <= widest and inside((x - room - step, y)) and \
            inside((x + room + step, y)):
        room += step
    return room


def column_room(inside: Callable[[Point], bool], centre: Point, farthest: float
                ) -> tuple[float, float]:
    """How far a column at `centre` may reach up and down and stay inside."""
    x, y = centre
    reach = []
    for sign in (-1, 1):
        room = 0.0
        while room + 1.0 <= farthest and inside((x, y + sign * (room + 1.0))):
            room += 1.0
        reach.append(room)
    return reach[0], reach[1]


def row_place(fine: Callable[[Point], bool], inside: Callable[[Point], bool], start: Point,
              widest: float) -> Point:
    """Where a province's row goes: `start` (the row's place above the label) when a token
    is `fine` there (inside the province and clear of the other labels) with room for a
    second beside it; else the nearest place with that room, if one is a short step away;
    else `start` if a token is fine there; else the nearest place with the room farther off,
    or where a token is fine at all; else the nearest place inside the province; else
    `start`."""
    start_fine = fine(start)
    if start_fine and row_room(fine, start, widest) >= ROW_CLEARANCE:
        return start
    nearest_fine = nearest_inside = None
    for ring in range(1, int(FARTHEST / RING_STEP) + 1):
        radius = ring * RING_STEP
        if start_fine and radius > SHORT_STEP:
            return start
        for k in range(ANGLES):
            angle = 2 * math.pi * k / ANGLES
            point = (start[0] + radius * math.cos(angle), start[1] + radius * math.sin(angle))
            if not inside(point):
                continue
            nearest_inside = nearest_inside or point
            if not fine(point):
                continue
            nearest_fine = nearest_fine or point
            if row_room(fine, point, widest) >= ROW_CLEARANCE:
                return point
    return nearest_fine or nearest_inside or start
