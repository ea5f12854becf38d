"""How units, locations and orders are written: read from text and written for people.

One notation serves every part of gm. A unit is stored and written in map files as players
write it, ids in lower case (`A par`, `F spa/nc`, `2A ur`, `A mac (Alexander)`, a leader
`0.5L rom (Publius Scipio)`), and a stored record may end with the piece's tag
(`A par #S1901M:par`); engine messages and case files name a leader with its place
(`Publius Scipio rom`); reports and letters capitalise the ids (`A Par`, `F Spa/nc`); the
canonical echo of an order names its unit the same way (`A Par`, `2F Ur`, or a leader's name);
a report writes an order as its echo,
or as the words its kind gives (`order_display`). This module sits just above `gm.maps` and
imports nothing else of gm: anything with `kind`, `location`, `strength` and `name` is a unit.
"""

from __future__ import annotations

import dataclasses
import re
from typing import NamedTuple

UNIT_KINDS = ("A", "F", "G", "A/F")
LEADER = "L"  # a named piece of strength 1/2 (issue 17); never among a map's starting units
LEADER_STRENGTH = 0.5
KIND_NAMES = {"A": "army", "F": "fleet", "G": "garrison", "A/F": "army/fleet", LEADER: "leader"}
# The order civil disorder removes pieces of one stack at one distance in: the 1971 rule's
# "fleets before armies" (an A/F piece counts as an army), then garrisons; a leader as an army.
_DISORDER_RANK = {"F": 0, "A": 1, "A/F": 1, "G": 2}

# Compiled the first time they are used (by `re`'s own cache): most commands read no piece
# from text, and compiling them costs a command more than its own work on a unit.
_UNIT = (r"(?i)^\s*(?P<count>\d+(?:\.\d+)?)?(?P<kind>A/F|[A-Z])\s+(?P<loc>[\w./-]+)"
         r"(?:\s+\((?P<name>[^)]*)\))?(?:\s+#(?P<tag>\S+))?\s*$")
# A piece as a GM types it in a correction: `A Par`, `2A Ur`, `fleet North Sea`, or no kind.
_TYPED_UNIT = r"(?i)^\s*+([1-9])?\s*+(army|fleet|a|f)\s++(.+)$"
_TYPED_KINDS = {"a": "A", "army": "A", "f": "F", "fleet": "F"}


class UnitText(NamedTuple):
    """The parts of a unit written as text; `location` as written (ids in lower case)."""

    kind: str
    location: str
    strength: float = 1.0
    name: str | None = None
    tag: str | None = None


def disorder_rank(kind: str) -> int:
    """Where a piece of this kind comes in civil disorder's order of removal among pieces
    equally far from home: fleets, then armies, then garrisons (docs/design.md, 'Civil
    disorder')."""
    return _DISORDER_RANK.get(kind, 1)


# --- reading -----------------------------------------------------------------------------

def read_unit(text: str) -> UnitText | None:
    """`A par`, `2A ur`, `A mac (Alexander)`, `A par #S1901M:par` -> its parts; None if it is
    no unit."""
    m = re.match(_UNIT, text)
    if not m:
        return None
    return UnitText(m.group("kind").upper(), m.group("loc").lower(),
                    float(m.group("count") or 1), m.group("name"), m.group("tag"))


def read_leader(text: str, leaders) -> UnitText | None:
    """`Publius Scipio rom` -> a leader and its place, when the name is one of `leaders`
    (any case; the name comes back as the map spells it); None otherwise. The place is left as
    written, for the map to look up."""
    name, _, where = text.strip().rpartition(" ")
    for known in leaders:
        if name and known.lower() == " ".join(name.split()).lower():
            return UnitText(LEADER, where, LEADER_STRENGTH, known)
    return None


def split_typed_unit(text: str) -> tuple[str | None, str, float]:
    """A piece as a GM types it: `A Par` -> ('A', 'Par', 1); `2A Ur` -> ('A', 'Ur', 2);
    `Par` -> (None, 'Par', 1). The place is left as typed, for the map to look up."""
    m = re.match(_TYPED_UNIT, text)
    if m:
        return _TYPED_KINDS[m.group(2).lower()], m.group(3).strip(), float(m.group(1) or 1)
    return None, text.strip(), 1.0


# --- writing -----------------------------------------------------------------------------

def place(location: str) -> str:
    """`spa/nc` -> `Spa/nc`, `par` -> `Par`: ids capitalised as zines and letters print them."""
    return location[:1].upper() + location[1:]


show_location = place  # the name the order echo uses


def kind_label(kind: str | None, strength: float | None) -> str:
    """`A`, `2A`, `2A/F`, a mix as written (`2A+G` -> `2A/G`); '' when no kind was written."""
    count = "" if strength is None else f"{strength:g}"
    return f"{count}{kind.replace(MIX, '/')}" if kind else count


# --- mixed multiples ---------------------------------------------------------------------
# A multiple of several kinds is written by its counts per kind (`2A/G Spa`: two armies and
# a garrison). In an order it is one kind, joined by `+` (`2A+G`), so that it is never taken
# for Lord of Hosts' A/F piece; its count is in the kind, the order's `strength` stays None.
MIX = "+"
_MIX_RANK = {"A": 0, "F": 1, "A/F": 2, "G": 3}


def mix_counts(kind: str | None) -> dict[str, float] | None:
    """`2A+G` -> {'A': 2, 'G': 1}; None for a kind that is not a mix."""
    if not kind or MIX not in kind:
        return None
    counts: dict[str, float] = {}
    for part in kind.split(MIX):
        digits = part.rstrip("AFGL/")
        counts[part[len(digits):]] = counts.get(part[len(digits):], 0) + float(digits or 1)
    return counts


def mix_kind(counts: dict[str, float]) -> str:
    """The canonical mix for counts per kind, armies first: {'G': 1, 'A': 2} -> `2A+G`; a
    single kind comes back as itself with its count (`2A`)."""
    kinds = sorted((k for k in counts if counts[k]), key=lambda k: (_MIX_RANK.get(k, 9), k))
    return MIX.join(kind_label(k, None if counts[k] == 1 else counts[k]) for k in kinds)


def piece_counts(pieces) -> dict[str, float]:
    """The strength of each kind among `pieces`: {'A': 2, 'G': 1}."""
    counts: dict[str, float] = {}
    for u in pieces:
        counts[u.kind] = counts.get(u.kind, 0) + u.strength
    return counts


def unit_label(kind: str | None, location: str, strength: float | None = None,
               leader: str | None = None) -> str:
    """How a unit is written in the canonical echo: `A Par`, `2F Ur`, `Par`, `Hannibal`."""
    if leader:
        return leader
    kind_text = kind_label(kind, strength)
    return f"{kind_text} {place(location)}" if kind_text else place(location)


def _piece(unit) -> str:
    count = "" if unit.strength == 1 else f"{unit.strength:g}"
    return f"{count}{unit.kind} {unit.location}"


def unit_text(unit) -> str:
    """A unit as it is stored and written in archives: `A par`, `2A ur`, `A mac (Alexander)`,
    `0.5L rom (Publius Scipio)`."""
    return f"{_piece(unit)} ({unit.name})" if unit.name else _piece(unit)


def unit_record(unit) -> str:
    """A unit with its tag, for a stored snapshot that must give the same piece back:
    `A par #S1901M:par`; `unit_text` when it has none. `read_unit` reads both."""
    tag = getattr(unit, "tag", None)
    return f"{unit_text(unit)} #{tag}" if tag else unit_text(unit)


def unit_short(unit) -> str:
    """A unit in engine messages and case files: `A par`, `F spa/nc`, `2A ur`, or a leader
    with its place, `Publius Scipio rom`."""
    return f"{unit.name} {unit.location}" if unit.name else _piece(unit)


def unit_display(text: str) -> str:
    """A stored unit (`A par`, `2A ur`, `A mac (Alexander)`) as people write it: `A Par`."""
    kind, _, rest = text.partition(" ")
    loc, _, name = rest.partition(" ")
    return " ".join(p for p in (kind, place(loc), name) if p)


def piece_shown(unit) -> str:
    """One piece as reports and listings print it: `A Par`, `2A Ur`, `A Mac (Alexander)`, and
    a leader by name with its place, `Publius Scipio Rom`."""
    if unit.kind == LEADER and unit.name:
        return f"{unit.name} {place(unit.location)}"
    return unit_display(unit_text(unit))


def stored_piece_shown(text: str) -> str:
    """A piece stored as `unit_text` writes it (`A par`, `0.5L rom (Scipio)`) as
    `piece_shown` prints it: `A Par`, `Scipio Rom`."""
    parts = read_unit(text)
    if parts is None or parts.kind != LEADER or not parts.name:
        return unit_display(text)
    return f"{parts.name} {place(parts.location)}"


def stack_label(pieces) -> str:
    """A stack's pieces that are not leaders as one unit is written: `2A`, `A/G`, `2A/G` (the
    strength of each kind, armies first)."""
    return mix_kind(piece_counts(pieces)).replace(MIX, "/")


def stacks_shown(units) -> list[str]:
    """A power's pieces as a listing prints them, one line per province: `A Par`, `2A/G Spa`
    for a multiple, `A Rom with Publius Scipio` for a leader with its unit, `Hannibal Cam` for
    a leader alone. A province with one piece prints as `piece_shown` does."""
    by_place: dict[str, list] = {}
    for u in units:
        by_place.setdefault(u.location.split("/")[0], []).append(u)
    out = []
    for here in by_place.values():
        if len(here) == 1:
            out.append(piece_shown(here[0]))
            continue
        leaders = [u.name for u in here if u.kind == LEADER]
        others = [u for u in here if u.kind != LEADER]
        where = place(others[0].location if len(others) == 1 else here[0].location.split("/")[0])
        head = f"{stack_label(others)} {where}" if others else f"{leaders.pop(0)} {where}"
        out.append(f"{head} with {' and '.join(leaders)}" if leaders else head)
    return out


def units_listed(units) -> list[str]:
    """Units with their powers, sorted, for comparing two positions: `france: A par`."""
    return sorted(f"{u.power}: {unit_short(u)}" for u in units)


def order_display(order, unit_kind: str | None = None, strength: float | None = None,
                  target=()) -> str:
    """The order as a report prints it: its canonical echo (`str(order)`, which reads back to
    the same order), or the words its kind gives for what it does (`Order.in_words`: `A Ur
    becomes a fleet`). `unit_kind` and `strength` are the commanded piece's as it stands: they
    fill in a kind the player left out (`Par - Bur`) and a count left out on a multiple
    (`A Syr - Zam` for a double army prints `2A Syr - Zam`), so that what the GM and the
    player read names the piece adjudicated. `target` are the pieces a support or convoy
    helps (`legality.target_units`): the unit it names is written as they stand too
    (`F Ion S 2A Syr`)."""
    order = _as_target(_as_commanded(order, unit_kind, strength), target)
    return order.in_words() if hasattr(order, "in_words") else str(order)


def standing(pieces) -> tuple[str | None, float | None]:
    """The kind (None for several kinds) and the strength of the pieces an order commands, as
    `order_display` takes them; (None, None) for none."""
    kinds = {u.kind for u in pieces}
    return (kinds.pop() if len(kinds) == 1 else None), \
        (sum(u.strength for u in pieces) if pieces else None)


def _as_commanded(order, unit_kind: str | None, strength: float | None):
    """The order with its unit written as the piece stands (see `order_display`)."""
    if not dataclasses.is_dataclass(order):
        return order
    if unit_kind and getattr(order, "unit_kind", unit_kind) is None:
        order = dataclasses.replace(order, unit_kind=unit_kind)
    written = getattr(order, "unit_kind", None)
    if strength is not None and strength != 1 and written and mix_counts(written) is None \
            and written != LEADER and not getattr(order, "leader", None) \
            and getattr(order, "strength", strength) is None:
        order = dataclasses.replace(order, strength=strength)
    return order


def _as_target(order, pieces):
    """The order with the unit it supports or convoys written as `pieces` stand: a kind left
    out filled in, a multiple's count added, a multiple of several kinds by its mix."""
    if not pieces or not dataclasses.is_dataclass(order) or getattr(order, "target_leader", None):
        return order
    kind, strength = standing(pieces)
    written = getattr(order, "target_kind", None)
    if kind is None:  # several kinds: the mix names them all (`2A+G`)
        if written is None or mix_counts(written) is None and written != LEADER:
            return dataclasses.replace(order, target_kind=mix_kind(piece_counts(pieces)),
                                       target_strength=None)
        return order
    if kind == LEADER:
        return order
    if written is None:
        order = dataclasses.replace(order, target_kind=kind)
        written = kind
    if strength != 1 and mix_counts(written) is None and written != LEADER \
            and getattr(order, "target_strength", None) is None:
        order = dataclasses.replace(order, target_strength=strength)
    return order


# `--names full`: the judges' words for the pieces; the order kinds' short forms (`H`) are the
# kinds' own (`OrderKind.full_words`), passed in by the report
FULL_WORDS = {"A": "Army", "F": "Fleet", "G": "Garrison"}
COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast",
               "wc": "west coast"}


def in_full(text: str, names: dict[str, str], verbs: frozenset[str] = frozenset(),
            short: dict[str, str] | None = None) -> str:
    """An order or unit as the judges print it with `--names full`: `A Vie - Gal` ->
    `Army Vienna -> Galicia`, `F Spa/sc` -> `Fleet Spain (south coast)`. `names` maps
    province ids to names; `short`, the order kinds' short forms to their words (`H` ->
    `HOLD`: `OrderKind.full_words`); words it does not know are kept as written, and so are
    `verbs`, the words an echo begins with (`Build`: the kinds' `echo_word`), even where a
    province has that id."""
    short = short or {}
    words = []
    for word in text.split(" "):
        province, _, coast = word.partition("/")
        if word[:1].isupper() and word not in verbs and province.lower() in names:
            full = names[province.lower()]
            words.append(f"{full} ({COAST_WORDS.get(coast, coast)})" if coast else full)
        elif word in FULL_WORDS or word in short:
            words.append(FULL_WORDS.get(word) or short[word])
        else:
            words.append(word)
    return " ".join(words)
