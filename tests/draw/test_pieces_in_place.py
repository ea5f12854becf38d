"""Every piece is drawn in its own province, the board is framed on its provinces, and a failed
move's cross is on its arrow (issue 29's pictures).

- Over every phase of every demo game (`games/*-demo.txt`), each piece's token (leaders
  included) stands inside its province as the picture draws it: a land province's part of the
  coastline, a sea's water, a river's bed. Rise of Rome II's Spring 220 BC draws the leaders
  placed with its orders, their moves start from their tokens, and the legend counts them.
- The frame holds every province and no more; Hoplite Wars' Greece is no longer a third of it.
- A failed move's cross lies on the move's line (Hoplite Wars: `F Ath - Meg/ec`).
- A stored result of a part of an order (a split's part, a merge's piece) is drawn through
  its kind from the order given (`results.part`), once, with its own result: not the whole
  order again for every piece, nor its text read again. An order to a multiple (`2A Spa -
  Teg`, a result per piece) is one arrow; a double build keeps a token per piece it makes.
"""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path

import pytest

from gm.calendar import Phase
from gm.draw import draw_phase
from gm.draw.board_maker import OrderOutcome, make_board
from gm.draw.layout import FRAME_MARGIN, layout_for
from gm.draw.outline import inside_ring, outline_for
from gm.draw.stored import all_boards
from gm.draw.tokens import place_tokens
from gm.engine.position import Unit, starting_position
from gm.maps import available_maps, load_map
from gm.orders.kinds.move import Move
from tests.conftest import DEMOS
from tests.draw.svg_structure import SVG, parse, texts, with_class

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def demo_boards(replayed):
    """Every phase's board of every demo game, by map id."""
    boards = {}
    for archive in DEMOS:
        found = all_boards(replayed.store, replayed.game(archive))
        boards[found[0].game_map.id] = found
    return boards


def drawn_inside(layout, game_map, province: str, point) -> bool:
    """Is `point` inside the province as the picture fills it? Land: its pieces of the
    coastline; a river: its bed; a sea: its cells, less the land drawn over."""
    pieces = layout.regions.get(province, [])
    if not any(inside_ring(piece, point) for piece in pieces if len(piece) >= 3):
        return False
    sea = game_map.provinces[province].kind == "sea" and province not in layout.rivers
    return not (sea and layout.land and any(inside_ring(ring, point) for ring in layout.land))


def test_the_demo_games_are_all_here(demo_boards):
    assert set(demo_boards) == {"standard", "lord-of-hosts", "rise-of-rome-ii", "hoplite-wars",
                                "middle-earth-viii", "diadochi-v"}


@pytest.mark.parametrize("map_id", ["standard", "lord-of-hosts", "rise-of-rome-ii",
                                    "hoplite-wars", "middle-earth-viii", "diadochi-v"])
def test_every_piece_of_every_demo_phase_stands_in_its_province(demo_boards, map_id):
    outside = []
    for found in demo_boards[map_id]:
        layout = layout_for(found.game_map)
        for token in place_tokens(layout, found.board):
            if not drawn_inside(layout, found.game_map, token.piece.province,
                                (token.x, token.y)):
                outside.append(f"{found.label}: {token.caption} {token.piece.location}")
    assert not outside, outside


def token_centres(svg: str) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """The drawn tokens' centres by (caption, location), read back from the SVG."""
    out: dict[tuple[str, str], list] = {}
    for piece in with_class(parse(svg), "piece"):
        rect = piece.find(f"{SVG}rect")
        x, y = float(rect.get("x")), float(rect.get("y"))
        centre = (x + float(rect.get("width")) / 2, y + float(rect.get("height")) / 2)
        out.setdefault((piece.get("data-caption"), piece.get("data-location")), []).append(
            centre)
    return out


def test_the_first_spring_draws_the_leaders_placed_and_moves_them_from_there(demo_boards):
    """Rise of Rome II, Spring 220 BC: the leaders are placed with the Spring's orders, so the
    position the Spring starts from has none; the picture draws each where it was placed,
    inside its province, and its move's arrow starts at its own token."""
    (spring,) = [b for b in demo_boards["rise-of-rome-ii"] if b.label == "Spring 220 BC"]
    game_map, board = spring.game_map, spring.board
    layout = layout_for(game_map)
    leaders = {p.name: p for p in board.pieces if p.name}
    assert set(leaders) == {leader for power in game_map.powers.values()
                            for leader in power.leaders}
    assert leaders["Philopoemen"].location == "ach"
    centres = token_centres(draw_phase(game_map, board))
    for name, piece in leaders.items():
        (centre,) = centres[(name, piece.location)]
        assert drawn_inside(layout, game_map, piece.province, centre), name
    tokens = {t.piece.name: t for t in place_tokens(layout, board) if t.piece.name}
    root = parse(draw_phase(game_map, board))
    moved = [o for o in board.orders if o.leader and o.kind == "move"]
    assert moved  # the demo moves leaders in its first Spring
    for order in moved:
        (line,) = [e for e in with_class(root, "order")
                   if e.get("data-from") == order.location and e.get("data-to") == order.dest
                   and (e.find(f"{SVG}title").text or "").startswith(order.leader)]
        start, _ = segment(line.find(f"{SVG}path"))
        token = tokens[order.leader]
        assert math.dist(start, (token.x, token.y)) <= token.width / 2 + 2, order.leader
    # the legend counts the pieces the picture draws: each power's leader with its units
    standing = {s.power: s for s in board.standings}
    for pid, power in game_map.powers.items():
        assert standing[pid].free == tuple(power.leaders), pid
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "3 centres, 3 units and Hannibal" in legend


@pytest.mark.parametrize("map_id", available_maps())
def test_the_frame_holds_every_province_and_no_more(map_id):
    game_map = load_map(map_id)
    layout = layout_for(game_map)
    blocks = [spot.block for spot in layout.spots.values()]
    assert math.isclose(layout.frame.width, max(b.right for b in blocks)
                        - min(b.left for b in blocks) + 2 * FRAME_MARGIN, abs_tol=0.01)
    assert math.isclose(layout.frame.height, max(b.bottom for b in blocks)
                        - min(b.top for b in blocks) + 2 * FRAME_MARGIN, abs_tol=0.01)


def test_hoplite_wars_is_framed_on_greece_not_on_its_coastlines_box():
    game_map = load_map("hoplite-wars")
    layout = layout_for(game_map)
    width, height = outline_for(game_map).size
    assert layout.frame.width * layout.frame.height < 0.7 * width * height


def test_a_failed_moves_cross_is_on_its_arrow():
    """Hoplite Wars, `F Ath - Meg/ec` bouncing: the cross was drawn at the fleet's corner,
    away from the arrow; it is on the arrow's line."""
    game_map = load_map("hoplite-wars")
    position = starting_position(game_map)
    position.phase = Phase(450, "Spring", "Movement")
    position.units = [Unit("athens", "F", "ath"), Unit("argolis", "A", "meg")]
    board = make_board(game_map, position, game="t", outcomes=[
        OrderOutcome("athens", Move("athens", "F", "ath", "meg/ec"), "ath", False, "bounced",
                     text="F Ath - Meg/ec")])
    root = parse(draw_phase(game_map, board))
    (arrow,) = [e for e in with_class(root, "order") if e.get("data-from") == "ath"]
    a, b = segment(arrow.findall(f"{SVG}path")[1])  # the coloured line (then the bar)
    (mark,) = [e for e in with_class(root, "order-mark") if e.get("data-from") == "ath"]
    one, other = segment(mark.find(f".//{SVG}path"))  # a stroke of the cross
    centre = ((one[0] + other[0]) / 2, (one[1] + other[1]) / 2)
    assert distance_to_segment(centre, a, b) < 1.0


def segment(path) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of a drawn line (`<path d="M x,y L x,y">`)."""
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
    return (numbers[0], numbers[1]), (numbers[2], numbers[3])


def distance_to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def _marks(boards, short: str, *places: str) -> list[tuple]:
    [board] = [b.board for b in boards if b.short == short]
    return sorted((o.kind, o.location, o.dest, o.text) for o in board.orders
                  if o.location in places)


def test_a_stored_split_draws_each_part_once_through_its_kind(demo_boards):
    """Hoplite Wars, Spring 450 BC: `2F Ath split F - Sar & F H`; Autumn: `2A Teg split
    A - Lep & A - Arc`."""
    boards = demo_boards["hoplite-wars"]
    assert _marks(boards, "S450M", "ath") == [("hold", "ath", None, "F Ath H"),
                                              ("move", "ath", "sar", "F Ath - Sar")]
    assert _marks(boards, "A450M", "teg") == [("move", "teg", "arc", "A Teg - Arc"),
                                              ("move", "teg", "lep", "A Teg - Lep")]


def test_a_stored_merge_draws_each_piece_once(demo_boards):
    """Spring 449 BC: `A Lep & A Arc merge 2A Eli`, one move into Elis from each piece."""
    assert _marks(demo_boards["hoplite-wars"], "S449M", "lep", "arc") == [
        ("move", "arc", "eli", "A Arc merge 2A Eli"),
        ("move", "lep", "eli", "A Lep merge 2A Eli")]


def test_an_order_to_a_multiple_is_drawn_once_and_a_double_build_makes_two_pieces(demo_boards):
    """Spring 450 BC: `2A Spa - Teg` has a result for each of its two armies; the picture
    draws one arrow, not two on top of each other. Winter 451 BC: `Build 2F Ath` builds two
    fleets, and each new piece keeps its token."""
    boards = demo_boards["hoplite-wars"]
    assert _marks(boards, "S450M", "spa") == [("move", "spa", "teg", "2A Spa - Teg")]
    assert _marks(boards, "W451A", "ath") == [("build", "ath", None, "Build F Ath")] * 2
    [spring] = [b for b in boards if b.short == "S450M"]
    arrows = [e for e in with_class(parse(draw_phase(spring.game_map, spring.board)), "order")
              if e.get("data-from") == "spa"]
    assert [e.get("data-to") for e in arrows] == ["teg"]


def test_a_result_takes_its_part_from_the_order_given_and_old_rows_their_text():
    from gm.orders.parse import parse_order
    from gm.report.order_facts import stored_order
    from gm.store.result_rows import ResultRow

    greece = load_map("hoplite-wars")
    split = parse_order("2A Teg split A - Lep & A - Arc", greece, "sparta")
    row = ResultRow("sparta", "A Teg - Arc", "A teg", True, "moved", order_id=7, part=1)
    assert stored_order(row, {7: split}, greece, "Movement") is split.parts[1]
    whole = dataclasses.replace(row, part=None)  # the result of the order itself
    assert stored_order(whole, {7: split}, greece, "Movement") is split
    # a row stored before results named their part has only its text
    old = ResultRow("sparta", "A Teg - Arc", "A teg", True, "moved")
    assert stored_order(old, {}, greece, "Movement") == split.parts[1]
