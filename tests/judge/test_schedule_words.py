"""The schedule's words: how long each kind of phase runs, counted on the game's calendar so
that a change to or from summer time never moves a deadline by an hour."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm.judge.schedule_words import ScheduleError, read_span, read_timing, span_words

LONDON = "Europe/London"


def _utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_the_words_a_gm_writes_are_read():
    timing = read_timing("3d 18:00 Europe/London")
    assert (timing.days, timing.at, timing.zone) == (3, time(18, 0), LONDON)
    assert read_timing("1d").days == 1 and read_timing("1w").days == 7
    assert read_timing("36h").seconds == 36 * 3600
    assert (read_timing("2d12h").days, read_timing("2d 12h").seconds) == (2, 12 * 3600)
    assert read_timing("saturday 6pm CET").weekday == 5
    assert read_timing("saturday 6pm CET").zone == "CET"


@pytest.mark.parametrize("words, problem", [
    ("", "no length given"),
    ("3 days", "cannot read '3'"),
    ("36h 18:00", "a time of day goes with days"),
    ("friday 2d", "a weekday or a length of time, not both"),
    ("3d 25:00", "cannot read '25:00'"),
])
def test_words_gm_cannot_read_are_refused_with_examples(words, problem):
    with pytest.raises(ScheduleError, match=problem):
        read_timing(words)


def test_a_deadline_over_the_change_to_winter_time_stays_at_18_00():
    # British summer time ends on Sunday 25 October 2026
    opened = _utc(2026, 10, 23, 17, 30)  # Friday 18:30 BST
    due = read_timing("2d 18:00").deadline_after(opened, LONDON)
    assert due.at == _utc(2026, 10, 25, 18, 0)  # Sunday 18:00 GMT
    assert due.words(LONDON) == "Sunday 25 October 2026, 18:00 GMT"
    # no time of day: the time the phase opened, two days on by London's clocks
    assert read_timing("2d").deadline_after(opened, LONDON).at == _utc(2026, 10, 25, 18, 30)
    # hours are hours: 48 of them end at 17:30 GMT
    assert read_timing("48h").deadline_after(opened, LONDON).at == _utc(2026, 10, 25, 17, 30)


def test_a_deadline_over_the_change_to_summer_time_stays_at_18_00():
    # British summer time starts on Sunday 29 March 2026
    opened = _utc(2026, 3, 27, 12, 0)  # Friday 12:00 GMT
    due = read_timing("3d 18:00").deadline_after(opened, LONDON)
    assert due.at == _utc(2026, 3, 30, 17, 0)  # Monday 18:00 BST
    assert due.words(LONDON) == "Monday 30 March 2026, 18:00 BST"


def test_a_time_of_day_already_past_is_the_next_one():
    opened = _utc(2026, 11, 20, 19, 0)  # Friday 19:00 GMT
    assert read_timing("18:00").deadline_after(opened, LONDON).at == _utc(2026, 11, 21, 18)
    assert read_timing("0d 20:00").deadline_after(opened, LONDON).at == _utc(2026, 11, 20, 20)


def test_a_weekday_is_the_next_one_after_the_phase_opens():
    saturday = _utc(2026, 11, 21, 10, 0)
    due = read_timing("saturday 18:00").deadline_after(saturday, "UTC")
    assert due.at == _utc(2026, 11, 28, 18, 0)
    due = read_timing("monday 18:00").deadline_after(saturday, "UTC")
    assert due.at == _utc(2026, 11, 23, 18, 0)


def test_the_words_zone_wins_then_the_games_then_utc():
    opened = _utc(2026, 7, 1, 12, 0)
    assert read_timing("1d 18:00 CET").deadline_after(opened, LONDON).at == \
        _utc(2026, 7, 2, 16, 0)
    assert read_timing("1d 18:00").deadline_after(opened, LONDON).at == _utc(2026, 7, 2, 17)
    assert read_timing("1d 18:00").deadline_after(opened).at == _utc(2026, 7, 2, 18)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                    timezones=st.just(UTC)),
       st.integers(min_value=1, max_value=30), st.integers(0, 23), st.integers(0, 59))
def test_a_deadline_with_a_time_of_day_is_at_that_time_by_the_zones_clocks(
        opened, days, hour, minute):
    from zoneinfo import ZoneInfo

    due = read_timing(f"{days}d {hour}:{minute:02d}").deadline_after(opened, LONDON)
    local = due.at.astimezone(ZoneInfo(LONDON))
    gap = (local.date() - opened.astimezone(ZoneInfo(LONDON)).date()).days
    # a time that does not exist on that day (the hour skipped in March) moves on by the gap
    assert gap == days and (local.hour, local.minute) in ((hour, minute), (hour + 1, minute))
    assert due.at > opened


def test_spans():
    assert read_span("24h") == 86400 and read_span("1d12h") == 129600
    assert read_span("90m") == 5400 and read_span("0") == 0
    assert span_words(86400) == "1d" and span_words(93600) == "1d2h" and span_words(0) == "none"
    with pytest.raises(ScheduleError, match="not a length of time"):
        read_span("a day")
