"""Mountain ranges and rivers drawn on a map that has no coastline file (Middle-Earth VIII).

A map may keep a companion `ID.features.json` beside its map file: ranges and rivers as lines
in the map's own coordinates (those of its provinces' `pos`). They are drawing aids, not facts
of the game: a river that is no space is a border on this board, and a range is shown as well
as the impassable spaces the map file has. The layout moves each point as the provinces
around it were moved when their blocks were spread apart, so a range stays between the same
provinces; nothing is computed with a geographic library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from gm.draw.geometry import Point
from gm.draw.outline import companion
from gm.maps.gamemap import GameMap

PEAK_SPACING = 14.0  # pixels between the peaks of a drawn range
NEAREST = 4  # provinces whose moves a feature's point follows


@dataclass(frozen=True, slots=True)
class Features:
    """Lines by name, in the map's coordinates (or, once placed, the page's)."""

    ranges: dict[str, tuple[Point, ...]] = field(default_factory=dict)
    rivers: dict[str, tuple[Point, ...]] = field(default_factory=dict)


def features_for(game_map: GameMap) -> Features | None:
    """The features file beside the map file gm reads for this map, if there is one."""
    return _read(game_map.id)


@cache
def _read(map_id: str) -> Features | None:
    data = companion(map_id, "features.json")
    if data is None:
        return None

    def lines(table: dict) -> dict[str, tuple[Point, ...]]:
        return {name: tuple((float(x), float(y)) for x, y in points)
                for name, points in table.items()}

    return Features(lines(data.get("ranges", {})), lines(data.get("rivers", {})))


def placed(features: Features, to_page, anchors: dict[str, Point], sites: dict[str, Point]
           ) -> Features:
    """The features on the page: each point taken there by `to_page` (the map's scaling),
    then moved by the average move of the `NEAREST` provinces around it (weighted by
    nearness), as spreading moved them."""
    keys = sorted(anchors)

    def place(point: Point) -> Point:
        x, y = to_page(point)
        near = sorted(keys, key=lambda k: math.dist(anchors[k], (x, y)))[:NEAREST]
        weights = [1.0 / (math.dist(anchors[k], (x, y)) ** 2 + 25.0) for k in near]
        total = sum(weights)
        dx = sum(w * (sites[k][0] - anchors[k][0]) for w, k in zip(weights, near, strict=True))
        dy = sum(w * (sites[k][1] - anchors[k][1]) for w, k in zip(weights, near, strict=True))
        return (x + dx / total, y + dy / total)

    return Features({name: tuple(place(p) for p in line) for name, line in features.ranges.items()},
                    {name: tuple(place(p) for p in line) for name, line in features.rivers.items()})


def peaks(line: tuple[Point, ...], spacing: float = PEAK_SPACING) -> list[tuple[Point, float]]:
    """Where a range's peaks stand along its line, each with its height (a little uneven,
    the same every time, so a range reads as hand-drawn mountains, not a fence)."""
    out: list[tuple[Point, float]] = []
    carried = spacing / 2
    for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
        length = math.hypot(x2 - x1, y2 - y1)
        at = carried
        while at <= length:
            t = at / length
            out.append(((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t),
                        (10.0, 13.0, 11.0, 8.5)[len(out) % 4]))
            at += spacing
        carried = at - length
    return out
