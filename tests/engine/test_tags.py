"""Piece tags (`Unit.tag`): given when a piece enters the game, deterministic, kept through
moves, retreats, builds and changes of kind (the store's part: tests/store/test_store_tags.py)."""

from __future__ import annotations

from gm.engine.position import Phase, Position, Unit, piece_tag, starting_position
from gm.engine.season import Season
from gm.maps import load_map
from tests.engine.test_season import play


def test_starting_pieces_are_tagged_by_phase_and_site(standard_map):
    units = starting_position(standard_map).units
    tags = {u.label(): u.tag for u in units}
    assert tags["A par"] == "S1901M:par" and tags["F stp/sc"] == "S1901M:stp"
    assert len({u.tag for u in units}) == len(units)
    assert [u.tag for u in starting_position(standard_map).units] == [u.tag for u in units]


def test_a_second_piece_on_one_site_gets_its_own_tag():
    phase = Phase(1901, "Winter", "Adjustment")
    first = piece_tag(phase, "par")
    assert piece_tag(phase, "par", {first}) == "W1901A:par:2"


def test_tags_go_with_moves_retreats_and_builds(standard_map):
    season = Season.for_map(standard_map)
    pos = Position(Phase(1901, "Autumn", "Movement"),
                   [Unit("france", "A", "bur", tag="t-bur"), Unit("germany", "A", "mun",
                                                                   tag="t-mun"),
                    Unit("germany", "A", "ruh", tag="t-ruh")],
                   {"par": "france", "mun": "germany", "ber": "germany", "kie": "germany"})
    moved = play(season, pos, "Germany: A mun - bur", "Germany: A ruh S A mun - bur")
    assert {u.tag for u in moved.position.units} == {"t-mun", "t-ruh"}
    assert moved.position.dislodged[0].unit.tag == "t-bur"
    retreated = play(season, moved.position, "France: A bur - par")
    assert {u.location: u.tag for u in retreated.position.units}["par"] == "t-bur"
    assert retreated.position.phase.kind == "Adjustment"
    built = play(season, retreated.position, "Germany: Build A kie")
    assert {u.location: u.tag for u in built.position.units}["kie"] == "W1901A:kie"


def test_a_change_of_kind_keeps_the_tag():
    # Lord of Hosts rule 3: Egypt's A/F in Tanis becomes a fleet by its first order and moves
    game_map = load_map("lord-of-hosts")
    start = starting_position(game_map)
    tag = next(u.tag for u in start.units if u.location == "tan")
    out = play(Season.for_map(game_map), start, "Egypt: F tan - sms")
    fleet = next(u for u in out.position.units if u.location == "sms")
    assert fleet.kind == "F" and fleet.tag == tag == "S601M:tan"
