"""The legend lists only what its picture shows, names each leader, and every power's colour
stands out from land and from sea on every shipped map."""

from __future__ import annotations

import pytest

from gm.draw import DrawnOrder, draw_phase, style
from gm.draw.board_data import CONVOY, MOVE
from gm.draw.board_maker import make_board
from gm.engine.position import Unit, starting_position
from gm.maps import load_map
from gm.maps.gamemap import compile_map
from gm.maps.loader import map_files
from gm.maps.map_check import check_text
from tests.draw.svg_structure import parse, texts, with_class
from tests.draw.test_board_data import FIXTURE_MAP as ANCIENT

ORDER_WORDS = ("move", "retreat", "support", "convoy", "the order failed", "dislodged",
               "built", "removed", "disbanded")


def legend_of(game_map, board) -> list[str]:
    return texts(with_class(parse(draw_phase(game_map, board)), "legend")[0])


def test_a_starting_position_has_no_order_in_its_key(standard_map):
    board = make_board(standard_map, starting_position(standard_map), game="t")
    legend = legend_of(standard_map, board)
    assert not set(ORDER_WORDS) & set(legend)
    # what it does show: both kinds of piece, St Petersburg's fleet on its south coast,
    # the neutral and the owned centres
    for words in ("army", "fleet", "fleet on the south coast", "supply centre, neutral",
                  "owned (the owner's colour)"):
        assert words in legend
    assert "fleet on the north coast" not in legend


def test_only_the_kinds_of_order_drawn_are_keyed(standard_map):
    board = make_board(standard_map, starting_position(standard_map), game="t")
    board.orders = [DrawnOrder(MOVE, "france", "par", dest="bur", succeeded=True)]
    legend = legend_of(standard_map, board)
    assert "move" in legend
    assert not {"support", "convoy", "the order failed", "dislodged"} & set(legend)
    board.orders.append(DrawnOrder(CONVOY, "england", "lon", target="lvp", dest="bel",
                                   succeeded=False))
    legend = legend_of(standard_map, board)
    assert {"move", "convoy", "the order failed"} <= set(legend)
    assert "support" not in legend


def test_impassable_ground_is_keyed_only_where_the_map_has_some(standard_map):
    # the standard board has no impassable province, but Switzerland and Ireland are land
    # of no province, drawn hatched as impassable
    board = make_board(standard_map, starting_position(standard_map), game="t")
    assert "impassable" in legend_of(standard_map, board)
    ancient = compile_map(check_text(ANCIENT.read_text(encoding="utf-8"), str(ANCIENT)).spec)
    assert not any(p.kind == "impassable" for p in ancient.provinces.values())
    board = make_board(ancient, starting_position(ancient), game="t")
    assert "impassable" not in legend_of(ancient, board)


def test_a_leader_is_named_with_its_token(standard_map):
    position = starting_position(standard_map)
    position.units.append(Unit("france", "L", "par", 0.5, "Publius Scipio"))
    root = parse(draw_phase(standard_map, make_board(standard_map, position, game="t")))
    legend = with_class(root, "legend")[0]
    (leader,) = with_class(legend, "leader")
    assert leader.get("data-name") == "Publius Scipio"
    assert texts(leader) == ["Pub", "Publius Scipio (French), Par"]
    # the board shows the same token, beside the army in Paris
    pieces = [e for e in with_class(root, "piece") if e.get("data-location") == "par"]
    assert sorted(texts(p)[0] for p in pieces) == ["A", "Pub"]
    # a named leader is not keyed again as a kind of piece of strength ½
    assert not any("strength" in t for t in texts(legend))


def test_two_leaders_whose_names_begin_alike_get_tokens_told_apart(standard_map):
    """Rise of Rome II's Philip V and Philopoemen would both be `Phi`: the board and the legend
    lengthen both to the letters that tell them apart; other leaders keep three."""
    position = starting_position(standard_map)
    position.units += [Unit("france", "L", "par", 0.5, "Philip V"),
                       Unit("germany", "L", "ber", 0.5, "Philopoemen"),
                       Unit("italy", "L", "rom", 0.5, "Hannibal")]
    root = parse(draw_phase(standard_map, make_board(standard_map, position, game="t")))
    legend = with_class(root, "legend")[0]
    assert sorted(texts(e)[0] for e in with_class(legend, "leader")) == ["Han", "Phili", "Philo"]
    shown = {e.get("data-location"): texts(e)[0] for e in with_class(root, "piece")
             if texts(e)[0][0] not in ("A", "F")}
    assert shown == {"par": "Phili", "ber": "Philo", "rom": "Han"}


@pytest.mark.parametrize("map_id", sorted(map_files()))
def test_every_powers_colour_stands_out_from_land_and_sea(map_id):
    game_map = load_map(map_id)
    for power in game_map.powers.values():
        drawn = style.power_colour(power.colour)
        assert style.difference(drawn, style.LAND) >= style.DISTINCT, power.id
        assert style.difference(drawn, style.SEA) >= style.DISTINCT, power.id
        tint = style.mix(drawn, style.LAND, style.OWNED_TINT)  # its centres' regions
        assert style.difference(tint, style.LAND) >= style.DISTINCT_TINT, power.id


def test_a_pale_colour_is_darkened_and_a_plain_one_kept():
    assert style.power_colour("#c8102e") == "#c8102e"  # Austria's red
    pale = "#9aa6b5"  # a grey-blue as light as the sea
    assert style.difference(pale, style.SEA) < style.DISTINCT
    assert style.luminance(style.power_colour(pale)) < style.luminance(pale)


def test_the_pieces_are_drawn_in_the_colour_the_legend_shows():
    game_map = load_map("middle-earth-viii")
    root = parse(draw_phase(game_map, make_board(game_map, starting_position(game_map),
                                                 game="t")))
    gondor = style.power_colour(game_map.powers["gondor"].colour)
    assert gondor != game_map.powers["gondor"].colour
    fills = {e.find("{http://www.w3.org/2000/svg}rect").get("fill")
             for e in with_class(root, "piece") if e.get("data-power") == "gondor"}
    assert fills == {gondor}
    swatch = [e for e in with_class(root, "standing") if e.get("data-power") == "gondor"][0]
    assert swatch.find("{http://www.w3.org/2000/svg}rect").get("fill") == gondor
