"""Phase names as a GM writes them, from the map's calendar.

`Spring 1901`, `Autumn 1901 Retreat`, `Winter 1901`, `Summer 601 BC`: a movement phase is named
by its season and year alone, as is the only phase of a season; any other phase adds its kind.
Reading is forgiving: the kind may always be written (`Spring 1901 Movement`), `Fall` means
Autumn, a bare year number is fine, and short ids like `S1901M` work too.
"""

from __future__ import annotations

import re

from gm.engine.position import Phase
from gm.maps.gamemap import GameMap

KINDS = ("Movement", "Retreat", "Adjustment")
SEASON_ALIASES = {"fall": "autumn"}
_SHORT = re.compile(r"^\s*([A-Za-z])(\d+)([MRAmra])\s*$")


class PhaseNameError(ValueError):
    pass


def phase_name(phase: Phase, game_map: GameMap) -> str:
    base = f"{phase.season} {game_map.calendar.year_label(phase.year)}"
    if phase.kind == "Movement" or _default_kind(phase.season, game_map) == phase.kind:
        return base
    return f"{base} {phase.kind}"


def _default_kind(season: str, game_map: GameMap) -> str | None:
    """The kind meant when a GM names only the season: its movement, or its only phase."""
    kinds = [k for s, k in game_map.calendar.phases if s == season]
    if "Movement" in kinds:
        return "Movement"
    return kinds[0] if len(kinds) == 1 else None


def _year_pattern(game_map: GameMap) -> re.Pattern:
    fmt = game_map.calendar.year_format
    head, _, tail = fmt.partition("{year}")
    return re.compile(rf"^(?:{re.escape(head.strip())}\s*)?(?P<year>\d+)"
                      rf"(?:\s*{re.escape(tail.strip())})?$", re.I)


def parse_phase_name(text: str, game_map: GameMap) -> Phase | None:
    """The phase `text` names, or None if it is not a phase name on this map's calendar."""
    short = _SHORT.match(text)
    if short:
        return _from_short(short, game_map)
    words = text.strip().split()
    if len(words) < 2:
        return None
    seasons = {s.lower(): s for s, _ in game_map.calendar.phases}
    first = SEASON_ALIASES.get(words[0].lower(), words[0].lower())
    if first not in seasons:
        return None
    season = seasons[first]
    rest = words[1:]
    kind = None
    if rest and rest[-1].capitalize() in KINDS:
        kind = rest.pop().capitalize()
    year_match = _year_pattern(game_map).match(" ".join(rest))
    if not year_match:
        return None
    year = int(year_match.group("year"))
    kinds = [k for s, k in game_map.calendar.phases if s == season]
    if kind is None:
        kind = _default_kind(season, game_map)
        if kind is None:
            raise PhaseNameError(f"{text.strip()!r} could be {' or '.join(kinds)}; add the "
                                 f"kind, e.g. '{text.strip()} {kinds[0]}'")
    if kind not in kinds:
        return None
    return Phase(year, season, kind)


def _from_short(match: re.Match, game_map: GameMap) -> Phase | None:
    initial, year, kind_initial = match.group(1).upper(), int(match.group(2)), \
        match.group(3).upper()
    fits = [(s, k) for s, k in game_map.calendar.phases
            if s[0].upper() == initial and k[0] == kind_initial]
    if not fits:
        return None
    if len(fits) > 1:
        raise PhaseNameError(f"{match.group(0).strip()!r} could be "
                             f"{' or '.join(f'{s} {k}' for s, k in fits)}; write the season "
                             "in full")
    season, kind = fits[0]
    return Phase(year, season, kind)


def require_phase(text: str, game_map: GameMap) -> Phase:
    """Like `parse_phase_name`, but a name that is not a phase is an error with an example."""
    phase = parse_phase_name(text, game_map)
    if phase is None:
        season, kind = game_map.calendar.phases[0]
        example = phase_name(Phase(game_map.calendar.first_year, season, kind), game_map)
        raise PhaseNameError(
            f"{text.strip()!r} is not a phase of the {game_map.name} calendar; write it like "
            f"'{example}' or '{Phase(game_map.calendar.first_year, season, kind).short()}'")
    return phase
