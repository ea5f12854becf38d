"""Which power the lines below a heading are for: `EGYPT:`, `Orders for Egypt`, `Egypt -`,
`Russia builds:`, a home city for its power (`Argos:`), one player's powers together
(`Argolis & Pherea:`), a heading that names a phase too (`Germany, Autumn retreats:`), an
email's subject; and a heading for a power the game does not have (`Atlantis:`), which refuses
the letter. The reader (`gm.orders.letters`) keeps whose lines it is reading."""

from __future__ import annotations

import re

from gm.maps.gamemap import GameMap
from gm.orders.line_kinds import COLON_END, GREETING, SIGN_OFF, is_name
from gm.orders.names import NameIndex, NameProblem, fold
from gm.orders.sections import read_heading

# `Atlantis:` or `Orders for Atlantis`: a heading for a power, but not one of the game's.
_POWER_LIKE = re.compile(
    r"^(?:(?P<lead>(?i:orders?|moves?))\s+(?i:for|from|of)\s+)?(?P<name>[A-Z][\w'’.-]*"
    r"(?:\s++[A-Z][\w'’.-]*)?)(?:'s|’s)?(?P<tail>\s++(?i:orders?))?\s*+(?P<mark>:)?\s*+$")
NOT_POWERS = {"orders", "order", "moves", "movement", "press", "note", "notes", "ps", "p.s",
              "p.s.", "comments", "comment", "diplomacy", "subject", "gm", "dear gm",
              "postscript", "message", "messages", "re", "fwd", "the end", "end", "nb",
              "n.b", "my", "our", "the", "here", "final", "new", "revised", "updated"}
# `Germany, Autumn retreats:`, `Gondor's orders for Summer 3000`, `France (Winter 1901)`
_SEASON_AFTER_POWER = re.compile(r"^[^,:(]+?(?:,|\bfor\b|\()\s*+(?P<season>[^:()]*?[^:()\s])"
                                 r"\s*+\)?\s*+[:\-–—]*+\s*+$", re.I)
_MARKED = re.compile(r"^(?P<text>[^:]{1,80}?)\s*[:\-–—]+\s*$")  # words, then `:` or a dash
_HEADER = re.compile(
    r"^(?:(?P<lead>orders?|moves?|builds?|adjustments?|retreats?)\s+(?:for|from|of)\s+)?"
    r"(?P<name>[^:()\[\],;]+?)(?:'s|’s)?"
    r"(?:\s++(?:orders?|moves?|builds?|adjustments?|retreats?)(?:\s++(?:for|of)\s+[^:]{1,30})?)?"
    r"\s*+(?:\([^)]*+\))?\s*+(?:,[^:]*+)?\s*+(?P<mark>[:\-–—]++)?\s*+$", re.I)
POWER_PREFIX = re.compile(r"^(?P<name>[^:]{1,60}?)\s*+:\s*+(?P<rest>\S.*)$")
POWER_DASH = re.compile(r"^(?P<name>[^-–—]{1,40}?)\s++[-–—]\s++(?P<rest>\S.*)$")
# `_HEADER` and `_SEASON_AFTER_POWER` try many ways to split a line: they are only given a
# heading's length of text, its spaces collapsed (`header_power`).
_HEADING_LENGTH = 120  # a heading is a few words; a longer line is never read as one


class PowerHeadings:
    """The powers a heading of a game's letters can name, read against its map and names."""

    def __init__(self, game_map: GameMap, index: NameIndex):
        self.map = game_map
        self.index = index

    def power_heading(self, body: str) -> tuple[str, object] | None:
        """The power a heading names, with the phase it names too, if any (`Sparta:`,
        `Germany, Autumn retreats:`, `Sparta (Spring 450 BC):`, `Sparta spring 450:`,
        `Spring 450 BC - Sparta:`); None if it names no power."""
        loose = bool(COLON_END.search(body))
        found = self.header_power(body)
        if found:
            season = _SEASON_AFTER_POWER.match(body)
            return found, (read_heading(season.group("season"), self.map, loose)
                           if season else None)
        marked = _MARKED.match(body)
        if marked is None:
            return None
        both = self.one_players(marked.group("text"))
        if both is not None:  # `Argolis & Pherea:`
            return both, None
        words = re.findall(r"[^\W_][\w'’.]*", marked.group("text"))
        if not 2 <= len(words) <= 10:
            return None
        for k in range(len(words) - 1, 0, -1):
            for named, rest in ((words[:k], words[k:]), (words[-k:], words[:-k])):
                heading = read_heading(" ".join(rest), self.map, loose=True)
                power = self.header_power(" ".join(named) + ":") if heading else None
                if power:
                    return power, heading
        return None

    def one_players(self, text: str) -> str | None:
        """`Argolis & Pherea`, `Sparta/Elatea`: powers of one player, whose heading is the
        Major's (the power the others' `player` names)."""
        parts = [p for p in re.split(r"\s*(?:&|\+|/|,|\band\b)\s*", text, flags=re.I) if p]
        if len(parts) < 2:
            return None
        powers = [self.header_power(f"{part}:") for part in parts]
        if None in powers:
            return None
        players = {self.map.powers[p].player or p for p in powers}
        return players.pop() if len(players) == 1 else None

    def home_power(self, name: str) -> str | None:
        """`Argos:`: a heading naming a home centre of one power alone is that power's
        (players name a power by its city: Argos for Argolis, Thebes for Boeotia)."""
        province = self.index.provinces.names.get(fold(name))
        if province is None:
            return None
        homes = [p.id for p in self.map.powers.values() if province in p.home]
        return homes[0] if len(homes) == 1 else None

    def header_power(self, text: str, strong: bool = False) -> str | None:
        """The power a heading names (`EGYPT:`, `Orders for Egypt`, `Egypt -`), else None.
        Headings with a colon or 'orders for' may abbreviate the power or misspell it."""
        if len(text) > _HEADING_LENGTH:
            return None
        m = _HEADER.match(" ".join(text.split()))
        if not m:
            return None
        name = m.group("name").strip()
        exact = self.index.power_exact(name)
        if exact or not (strong or m.group("mark") or m.group("lead")):
            return exact
        if len(fold(name)) < 3 or len(name.split()) > 4 or self.leader_named(name):
            return None
        try:
            return self.index.power(name).id
        except NameProblem:
            return self.home_power(name)

    def leader_named(self, text: str) -> bool:
        """Is `text` a leader's name (`Ptolemy IV`, `Scipio`, `P. Scipio`), never a heading?"""
        return bool(self.index.leader_power) and fold(text) in self.index.leaders.names

    def unknown_power(self, text: str) -> tuple[str, bool] | None:
        """`Atlantis:`, `Orders for Atlantis`: a heading for a power this game does not have,
        as its name and whether it says it heads a power's orders; None if `text` is no such
        heading. A bare `Word:` is one only if an order follows it (`Question:` over prose is
        a remark)."""
        m = _POWER_LIKE.match(text.strip()) if len(text) <= _HEADING_LENGTH else None
        if not m or not (m.group("mark") or m.group("lead")):
            return None
        name = m.group("name").strip()
        key = name.lower().rstrip(".")
        if key in NOT_POWERS or re.match(GREETING, name) or re.match(SIGN_OFF, name) \
                or read_heading(name, self.map) is not None or is_name(name, self.index):
            return None
        return name, bool(m.group("lead") or m.group("tail"))

    def subject_power(self, subject: str) -> str | None:
        """The power an email's subject names (`Re: Spring 1901 orders - France`), if any."""
        subject = re.sub(r"^(?:re|fwd?|aw)\s*:\s*", "", subject, flags=re.I)
        for words in (subject, *re.split(r"(?<!\s)\s*+[-–—:,]\s*+|(?<=\s)[-–—:,]\s*+",
                                         subject)):
            power = self.header_power(words) if words else None
            if power:
                return power
        return None


def other_power_refusal(no: int, written: str, power: str, given: str, game_map: GameMap) -> str:
    """Why a letter entered for one power (`--power`) is refused when a heading names another."""
    return (f"line {no} is headed '{written.strip()}' ({game_map.powers[power].name}) but "
            f"the letter is entered for {game_map.powers[given].name} (--power); enter "
            f"{game_map.powers[power].name}'s orders with --power "
            f"{game_map.powers[power].name}, or leave out --power to follow the headings")


def unknown_power_refusal(no: int, name: str, game_map: GameMap) -> str:
    """Why a letter headed for a power this game does not have is refused."""
    powers = ", ".join(p.name for p in game_map.powers.values())
    return (f"line {no}: '{name}' is not a power in this game; powers are {powers}. Correct the "
            "heading, or give --power.")
