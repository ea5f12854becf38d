"""Deadlines with a time and a zone: read as GMs write them, kept in UTC with their zone,
printed in the game's zone, carried by archives, and printed by the report."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from gm.deadline_time import DeadlineError, Due, read_due

NOW = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)  # a Friday morning


@pytest.mark.parametrize("text, stored, printed", [
    ("next friday 18:00 CET", "2026-11-27T17:00:00+00:00 CET",
     "Friday 27 November 2026, 18:00 CET"),
    ("friday 18:00", "2026-11-27T18:00:00+00:00 UTC", "Friday 27 November 2026, 18:00 UTC"),
    ("Saturday 12 December 2026, 18:00 GMT", "2026-12-12T18:00:00+00:00 GMT",
     "Saturday 12 December 2026, 18:00 GMT"),
    ("tomorrow noon Europe/London", "2026-11-21T12:00:00+00:00 Europe/London",
     "Saturday 21 November 2026, 12:00 GMT"),
    ("12 July 2027 6pm CET", "2027-07-12T16:00:00+00:00 CET",
     "Monday 12 July 2027, 18:00 CEST"),  # summer time, by the zone's own rules
    ("2026-12-05 18:30 +05:30", "2026-12-05T13:00:00+00:00 +05:30",
     "Saturday 5 December 2026, 18:30 UTC+05:30"),
    ("in 2 weeks", "2026-12-04", "Friday 4 December 2026"),
    ("2026-12-05", "2026-12-05", "Saturday 5 December 2026"),
    ("Dec 5", "2026-12-05", "Saturday 5 December 2026"),
])
def test_deadlines_are_read_kept_in_utc_and_printed_in_their_zone(text, stored, printed):
    due = read_due(text, NOW)
    assert due.stored() == stored
    assert due.words() == printed
    assert Due.from_stored(stored) == due


def test_a_deadline_prints_in_the_games_zone():
    due = read_due("next friday 18:00 CET", NOW)
    assert due.words("Europe/London") == "Friday 27 November 2026, 17:00 GMT"
    assert due.words("America/New_York") == "Friday 27 November 2026, 12:00 EST"


def test_a_time_without_a_zone_is_in_the_games_zone():
    assert read_due("friday 18:00", NOW, "CET").at == datetime(2026, 11, 27, 17, tzinfo=UTC)


@pytest.mark.parametrize("text, why", [
    ("Friday 12 December 2026", "is a Saturday, not a Friday"),
    ("friday 25:00", "not a time of day"),
    ("next frob 18:00", "'frob' is not a weekday"),
    ("the fifth of Smarch", "gm cannot read it"),
    ("", "no date given"),
])
def test_a_deadline_gm_cannot_read_says_why(text, why):
    with pytest.raises(DeadlineError, match=why):
        read_due(text, NOW)


def test_an_archive_takes_only_full_dates():
    assert read_due("Saturday 12 December 2026, 18:00 GMT").day == date(2026, 12, 12)
    with pytest.raises(DeadlineError, match="needs today's date"):
        read_due("next friday 18:00 CET")


def test_gm_deadline_with_a_time_and_zone_is_printed_by_the_report(tmp_path, fixed_today):
    from typer.testing import CliRunner

    from gm.cli import app

    db = str(tmp_path / "gm.db")

    def gm(*args):
        result = CliRunner().invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, result.output
        return result.output

    gm("new", "g")
    gm("adjudicate", "g", "--no-orders")
    out = gm("deadline", "g", "next friday 18:00 CET")
    assert "Orders for Autumn 1901 are due Friday " in out and ", 18:00 CET." in out
    gm("deadline", "g", "saturday 09:00")  # no zone: the game's (CET, named last)
    assert ", 09:00 CET." in gm("deadline", "g")
    report = gm("report", "g")
    assert "Orders for Autumn 1901 are due Saturday " in report
    assert ", 09:00 CET." in report
    archive = gm("export", "g")
    assert "Deadline: Saturday " in archive and ", 09:00 CET" in archive
