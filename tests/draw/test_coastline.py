"""Maps of real places drawn on their real coastline (gm.draw.outline, maps/ID.outline.json
made by tools/make_outlines.py from Natural Earth): on the standard board every pair of
neighbours touches and no other pair does, and the outline file says where it came from."""

from __future__ import annotations

import json
import math
import sys
from itertools import combinations
from pathlib import Path

import pytest

from gm.draw.geometry import polygon_area
from gm.draw.layout import layout_for
from gm.draw.outline import outline_for
from gm.maps import load_map

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def standard():
    game_map = load_map("standard")
    return game_map, layout_for(game_map)


def test_the_standard_board_is_drawn_on_its_real_coastline(standard):
    game_map, layout = standard
    outline = outline_for(game_map)
    assert outline is not None and "Natural Earth" in outline.source
    assert layout.land and layout.coast
    # Great Britain is an island: no land province of the mainland reaches it
    britain = {"cly", "edi", "lvp", "yor", "wal", "lon"}
    for a, b in layout.borders:
        if a in britain or b in britain:
            other = b if a in britain else a
            assert other in britain or game_map.provinces[other].kind == "sea", (a, b)


def test_on_the_standard_board_neighbours_touch_and_no_other_pair_does(standard):
    game_map, layout = standard
    touching = set(layout.borders)
    for a, b in combinations(sorted(game_map.provinces), 2):
        pair = frozenset((a, b))
        neighbours = b in game_map.neighbours(a)
        assert (pair in touching) == neighbours, \
            f"{a}-{b}: {'neighbours that do not touch' if neighbours else 'touch, not neighbours'}"
    assert not layout.links and not layout.barriers


def test_a_border_between_two_land_provinces_or_two_seas_is_drawn_where_they_meet(standard):
    game_map, layout = standard
    for pair, segments in layout.borders.items():
        kinds = {game_map.provinces[p].kind == "sea" for p in pair}
        if len(kinds) == 1:  # land-land or sea-sea: a drawn border of some length
            assert sum(math.dist(*s) for s in segments) >= 5, sorted(pair)


def test_the_outline_file_is_small_and_rounded():
    path = ROOT / "maps" / "standard.outline.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert path.stat().st_size < 80_000
    assert all(round(c, 1) == c for ring in data["land"] for c in ring)
    assert data["made_by"] == "tools/make_outlines.py"


def test_the_generator_joins_rings_cut_at_the_antimeridian_and_simplifies_closed_rings():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_outlines
    finally:
        sys.path.remove(str(ROOT / "tools"))
    ring = [(170.0, 60.0), (179.0, 61.0), (-179.0, 61.0), (-170.0, 60.0)]
    lons = [lon for lon, _ in make_outlines.unwrapped(ring)]
    assert all(abs(b - a) < 180 for a, b in zip(lons, lons[1:], strict=False))  # no jump
    assert lons in ([170.0, 179.0, 181.0, 190.0], [-190.0, -181.0, -179.0, -170.0])
    square = [(0.0, 0.0), (5.0, 0.01), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0)]
    assert make_outlines.simplify_ring(square, 0.5) == \
        [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0)]
    clipped = make_outlines.clip([(-5.0, 5.0), (5.0, 5.0), (5.0, -5.0), (-5.0, -5.0)],
                                 (0.0, 0.0, 10.0, 10.0))
    assert sorted(set(clipped)) == [(0.0, 0.0), (0.0, 5.0), (5.0, 0.0), (5.0, 5.0)]


def test_a_coast_the_map_does_not_join_is_drawn_as_a_barrier(standard):
    """Honesty on a coastline too: take Brest - Mid-Atlantic out of the map, and the picture
    marks their shared coast as a barrier instead of suggesting the move."""
    import dataclasses

    game_map, _ = standard
    fleet = {pid: set(n) for pid, n in game_map.fleet_adj.items()}
    fleet["bre"].discard("mid")
    fleet["mid"].discard("bre")
    changed = dataclasses.replace(game_map, fleet_adj={k: frozenset(v) for k, v in fleet.items()})
    layout = layout_for(changed)
    assert ("bre", "mid") in layout.barriers
    assert sum(math.dist(*s) for s in layout.borders[frozenset(("bre", "mid"))]) >= 5


def test_lord_of_hosts_is_drawn_on_the_near_east_with_cyprus_an_island_and_its_rivers():
    game_map = load_map("lord-of-hosts")
    layout = layout_for(game_map)
    assert layout.land and outline_for(game_map) is not None
    # Cyprus is an island: it touches seas only
    for pair in layout.borders:
        if "cyp" in pair:
            other = next(iter(pair - {"cyp"}))
            assert game_map.provinces[other].kind == "sea", sorted(pair)
    # the rivers that are spaces are drawn as rivers: long and narrow, along their course
    for river in ("nil", "jor", "eup", "tig"):
        pieces = layout.regions[river]
        area = sum(polygon_area(p) for p in pieces)
        length = sum(math.dist(p[i], p[i + 1]) for p in pieces for i in range(len(p) - 1)) / 2
        assert area / length < 5, f"{river} is not drawn as a river"
    # and they run between the lands they border: the Euphrates touches Babylon, the
    # Jordan Jericho
    assert frozenset(("eup", "bab")) in layout.borders
    assert frozenset(("jor", "jer")) in layout.borders


def test_every_pair_of_neighbours_touches_on_lord_of_hosts():
    # its seeds (tools/make_outlines.py) bring every pair of neighbours together: no
    # connector line is needed (some barriers remain along the lower Tigris)
    layout = layout_for(load_map("lord-of-hosts"))
    assert layout.links == []
