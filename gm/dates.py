"""Deadline dates as a GM writes them, and as a zine prints them.

A GM types what comes to mind: `2026-12-05`, `5 December 2026`, `Dec 5`, `Saturday`,
`in 2 weeks`, `tomorrow`. Everything relative is counted from `today()`, which tests replace.
A zine prints the date in full, `Saturday 5 December 2026`, in English whatever the machine's
locale. Archives hold absolute dates only (`read_date` with `today=None`), so that an archive
means the same whenever it is replayed.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
EXAMPLES = ("2026-12-05", "5 December 2026", "Dec 5", "Saturday", "in 2 weeks", "in 10 days",
            "tomorrow")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
                "twelve": 12, "fourteen": 14, "twenty-one": 21}
EARLIEST_YEAR, LATEST_YEAR = 1900, 2200  # anything outside is a typing slip

_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_IN = re.compile(r"^in\s+(\S+)\s+(day|days|week|weeks|fortnight|fortnights)$")
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH = r"([a-z]{3,9})\.?"
_YEAR = r"(?:,?\s+(\d{4}))?"
_DAY_MONTH = re.compile(rf"^{_DAY}\s+(?:of\s+)?{_MONTH}{_YEAR}$")
_MONTH_DAY = re.compile(rf"^{_MONTH}\s+{_DAY}{_YEAR}$")


class DateError(ValueError):
    """A date gm cannot read; the message quotes it and gives examples."""


def today() -> date:
    """The date relative deadlines count from (tests fix it by replacing this function)."""
    return date.today()


def long_date(day: date) -> str:
    """`Saturday 5 December 2026`."""
    return f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]} {day.year}"


def read_date(text: str, today: date | None = None) -> date:
    """The date `text` names. With `today`, relative dates (`in 2 weeks`, `Saturday`,
    `Dec 5` without a year) count from it; without, only full dates are accepted."""
    words = " ".join(text.strip().lower().replace(",", ", ").split()).replace(" ,", ",")
    if not words:
        raise DateError(_problem(text, today, "no date given"))
    weekday, rest = _leading_weekday(words)
    if weekday is not None and not rest:
        if today is None:
            raise DateError(_problem(text, today, "a weekday alone needs today's date"))
        ahead = (weekday - today.weekday() - 1) % 7 + 1  # the next one, never today
        return today + timedelta(days=ahead)
    found = _absolute(rest, text, today)
    if found is None and weekday is None:
        found = _relative(rest, text, today)
    if found is None:
        raise DateError(_problem(text, today, "gm cannot read it"))
    if weekday is not None and found.weekday() != weekday:
        raise DateError(f"{text.strip()!r}: {found.day} {MONTHS[found.month - 1]} "
                        f"{found.year} is a {WEEKDAYS[found.weekday()]}, not a "
                        f"{WEEKDAYS[weekday]}; correct the date or leave the weekday out.")
    return found


def _leading_weekday(words: str) -> tuple[int | None, str]:
    """`saturday, 5 december` -> (5, `5 december`); a weekday may be abbreviated (`sat`)."""
    head, _, rest = words.partition(" ")
    head = head.rstrip(",.")
    for number, name in enumerate(WEEKDAYS):
        if len(head) >= 3 and name.lower().startswith(head):
            return number, rest.strip()
    return None, words


def _month(word: str) -> int | None:
    word = word.rstrip(".")
    if len(word) < 3:
        return None
    for number, name in enumerate(MONTHS, 1):
        if name.lower().startswith(word) or (word == "sept" and number == 9):
            return number
    return None


def _absolute(words: str, text: str, today: date | None) -> date | None:
    iso = _ISO.match(words)
    if iso:
        return _make(int(iso.group(1)), int(iso.group(2)), int(iso.group(3)), text, today)
    day_month = _DAY_MONTH.match(words)
    month_day = _MONTH_DAY.match(words)
    if day_month:
        day, month_word, year = day_month.groups()
    elif month_day:
        month_word, day, year = month_day.groups()
    else:
        return None
    month = _month(month_word)
    if month is None:
        raise DateError(_problem(text, today, f"{month_word!r} is not a month"))
    if year is not None:
        return _make(int(year), month, int(day), text, today)
    if today is None:
        raise DateError(_problem(text, today, "give the year as well"))
    for year in range(today.year, today.year + 5):  # the next such day, today included
        candidate = _make(year, month, int(day), text, today, quiet=True)
        if candidate is not None and candidate >= today:
            return candidate
    return _make(today.year, month, int(day), text, today)  # says why there is none


def _make(year: int, month: int, day: int, text: str, today: date | None,
          quiet: bool = False) -> date | None:
    if not EARLIEST_YEAR <= year <= LATEST_YEAR:
        raise DateError(_problem(text, today, f"the year {year} cannot be meant"))
    try:
        return date(year, month, day)
    except ValueError:
        if quiet:
            return None
        why = f"there is no month {month}" if not 1 <= month <= 12 else \
            f"{MONTHS[month - 1]} {year} has no day {day}"
        raise DateError(_problem(text, today, why)) from None


def _relative(words: str, text: str, today: date | None) -> date | None:
    if words in ("today", "tomorrow") or _IN.match(words):
        if today is None:
            raise DateError(_problem(text, today, "a relative date needs today's date"))
    if words == "today":
        return today
    if words == "tomorrow":
        return today + timedelta(days=1)
    m = _IN.match(words)
    if not m:
        return None
    count_word, unit = m.groups()
    count = int(count_word) if count_word.isdigit() else NUMBER_WORDS.get(count_word)
    if count is None:
        raise DateError(_problem(text, today, f"{count_word!r} is not a number"))
    days = count * {"day": 1, "week": 7, "fortnight": 14}[unit.rstrip("s")]
    return today + timedelta(days=days)


def _problem(text: str, today: date | None, why: str) -> str:
    if today is None:
        examples = "'2026-12-05' or 'Saturday 5 December 2026'"
    else:
        examples = ", ".join(f"'{e}'" for e in EXAMPLES)
    return f"{text.strip()!r} is not a date gm can read ({why}); write it like {examples}."
