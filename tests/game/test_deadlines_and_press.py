"""Deadlines for the phase in progress, and press and GM notes kept verbatim for a season."""

from __future__ import annotations

from datetime import date

import pytest

from gm.game.deadlines import clear_deadline, current_deadline, set_deadline
from gm.game.press import add_press, allow_grey, grey_allowed, list_press, withdraw_press
from gm.game.workflow_errors import WorkflowError
from tests.game.conftest import play


def test_a_deadline_belongs_to_the_phase_in_progress(store, game):
    play(store, "demo")
    found = set_deadline(store, "demo", "in 2 weeks")
    assert (found.phase, found.due.day) == ("Autumn 1901", date(2026, 12, 4))
    assert found.sentence() == "Orders for Autumn 1901 are due Friday 4 December 2026."
    assert current_deadline(store, "demo").due.day == date(2026, 12, 4)
    set_deadline(store, "demo", "Saturday")
    assert current_deadline(store, "demo").due.day == date(2026, 11, 21)
    assert clear_deadline(store, "demo").due is None
    assert current_deadline(store, "demo").sentence() == "No deadline is set for Autumn 1901."


def test_a_past_date_is_kept_but_flagged(store, game):
    assert set_deadline(store, "demo", "2026-11-01").in_past
    assert not set_deadline(store, "demo", "2026-11-20").in_past


def test_an_unreadable_date_changes_nothing(store, game):
    set_deadline(store, "demo", "Dec 5")
    with pytest.raises(WorkflowError, match="'the fifth of Smarch' is not a deadline gm can"):
        set_deadline(store, "demo", "the fifth of Smarch")
    assert current_deadline(store, "demo").due.day == date(2026, 12, 5)


def test_a_game_that_is_over_takes_no_deadline(store, game):
    from gm.game.history import declare_draw

    declare_draw(store, "demo", ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"])
    with pytest.raises(WorkflowError, match="is over"):
        set_deadline(store, "demo", "tomorrow")


def test_press_is_stored_verbatim_for_the_season(store, game):
    text = "  To all:\n\tNo [bold]tricks[/bold].\n\n# signed, *F*\n"
    entered = add_press(store, "demo", text, sender="french", source="letter.txt")
    assert (entered.phase, entered.signed, entered.item.text) == ("Spring 1901", "France",
                                                                  text)
    add_press(store, "demo", "The deadline moves.", gm_note=True)
    label, items = list_press(store, "demo")
    assert label == "Spring 1901"
    assert [(i.kind, i.signed, i.first_line) for i in items] == [
        ("press", "France", "To all:"), ("note", "GM", "The deadline moves.")]


def test_grey_press_needs_the_game_to_allow_it_and_keeps_its_sender_for_the_gm(store, game):
    with pytest.raises(WorkflowError, match="does not allow grey press"):
        add_press(store, "demo", "Who am I?", sender="Italy", grey=True)
    assert list_press(store, "demo")[1] == []
    allow_grey(store, "demo", True)
    assert grey_allowed(store, "demo")
    entered = add_press(store, "demo", "Who am I?", sender="Italy", grey=True)
    unsigned = add_press(store, "demo", "Nobody knows.", grey=True)
    assert entered.signed == unsigned.signed == "Anonymous"
    assert [i.sender for i in list_press(store, "demo")[1]] == ["Italy", ""]
    allow_grey(store, "demo", False)
    assert [i.signed for i in list_press(store, "demo")[1]] == ["Anonymous", "Anonymous"]


def test_press_may_go_to_the_season_just_adjudicated(store, game):
    play(store, "demo")
    add_press(store, "demo", "Late letter from Paris.", sender="France", phase="Spring 1901")
    assert [i.first_line for i in list_press(store, "demo", "Spring 1901")[1]] == [
        "Late letter from Paris."]
    assert list_press(store, "demo")[1] == []


def test_once_a_game_is_over_press_goes_to_its_last_report(store, game):
    from gm.game.history import declare_draw

    play(store, "demo")
    declare_draw(store, "demo", ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"])
    entered = add_press(store, "demo", "Well played, all.", sender="France")
    assert entered.phase == "Spring 1901"


@pytest.mark.parametrize("kwargs, message", [
    ({"text": "  \n\n", "sender": "France"}, "the press is empty"),
    ({"text": "x", "sender": "France", "gm_note": True}, "a GM note is signed by the GM"),
    ({"text": "x"}, "say who wrote it"),
    ({"text": "x", "sender": "Prussia"}, "'Prussia' is not a power"),
    ({"text": "x" * 100_001, "sender": "France"}, "at most 100000"),
    ({"text": "x", "sender": "France", "phase": "Spring 1905"}, "has no phase"),
])
def test_bad_press_is_refused_and_stores_nothing(store, game, kwargs, message):
    with pytest.raises(WorkflowError, match=message):
        add_press(store, "demo", **kwargs)
    assert list_press(store, "demo")[1] == []


def test_withdrawn_press_leaves_the_report(store, game):
    first = add_press(store, "demo", "Oops, wrong game.", sender="France")
    add_press(store, "demo", "Right game.", sender="France")
    withdraw_press(store, "demo", first.item.id)
    assert [i.first_line for i in list_press(store, "demo")[1]] == ["Right game."]
    with pytest.raises(WorkflowError, match=f"no press item {first.item.id} to withdraw"):
        withdraw_press(store, "demo", first.item.id)


def test_the_listing_shows_control_characters_as_question_marks(store, game):
    entered = add_press(store, "demo", "\x1b[2JHello", sender="France")
    assert entered.item.text == "\x1b[2JHello"
    assert [i.first_line for i in list_press(store, "demo")[1]] == ["?[2JHello"]
