"""The layout of every map gm ships (and of maps still to come, through the test fixture map):
labels never overlap, every province has a region around its label, and every pair of
neighbours either touches on the picture or is joined by a connector."""

from __future__ import annotations

import math
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.draw.geometry import contains, polygon_area
from gm.draw.layout import build_layout, layout_for, project
from gm.draw.outline import _clip, inside_ring, outline_for
from gm.maps import available_maps, load_map
from gm.maps.gamemap import Calendar, GameMap, Province

FIXTURE_MAP = Path(__file__).resolve().parents[1] / "orders" / "fixtures" / "ancient.toml"


def _fixture_map() -> GameMap:
    from gm.maps.gamemap import compile_map
    from gm.maps.map_check import check_text

    report = check_text(FIXTURE_MAP.read_text(encoding="utf-8"), str(FIXTURE_MAP))
    assert not report.problems, report.problems
    return compile_map(report.spec)


def _maps() -> list[GameMap]:
    return [load_map(name) for name in available_maps()] + [_fixture_map()]


MAPS = _maps()


@pytest.fixture(scope="module", params=MAPS, ids=lambda m: m.id)
def laid_out(request):
    return request.param, layout_for(request.param)


def test_labels_never_overlap(laid_out):
    game_map, layout = laid_out
    for a, b in combinations(sorted(layout.spots), 2):
        box_a, box_b = layout.spots[a].label_box, layout.spots[b].label_box
        assert not box_a.overlaps(box_b), f"{game_map.id}: labels of {a} and {b} overlap"


def test_blocks_of_pieces_and_labels_never_overlap(laid_out):
    game_map, layout = laid_out
    for a, b in combinations(sorted(layout.spots), 2):
        assert not layout.spots[a].block.overlaps(layout.spots[b].block), \
            f"{game_map.id}: the pieces' rows of {a} and {b} overlap"


def test_every_province_has_a_region_around_its_label(laid_out):
    game_map, layout = laid_out
    assert set(layout.regions) == set(game_map.provinces)
    for pid, pieces in layout.regions.items():
        assert sum(polygon_area(p) for p in pieces) > 0, pid
        site = layout.spots[pid].site
        if layout.land:
            # real land is not convex, and regions follow it, not the labels: a label may sit
            # on its province's coast, a river's beside it, and one that spreading moved off a
            # crowded spot (the Levant) at most that far beside its region
            outline = outline_for(game_map)
            allowed = 30 if pid in outline.rivers else 10 + layout.displacement[pid]
            near = any(inside_ring(p, site) for p in pieces) or \
                min(math.dist(site, q) for p in pieces for q in p) < allowed
            assert near, f"{pid}'s site is far outside its region"
        else:
            assert any(contains(p, site) for p in pieces), f"{pid}'s site is outside its region"


def test_regions_tile_the_frame(laid_out):
    game_map, layout = laid_out
    frame = layout.frame.width * layout.frame.height
    if not layout.land:
        total = sum(polygon_area(p) for pieces in layout.regions.values() for p in pieces)
        assert math.isclose(total, frame, rel_tol=1e-6)
        return
    # on a real coastline the seas tile the frame, and the land provinces and the barren
    # land share out the land exactly
    rivers = outline_for(game_map).rivers  # drawn over the land
    seas = sum(polygon_area(p) for pid, pieces in layout.regions.items()
               if game_map.provinces[pid].kind == "sea" and pid not in rivers for p in pieces)
    assert math.isclose(seas, frame, rel_tol=1e-6)
    # the frame holds the board's provinces; the land beyond it is cut off the picture
    f = layout.frame
    box = [(f.left, f.top), (f.right, f.top), (f.right, f.bottom), (f.left, f.bottom)]

    def area(polygons) -> float:
        return sum(polygon_area(cut) for p in polygons for cut in _clip(p, box))

    land = area(p for pid, pieces in layout.regions.items()
                if game_map.provinces[pid].kind != "sea" for p in pieces)
    land += area(layout.barren)
    assert math.isclose(land, area(layout.land), rel_tol=1e-3)


def test_neighbours_touch_or_are_joined_and_barriers_separate_strangers(laid_out):
    game_map, layout = laid_out
    neighbours = {frozenset((a, b)) for a in game_map.provinces for b in game_map.neighbours(a)
                  if a != b}
    touching = set(layout.borders)
    joined = {frozenset(pair) for pair in layout.links}
    assert neighbours <= touching | joined
    assert not joined & touching
    for a, b in layout.barriers:
        assert frozenset((a, b)) in touching and frozenset((a, b)) not in neighbours
    # connectors join the two regions: each end is on (or next to) its own region's edge
    for (a, b), (start, end) in layout.connectors.items():
        assert math.dist(start, end) > 0, (a, b)


SHIPPED = [m for m in MAPS if m.id != "ancient"]  # the fixture's positions are a plain grid


@pytest.mark.parametrize("game_map", SHIPPED, ids=lambda m: m.id)
def test_most_neighbours_touch(game_map):
    """Connectors are the exception: the regions carry the map."""
    layout = layout_for(game_map)
    neighbours = {frozenset((a, b)) for a in game_map.provinces for b in game_map.neighbours(a)
                  if a != b}
    assert len(layout.links) <= 0.25 * len(neighbours), layout.links


@pytest.mark.parametrize("game_map", SHIPPED, ids=lambda m: m.id)
def test_spreading_keeps_provinces_near_their_map_positions(game_map):
    layout = layout_for(game_map)
    median = sorted(layout.displacement.values())[len(layout.displacement) // 2]
    assert median < 15, f"{game_map.id}: half the provinces moved more than {median:.0f}px"


def test_a_layout_is_computed_once_per_map():
    game_map = load_map("standard")
    assert layout_for(game_map) is layout_for(load_map("standard"))


def _tiny_map(projection: str, positions: dict[str, tuple[float, float] | None]) -> GameMap:
    provinces = {pid: Province(pid, pid.upper(), "land", (), 0.0, {}, False, False, False, pos,
                               ()) for pid, pos in positions.items()}
    ids = list(positions)
    army = {pid: frozenset(ids[max(i - 1, 0):i] + ids[i + 1:i + 2]) for i, pid in
            enumerate(ids)}
    calendar = Calendar(1, 1, "{year}", (("Spring", "Movement"),), ("Spring", "Movement"), ())
    return GameMap("tiny", "Tiny", projection, None, calendar, "centres", 1, {}, {}, provinces,
                   army, {}, {})


def test_lonlat_positions_shrink_longitude_by_the_cosine_of_the_mean_latitude():
    # at 60 degrees north a degree of longitude is half a degree of latitude
    projected = project(_tiny_map("lonlat", {"a": (10.0, 60.0), "b": (12.0, 60.0),
                                             "c": (10.0, 61.0)}))
    east = math.dist(projected["a"], projected["b"])
    north = math.dist(projected["a"], projected["c"])
    assert math.isclose(east / north, 2 * math.cos(math.radians(60 + 1 / 3)), rel_tol=1e-9)
    assert projected["c"][1] < projected["a"][1]  # north is up


def test_xy_positions_keep_their_proportions_and_y_grows_downwards():
    projected = project(_tiny_map("xy", {"a": (0, 0), "b": (100, 0), "c": (0, 50)}))
    assert math.isclose(math.dist(projected["a"], projected["b"]),
                        2 * math.dist(projected["a"], projected["c"]))
    assert projected["c"][1] > projected["a"][1]


def test_a_province_without_a_position_is_drawn_between_its_neighbours():
    layout = build_layout(_tiny_map("xy", {"a": (0, 0), "b": None, "c": (400, 0)}))
    ax, bx, cx = (layout.spots[p].site[0] for p in "abc")
    assert ax < bx < cx


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 30)), min_size=2, max_size=40))
def test_crowded_and_coincident_positions_still_give_separate_labels(points):
    """However a map author places the provinces (all in one corner, several on one point),
    no two labels or rows of pieces overlap."""
    layout = build_layout(_tiny_map("xy", {f"p{i}": p for i, p in enumerate(points)}))
    for a, b in combinations(sorted(layout.spots), 2):
        assert not layout.spots[a].block.overlaps(layout.spots[b].block), (a, b)


def test_a_coast_that_leaves_a_cell_and_comes_back_is_cut_into_parts_of_its_own():
    """Sutherland-Hodgman alone joins the parts by edges along the cut, there and back: a
    faint line through the water on the PNG once the points are rounded."""
    c_shape = [(0, 0), (8, 0), (8, 2), (2, 2), (2, 8), (8, 8), (8, 10), (0, 10)]
    cell = [(3, -1), (20, -1), (20, 20), (3, 20)]
    parts = _clip(c_shape, cell)
    assert sorted(parts) == [[(3.0, 0.0), (8, 0), (8, 2), (3.0, 2.0)],
                             [(3.0, 8.0), (8, 8), (8, 10), (3.0, 10.0)]]
    assert _clip(c_shape, list(reversed(cell))) == parts  # either winding
    assert _clip(c_shape, [(-5, -5), (20, -5), (20, 20), (-5, 20)]) == [c_shape]
    assert _clip(c_shape, [(30, 0), (40, 0), (40, 5)]) == []
