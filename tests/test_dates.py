"""Deadline dates without a time: every form a GM may type, the full form reports print, and
clear refusals that quote the input and show examples (gm.deadline_time, which reads them
with python-dateutil; times and zones are in test_deadline_time.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm.deadline_time import DeadlineError, long_date, read_due

FRIDAY = date(2026, 11, 20)
NOW = datetime.combine(FRIDAY, time(9, 30), UTC)


def read_day(text: str, now: datetime | None = NOW) -> date:
    due = read_due(text, now)
    assert due.at is None  # no time given: a day
    return due.day


@pytest.mark.parametrize("text, expected", [
    ("2026-12-05", date(2026, 12, 5)),
    ("5 December 2026", date(2026, 12, 5)),
    ("5th Dec 2026", date(2026, 12, 5)),
    ("December 5, 2026", date(2026, 12, 5)),
    ("Saturday 5 December 2026", date(2026, 12, 5)),
    ("Sat, 5 Dec 2026", date(2026, 12, 5)),
    ("Dec 5", date(2026, 12, 5)),
    ("5 dec", date(2026, 12, 5)),
    ("Nov 20", date(2026, 11, 20)),  # today's date without a year means today
    ("Nov 19", date(2027, 11, 19)),  # ...and one already past this year means next year's
    ("29 Feb", date(2028, 2, 29)),  # the next year that has one
    ("Saturday", date(2026, 11, 21)),
    ("friday", date(2026, 11, 27)),  # a weekday is the next one, never today
    ("next friday", date(2026, 11, 27)),
    ("tue", date(2026, 11, 24)),
    ("today", FRIDAY),
    ("tomorrow", date(2026, 11, 21)),
    ("in 2 weeks", date(2026, 12, 4)),
    ("in 10 days", date(2026, 11, 30)),
    ("in a week", date(2026, 11, 27)),
    ("In  Three  Weeks", date(2026, 12, 11)),
    ("in a fortnight", date(2026, 12, 4)),
])
def test_a_gm_may_write_the_date_in_many_ways(text, expected):
    assert read_day(text) == expected


@pytest.mark.parametrize("text, why", [
    ("soon", "gm cannot read it"),
    ("next week", "'week' is not a weekday"),
    ("31 June 2026", "gm cannot read it"),
    ("2026-13-01", "gm cannot read it"),
    ("5 Decembre 2026", "gm cannot read it"),
    ("5 December 1066", "the year 1066 cannot be meant"),
    ("in many weeks", "'many' is not a number"),
    ("", "no date given"),
])
def test_anything_else_is_refused_with_the_input_and_examples(text, why):
    with pytest.raises(DeadlineError) as caught:
        read_due(text, NOW)
    message = str(caught.value)
    assert repr(text.strip()) in message and why in message
    assert "'2026-12-05'" in message and "'in 2 weeks'" in message


def test_a_weekday_that_does_not_match_the_date_is_refused():
    with pytest.raises(DeadlineError, match="5 December 2026 is a Saturday, not a Friday"):
        read_due("Friday 5 December 2026", NOW)


@pytest.mark.parametrize("text", ["Saturday", "in 2 weeks", "tomorrow", "Dec 5"])
def test_without_today_only_full_dates_are_read(text):
    """Archives hold full dates, so that replaying one next year means the same."""
    with pytest.raises(DeadlineError, match="2026-12-05"):
        read_due(text)
    assert read_day("Saturday 5 December 2026", None) == date(2026, 12, 5)


def test_reports_print_the_date_in_full_in_english():
    assert long_date(date(2026, 12, 5)) == "Saturday 5 December 2026"
    assert long_date(date(2027, 1, 1)) == "Friday 1 January 2027"


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2200, 12, 31)))
def test_the_printed_date_and_the_iso_date_both_read_back(day):
    assert read_day(long_date(day), None) == day
    assert read_day(day.isoformat(), None) == day


@given(st.integers(min_value=0, max_value=400))
def test_in_n_days_counts_from_today(days):
    assert read_day(f"in {days} days") == FRIDAY + timedelta(days=days)
