"""Season headings in letters: which phase the lines below a heading are for.

Postal players group their orders: `Spring 1901:`, `Autumn retreats:`, `Winter:`, `Builds:`,
`W:`, `F1901R`, and in words: `Retreats (if any):`, `Builds in the winter:`. A heading names a
season, a year, a kind of phase, or several of these. gm places it among the phases a letter
may order: the open phase, and the retreat and adjustment phases before the next movement
(orders sent ahead). A heading for any other phase is kept as a refusal, so that nothing under
it becomes an order of the open phase; for a phase still to come the refusal says from which
phase on its orders are taken (`NotYet`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm.calendar import Phase, following_phase, phase_name
from gm.maps.gamemap import GameMap
from gm.orders.names import edit_distance, near_miss_limit

_KIND_WORDS = {
    "movement": "Movement", "moves": "Movement", "move": "Movement",
    "retreats": "Retreat", "retreat": "Retreat",
    "adjustments": "Adjustment", "adjustment": "Adjustment", "builds": "Adjustment",
    "build": "Adjustment", "removals": "Adjustment", "removal": "Adjustment",
    "removes": "Adjustment", "retreating": "Retreat", "adjusting": "Adjustment",
    "building": "Adjustment", "dislodgement": "Retreat", "dislodgment": "Retreat",
}
_FILLER = {"orders", "order", "for", "the", "of", "phase", "season", "and", "my", "year"}
# what a heading ending in a colon may add in words: `Retreats (if any):`, `Builds if needed:`,
# `In case of retreats:`, `Should I have to retreat:`, `Builds in the winter:`
_QUALIFIERS = {
    "if", "any", "needed", "need", "needs", "necessary", "required", "requested", "applicable",
    "possible", "possibly", "potential", "conditional", "in", "case", "should", "there", "be",
    "are", "is", "i", "we", "get", "gets", "have", "has", "had", "must", "to", "our", "when",
    "a", "an", "some", "options", "option", "instructions", "following", "next", "then",
    "later", "please", "from", "on", "at", "this", "that", "it", "comes", "come", "arise",
    "arises", "happen", "happens", "occur", "occurs", "only", "also", "plus", "or", "so",
    "orders", "by", "am", "will", "would", "may", "might", "can", "dislodged", "displaced",
    "they", "them", "units", "unit", "my"}
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


def read_heading(text: str, game_map: GameMap, loose: bool = False) -> Heading | None:
    """The season heading `text` is (`Autumn retreats`, `Winter 3000`, `W`, `S1901M`), or None.
    `loose`, for a line that ends in a colon, also reads the words players add to a heading
    (`Retreats (if any)`, `Builds in the winter`, `In case of retreats`)."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'s", ""))
    if not words or len(words) > (12 if loose else 6):
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
        if loose and not (word in seasons or word in _KIND_WORDS or word in _FILLER
                          or word in _QUALIFIERS or word in year_words or word.isdigit()):
            word = _misspelt(word, (*seasons, *_KIND_WORDS)) or word  # `Retraets:`
        name = _SEASON_ALIASES.get(word, word)
        if name in seasons and season is None:
            season = seasons[name]
        elif word.isdigit() and year is None:
            year = int(word)
        elif word in _KIND_WORDS and kind is None:
            kind = _KIND_WORDS[word]
            verb = _verb_of(word)
        elif word in _KIND_WORDS and _KIND_WORDS[word] == kind:  # `Builds/Removals`
            verb = verb if _verb_of(word) in (None, verb) else None
        elif word not in _FILLER and word not in year_words and not (
                loose and word in _QUALIFIERS):
            return None
    if season is None and kind is None:
        return None
    return Heading(text, season, year, kind, verb)


def _verb_of(word: str) -> str | None:
    """The verb a heading of this word puts before the lines below (`builds` -> `Build`), from
    the order kinds' words; imported here, as only a heading naming a kind needs every kind."""
    from gm.orders.line_kinds import verb_of_heading

    return verb_of_heading(word)


def _misspelt(word: str, known) -> str | None:
    """The one word of `known` that `word` is a near miss of, starting with the same letter
    (`retraets` -> retreats; `rebuilds` is no misspelt `builds`)."""
    limit = near_miss_limit(len(word))
    close = {k for k in known if limit and k[0] == word[0]
             and edit_distance(word, k, limit) <= limit}
    kinds = {_KIND_WORDS.get(k, k) for k in close}
    return min(close) if len(kinds) == 1 else None


def _season_by_initial(letter: str, seasons: dict[str, str]) -> str | None:
    found = {s for key, s in seasons.items() if key[0] == letter}
    if letter == "f" and not found:
        found = {s for key, s in seasons.items() if key == "autumn"}
    return found.pop() if len(found) == 1 else None


@dataclass(frozen=True, slots=True)
class NotYet:
    """A phase still to come that a letter read now cannot order: its orders are taken from
    the movement phase `opens` on (the letter window of that phase holds it)."""

    label: str  # the phase meant: `Winter 220 BC`
    kind: str  # its kind: Movement, Retreat, Adjustment
    opens: str  # the phase from which its orders are taken: `Autumn 220 BC`
    season: str  # that phase's season, as a player names it: `Autumn`

    def __str__(self) -> str:
        return self.words(them="them")

    def words(self, what: str = "", them: str = "it") -> str:
        """`builds are accepted from Autumn 220 BC on; send it with your Autumn orders`."""
        what = what or f"orders for {self.label}"
        if self.opens == self.label:
            return f"{what} are accepted once {self.label} is open; send {them} then"
        return f"{what} are accepted from {self.opens} on; send {them} with your " \
               f"{self.season} orders"


def _fits(slot, heading: Heading, game_map: GameMap) -> bool:
    if heading.kind is None and heading.season is not None:
        default = _default_kind(heading.season, game_map)
        if default is not None and slot.kind != default:
            return False
    return (heading.season is None or slot.season == heading.season) \
        and (heading.year is None or slot.year == heading.year) \
        and (heading.kind is None or slot.kind == heading.kind)


def place_heading(heading: Heading, phases: LetterPhases, game_map: GameMap
                  ) -> PhaseSlot | NotYet | str:
    """The phase a heading is for; else, for a phase still to come, from when its orders are
    taken (`NotYet`); else why none of the phases a letter may order is meant."""
    slots = (phases.current, *phases.ahead)
    found = [s for s in slots if _fits(s, heading, game_map)]
    if found:
        return found[0]
    coming = not_yet(phases, game_map, lambda p: _fits(p, heading, game_map))
    if coming is not None:
        return coming
    until = f" (or a phase before {phases.next_movement})" if phases.next_movement else ""
    return (f"the heading '{heading.text.strip()}' is for another phase than "
            f"{phases.current.label}{until}")


def not_yet(phases: LetterPhases, game_map: GameMap, wanted) -> NotYet | None:
    """The first phase after the letter's window (within two years) for which `wanted(phase)`
    holds, and the movement phase from which its orders are taken."""
    last = phases.ahead[-1] if phases.ahead else phases.current
    phase = Phase(last.year, last.season, last.kind)
    opens = None
    for _ in range(2 * len(game_map.calendar.phases)):
        phase = following_phase(phase, game_map)
        if phase.kind == "Movement":
            opens = phase
        if wanted(phase):
            start = opens or phase
            return NotYet(phase_name(phase, game_map), phase.kind,
                          phase_name(start, game_map), start.season)
    return None


def _default_kind(season: str, game_map: GameMap) -> str | None:
    """The phase meant by a season alone: its movement, or its only phase."""
    kinds = [k for s, k in game_map.calendar.phases if s == season]
    if "Movement" in kinds:
        return "Movement"
    return kinds[0] if len(kinds) == 1 else None


__all__ = ["Heading", "LetterPhases", "NotYet", "PhaseSlot", "not_yet", "place_heading",
           "read_heading"]
