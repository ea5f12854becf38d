"""Tags in archives (issue 17): where the map's rules let pieces stack, an archive's outcome
writes each piece with its tag and reads it back; an archive written without tags still
loads and compares; on other maps the archive is written as before."""

from __future__ import annotations

from pathlib import Path

from gm.engine.position import Dislodged, Phase, Position, Unit
from gm.game.archives import compare_outcomes, outcome_of
from gm.maps import load_map
from gm.store.archive import read_archive, write_archive
from gm.store.archive.archive_data import Archive, ArchivePhase
from tests.stacking.rule import registered

BOARD = Path(__file__).resolve().parent / "stacks.toml"
SPRING = Phase(220, "Spring", "Movement")


def stacked_position():
    return Position(SPRING, [Unit("rome", "A", "umb", tag="S220M:rom"),
                             Unit("rome", "A", "umb", tag="W220A:rom"),
                             Unit("rome", "L", "umb", 0.5, "Scipio", tag="S220M:etr")],
                    {"rom": "rome"},
                    [Dislodged(Unit("carthage", "A", "etr", tag="S220M:cam"), "umb")])


def test_an_archive_keeps_the_tags_of_stacked_pieces():
    with registered():
        game_map = load_map(str(BOARD))
        outcome = outcome_of(stacked_position(), game_map)
        rome = next(h for h in outcome.holdings if h.power == "rome")
        assert rome.units == ["A umb #S220M:rom", "A umb #W220A:rom",
                              "0.5L umb (Scipio) #S220M:etr"]
        archive = Archive(variant=str(BOARD), phases=[ArchivePhase(heading="Spring 220 BC",
                                                                   outcome=outcome)])
        text = write_archive(archive, game_map)
        assert "Rome: A Umb #S220M:rom, A Umb #W220A:rom, 0.5L Umb (Scipio) #S220M:etr" in text
        again = read_archive(text, "written.txt").phases[0].outcome
        assert again.model_dump(exclude={"line"}) == outcome.model_dump(exclude={"line"})
        assert compare_outcomes(again, outcome, game_map) == []


def test_an_archive_without_tags_still_compares_and_a_wrong_tag_is_found():
    with registered():
        game_map = load_map(str(BOARD))
        replayed = outcome_of(stacked_position(), game_map)
        old = replayed.model_copy(deep=True)
        for holding in old.holdings:
            holding.units = [u.split(" #")[0] for u in holding.units]
        for d in old.dislodged:
            d.unit = d.unit.split(" #")[0]
        assert compare_outcomes(old, replayed, game_map) == []
        wrong = replayed.model_copy(deep=True)
        wrong.holdings[0].units[0] = "A umb #S220M:sam"
        assert compare_outcomes(wrong, replayed, game_map)


def test_a_map_without_stacks_writes_no_tags(standard_map):
    pos = Position(Phase(1901, "Spring", "Movement"), [Unit("france", "A", "par",
                                                            tag="S1901M:par")], {})
    assert outcome_of(pos, standard_map).holdings[0].units == ["A par"]
