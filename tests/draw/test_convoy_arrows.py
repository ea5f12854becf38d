"""A convoyed move is drawn by way of its fleets (army, each fleet in turn, destination), not
as a straight land arrow across the coast; each convoying fleet gets a dotted ring."""

from __future__ import annotations

import math
import re

from gm.draw import DrawnOrder, draw_phase
from gm.draw.board_data import CONVOY, MOVE
from gm.draw.board_maker import make_board
from gm.engine.position import Position, Unit, starting_position
from tests.draw.svg_structure import SVG, parse, with_class


def _board(game_map, units, orders):
    position: Position = starting_position(game_map)
    position.units = units
    board = make_board(game_map, position, game="t")
    board.orders = orders
    return board


def _centre(piece) -> tuple[float, float]:
    rect = piece.find(f"{SVG}rect")
    return (float(rect.get("x")) + float(rect.get("width")) / 2,
            float(rect.get("y")) + float(rect.get("height")) / 2)


def _points(path: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path)]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def test_a_move_by_two_fleets_runs_through_both(standard_map):
    units = [Unit("england", "A", "lon"), Unit("england", "F", "eng"),
             Unit("england", "F", "mid")]
    orders = [DrawnOrder(MOVE, "england", "lon", dest="por", succeeded=True),
              DrawnOrder(CONVOY, "england", "mid", target="lon", dest="por", succeeded=True),
              DrawnOrder(CONVOY, "england", "eng", target="lon", dest="por", succeeded=True)]
    root = parse(draw_phase(standard_map, _board(standard_map, units, orders)))
    pieces = {e.get("data-location"): _centre(e) for e in with_class(root, "piece")}
    (move,) = [e for e in with_class(root, "order") if "move" in e.get("class").split()]
    lines = [e for e in move.iter() if e.tag in (f"{SVG}path", f"{SVG}polyline")]
    points = _points(lines[-1].get("d"))
    # army (a little off its token), then the Channel's fleet, the Atlantic's, then Portugal
    assert len(points) == 4
    assert math.dist(points[0], pieces["lon"]) < 15
    assert math.dist(points[1], pieces["eng"]) < 0.2
    assert math.dist(points[2], pieces["mid"]) < 0.2
    assert points[3][1] > points[2][1]  # and on south to Portugal
    # the fleets carry: a dotted ring around each, no line of its own across the sea
    for fleet in ("eng", "mid"):
        (convoy,) = [e for e in with_class(root, "order")
                     if "convoy" in e.get("class").split() and e.get("data-from") == fleet]
        (ring,) = list(convoy.iter(f"{SVG}circle"))
        assert math.dist((float(ring.get("cx")), float(ring.get("cy"))), pieces[fleet]) < 0.2
        assert ring.get("stroke-dasharray")


def test_a_move_without_convoys_is_one_straight_arrow(standard_map):
    units = [Unit("france", "A", "par")]
    orders = [DrawnOrder(MOVE, "france", "par", dest="bur", succeeded=True)]
    root = parse(draw_phase(standard_map, _board(standard_map, units, orders)))
    (move,) = with_class(root, "order")
    lines = [e for e in move.iter() if e.tag == f"{SVG}path"]
    assert lines and all(len(_points(e.get("d"))) == 2 for e in lines)
