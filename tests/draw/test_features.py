"""Middle-Earth VIII's mountain ranges and the Anduin, drawn from the features file beside
the map (maps/middle-earth-viii.features.json), along their lines between the right
provinces, with a key in the legend."""

from __future__ import annotations

import math

import pytest

from gm.draw import draw_phase
from gm.draw.board_maker import make_board
from gm.draw.features import features_for, peaks
from gm.draw.layout import layout_for
from gm.engine.position import starting_position
from gm.maps import load_map
from tests.draw.svg_structure import parse, texts, with_class

RANGES = ("Ered Luin", "Hithaeglir", "Ered Mithrin", "Ered Nimrais", "Ephel Dúath",
          "Ered Lithui")


@pytest.fixture(scope="module")
def middle_earth():
    return load_map("middle-earth-viii")


def _nearest(layout, point, among):
    return min(among, key=lambda pid: math.dist(layout.spots[pid].site, point))


def test_the_six_ranges_and_the_anduin_are_drawn(middle_earth):
    root = parse(draw_phase(middle_earth, make_board(middle_earth,
                                                     starting_position(middle_earth), game="t")))
    names = [e.get("data-name") for e in with_class(root, "range")]
    for short in RANGES:
        assert any(name.startswith(short) for name in names), short
    assert [e.get("data-name") for e in with_class(root, "river")] == ["Anduin"]
    legend = texts(with_class(root, "legend")[0])
    assert "mountains" in legend and "river (not a space)" in legend


def test_each_range_runs_through_its_impassable_space(middle_earth):
    layout = layout_for(middle_earth)
    impassable = [pid for pid, p in middle_earth.provinces.items() if p.kind == "impassable"]
    through = {"Ered Luin (the Blue Mountains), north": "lui",
               "Hithaeglir (the Misty Mountains)": "hit",
               "Ered Nimrais (the White Mountains)": "nim",
               "Ephel Dúath (the Mountains of Shadow)": "eph",
               "Ered Lithui (the Ash Mountains)": "lit"}
    for name, pid in through.items():
        line = layout.features.ranges[name]
        closest = min(math.dist(point, layout.spots[pid].site) for point, _ in peaks(line))
        assert closest < 25, (name, closest)
        assert pid in impassable


def test_the_misty_mountains_part_rivendell_from_the_anduins_vale(middle_earth):
    # west of the range: Rivendell, Eregion, Dunland; east: the Carrock, Gladden, Lorien
    layout = layout_for(middle_earth)
    line = layout.features.ranges["Hithaeglir (the Misty Mountains)"]

    def range_x(y):
        (x1, y1), (x2, y2) = next((a, b) for a, b in zip(line, line[1:], strict=False)
                                  if a[1] <= y <= b[1])
        return x1 + (x2 - x1) * (y - y1) / (y2 - y1)

    for pid in ("riv", "hol", "dun"):
        x, y = layout.spots[pid].site
        assert x < range_x(y), pid
    for pid in ("car", "gla", "lor"):
        x, y = layout.spots[pid].site
        assert x > range_x(y), pid


def test_the_anduin_flows_from_the_north_past_osgiliath_to_its_mouths(middle_earth):
    layout = layout_for(middle_earth)
    river = layout.features.rivers["Anduin"]
    assert river[0][1] < layout.spots["car"].site[1]  # rises north of the Carrock
    assert min(math.dist(p, layout.spots["osg"].site) for p in river) < 25
    assert _nearest(layout, river[-1], list(layout.spots)) == "mou"


def test_a_map_without_a_features_file_draws_none(standard_map):
    assert features_for(load_map("middle-earth-viii")) is not None
    assert layout_for(standard_map).features is None


def test_only_ithilien_needs_a_connector(middle_earth):
    """Middle-Earth's positions bring every pair of neighbours together but one: North and
    South Ithilien, drawn across Osgiliath and Minas Morgul (8 connectors before)."""
    assert layout_for(middle_earth).links == [("nit", "sit")]


def test_no_drawing_of_middle_earth_can_do_without_one_connector(middle_earth):
    """Why one connector stays: North and South Ithilien, Osgiliath and Minas Morgul are all
    neighbours of each other, and each also neighbours the rest of the board, which hangs
    together without them. Joined into one, the rest and the four make five regions that all
    touch: no flat map of connected regions can draw that (the board's graph is not planar)."""
    four = {"nit", "sit", "osg", "mmo"}
    for a in four:
        assert four - {a} <= middle_earth.neighbours(a), a
    rest = {pid for pid, p in middle_earth.provinces.items() if pid not in four}
    start = next(iter(sorted(middle_earth.neighbours("sit") - four)))
    reached, todo = {start}, [start]
    while todo:
        for n in middle_earth.neighbours(todo.pop()) & rest:
            if n not in reached:
                reached.add(n)
                todo.append(n)
    for a in four:
        assert middle_earth.neighbours(a) & reached, a
