"""The plane geometry under the pictures: Voronoi cells tile the frame, each holds its own
site, and the edges say who is across them."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from gm.draw.geometry import (
    Box,
    Cell,
    clip_to_nearer,
    contains,
    edges,
    polygon_area,
    shortened,
    voronoi_cells,
)

FRAME = Box(0, 0, 400, 300)


def test_clipping_a_square_keeps_the_half_nearer_the_site():
    square = Cell([(0, 0), (10, 0), (10, 10), (0, 10)], [None] * 4)
    half = clip_to_nearer(square, (2, 5), (8, 5), "east")
    assert math.isclose(polygon_area(half.points), 50)
    assert all(x <= 5 + 1e-9 for x, _ in half.points)
    # the new edge, on x = 5, names the site across it; the others keep the frame's None
    across = {side for start, end, side in edges(half) if start[0] == end[0] == 5}
    assert across == {"east"}
    assert [side for *_, side in edges(half)].count(None) == 3


def test_four_sites_in_a_square_split_the_frame_into_quarters():
    sites = {"nw": (100, 75), "ne": (300, 75), "sw": (100, 225), "se": (300, 225)}
    cells = voronoi_cells(sites, FRAME)
    for key, cell in cells.items():
        assert math.isclose(polygon_area(cell.points), 400 * 300 / 4)
        assert contains(cell.points, sites[key])
    neighbours = {side for *_, side in edges(cells["nw"]) if side}
    assert neighbours == {"ne", "sw"}  # "se" only meets "nw" at the centre point


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(1, 399), st.floats(1, 299)), min_size=2, max_size=25,
                unique_by=lambda p: (round(p[0]), round(p[1]))))
def test_cells_tile_the_frame_and_hold_their_sites(points):
    sites = {f"s{i}": p for i, p in enumerate(points)
             if all(math.dist(p, q) > 1 for q in points[:i])}
    cells = voronoi_cells(sites, FRAME)
    total = sum(polygon_area(c.points) for c in cells.values())
    assert math.isclose(total, FRAME.width * FRAME.height, rel_tol=1e-6)
    for key, cell in cells.items():
        assert contains(cell.points, sites[key])
        for start, end, across in edges(cell):
            if across is None:
                continue
            # an edge between two cells is equally far from both sites
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            assert math.isclose(math.dist(middle, sites[key]),
                                math.dist(middle, sites[across]), rel_tol=1e-6, abs_tol=1e-6)


def test_boxes_that_only_touch_do_not_overlap():
    a = Box(0, 0, 10, 10)
    assert not a.overlaps(Box(10, 0, 20, 10))
    assert a.overlaps(Box(9.5, 9.5, 20, 20))
    assert not a.overlaps(a.moved(0, 10))


def test_shortened_cuts_both_ends_and_keeps_the_middle_of_a_short_segment():
    start, end = shortened((0, 0), (100, 0), 10, 20)
    assert start == (10, 0) and end == (80, 0)
    assert shortened((0, 0), (10, 0), 10, 20) == ((5, 0), (5, 0))


@given(st.lists(st.tuples(st.floats(-200, 1200), st.floats(-200, 1000)), min_size=1,
                max_size=60),
       st.lists(st.tuples(st.floats(-500, 1500), st.floats(-500, 1300)), min_size=1,
                max_size=20))
def test_the_bucketed_nearest_point_search_agrees_with_a_search_of_all(seeds, places):
    from gm.draw.outline import _Nearest

    items = [(f"p{i}", point) for i, point in enumerate(seeds)]
    nearest = _Nearest(items)
    for place in places:
        want = min(items, key=lambda item: math.dist(item[1], place))[0]
        assert nearest(place) == want


def test_horizontal_runs_are_the_lines_inside_a_polygon_as_svg_fills_it():
    from gm.draw.geometry import horizontal_runs

    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert horizontal_runs(square, 3.0, 6.0) == [((0.0, 3.0), (10.0, 3.0)),
                                                 ((0.0, 9.0), (10.0, 9.0))]
    # a U open at the top: the line through its arms is two runs, the one below it one
    u_shape = [(0.0, 0.0), (2.0, 0.0), (2.0, 8.0), (8.0, 8.0), (8.0, 0.0), (10.0, 0.0),
               (10.0, 10.0), (0.0, 10.0)]
    assert horizontal_runs(u_shape, 3.0, 6.0) == [((0.0, 3.0), (2.0, 3.0)),
                                                  ((8.0, 3.0), (10.0, 3.0)),
                                                  ((0.0, 9.0), (10.0, 9.0))]
    # lines are where a pattern tiled from the origin puts them, whatever the polygon
    assert [run[0][1] for run in horizontal_runs([(0, -7), (5, -7), (5, 0)], 3.0, 6.0)] == [-3.0]
