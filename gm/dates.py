"""What day and moment it is, which relative deadlines (`in 2 weeks`, `friday 18:00`) count from
and the judge's cycle runs by.

Deadlines themselves are read and printed by `gm.deadline_time` (python-dateutil and
zoneinfo); this module only says what time it is. The clock can be set: `GM_NOW` (an ISO 8601
moment, `2026-11-21T18:00:00+00:00`; without an offset it is UTC) fixes it for a whole process,
so a test can play months of a judged game in seconds, and a GM can ask `gm judge --dry-run`
what would happen at a given moment; `gm judge --now` sets it for the run it starts only
(`clock_set_to`), so that nothing else the process does later sees that moment. Tests may also
replace `today`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime

CLOCK_ENV = "GM_NOW"
_SET: list[datetime] = []  # the moments `clock_set_to` holds, the innermost last


class ClockError(ValueError):
    """`GM_NOW` (or `--now`) holds something that is not a moment."""


def fixed_now() -> datetime | None:
    """The moment `clock_set_to` or `GM_NOW` sets, aware; None when the clock is not set."""
    if _SET:
        return _SET[-1]
    text = os.environ.get(CLOCK_ENV, "").strip()
    if not text:
        return None
    return read_moment(text, CLOCK_ENV)


@contextmanager
def clock_set_to(moment: datetime) -> Iterator[None]:
    """Within the block the clock says `moment` (aware); after it, what it said before."""
    _SET.append(moment)
    try:
        yield
    finally:
        _SET.pop()


def read_moment(text: str, what: str = "the moment") -> datetime:
    """An ISO 8601 moment (`2026-11-21T18:00`, `2026-11-21 18:00+01:00`, `...Z`); UTC when it
    names no offset."""
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ClockError(f"{what} {text!r} is not a moment gm can read; write it like "
                         "'2026-11-21T18:00:00+00:00' (ISO 8601, UTC when no offset is "
                         "given).") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def today() -> date:
    """The date relative deadlines count from (tests fix it by replacing this function)."""
    fixed = fixed_now()
    return fixed.date() if fixed is not None else date.today()


def now() -> datetime:
    """This moment (aware, in UTC): `GM_NOW` when set; else the local clock, on `today()`."""
    fixed = fixed_now()
    if fixed is not None:
        return fixed.astimezone(UTC)
    return datetime.combine(today(), datetime.now().time()).astimezone(UTC)
