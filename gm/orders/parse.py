"""Read one order's text into a typed order, resolving names against the map.

`parse_order` is the entry point the engine's callers use; `read_order` also returns the notes
the GM should see (a near-miss name read as another, a unit with no order read as a hold).
Errors are `OrderError`s that say what was wrong, where in the text, and how to fix it.
Answers are cached per map, so a letter read twice, or a common order, costs a lookup.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import NamedTuple

from gm.maps.gamemap import GameMap, province_of
from gm.notation import kind_label, mix_kind
from gm.orders.errors import (
    AMBIGUOUS_NAME,
    BAD_FORM,
    SYNTAX,
    UNKNOWN_NAME,
    VARIANT,
    WRONG_POWER,
    OrderError,
)
from gm.orders.grammar import NameText, PlaceText, Syntax, UnitText
from gm.orders.kind_registry import glue
from gm.orders.kinds.move import Move
from gm.orders.kinds.order_kind import Order
from gm.orders.names import LEADER, PROVINCE, Match, NameIndex, NameProblem, name_index
from gm.orders.phases import fit_phase
from gm.orders.quick import quick_syntax
from gm.orders.variants import forbidden_by, form_words, map_forms, missing_form

__all__ = ["OrderError", "Reading", "clear_caches", "parse_order", "read_order"]

EXAMPLES = "Write it like 'A Par - Bur', 'F Nth S A Yor - Nwy', 'F Nth C A Lon - Nwy' or " \
           "'Build A Par'."
_TRAILING = " \t.,;!"
MAX_ORDER_LENGTH = 200  # the longest order, names written in full, is half that
_CACHE_LIMIT = 50_000

# What the grammar expected, in words, most useful first.
_EXPECTED_WORDS = (
    ("WORD", "a province"), ("KIND", "a unit (A, F)"), ("MOVE", "'-'"), ("HOLD", "H"),
    ("SUPPORT", "S"), ("CONVOY", "C"), ("COAST", "a coast"), ("RETREAT", "R"),
    ("DISBAND", "D"), ("VIA", "'via convoy'"), ("AT", "'in'"), ("MERGE", "'merge'"),
)


class Reading(NamedTuple):
    """An order, the notes the GM should see about how it was read, and where in the text
    its unit and its destination are (`spots`: 'unit'/'dest' -> 1-based column)."""

    order: Order
    notes: tuple[str, ...] = ()
    spots: dict[str, int] | None = None


def parse_order(text: str, game_map: GameMap, power: str | None = None, *,
                phase_kind: str | None = None, board=None,
                forms: Collection[str] | None = None) -> Order:
    """Parse `text` (one order) for `power` on `game_map`; see `read_order`."""
    return read_order(text, game_map, power, phase_kind=phase_kind, board=board,
                      forms=forms).order


def read_order(text: str, game_map: GameMap, power: str | None = None, *,
               phase_kind: str | None = None, board=None,
               forms: Collection[str] | None = None) -> Reading:
    """Read one order. `phase_kind` ('Movement', 'Retreat', 'Adjustment') fits it to the phase;
    `board` (a position: `.units`, `.dislodged`) finds leaders and checks the unit is there;
    `forms` overrides the variant forms the map allows (see `gm.orders.variants`)."""
    if not isinstance(text, str):
        raise OrderError(repr(text), "an order must be text", None,
                         "Pass the order as a string.", kind=SYNTAX)
    index = name_index(game_map)
    memo = _memo(index)
    allowed = memo.forms if forms is None else frozenset(forms)
    key = (text, power, phase_kind, allowed)
    cache = memo.readings
    known = cache.get(key)
    if known is None:
        try:
            known = _read(text, game_map, index, power, phase_kind, allowed)
        except OrderError as exc:
            known = exc
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        cache[key] = known
    if isinstance(known, OrderError):
        raise known
    if board is not None:
        from gm.orders.check import check_order  # the board checks need the map geometry

        order = check_order(known.order, game_map, board, phase_kind, text, known.spots)
        if order is not known.order:
            known = known._replace(order=order)
    return known


class _Memo:
    """What is remembered per map: the variant forms it allows and every reading given."""

    def __init__(self, index: NameIndex):
        self.index = index
        self.forms = map_forms(index.map)
        self.readings: dict[tuple, Reading | OrderError] = {}


_MEMOS: dict[int, _Memo] = {}


def _memo(index: NameIndex) -> _Memo:
    memo = _MEMOS.get(id(index))
    if memo is None or memo.index is not index:
        if len(_MEMOS) >= 16:
            _MEMOS.clear()
        memo = _MEMOS[id(index)] = _Memo(index)
    return memo


def clear_caches() -> None:
    """Forget every answer given (orders and names), e.g. to time reading from cold; the
    compiled grammar and each map's name index are kept, as a running program keeps them."""
    for memo in _MEMOS.values():
        memo.readings.clear()
        memo.index.forget()


def _read(text: str, game_map: GameMap, index: NameIndex, power: str | None,
          phase_kind: str | None, allowed: frozenset[str]) -> Reading:
    if len(text) > MAX_ORDER_LENGTH:  # prose, or several orders: never given to the parser
        raise OrderError(text, f"{len(text):,} characters are more than one order holds "
                               f"({MAX_ORDER_LENGTH} at most)", None,
                         "Write each order on a line of its own.", kind=SYNTAX)
    clean = index.unhyphenate(text.rstrip(_TRAILING))
    if not clean.strip():
        raise OrderError(text, "the order is empty", None, EXAMPLES)
    try:
        return _read_clean(text, clean, game_map, index, power, phase_kind, allowed)
    except OrderError as exc:
        if exc.kind not in (UNKNOWN_NAME, AMBIGUOUS_NAME, SYNTAX) \
                or not index.in_hyphenated_word(clean, exc.column):
            raise
        return _read_joined(text, clean, exc, game_map, index, power, phase_kind, allowed)


def _read_joined(text: str, clean: str, failed: OrderError, game_map: GameMap,
                 index: NameIndex, power: str | None, phase_kind: str | None,
                 allowed: frozenset[str]) -> Reading:
    """A line whose hyphens, read as moves, leave a name unknown or ambiguous, or the line
    unreadable (`F Brest - Mid-Atlantik`, `F Nwg - North-Afrca`), read again with words joined at hyphens, each the one name they near-miss
    (`Mid-Atlantik` -> Mid-Atlantic Ocean). Taken only when exactly one order comes of it; two
    different orders are refused with both, and none leaves the first refusal standing. A
    line that reads as written is never read this way."""
    found: dict[str, tuple[Reading, str]] = {}
    ambiguous: OrderError | None = None
    for joined in index.hyphen_joins(clean):
        try:
            reading = _read_clean(text, joined, game_map, index, power, phase_kind, allowed)
        except OrderError as exc:
            if exc.kind == AMBIGUOUS_NAME and ambiguous is None:  # quoting the words written
                ambiguous = OrderError(text, index.as_written(exc.message, joined, clean),
                                       exc.column, exc.hint, kind=exc.kind,
                                       candidates=exc.candidates)
            continue
        found.setdefault(str(reading.order), (reading, joined))
    if len(found) == 1:
        reading, joined = next(iter(found.values()))
        return reading._replace(notes=tuple(index.as_written(n, joined, clean)
                                            for n in reading.notes))
    if found:
        readings = tuple(found)
        raise OrderError(text, f"the hyphens can be read in more than one way: "
                               f"{' or '.join(repr(r) for r in readings)}", None,
                         "Write the names in full, or the move with spaces ('A Par - Bur').",
                         kind=AMBIGUOUS_NAME, candidates=readings)
    raise ambiguous or failed


def _read_clean(text: str, clean: str, game_map: GameMap, index: NameIndex,
                power: str | None, phase_kind: str | None, allowed: frozenset[str]) -> Reading:
    """One reading of `clean` (the text with its hyphenated names written with spaces)."""
    syntax = quick_syntax(clean) or _lark_syntax(text, clean)
    builder = _Builder(text, game_map, index, power, phase_kind, allowed)
    order = builder.order(syntax)
    form = missing_form(order, allowed)
    if form is not None:
        why = forbidden_by(form, game_map)
        if why is not None:
            raise OrderError(text, why, None, "Order the unit as one piece.", kind=VARIANT)
        what, where = form_words(form)
        raise OrderError(text, f"the {game_map.name} game has no rule for {what}", None,
                         (f"Rulebooks with it: {where}. " if where else "")
                         + "Check that this letter is for this game.", kind=VARIANT)
    try:
        order = fit_phase(order, phase_kind, text, game_map)
    except OrderError as exc:  # the order read, but not for this phase: keep the reading's notes
        raise exc.with_notes(dict.fromkeys(builder.notes)) from None
    # a name written twice (`A/F(Tyree)-F(Tyree)`, `A Syr sacks Syr`) is noted once
    return Reading(order, tuple(dict.fromkeys(builder.notes)), builder.spots)


def _lark_syntax(text: str, clean: str) -> Syntax:
    """Lark's reading of a shape the quick reader leaves to it; Lark is loaded here, the first
    time an order needs it."""
    from lark.exceptions import UnexpectedInput

    from gm.orders.lark_tree import read_syntax

    try:
        return read_syntax(clean)
    except UnexpectedInput as exc:
        raise _syntax_error(text, clean, exc) from None


def _syntax_error(text: str, clean: str, exc) -> OrderError:
    """Say where reading stopped and what could have come there (`exc`: Lark's
    `UnexpectedInput`)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    expected: set[str] = set()
    if isinstance(exc, (UnexpectedToken, UnexpectedEOF)):
        expected = set(exc.expected)
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    words = [w for t, w in _EXPECTED_WORDS if t in expected][:4]
    wanted = f"; expected {' or '.join(words)}" if words else ""
    token = getattr(exc, "token", None)
    at_end = isinstance(exc, UnexpectedEOF) or (token is not None and token.type == "$END")
    if at_end:
        return OrderError(text, f"the order stops too early{wanted}", len(clean.rstrip()) + 1,
                          EXAMPLES)
    column = getattr(exc, "column", None)
    column = column if isinstance(column, int) and column > 0 else None
    if token is not None:
        got = str(token)
    elif column is not None:
        got = clean[column - 1:column + 11].split(" ")[0] or clean[column - 1]
    else:
        got = ""
    return OrderError(text, f"cannot read {got!r} here{wanted}", column, EXAMPLES)


class _Unit(NamedTuple):
    kind: str | None
    strength: float | None
    location: str  # '' for a leader read without a board
    leader: str | None


class _Builder:
    """Turns one `Syntax` into a typed order, resolving every name it holds."""

    def __init__(self, text: str, game_map: GameMap, index: NameIndex, power: str | None,
                 phase_kind: str | None, allowed: frozenset[str]):
        self.text = text
        self.allowed = allowed
        self.map = game_map
        self.index = index
        self.power = power
        self.phase_kind = phase_kind
        self.notes: list[str] = []
        self.spots: dict[str, int] = {}
        self.unit_pools = (PROVINCE, LEADER) if index.leader_power else (PROVINCE,)

    # --- names -------------------------------------------------------------------------------
    def fail(self, message: str, column: int | None = None, hint: str = "",
             kind: str = BAD_FORM) -> OrderError:
        return OrderError(self.text, message, column, hint, kind=kind)

    def resolve(self, name: NameText, pools: tuple[str, ...]) -> Match:
        try:
            match = self.index.resolve(name.text, pools)
        except NameProblem as problem:
            raise OrderError(self.text, problem.message, name.column, problem.hint,
                             kind=AMBIGUOUS_NAME if problem.ambiguous else UNKNOWN_NAME,
                             candidates=problem.candidates, choices=problem.ids,
                             span=self._span(name)) from None
        if match.note:
            self.notes.append(match.note)
        return match

    def _span(self, name: NameText) -> tuple[int, int] | None:
        """The columns a name takes in the text (first, one past the last), however many
        spaces the player put between its words."""
        words = name.text.split()
        found = re.match(r"\s+".join(map(re.escape, words)), self.text[name.column - 1:]) \
            if words and name.column else None
        return (name.column, name.column + found.end()) if found else None

    def location(self, place: PlaceText, kind: str | None) -> str:
        """A province id, with the coast when a fleet (or an unknown kind) names one."""
        province = self.map.provinces[self.resolve(place.name, (PROVINCE,)).id]
        coast = place.coast
        if coast is None:
            return province.id
        if kind in ("A", "G"):
            self.notes.append(f"an army stands on all of {province.name}: the coast "
                              f"'{coast}' is not needed")
            return province.id
        if not province.coasts:
            self.notes.append(f"{province.name} has a single coast: '{coast}' is not needed")
            return province.id
        if coast not in province.coasts:
            raise self.fail(f"{province.name} has no {coast} coast", place.name.column,
                            f"Its coasts are {', '.join(province.coasts)}.")
        return f"{province.id}/{coast}"

    def unit(self, written: UnitText, own: bool = True) -> _Unit:
        """The unit a `UnitText` names: kind, strength, location, or a leader."""
        if own:
            self.spots.setdefault("unit", written.column)
        place = written.place
        if place is None:  # only a kind, where the grammar allows it
            raise self.fail("say which unit", written.column, EXAMPLES, kind=SYNTAX)
        if written.kind is None and len(self.unit_pools) > 1:
            match = self.resolve(place.name, self.unit_pools)
            if match.pool == LEADER:
                self._check_leader_power(match.id, written.column, own)
                return _Unit(None, None, "", match.id)
        kind, strength = self.kind(written.kind, written.strength)
        return _Unit(kind, strength, self.location(place, kind), None)

    def kind(self, kind: str | None, strength: float | None) -> tuple[str | None, float | None]:
        """A kind as this map reads it: `A/F` (and `2A/F`) is Lord of Hosts' A/F piece where
        the map has them, and elsewhere, where pieces stack, an army and a fleet (two armies
        and a fleet): the mix `A+F` (`2A+F`)."""
        if kind == "A/F" and "army_fleet" not in self.allowed \
                and "multiple_units" in self.allowed:
            return mix_kind({"A": strength or 1, "F": 1}), None
        return kind, strength

    def _check_leader_power(self, leader: str, column: int, own: bool) -> None:
        owner = self.index.leader_power[leader]
        if not own:
            return
        if self.power is None:
            self.power = owner
        elif owner != self.power:
            raise self.fail(f"{leader} leads {self.map.powers[owner].name}, not "
                            f"{self.map.powers[self.power].name}", column,
                            "Check the power this order is for.", kind=WRONG_POWER)

    def province(self, place: PlaceText) -> str:
        return self.resolve(place.name, (PROVINCE,)).id

    # --- orders ------------------------------------------------------------------------------
    def order(self, syntax: Syntax) -> Order:
        """The order a grammar form reads as: the glue lives with its kind
        (`gm.orders.kind_registry`)."""
        kind = glue(syntax.form)
        if kind is None:
            raise self.fail(f"gm cannot read a {syntax.form!r} order yet", None, EXAMPLES,
                            kind=SYNTAX)
        return kind.reads[syntax.form](self, *syntax.items)

    def common(self, unit: _Unit) -> dict:
        """What every order of this unit carries besides its kind and place."""
        return {"strength": unit.strength, "leader": unit.leader}

    def kind_change(self, unit: _Unit, written: UnitText, dest: UnitText,
                    via: bool = False) -> Order:
        """`A(Tyr)-F(Tyr)`, `A Tyr becomes F`, `A/F Tan - F`; or a move that repeats the kind."""
        from gm.orders.kinds.choose_kind import ChooseKind  # only an order that changes a kind
        from gm.orders.kinds.convert import Convert

        if unit.leader:
            raise self.fail(f"{unit.leader} is a leader and cannot become an army or a fleet",
                            written.column)
        new_kind = self.kind(dest.kind, None)[0]  # `A/F Ath - A/F Teg`: the kind repeated
        if dest.place is None:
            new_location = unit.location if new_kind == "F" else province_of(unit.location)
        else:
            new_location = self.location(dest.place, new_kind)
        if province_of(new_location) != province_of(unit.location):
            if unit.kind in (None, new_kind):  # `A Mar - A Bur`: the kind is only repeated
                return Move(self.power, unit.kind or new_kind, unit.location, new_location, via,
                            **self.common(unit))
            raise self.fail("a unit cannot move and change kind in one order", dest.column,
                            f"Convert it where it stands ('{kind_label(written.kind, None)} "
                            f"{written.place.name.text} - {kind_label(new_kind, None)}'), "
                            "or move it.")
        if via:
            raise self.fail("only a move can go via convoy", dest.column)
        if unit.kind is None:
            raise self.fail("say what the unit is now ('A Tyr - F Tyr')", written.column)
        if unit.kind == "A/F":
            if new_kind not in ("A", "F"):
                raise self.fail("an A/F unit becomes an army (A) or a fleet (F)", dest.column)
            return ChooseKind(self.power, unit.kind, unit.location, new_kind, new_location,
                              **self.common(unit))
        if new_kind == unit.kind or {new_kind, unit.kind} != {"A", "F"}:
            raise self.fail(f"{kind_label(unit.kind, None)} cannot become "
                            f"{kind_label(new_kind, None)}", dest.column,
                            "Armies become fleets and fleets become armies ('A Tyr - F Tyr').")
        return Convert(self.power, unit.kind, unit.location, new_kind, new_location,
                       **self.common(unit))

    def on_centre(self, cls: type[Order], written: UnitText, centre: PlaceText | None,
                  verb: str) -> Order:
        """An order of the unit on the centre it stands in (`A Moa destroys [Moa]`)."""
        unit = self.unit(written)
        self.same_province(unit, centre, verb)
        return cls(self.power, unit.kind, unit.location, **self.common(unit))

    def same_province(self, unit: _Unit, place: PlaceText | None, verb: str) -> None:
        """`A Moa destroys Moa`: an order on a centre names the one the unit stands in."""
        if place is None or not unit.location:
            return
        named = self.province(place)
        if named != province_of(unit.location):
            raise self.fail(f"a unit can only {verb} the centre it stands in, not "
                            f"{self.map.provinces[named].name}", place.name.column,
                            f"Order the unit in {self.map.provinces[named].name} to {verb} it.")

