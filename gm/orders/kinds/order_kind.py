"""What every order kind shares: the `Order` base class, how units are written in an order
(gm's notation, from `gm.notation`), the kinds of phase, the `Problem` a board check finds,
and `OrderKind`, the declaration each kind module makes of itself.

An order kind is one module in this package (`move.py`, `convert.py`...) holding its typed
form (an `Order` subclass whose `__str__` is the echo, the report's and the archive's text),
and an `OrderKind` saying how messages name it, the phases it belongs to, the variant form
a map must allow for it, the grammar forms it reads (the glue from the parse tree to the
order) and its board check. `gm.orders.kind_registry` lists every kind module's `KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from gm.calendar import ADJUSTMENT, MOVEMENT, RETREAT  # noqa: F401  (the kinds of phase)
from gm.calendar import KINDS as PHASE_KINDS  # noqa: F401
from gm.maps.gamemap import province_of
from gm.notation import kind_label, show_location, unit_label  # noqa: F401  (gm's notation)

if TYPE_CHECKING:
    from gm.orders.kinds.phase_parts import AdjustmentPart, MovementPart, RetreatPart

VOID = "void"  # the kind of a problem the position causes (the order is kept, then void)
WARNING = "warning"  # not a problem: the order stands, and the player should know this of it



class Shape:
    """How an order shows on the board picture (`gm.draw`): the shape of each of its marks."""

    HOLD = "hold"
    MOVE = "move"
    SUPPORT_HOLD = "support-hold"
    SUPPORT_MOVE = "support-move"
    CONVOY = "convoy"
    RETREAT = "retreat"
    DISBAND = "disband"
    BUILD = "build"
    REMOVE = "remove"
    SPECIAL = "special"  # a variant order that keeps the unit in place (convert, destroy...)


class Sketch(NamedTuple):
    """One mark an order makes on the picture: its shape, where it starts (None: where the
    ordered piece stands), the province it helps, where it goes, the kind of piece it makes."""

    shape: str
    location: str | None = None
    target: str | None = None
    dest: str | None = None
    piece_kind: str | None = None


def nothing_drawn(order: Order) -> tuple[Sketch, ...]:
    """The drawing of an order the picture does not show (a waive)."""
    return ()


class UnitRef(NamedTuple):
    """Another unit named inside an order (a partner in a merge); a plain tuple when stored."""

    kind: str | None
    location: str
    strength: float | None = None


@dataclass(frozen=True, slots=True)
class Order:
    """An order as the engine adjudicates it. Locations are resolved ids (`par`, `spa/nc`).
    `unit_kind` is the kind the player wrote ('A', 'F', 'G', 'A/F', a mix of kinds with
    their counts such as '2A+G' for `2A/G`, or None); `strength` the count written before a
    single kind (`2A` -> 2.0; None for a mix); `leader` names a leader unit, and then `location`
    is where it stands if known. `str(order)` is the canonical echo; it reads back equal.

    A kind whose order adds no field to its base (`Hold`, `Build`) is a plain subclass with
    `__slots__ = ()`: its fields, constructor, repr, equality (same class, same fields), hash
    and frozenness are its base's, which name the order's own class. Declared a dataclass
    again, it would only have the same methods generated once more, which costs every start
    of gm a millisecond a class (tests/orders/test_order_classes.py holds it to that)."""

    power: str | None
    unit_kind: str | None
    location: str
    strength: float | None = field(default=None, kw_only=True)
    leader: str | None = field(default=None, kw_only=True)

    @property
    def province(self) -> str:
        return province_of(self.location)

    def unit_text(self) -> str:
        return unit_label(self.unit_kind, self.location, self.strength, self.leader)

    def tail(self) -> str:
        """What the order tells the unit to do, after the unit (` - Bur`, ` H`)."""
        return " H"

    def commands(self) -> tuple[str, ...]:
        """Keys of the units this order commands; a later order for one replaces it."""
        if self.leader:
            return (f"leader:{self.leader}",)
        return (self.province,)

    def __str__(self) -> str:
        return f"{self.unit_text()}{self.tail()}"

    def units_named(self) -> Iterator[tuple[str | None, float | None, str | None]]:
        """(kind, strength, leader) of every unit the order names: its own, and the kind's
        others (a supported unit, merge partners, a split's parts). The variant forms an
        order needs are read from them (`gm.orders.variants.required_forms`)."""
        yield self.unit_kind, self.strength, self.leader

    def in_words(self) -> str:
        """The order as a report prints it: the echo, unless the kind says what it does in
        words that also read back to the same order (`A Ur becomes a fleet`)."""
        return str(self)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an order is illegal: the words (the same at intake and in the report), the fix,
    a short kind (`gm.orders.errors`, or `VOID`), the part of the order it is about ('unit' or
    'dest'), and whether intake refuses the line (else it is kept and will be void)."""

    message: str
    hint: str = ""
    kind: str = VOID
    focus: str = "unit"
    refused: bool = False


@dataclass(frozen=True)
class Words:
    """How players' letters name an order kind: regular expressions for whole words, any case
    (`builds?`). `gm.orders.line_kinds` joins every known kind's into the patterns that judge a
    letter's lines, so a kind brings its words with it. Each field feeds one judgment, and a
    kind lists the words players use for it there, not all its grammar reads (a hold also
    `stands`), so that a word of chatter does not turn a remark into a refused order.

    - `verb`: the word put before each line under a heading for this kind (`Builds:` then
      `F Lon` reads as `Build F Lon`);
    - `begins`: an order of this kind may begin with it, so a line beginning so is an order
      and takes no heading's verb (`Build F Lon`, `Loan Athens to Egypt`);
    - `names`: the first word of a line before a colon that makes the line one order, not a
      heading (`Loan: Athens to Egypt`);
    - `signs`: anywhere in a line, a sign that the line is an order (`S`, `supports`);
    - `headings`: a heading of this word alone (`Builds:`, `Russia builds:`) puts `verb`
      before the lines below;
    - `leads`: before several orders on one line, it is each one's verb (`Retreat A Boe - Aet;
      F Ach - Goc`).
    """

    verb: str = ""
    begins: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    signs: tuple[str, ...] = ()
    headings: tuple[str, ...] = ()
    leads: tuple[str, ...] = ()


# A board check: (order, the unit's kind, where it stands, the position or None, the map)
# -> the problem, or None. The unit is already found; the kind is the one the order is
# checked as (an A/F unit not yet settled is what its order says).
BoardCheck = Callable[..., "Problem | None"]


@dataclass(frozen=True)
class OrderKind:
    """One order kind's declaration (`KINDS` in its module).

    - `order`: the typed form;
    - `name`: how messages name it ("a move");
    - `phases`: the kinds of phase it belongs to;
    - `form`: the variant form a map must allow (`gm.orders.variants`), None if standard;
    - `form_words`: for the kind that introduces a form, what the GM reads when a map lacks
      it ("the game has no rule for army/fleet conversion") and the rulebooks that have it;
    - `reads`: grammar form (the `-> name` in grammars/orders.lark) -> glue(builder, *items)
      that turns what the grammar read into the order (`gm.orders.parse._Builder` helps);
    - `check`: its board check (`BoardCheck`), None if the board has nothing to say;
    - `on_unit`: False for an order that names no unit of the board (a build, a loan);
    - `grammar`: grammar lines for a kind that lives outside grammars/orders.lark (written
      with Lark's `%extend order: ...`), as a test's or a plug-in's kind does;
    - `declares`: for an order that commands no unit but is carried out by the rules before
      the phase's other orders (a loan), what messages call it ("loan"); "" for the rest;
    - `echo_word`: the word its echo begins with when that is a verb, not a unit (`Build`),
      so a report printing names in full never reads it as a province;
    - `full_words`: its short forms and the judges' words for them, printed with `--names
      full` (`{"H": "HOLD"}`);
    - `in_movement`: its part in a movement phase (`phase_parts.MovementPart`): what each
      piece it commands does. A standard kind's part is its whole check on the board; a
      variant kind's part runs after the phase's and its own board check, and None means its
      piece stands while a rule carries the order out (a conversion);
    - `in_retreat`: its part in a retreat phase (`phase_parts.RetreatPart`): where the
      dislodged piece goes, or why not; None: refused there;
    - `in_adjustment`: its part in an adjustment phase (`phase_parts.AdjustmentPart`): what it
      enters on the phase's ledger; None: refused there (unless a rule takes it first);
    - `stacks`: a core order wherever the rules let pieces stack (a merge, a split), though
      its form comes from a variant;
    - `per_piece`: an order naming several pieces (a merge) as one order per piece;
    - `shares`: how an order to a multiple shares its pieces out among its parts (a split):
      (order, the pieces, the map) -> ([(part, indices of the pieces it takes)], problem);
    - `parts`: the orders an order is made of, each adjudicated as its own (a merge's, one
      per piece; a split's parts); a stored result of one names it by its place here, so the
      picture and the report take it from the order given (`kind_registry.part_of`);
    - `sketch`: how it is drawn, order -> its marks (`Sketch`); None: one `SPECIAL` mark at
      the piece;
    - `words`: how players' letters name it (`Words`), read by `gm.orders.line_kinds`.
    """

    order: type[Order]
    name: str
    phases: tuple[str, ...]
    form: str | None = None
    form_words: tuple[str, str] | None = None
    reads: dict[str, Callable] = field(default_factory=dict)
    check: BoardCheck | None = None
    on_unit: bool = True
    grammar: str = ""
    declares: str = ""
    echo_word: str = ""
    full_words: dict[str, str] = field(default_factory=dict)
    in_movement: MovementPart | None = None
    in_retreat: RetreatPart | None = None
    in_adjustment: AdjustmentPart | None = None
    stacks: bool = False
    per_piece: Callable[[Order], tuple[Order, ...]] | None = None
    shares: Callable | None = None
    parts: Callable[[Order], tuple[Order, ...]] | None = None
    sketch: Callable[[Order], tuple[Sketch, ...]] | None = None
    words: Words = Words()

