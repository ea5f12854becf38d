"""Today's date, which relative deadlines (`in 2 weeks`, `friday 18:00`) count from.

Deadlines themselves are read and printed by `gm.deadline_time` (python-dateutil and
zoneinfo); this module only says what day it is, so that tests can fix it.
"""

from __future__ import annotations

from datetime import date


def today() -> date:
    """The date relative deadlines count from (tests fix it by replacing this function)."""
    return date.today()
