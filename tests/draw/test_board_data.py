"""Boards from plain data: every kind of piece and centre a variant can have (on the test
fixture map, which has them all), and variant state read without knowing the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.draw import draw_phase
from gm.draw.board_maker import destroyed_centres, make_board
from gm.engine.position import Unit, starting_position
from tests.draw.svg_structure import parse, texts, with_class

FIXTURE_MAP = Path(__file__).resolve().parents[1] / "orders" / "fixtures" / "ancient.toml"


@pytest.fixture(scope="module")
def ancient():
    from gm.maps.gamemap import compile_map
    from gm.maps.map_check import check_text

    report = check_text(FIXTURE_MAP.read_text(encoding="utf-8"), str(FIXTURE_MAP))
    return compile_map(report.spec)


def test_every_kind_of_piece_shows_its_kind_strength_or_name(ancient):
    position = starting_position(ancient)
    position.units.append(Unit("carthage", "A", "had", 1.0, "Hannibal"))
    root = parse(draw_phase(ancient, make_board(ancient, position, game="t")))
    captions = {e.get("data-location"): (e.get("data-caption"), texts(e)[0])
                for e in with_class(root, "piece") if e.get("data-caption") != "Hannibal"}
    for unit in position.units:
        if unit.name:
            continue
        count = "" if unit.strength == 1 else f"{unit.strength:g}"
        assert captions[unit.location] == (f"{count}{unit.kind}",) * 2
    kinds = {u.kind for u in position.units} | {
        f"{u.strength:g}{u.kind}" for u in position.units if u.strength != 1}
    assert {"A", "F", "G", "A/F", "2A", "2F"} <= kinds  # the fixture has them all
    # a leader stands beside the army in its province; the legend gives the full name
    leader = [e for e in with_class(root, "piece") if e.get("data-caption") == "Hannibal"]
    assert len(leader) == 1 and texts(leader[0])[0] == "Han"
    assert any("Hannibal (Carthaginian), Had" in t for t in texts(root))


def test_centre_values_and_destroyed_centres_are_marked(ancient):
    position = starting_position(ancient)
    position.state["sacking"] = {"destroyed": ["del"], "doubled": {}}
    root = parse(draw_phase(ancient, make_board(ancient, position, game="t")))
    marks = {e.get("data-province"): e for e in with_class(root, "centre")}
    for pid, province in ancient.provinces.items():
        if province.is_centre:
            assert marks[pid].get("data-value") == f"{province.supply:g}"
    assert {e.get("data-value") for e in marks.values()} >= {"0.5", "1", "2"}
    assert [p for p, e in marks.items() if e.get("data-destroyed") == "yes"] == ["del"]
    legend = " ".join(texts(with_class(root, "legend")[0]))
    for words in ("worth ½", "destroyed centre"):
        assert words in legend
    # Delphi, the only centre worth 2, is destroyed: no mark of a 2 shows, nor its key line
    assert "worth 2" not in legend
    whole = parse(draw_phase(ancient, make_board(ancient, starting_position(ancient), game="t")))
    legend = " ".join(texts(with_class(whole, "legend")[0]))
    assert "worth 2" in legend and "destroyed centre" not in legend


@pytest.mark.parametrize(("state", "expected"), [
    ({"holy_places": {"destroyed": ["moa", "jeu"], "awards": {"babylon": 1}}}, {"moa", "jeu"}),
    ({"sacking": {"destroyed": ["rom"]}, "destroy_rebuild": {"destroyed": ["ath"]}},
     {"rom", "ath"}),
    ({}, set()),
    ({"loans": {"active": {}}, "holy_places": {"awards": {}}}, set()),
    ({"odd": {"destroyed": "moa"}, "other": ["destroyed"]}, set()),  # not a list: ignored
])
def test_destroyed_centres_are_read_from_any_rules_state(state, expected):
    assert destroyed_centres(state) == frozenset(expected)
