"""Who plays each power: named from a phase on, replaced mid-game without rewriting earlier
seasons, standbys and vacancies, contacts for the GM alone, and clear refusals."""

from __future__ import annotations

import pytest

from gm.game.players import list_players, player_history, set_player
from gm.game.workflow_errors import WorkflowError
from tests.game.conftest import play


def names(store, phase=None) -> dict[str, str]:
    _, seats = list_players(store, "demo", phase)
    return {s.power: s.name for s in seats if s.since}


def test_a_player_is_named_from_the_phase_in_progress(store, game):
    change = set_player(store, "demo", "france", "Jane   Smith", contact="jane@example.com")
    assert (change.power, change.player.name, change.phase) == ("France", "Jane Smith",
                                                                "Spring 1901")
    _, seats = list_players(store, "demo")
    france = next(s for s in seats if s.power == "France")
    assert (france.name, france.contact, france.since) == ("Jane Smith", "jane@example.com",
                                                           "Spring 1901")
    assert [s.power for s in seats] == ["Austria", "England", "France", "Germany", "Italy",
                                        "Russia", "Turkey"]


def test_a_replacement_keeps_who_played_the_earlier_seasons(store, game):
    set_player(store, "demo", "France", "Jane Smith")
    play(store, "demo")
    set_player(store, "demo", "France", "Bob Jones", standby=True)
    assert names(store, "Spring 1901") == {"France": "Jane Smith"}
    assert names(store) == {"France": "Bob Jones"}
    history = player_history(store, "demo")
    assert [(s.since, s.name, s.standby) for s in history] == [
        ("Spring 1901", "Jane Smith", False), ("Autumn 1901", "Bob Jones", True)]


def test_a_change_may_be_dated_back_to_an_earlier_phase(store, game):
    set_player(store, "demo", "France", "Jane Smith")
    play(store, "demo")
    play(store, "demo")  # Autumn 1901; no retreats, so Winter is skipped: now Spring 1902
    set_player(store, "demo", "France", "Bob Jones", phase="Autumn 1901")
    assert names(store, "Spring 1901") == {"France": "Jane Smith"}
    assert names(store, "Autumn 1901") == {"France": "Bob Jones"}
    assert names(store) == {"France": "Bob Jones"}


def test_naming_the_same_player_again_only_changes_the_contact(store, game):
    set_player(store, "demo", "France", "Jane Smith", contact="old@example.com")
    play(store, "demo")
    change = set_player(store, "demo", "France", "Jane Smith", contact="new@example.com")
    assert change.only_contact and change.phase == "Spring 1901"
    assert [s.contact for s in player_history(store, "demo")] == ["new@example.com"]
    set_player(store, "demo", "France", contact="third@example.com")
    assert [s.contact for s in player_history(store, "demo")] == ["third@example.com"]


def test_a_vacancy_is_recorded_and_listed_as_nobody(store, game):
    set_player(store, "demo", "Italy", "Ann Lee")
    play(store, "demo")
    set_player(store, "demo", "Italy", vacant=True)
    _, seats = list_players(store, "demo")
    italy = next(s for s in seats if s.power == "Italy")
    assert italy.vacant and italy.name == "" and italy.since == "Autumn 1901"
    assert names(store, "Spring 1901") == {"Italy": "Ann Lee"}


@pytest.mark.parametrize("kwargs, message", [
    ({"power": "Prussia", "name": "X"}, "'Prussia' is not a power of Standard"),
    ({"power": "France", "name": "   "}, "the player's name is empty"),
    ({"power": "France", "name": "x" * 81}, "longer than 80 characters"),
    ({"power": "France", "name": "Vacant"}, "use --vacant"),
    ({"power": "France", "name": "Jane", "vacant": True}, "--vacant means nobody plays"),
    ({"power": "France"}, "say who plays France"),
    ({"power": "France", "contact": "a@b"}, "nobody plays France at Spring 1901"),
    ({"power": "France", "name": "Jane", "phase": "Autumn 1905"}, "has no phase"),
    ({"power": "France", "name": "Jane", "phase": "Sprung 1901"}, "not a phase"),
])
def test_bad_input_is_refused_and_changes_nothing(store, game, kwargs, message):
    with pytest.raises(WorkflowError, match=message):
        set_player(store, "demo", **kwargs)
    assert player_history(store, "demo") == []


def test_an_unknown_game_is_named(store, game):
    with pytest.raises(Exception, match="no game called 'nowhere'"):
        set_player(store, "nowhere", "France", "Jane")


@pytest.mark.parametrize("kwargs", [{"name": "Jane\x1b[2J"}, {"name": "Jane \u202eSmith"},
                                    {"name": "Jane", "contact": "a\x07@b"}])
def test_control_characters_in_a_name_or_contact_are_refused(store, game, kwargs):
    with pytest.raises(WorkflowError, match="control characters"):
        set_player(store, "demo", "France", **kwargs)
    assert player_history(store, "demo") == []
