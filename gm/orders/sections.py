"""Season headings in letters: which phase the lines below a heading are for.

Postal players group their orders: `Spring 1901:`, `Autumn retreats:`, `Winter:`, `Builds:`,
`W:`, `F1901R`. A heading names a season, a year, a kind of phase, or several of these. gm
places it among the phases a letter may order: the open phase, and the retreat and adjustment
phases before the next movement (orders sent ahead). A heading for any other phase is kept as
a refusal, so that nothing under it becomes an order of the open phase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm.maps.gamemap import GameMap

_KIND_WORDS = {
    "movement": "Movement", "moves": "Movement", "move": "Movement",
    "retreats": "Retreat", "retreat": "Retreat",
    "adjustments": "Adjustment", "adjustment": "Adjustment", "builds": "Adjustment",
    "build": "Adjustment", "removals": "Adjustment", "removal": "Adjustment",
    "removes": "Adjustment",
}
_VERB_OF = {"builds": "Build", "build": "Build", "removals": "Remove", "removal": "Remove",
            "removes": "Remove"}
_FILLER = {"orders", "order", "for", "the", "of", "phase", "season", "and", "my", "year"}
_SEASON_ALIASES = {"fall": "autumn"}
_SHORT = re.compile(r"^([a-z])(\d+)([mra])$")


@dataclass(frozen=True, slots=True)
class PhaseSlot:
    """A phase a letter can hold orders for."""

    kind: str  # Movement, Retreat, Adjustment
    season: str
    year: int
    label: str  # as the GM reads it: `Autumn 1901 Retreat`


@dataclass(frozen=True, slots=True)
class LetterPhases:
    """The open phase, the phases before the next movement, and that movement (for messages)."""

    current: PhaseSlot
    ahead: tuple[PhaseSlot, ...] = ()
    next_movement: str = ""

    def first_of_kind(self, kind: str) -> PhaseSlot | None:
        return next((s for s in (self.current, *self.ahead) if s.kind == kind), None)


@dataclass(frozen=True, slots=True)
class Heading:
    """What a season heading names; None where it does not say."""

    text: str
    season: str | None
    year: int | None
    kind: str | None
    verb: str | None  # `Builds:` also means each line is a build


def read_heading(text: str, game_map: GameMap) -> Heading | None:
    """The season heading `text` is (`Autumn retreats`, `Winter 3000`, `W`, `S1901M`), or None."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'s", ""))
    if not words or len(words) > 6:
        return None
    seasons = {s.lower(): s for s, _ in game_map.calendar.phases}
    short = _SHORT.match(words[0]) if len(words) == 1 else None
    if short:
        season = _season_by_initial(short.group(1), seasons)
        kind = {"m": "Movement", "r": "Retreat", "a": "Adjustment"}[short.group(3)]
        return Heading(text, season, int(short.group(2)), kind, None) if season else None
    if len(words) == 1 and len(words[0]) == 1:  # `W:`
        season = _season_by_initial(words[0], seasons)
        return Heading(text, season, None, None, None) if season else None
    year_words = {w.lower() for w in re.findall(r"[A-Za-z]+", game_map.calendar.year_format)}
    season = year = kind = verb = None
    for word in words:
        name = _SEASON_ALIASES.get(word, word)
        if name in seasons and season is None:
            season = seasons[name]
        elif word.isdigit() and year is None:
            year = int(word)
        elif word in _KIND_WORDS and kind is None:
            kind = _KIND_WORDS[word]
            verb = _VERB_OF.get(word)
        elif word not in _FILLER and word not in year_words:
            return None
    if season is None and kind is None:
        return None
    return Heading(text, season, year, kind, verb)


def _season_by_initial(letter: str, seasons: dict[str, str]) -> str | None:
    found = {s for key, s in seasons.items() if key[0] == letter}
    if letter == "f" and not found:
        found = {s for key, s in seasons.items() if key == "autumn"}
    return found.pop() if len(found) == 1 else None


def place_heading(heading: Heading, phases: LetterPhases, game_map: GameMap
                  ) -> PhaseSlot | str:
    """The phase a heading is for, or why none of the phases a letter may order is meant."""
    slots = (phases.current, *phases.ahead)
    found = [s for s in slots
             if (heading.season is None or s.season == heading.season)
             and (heading.year is None or s.year == heading.year)
             and (heading.kind is None or s.kind == heading.kind)]
    if heading.kind is None and heading.season is not None:
        default = _default_kind(heading.season, game_map)
        found = [s for s in found if default is None or s.kind == default]
    if found:
        return found[0]
    until = f" (or a phase before {phases.next_movement})" if phases.next_movement else ""
    return (f"the heading '{heading.text.strip()}' is for another phase than "
            f"{phases.current.label}{until}")


def _default_kind(season: str, game_map: GameMap) -> str | None:
    """The phase meant by a season alone: its movement, or its only phase."""
    kinds = [k for s, k in game_map.calendar.phases if s == season]
    if "Movement" in kinds:
        return "Movement"
    return kinds[0] if len(kinds) == 1 else None


__all__ = ["Heading", "LetterPhases", "PhaseSlot", "place_heading", "read_heading"]
