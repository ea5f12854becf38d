"""The calendar's words: phases, their names as a GM writes them, their order, the next one.

`Spring 1901`, `Autumn 1901 Retreat`, `Winter 1901`, `Summer 601 BC`: a movement phase is named
by its season and year alone, as is the only phase of a season; any other phase adds its kind.
Reading is forgiving: the kind may always be written (`Spring 1901 Movement`), `Fall` means
Autumn (`Fall of 1901`, `F1901M`), a comma may follow the season, and short ids like `S1901M`
work too. Every command that asks for a phase reads it here, so all of them read the same.

This module sits just above `gm.maps`: it needs the map's calendar and nothing else of gm.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm.maps.gamemap import GameMap

# the kinds of phase (`Phase.kind`), in the order a year plays them
MOVEMENT, RETREAT, ADJUSTMENT = "Movement", "Retreat", "Adjustment"
KINDS = (MOVEMENT, RETREAT, ADJUSTMENT)
SEASON_ALIASES = {"fall": "autumn"}
_SHORT = re.compile(r"^\s*([A-Za-z])(\d+)([MRAmra])\s*$")


class PhaseNameError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of the game: its year, season and kind (`Spring 1901, Movement`)."""

    year: int
    season: str  # 'Spring', 'Autumn', 'Winter', 'Summer'...
    kind: str  # 'Movement', 'Retreat', 'Adjustment'

    def label(self, game_map: GameMap | None = None) -> str:
        """The phase in full, its kind always written: `Spring 601 BC Movement`."""
        year = game_map.calendar.year_label(self.year) if game_map else str(self.year)
        return f"{self.season} {year} {self.kind}"

    def short(self) -> str:
        """A compact id such as `S1901M` (seasons by initial, kinds by initial)."""
        return f"{self.season[0]}{self.year}{self.kind[0]}"


# --- writing -----------------------------------------------------------------------------

def phase_name(phase: Phase, game_map: GameMap) -> str:
    """The phase as a GM names it: `Spring 1901`, `Autumn 1901 Retreat`, `Winter 1901`."""
    base = f"{phase.season} {game_map.calendar.year_label(phase.year)}"
    if phase.kind == "Movement" or _default_kind(phase.season, game_map) == phase.kind:
        return base
    return f"{base} {phase.kind}"


def season_title(phase: Phase, game_map: GameMap) -> str:
    """The one way every report and picture writes a season: `Spring 1901`, `Spring 601 BC`,
    and an era written before the year goes after it in brackets, `Summer 3000 (Third Age)`."""
    year_format = game_map.calendar.year_format
    era, _, after = year_format.partition("{year}")
    year = f"{phase.year}{after}"
    return f"{phase.season} {year} ({era.strip()})" if era.strip() else f"{phase.season} {year}"


def phase_title(phase: Phase, game_map: GameMap) -> str:
    """A phase in the season's words: `Autumn 1901`, `Autumn 1901 Retreat`, `Winter 1901`
    (a retreat phase is the only one that shares its season with another of the same kind)."""
    title = season_title(phase, game_map)
    return f"{title} Retreat" if phase.kind == "Retreat" else title


def label_title(label: str, game_map: GameMap) -> str:
    """A phase label as gm stores it (`Summer 3000`), in the season's words."""
    phase = parse_phase_name(label, game_map)
    return phase_title(phase, game_map) if phase else label


# --- order -------------------------------------------------------------------------------

def following_phase(phase: Phase, game_map: GameMap) -> Phase:
    """The calendar's next phase, whether or not it will be played."""
    cal = game_map.calendar
    i = cal.phases.index((phase.season, phase.kind))
    year = phase.year
    if i + 1 == len(cal.phases):
        i, year = -1, year + cal.step
    season, kind = cal.phases[i + 1]
    return Phase(year, season, kind)


def phases_ahead(phase: Phase, game_map: GameMap) -> list[Phase]:
    """The retreat and adjustment phases between a phase and the next movement: those a
    letter of `phase` may keep a line for."""
    out = []
    nxt = following_phase(phase, game_map)
    while nxt.kind != "Movement":
        out.append(nxt)
        nxt = following_phase(nxt, game_map)
    return out


def movement_season(phase: Phase, game_map: GameMap) -> str | None:
    """The season of the movement phase a retreat phase follows (itself for a movement)."""
    if phase.kind == "Movement":
        return phase.season
    phases = game_map.calendar.phases
    i = phases.index((phase.season, phase.kind))
    for j in range(i, i - len(phases), -1):
        season, kind = phases[j]
        if kind == "Movement":
            return season
        if kind == "Adjustment":
            return None
    return None


def phase_key(phase: Phase, game_map: GameMap) -> tuple[int, int]:
    """Sorts phases as they are played: by year (counting down on a BC calendar), then by
    the phase's place in the year."""
    calendar = game_map.calendar
    try:
        place = calendar.phases.index((phase.season, phase.kind))
    except ValueError:
        place = len(calendar.phases)
    return phase.year * calendar.step, place


def label_key(label: str, game_map: GameMap) -> tuple[int, int] | None:
    """`phase_key` of a stored label; None if the label is no phase of this calendar."""
    try:
        phase = parse_phase_name(label, game_map)
    except PhaseNameError:
        return None
    return phase_key(phase, game_map) if phase is not None else None


# --- reading -----------------------------------------------------------------------------

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


def _season_named(word: str, game_map: GameMap) -> str | None:
    seasons = {s.lower(): s for s, _ in game_map.calendar.phases}
    word = word.lower()
    return seasons.get(SEASON_ALIASES.get(word, word))


def parse_phase_name(text: str, game_map: GameMap) -> Phase | None:
    """The phase `text` names, or None if it is not a phase name on this map's calendar."""
    short = _SHORT.match(text)
    if short:
        return _from_short(short, game_map)
    words = text.strip().split()
    if len(words) < 2:
        return None
    season = _season_named(words[0].rstrip(","), game_map)
    if season is None:
        return None
    rest = words[1:]
    if rest[0].lower() == "of":  # "Fall of 1901"
        rest = rest[1:]
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
    aliased = {alias[0].upper(): meant for alias, meant in SEASON_ALIASES.items()}
    fits = [(s, k) for s, k in game_map.calendar.phases
            if k[0] == kind_initial and (s[0].upper() == initial
                                         or aliased.get(initial) == s.lower())]
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
