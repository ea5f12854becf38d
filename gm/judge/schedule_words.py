"""The schedule's words: how long each kind of phase runs (`3d 18:00 Europe/London`, `1d`,
`36h`, `saturday 18:00`), and spans such as a reminder's `24h`.

A phase's deadline is counted from the moment it opens, in the game's zone, on the calendar:
`3d 18:00` is the third day after at 18:00 by the zone's clocks, and `2d` is the same time of
day two days on. A summer-time change in between therefore never moves a deadline by an hour:
18:00 stays 18:00. Hours and minutes (`36h`, `90m`) are lengths of time, counted on the clock
of the world. A weekday (`saturday 18:00`) is the next such day after the phase opens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from gm.deadline_time import WEEKDAYS, Due, read_zone, zone_info

UNITS = {"w": 7 * 86400, "d": 86400, "h": 3600, "m": 60}
_SPAN = re.compile(r"^(?:(\d+)([wdhm]))+$")
_PART = re.compile(r"(\d+)([wdhm])")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$|^(\d{1,2})(am|pm)$|^(noon|midnight)$")
EXAMPLES = "'3d 18:00 Europe/London', '2d', '36h', 'saturday 18:00'"


class ScheduleError(ValueError):
    """Words gm cannot read as a schedule; the message quotes them and gives examples."""


def read_span(text: str, what: str = "the time") -> int:
    """`24h`, `2d`, `1d12h`, `90m`, `0` -> seconds."""
    words = "".join(text.lower().split())
    if words in ("0", "none", "off", "no"):
        return 0
    if not _SPAN.match(words):
        raise ScheduleError(f"{what} {text!r} is not a length of time gm can read; write it "
                            "like '24h', '2d', '1d12h' or '90m' (or 0 for none).")
    return sum(int(n) * UNITS[unit] for n, unit in _PART.findall(words))


def span_words(seconds: int) -> str:
    """Seconds as the schedule writes them: `1d12h`, `24h` for one day is written `1d`."""
    if not seconds:
        return "none"
    out, rest = [], seconds
    for unit in ("d", "h", "m"):
        count, rest = divmod(rest, UNITS[unit])
        if count:
            out.append(f"{count}{unit}")
    return "".join(out) or f"{seconds}s"


@dataclass(frozen=True, slots=True)
class Timing:
    """How long a kind of phase runs, as the schedule's words say."""

    text: str  # as the GM wrote it
    days: int = 0
    seconds: int = 0  # hours and minutes, counted on the world's clock
    at: time | None = None  # the time of day of the deadline, by the zone's clocks
    weekday: int | None = None  # 0 = Monday: the next such day
    zone: str = ""  # the zone the words name ('' when none)

    def deadline_after(self, opened: datetime, game_zone: str = "") -> Due:
        """The deadline of a phase that opens at `opened`, in the words' zone, else the
        game's, else UTC."""
        zone = self.zone or game_zone or "UTC"
        tz = zone_info(zone)
        local = opened.astimezone(tz)
        if self.weekday is not None:
            ahead = (self.weekday - local.weekday() - 1) % 7 + 1
            day = local.date() + timedelta(days=ahead)
        else:
            day = local.date() + timedelta(days=self.days)
        clock = self.at if self.at is not None else local.time().replace(tzinfo=None)
        due = datetime.combine(day, clock, tzinfo=tz)
        if self.at is not None and self.weekday is None and due <= opened:
            due = datetime.combine(day + timedelta(days=1), clock, tzinfo=tz)
        due = due.astimezone(UTC) + timedelta(seconds=self.seconds)
        return Due(due.astimezone(tz).date(), due, zone)


def read_timing(text: str) -> Timing:
    """`3d 18:00 Europe/London`, `1d`, `36h`, `1w`, `2d 12h`, `saturday 18:00 CET`."""
    words = text.replace(",", " ").split()
    if not words:
        raise ScheduleError(f"no length given; write it like {EXAMPLES}.")
    zone = ""
    if len(words) > 1 and (found := read_zone(words[-1])) is not None:
        zone, words = found, words[:-1]
    at = _clock(words[-1]) if words else None
    if at is not None:
        words = words[:-1]
    days = seconds = 0
    weekday = None
    for word in words:
        lower = word.lower()
        if _SPAN.match(lower):
            for n, unit in _PART.findall(lower):
                if unit in "wd":
                    days += int(n) * UNITS[unit] // 86400
                else:
                    seconds += int(n) * UNITS[unit]
            continue
        day = _weekday(lower)
        if day is None or weekday is not None:
            raise ScheduleError(f"{text!r}: gm cannot read {word!r}; write the schedule like "
                                f"{EXAMPLES}.")
        weekday = day
    if weekday is not None and (days or seconds):
        raise ScheduleError(f"{text!r}: give a weekday or a length of time, not both.")
    if at is not None and seconds:
        raise ScheduleError(f"{text!r}: a time of day goes with days ('2d 18:00'), not with "
                            "hours; write '36h' alone, or '2d 18:00'.")
    if not (days or seconds or weekday is not None or at is not None):
        raise ScheduleError(f"{text!r} gives no length; write it like {EXAMPLES}.")
    return Timing(" ".join(text.split()), days, seconds, at, weekday, zone)


def _clock(word: str) -> time | None:
    match = _CLOCK.match(word.lower())
    if not match:
        return None
    hour, minute, hour12, half, named = match.groups()
    if named:
        return time(12, 0) if named == "noon" else time(0, 0)
    if half:
        if not 1 <= int(hour12) <= 12:
            return None
        return time(int(hour12) % 12 + (12 if half == "pm" else 0), 0)
    if int(hour) > 23 or int(minute) > 59:
        return None
    return time(int(hour), int(minute))


def _weekday(word: str) -> int | None:
    if len(word) < 3:
        return None
    return next((n for n, name in enumerate(WEEKDAYS) if name.lower().startswith(word)), None)
