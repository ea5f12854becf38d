"""Resolve the names players write (provinces, powers, leaders) against one map.

A name matches, in this order: an id, full name or map alias (ignoring case, accents, spaces
and punctuation); then a unique prefix (`Burg` -> Burgundy); then a name of several words
whose words it starts, in order (`Cis Gaul` -> Cisalpine Gaul, `Gulf Iss` -> Gulf of Issus);
then a near miss, a small edit distance (`Phyrgia` -> Phrygia), accepted only when exactly one
name is that close. The last two are guesses, reported in a note so the GM sees them. An
ambiguous or unknown name is a `NameProblem` listing the candidates (`ids` holds them as ids,
for a reader that can judge them by the board).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from gm.maps.gamemap import GameMap

PROVINCE = "province"
POWER = "power"
LEADER = "leader"

_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_MAX_FUZZY_LENGTH = 40  # longer text is prose, not a misspelt name
_MAX_SUGGEST_LENGTH = 20
_CACHE_LIMIT = 20_000
_DELETION_DEPTH = 3  # the largest near-miss limit (see near_miss_limit)
_LETTER_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")  # `Mid-Atlantik`, not `Par - Bur`
# Starts only where a word starts, each run of letters taken whole (possessive), so a long word
# is read once: the plain `[^\W\d_]+(?:-...)+` retried every suffix of it (quadratic).
_HYPHENATED_WORD = re.compile(r"(?<![^\W\d_])[^\W\d_]++(?:-[^\W\d_]++)+")
MAX_NAME_LENGTH = 100  # no province, power or leader has a longer name
_MAX_JOINS = 4  # hyphens tried as parts of a name: 15 readings at most
_ROMAN = re.compile(r"[IVXLC]+")  # `Ptolemy IV`: a numeral names no leader alone


def fold(text: str) -> str:
    """`St. Petersburg` -> `stpetersburg`; `München` -> `munchen`."""
    if text.isalnum() and text.isascii():  # most names and words: letters (and digits) only
        return text.lower()
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _NOT_ALNUM.sub("", text.lower())


def near_miss_limit(length: int) -> int:
    """How many edits a name of this length may have and still count as a near miss."""
    if length <= 3:
        return 1 if length == 3 else 0
    if length <= 5:
        return 1
    if length <= 8:
        return 2
    return 3


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of two letters is one edit); > limit early."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        best = i
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            value = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, prev2[j - 2] + 1)
            cur[j] = value
            best = min(best, value)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


class Match(NamedTuple):
    """What a name resolved to: its pool (province, power, leader), its id, and a note when
    the name was a near miss that the GM should see."""

    pool: str
    id: str
    note: str | None = None


class NameProblem(Exception):
    """A name that is unknown or ambiguous; `candidates` are labels such as `bur (Burgundy)`."""

    def __init__(self, message: str, hint: str, ambiguous: bool, candidates: tuple[str, ...],
                 ids: tuple[tuple[str, str], ...] = ()):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.ambiguous = ambiguous
        self.candidates = candidates
        self.ids = ids  # the candidates as (pool, id), in the same order


class _Pool:
    """Folded names of one kind of thing -> ids, with a sorted key list for prefix search."""

    def __init__(self, kind: str, entries: Iterable[tuple[str, str]], priority: Iterable[str]):
        self.kind = kind
        self.names: dict[str, str] = {}
        # names of several words, as their folded words (`Cisalpine Gaul` -> cisalpine, gaul)
        self.worded: list[tuple[tuple[str, ...], str]] = []
        for name, ident in entries:
            key = fold(name)
            if key:
                self.names.setdefault(key, ident)
                words = tuple(w for w in (fold(w) for w in name.split()) if w)
                if len(words) > 1:
                    self.worded.append((words, ident))
        for ident in priority:  # ids win over aliases that happen to spell another id
            if fold(ident):
                self.names[fold(ident)] = ident
        self.keys = sorted(self.names)
        self._deletions: dict[str, list[str]] | None = None  # built on the first near miss

    def with_prefix(self, prefix: str) -> set[str]:
        start = bisect.bisect_left(self.keys, prefix)
        found = set()
        for key in self.keys[start:]:
            if not key.startswith(prefix):
                break
            found.add(self.names[key])
        return found

    def by_words(self, words: tuple[str, ...]) -> set[str]:
        """Ids of the names of several words that `words` start, in order: the first word
        starts the name's first, each next one a later word (`Gulf Iss` -> Gulf of Issus);
        one word may join the starts of several (`Cisgaul` -> Cisalpine Gaul)."""
        if len(words) == 1:
            return {ident for name, ident in self.worded if _joins_starts(words[0], name)}
        return {ident for name, ident in self.worded if _starts_words(words, name)}

    def within(self, word: str, limit: int) -> dict[str, int]:
        """Ids with a name within `limit` edits of `word`, each with its best distance.

        Candidates come from a deletion index (two strings within n edits share a string
        reached by at most n deletions from each), so only a few need the full distance."""
        if limit > _DELETION_DEPTH:
            keys = self.names
        else:
            index = self._deletion_index()
            keys = set()
            for variant in _deletions(word, limit):
                keys.update(index.get(variant, ()))
        found: dict[str, int] = {}
        for key in keys:
            if abs(len(key) - len(word)) > limit:
                continue
            d = edit_distance(word, key, limit)
            ident = self.names[key]
            if d <= limit and d < found.get(ident, limit + 1):
                found[ident] = d
        return found

    def _deletion_index(self) -> dict[str, list[str]]:
        if self._deletions is None:
            index: dict[str, list[str]] = {}
            for key in self.names:
                depth = min(_DELETION_DEPTH, near_miss_limit(len(key) + _DELETION_DEPTH))
                for variant in _deletions(key, depth):
                    index.setdefault(variant, []).append(key)
            self._deletions = index
        return self._deletions


def _starts_words(words: tuple[str, ...], name: tuple[str, ...]) -> bool:
    if not words or not name or not name[0].startswith(words[0]):
        return False
    at = 1
    for word in words[1:]:
        while at < len(name) and not name[at].startswith(word):
            at += 1
        if at == len(name):
            return False
        at += 1
    return True


def _joins_starts(word: str, name: tuple[str, ...], at: int = 0, used: int = 0) -> bool:
    """Is `word` the starts of two or more of `name`'s words joined, in order, the first
    starting the name (`cisgaul`: cis-alpine, gaul)? Each start is two letters or more."""
    if not word:
        return used >= 2
    for j in range(at, len(name) if used else min(1, len(name))):
        part = name[j]
        for n in range(min(len(part), len(word)), 1, -1):
            if word.startswith(part[:n]) and _joins_starts(word[n:], name, j + 1, used + 1):
                return True
    return False


def _deletions(word: str, depth: int) -> set[str]:
    """`word` and every string made from it by deleting up to `depth` letters."""
    found = {word}
    layer = {word}
    for _ in range(depth):
        layer = {w[:i] + w[i + 1:] for w in layer for i in range(len(w))}
        found |= layer
    return found


class NameIndex:
    """Every name a player may use on one map, and the answers already given (cached)."""

    def __init__(self, game_map: GameMap):
        self.map = game_map
        provinces = game_map.provinces.values()
        self.provinces = _Pool(
            PROVINCE,
            ((name, p.id) for p in provinces for name in (p.name, *p.aliases)),
            (p.id for p in provinces))
        powers = game_map.powers.values()
        self.powers = _Pool(
            POWER,
            ((name, p.id) for p in powers for name in (p.name, p.adjective, *p.aliases) if name),
            (p.id for p in powers))
        self.leader_power: dict[str, str] = {
            leader: p.id for p in powers for leader in p.leaders}
        self.leaders = _Pool(LEADER, self._leader_names(), self.leader_power)
        self.hyphenated = self._hyphen_pattern()
        self._cache: dict[tuple[tuple[str, ...], str], Match | NameProblem] = {}

    def _leader_names(self) -> list[tuple[str, str]]:
        """Full names; each word of a name that no other leader's name has, numerals aside
        (`Scipio`, `Publius`, `Philip` for Philip V, `Ptolemy` for Ptolemy IV); and a name with
        initials before its last word (`P. Scipio`)."""
        names = [(leader, leader) for leader in self.leader_power]
        words: dict[str, set[str]] = {}
        for leader in self.leader_power:
            parts = leader.split()
            if len(parts) < 2:
                continue
            for word in parts:
                if len(word) >= 3 and word.isalpha() and not _ROMAN.fullmatch(word):
                    words.setdefault(fold(word), set()).add(leader)
            if parts[-1].isalpha() and not _ROMAN.fullmatch(parts[-1]):
                names.append(("".join(p[0] for p in parts[:-1]) + parts[-1], leader))
        names += [(word, who.pop()) for word, who in words.items() if len(who) == 1]
        return names

    def initial_before(self, text: str, at: int) -> bool:
        """Is the full stop at `at` in `text` a leader's initial (`P. Scipio`), which never
        ends an order?"""
        before = re.search(r"(?:^|[^\w.])([^\W\d_])$", text[:at])
        after = re.match(r"\.\s*([^\W\d_]+)", text[at:])
        if not before or not after or not self.leader_power:
            return False
        return fold(before.group(1) + after.group(1)) in self.leaders.names

    def _hyphen_pattern(self) -> re.Pattern[str] | None:
        """Names with a hyphen inside (`Mid-Atlantic`), which the grammar would read as moves."""
        names = {n for p in self.map.provinces.values() for n in (p.name, *p.aliases)}
        names |= set(self.leader_power)
        hyphenated = sorted((n for n in names if re.search(r"\w-\w", n)), key=len, reverse=True)
        if not hyphenated:
            return None
        return _hyphenated_names("|".join(re.escape(n) for n in hyphenated))

    def unhyphenate(self, text: str) -> str:
        """Write `Mid-Atlantic` as `Mid Atlantic` (same length, so columns stay right)."""
        if self.hyphenated is None or "-" not in text:
            return text
        return self.hyphenated.sub(lambda m: m.group(0).replace("-", " "), text)

    def hyphen_joins(self, text: str) -> Iterator[str]:
        """`text` with words joined at some of the hyphens between letters (`Brest-Mid-
        Atlantik` -> `Brest-Mid Atlantik`, `Brest Mid-Atlantik`, `Brest Mid Atlantik`), each
        hyphen written as a space (same length, so columns stay right); the first few only."""
        spots = [m.start() for m in _LETTER_HYPHEN.finditer(text)][:_MAX_JOINS]
        for mask in range(1, 2 ** len(spots)):
            chars = list(text)
            for i, spot in enumerate(spots):
                if mask >> i & 1:
                    chars[spot] = " "
            yield "".join(chars)

    @staticmethod
    def in_hyphenated_word(text: str, column: int | None) -> bool:
        """Is the 1-based `column` of `text` inside words joined by hyphens (`Mid-Atlantik`)?"""
        if not column:
            return False
        return any(m.start() < column <= m.end() for m in _HYPHENATED_WORD.finditer(text))

    @staticmethod
    def as_written(note: str, joined: str, written: str) -> str:
        """A note quoting words of `joined` (`read 'Mid Atlantik' as ...`) quoting them as
        `written` (`read 'Mid-Atlantik' as ...`)."""
        def restore(m: re.Match[str]) -> str:
            at = joined.find(m.group(1))
            return m.group(0) if at < 0 else f"'{written[at:at + len(m.group(1))]}'"
        return re.sub(r"'([^']+)'", restore, note)

    # --- lookups -----------------------------------------------------------------------------
    def province(self, text: str) -> Match:
        return self.resolve(text, (PROVINCE,))

    def power(self, text: str) -> Match:
        return self.resolve(text, (POWER,))

    def power_exact(self, text: str) -> str | None:
        """A power by id, name, adjective or alias only (for letter headers: no guessing)."""
        return self.powers.names.get(fold(text))

    def resolve(self, text: str, pools: tuple[str, ...]) -> Match:
        """The one thing in `pools` that `text` names; raises `NameProblem` otherwise."""
        if len(text) > MAX_NAME_LENGTH:  # a run-on word or a pasted blob: never searched
            raise NameProblem(
                f"{text[:20]!r}... ({len(text):,} characters) is too long to be a name",
                f"No name is longer than {MAX_NAME_LENGTH} characters; check the line.",
                False, ())
        key = (pools, text)
        known = self._cache.get(key)
        if known is None:
            try:
                known = self._resolve(text, fold(text), pools)
                if known.note is not None:
                    known = known._replace(note=f"read {text!r} as {self.label(known)}")
            except NameProblem as problem:
                known = problem
            if len(self._cache) > _CACHE_LIMIT:
                self._cache.clear()
            self._cache[key] = known
        if isinstance(known, NameProblem):
            raise known
        return known

    def forget(self) -> None:
        """Drop the answers already given (the index itself stays)."""
        self._cache.clear()

    def _pools(self, pools: tuple[str, ...]) -> list[_Pool]:
        table = {PROVINCE: self.provinces, POWER: self.powers, LEADER: self.leaders}
        return [table[p] for p in pools]

    def _resolve(self, text: str, word: str, pools: tuple[str, ...]) -> Match:
        what = " or ".join(pools)
        if not word:
            raise NameProblem(f"{text!r} is not a {what} name", "Write a name or an id.",
                              False, ())
        searched = self._pools(pools)
        for pool in searched:
            if word in pool.names:
                return Match(pool.kind, pool.names[word])
        prefixed = [(pool.kind, ident) for pool in searched if len(word) >= 2
                    for ident in sorted(pool.with_prefix(word))]
        if len(prefixed) == 1:
            return Match(*prefixed[0])
        if prefixed:
            labels = tuple(self.label(Match(k, i)) for k, i in prefixed)
            raise NameProblem(
                f"{text!r} could be {_either(labels)}", "Write more of the name, or its id.",
                True, labels, tuple(prefixed))
        if len(word) > _MAX_FUZZY_LENGTH:
            raise NameProblem(f"unknown {what} {text!r}", self._spelling_hint(pools), False, ())
        words = tuple(w for w in (fold(w) for w in re.split(r"[\s\-–—/]+", text)) if w)
        if len(words) > 1 or len(word) >= 5 and not self._close(word, searched):
            worded = [(pool.kind, ident) for pool in searched
                      for ident in sorted(pool.by_words(words))]
            if len(worded) == 1:
                return Match(*worded[0], note="words")
            if worded:
                labels = tuple(self.label(Match(k, i)) for k, i in worded)
                raise NameProblem(f"{text!r} could be {_either(labels)}",
                                  "Write the name in full, or its id.", True, labels,
                                  tuple(worded))
        limit = near_miss_limit(len(word))
        close = [(d, pool.kind, ident) for pool in searched if limit
                 for ident, d in pool.within(word, limit).items()]
        if len(close) == 1:
            _, kind, ident = close[0]
            return Match(kind, ident, note="near miss")
        if close:
            close.sort()
            labels = tuple(self.label(Match(k, i)) for _, k, i in close)
            raise NameProblem(
                f"{text!r} is close to {_either(labels[:4])}",
                "Write the name in full, or its id.", True, labels,
                tuple((k, i) for _, k, i in close))
        suggested = self._suggest(word, searched)
        labels = tuple(self.label(Match(k, i)) for k, i in suggested)
        hint = (f"Did you mean {_either(labels)}?" if labels else self._spelling_hint(pools))
        raise NameProblem(f"unknown {what} {text!r}", hint, False, labels, suggested)

    @staticmethod
    def _close(word: str, pools: list[_Pool]) -> bool:
        """Is some name a near miss of `word` (which is then read as one, not by its words)?"""
        limit = near_miss_limit(len(word))
        return bool(limit) and any(pool.within(word, limit) for pool in pools)

    def _suggest(self, word: str, pools: list[_Pool]) -> tuple[tuple[str, str], ...]:
        """The few names nearest to an unknown word, for the error's 'did you mean'."""
        if len(word) > _MAX_SUGGEST_LENGTH:
            return ()  # a sentence, not a misspelt name
        limit = min(4, max(2, len(word) // 2))
        scored = {(pool.kind, ident): d for pool in pools
                  for ident, d in pool.within(word, limit).items()}
        if len(word) >= 4:  # names that start the same way (`Burgxxxy` -> Burgundy)
            for pool in pools:
                for ident in pool.with_prefix(word[:4]):
                    scored.setdefault((pool.kind, ident), limit + 1)
        best = sorted((d, kind, ident) for (kind, ident), d in scored.items())
        return tuple((k, i) for _, k, i in best[:3])

    def _spelling_hint(self, pools: tuple[str, ...]) -> str:
        if PROVINCE in pools:
            return f"Check the spelling against 'gm map show {self.map.id}'."
        if POWER in pools:
            return f"The powers are {', '.join(p.name for p in self.map.powers.values())}."
        return "Check the spelling."

    def label(self, match: Match) -> str:
        """`Phrygia (phr)`, `Egypt`, `Hannibal (Carthage)`: how the GM sees a resolved name."""
        if match.pool == PROVINCE:
            return f"{self.map.provinces[match.id].name} ({match.id})"
        if match.pool == POWER:
            return self.map.powers[match.id].name
        owner = self.map.powers[self.leader_power[match.id]].name
        return f"{match.id} ({owner})"


def _either(labels: tuple[str, ...] | list[str]) -> str:
    labels = list(labels)
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


def _hyphenated_names(text: str) -> re.Pattern[str]:
    """The pattern of a map's names with a hyphen inside, from its text (`NameIndex`)."""
    return re.compile(text, re.IGNORECASE)


_INDEXES: dict[int, tuple[GameMap, NameIndex]] = {}


def name_index(game_map: GameMap) -> NameIndex:
    """The index for this map object, made once (the map is held so its id stays unique)."""
    entry = _INDEXES.get(id(game_map))
    if entry is not None and entry[0] is game_map:
        return entry[1]
    if len(_INDEXES) >= 16:
        _INDEXES.clear()
    index = _kept_index(game_map)
    _INDEXES[id(game_map)] = (game_map, index)
    return index


def _kept_index(game_map: GameMap) -> NameIndex:
    """The map's index as kept in the cache folder, if it was made by this code from the same
    names; else built, and kept. Building it folds every name of the map, a hundredth of a
    cold `gm orders`; what is kept is what `NameIndex` built, its answers left out."""
    import os
    import sys
    import zlib

    from gm.disk_cache import cache_folder, read_cached, write_cached

    own = os.stat(__file__)
    key = ((own.st_mtime_ns, own.st_size), sys.version,  # `fold` uses Python's unicodedata
           tuple((p.id, p.name, *p.aliases) for p in game_map.provinces.values()),
           tuple((p.id, p.name, p.adjective, tuple(p.aliases), tuple(p.leaders))
                 for p in game_map.powers.values()))
    where = zlib.crc32(__file__.encode("utf-8", "surrogateescape"))
    cache = cache_folder() / f"names-{game_map.id}-{where:08x}.pickle"
    made = read_cached(cache, key)
    if isinstance(made, dict):
        index = NameIndex.__new__(NameIndex)
        hyphenated = made.pop("hyphenated")  # kept as text: compiled as the index compiles it
        index.__dict__.update(made, map=game_map, _cache={},
                              hyphenated=hyphenated and _hyphenated_names(hyphenated))
        return index
    index = NameIndex(game_map)
    kept = {name: value for name, value in vars(index).items() if name not in ("map", "_cache")}
    kept["hyphenated"] = index.hyphenated and index.hyphenated.pattern
    write_cached(cache, key, kept)
    return index
