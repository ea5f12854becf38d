"""Deadlines with a time and a time zone, as GMs write them and zines print them.

A GM writes `Saturday 12 December 2026, 18:00 GMT`, `next friday 18:00 CET`, `friday 18:00`,
`in 2 weeks`, `tomorrow noon Europe/London`. Dates and times are read by python-dateutil
(absolute dates, and `relativedelta` for the next weekday), zones by the standard library's
`zoneinfo` (an IANA name such as `Europe/Paris`, or a common abbreviation from `ZONES`, or an
offset `+01:00`). A deadline is kept as its instant in UTC with the zone it was written in,
and printed in the game's zone: `Saturday 12 December 2026, 18:00 GMT`. A deadline written
without a time is a day, printed as one (`Saturday 5 December 2026`), as before.

This module is a leaf: the store reads and writes deadlines through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
EXAMPLES = ("Saturday 12 December 2026, 18:00 GMT", "next friday 18:00 CET", "friday 18:00",
            "in 2 weeks", "2026-12-05", "tomorrow noon Europe/London")
EARLIEST_YEAR, LATEST_YEAR = 1900, 2200  # anything outside is a typing slip

# Abbreviations GMs write, and the zone each means. A zone that changes with summer time is
# named by its region, so `18:00 CET` in July is printed `18:00 CEST`.
ZONES = {
    "utc": "UTC", "gmt": "GMT", "z": "UTC",
    "bst": "Europe/London", "uk": "Europe/London",
    "cet": "CET", "cest": "CET", "eet": "EET", "eest": "EET", "wet": "WET", "west": "WET",
    "est": "America/New_York", "edt": "America/New_York", "et": "America/New_York",
    "cst": "America/Chicago", "cdt": "America/Chicago", "ct": "America/Chicago",
    "mst": "America/Denver", "mdt": "America/Denver", "mt": "America/Denver",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "pt": "America/Los_Angeles",
    "aest": "Australia/Sydney", "aedt": "Australia/Sydney",
    "nzst": "Pacific/Auckland", "nzdt": "Pacific/Auckland",
}
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

_OFFSET = re.compile(r"^(?:utc|gmt)?([+-])(\d{1,2})(?::?(\d{2}))?$")
_TIME = re.compile(r"(?:^|\s)(?:at\s+)?(noon|midnight|(\d{1,2})(?::(\d{2}))?\s*(am|pm)|"
                   r"(\d{1,2}):(\d{2}))$")
_IN = re.compile(r"^in\s+(\S+)\s+(day|week|fortnight)s?$")
_YEAR = re.compile(r"\b\d{4}\b")
_ISO = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}$")


class DeadlineError(ValueError):
    """A deadline gm cannot read; the message quotes it and gives examples."""


@dataclass(frozen=True, slots=True)
class Due:
    """When orders are due: a day, or an instant (kept in UTC) with the zone it was given in."""

    day: date  # the day in the zone it was written in
    at: datetime | None = None  # the instant in UTC, when a time was given
    zone: str = ""  # the zone as gm names it (`CET`, `Europe/London`, `+01:00`); '' if none

    def stored(self) -> str:
        """The store's text: `2026-12-05`, or `2026-12-12T17:00:00+00:00 CET`."""
        if self.at is None:
            return self.day.isoformat() + (f" {self.zone}" if self.zone else "")
        return f"{self.at.isoformat()} {self.zone or 'UTC'}"

    @classmethod
    def from_stored(cls, text: str) -> Due:
        when, _, zone = text.partition(" ")
        if "T" not in when:
            return cls(date.fromisoformat(when), None, zone)
        at = datetime.fromisoformat(when).astimezone(UTC)
        return cls(at.astimezone(zone_info(zone or "UTC")).date(), at, zone)

    def local(self, zone: str = "") -> datetime | None:
        """The instant in `zone` (by default the zone it was written in)."""
        if self.at is None:
            return None
        return self.at.astimezone(zone_info(zone or self.zone or "UTC"))

    def words(self, zone: str = "") -> str:
        """`Saturday 12 December 2026, 18:00 GMT` in `zone` (the game's), or the day alone."""
        local = self.local(zone)
        if local is None:
            return long_date(self.day)
        return f"{long_date(local.date())}, {local:%H:%M} {zone_label(local)}"

    def passed(self, now: datetime) -> bool:
        if self.at is not None:
            return self.at < now
        return self.day < now.astimezone(zone_info(self.zone or "UTC")).date()


def long_date(day: date) -> str:
    """`Saturday 5 December 2026`, in English whatever the machine's locale."""
    return f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]} {day.year}"


def zone_label(local: datetime) -> str:
    """`GMT`, `CEST`, `UTC+05:30`: the zone's abbreviation when it has a word for one."""
    name = local.tzname() or "UTC"
    if re.fullmatch(r"[+-]\d+", name) or name.startswith("UTC") and len(name) > 3:
        offset = local.utcoffset() or timedelta()
        minutes = int(offset.total_seconds() // 60)
        sign = "+" if minutes >= 0 else "-"
        return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return name


def zone_info(name: str) -> tzinfo:
    """The zone gm names `name` (as `read_zone` returned it)."""
    offset = _OFFSET.match(name.lower())
    if offset:
        sign, hours, minutes = offset.groups()
        delta = timedelta(hours=int(hours), minutes=int(minutes or 0))
        return timezone(-delta if sign == "-" else delta)
    return ZoneInfo(name)


def read_zone(word: str) -> str | None:
    """The zone a GM's word names, as gm keeps it; None if it names none."""
    word = word.strip().rstrip(".,")
    if word.lower() in ZONES:
        return ZONES[word.lower()]
    offset = _OFFSET.match(word.lower())
    if offset and int(offset.group(2)) <= 14:
        sign, hours, minutes = offset.groups()
        return f"{sign}{int(hours):02d}:{minutes or '00'}"
    if "/" in word or word.isupper():
        try:
            ZoneInfo(word)
        except (ZoneInfoNotFoundError, ValueError):
            return None
        return word
    return None


def read_due(text: str, now: datetime | None = None, zone: str = "UTC") -> Due:
    """The deadline `text` names. `now` (aware) is what relative dates count from; without it
    only full dates are accepted (an archive must mean the same whenever it is replayed).
    `zone` is the game's, used when the text names none."""
    words = " ".join(text.replace(",", " ").split())
    if not words:
        raise DeadlineError(_problem(text, now, "no date given"))
    given_zone = None
    head, _, last = words.rpartition(" ")
    if (found := read_zone(last)) is not None:
        given_zone, words = found, head
    zone = given_zone or zone or "UTC"
    try:
        zone_info(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise DeadlineError(_problem(text, now, f"{zone!r} is not a time zone")) from None
    at_time, words = _split_time(words, text, now)
    today = now.astimezone(zone_info(zone)).date() if now is not None else None
    day = _read_day(words.lower(), text, today, at_time is not None)
    if at_time is None:
        return Due(day, None, given_zone or "")
    local = datetime.combine(day, at_time, tzinfo=zone_info(zone))
    return Due(day, local.astimezone(UTC), zone)


def _split_time(words: str, text: str, now: datetime | None) -> tuple[time | None, str]:
    match = _TIME.search(words.lower())
    if not match:
        return None, words
    rest = words[:match.start()].strip()
    noon, hour12, minute12, half, hour, minute = match.groups()
    if noon == "noon":
        return time(12, 0), rest
    if noon == "midnight":
        return time(0, 0), rest
    if half:
        h = int(hour12) % 12 + (12 if half == "pm" else 0)
        m = int(minute12 or 0)
        if not 1 <= int(hour12) <= 12:
            raise DeadlineError(_problem(text, now, f"{hour12}{half} is not a time"))
    else:
        h, m = int(hour), int(minute)
    if h > 23 or m > 59:
        raise DeadlineError(_problem(text, now, f"{match.group(1)} is not a time of day"))
    return time(h, m), rest


def _weekday(word: str) -> int | None:
    word = word.rstrip(".")
    if len(word) < 3:
        return None
    return next((n for n, name in enumerate(WEEKDAYS) if name.lower().startswith(word)), None)


def _read_day(words: str, text: str, today: date | None, timed: bool) -> date:
    from dateutil.relativedelta import relativedelta, weekday

    relative = (not words and timed) or words in ("today", "tomorrow") or \
        bool(_IN.match(words)) or (words.split(" ")[0] in ("next", "this")) or \
        (len(words.split(" ")) == 1 and _weekday(words) is not None)
    if relative and today is None:
        raise DeadlineError(_problem(text, today, "a relative date needs today's date"))
    if not words or words == "today":
        return today
    if words == "tomorrow":
        return today + timedelta(days=1)
    if m := _IN.match(words):
        count = int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS.get(m.group(1))
        if count is None:
            raise DeadlineError(_problem(text, today, f"{m.group(1)!r} is not a number"))
        return today + timedelta(days=count * {"day": 1, "week": 7, "fortnight": 14}[
            m.group(2)])
    parts = words.split(" ")
    if parts[0] in ("next", "this") and len(parts) == 2 or relative:
        number = _weekday(parts[-1])
        if number is None:
            raise DeadlineError(_problem(text, today, f"{parts[-1]!r} is not a weekday"))
        # the next such day, never today ("next friday" on a Friday is a week away)
        return today + relativedelta(days=1, weekday=weekday(number)(+1))
    named_weekday = _weekday(parts[0])
    if not _YEAR.search(words):
        if today is None:
            raise DeadlineError(_problem(text, today, "give the year as well"))
        # `Dec 5` is the next 5 December (today's included), `29 Feb` the next one there is
        for year in range(today.year, today.year + 5):
            found = _parsed(words, date(year, 1, 1))
            if found is not None and found >= today:
                break
        else:
            raise DeadlineError(_problem(text, today, "gm cannot read it"))
    else:
        found = _parsed(words, date(2000, 1, 1))
        if found is None:
            raise DeadlineError(_problem(text, today, "gm cannot read it"))
    if not EARLIEST_YEAR <= found.year <= LATEST_YEAR:
        raise DeadlineError(_problem(text, today, f"the year {found.year} cannot be meant"))
    if named_weekday is not None and found.weekday() != named_weekday:
        raise DeadlineError(f"{text.strip()!r}: {long_date(found)[len(WEEKDAYS[found.weekday()]) + 1:]}"
                            f" is a {WEEKDAYS[found.weekday()]}, not a "
                            f"{WEEKDAYS[named_weekday]}; correct the date or leave the weekday "
                            "out.")
    return found


def _parsed(words: str, default: date) -> date | None:
    """The date dateutil reads in `words` (missing parts from `default`), or None."""
    from dateutil import parser

    try:
        return parser.parse(words, default=datetime.combine(default, time()),
                            dayfirst=not _ISO.match(words)).date()
    except (ValueError, OverflowError, parser.ParserError):
        return None


def _problem(text: str, today, why: str) -> str:
    if today is None:
        examples = "'2026-12-05' or 'Saturday 12 December 2026, 18:00 GMT'"
    else:
        examples = ", ".join(f"'{e}'" for e in EXAMPLES)
    return f"{text.strip()!r} is not a deadline gm can read ({why}); write it like {examples}."
