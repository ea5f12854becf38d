"""The archive as data. Names are resolved against the map when read: power ids, province
ids, and units in the store's form (`A par`, `F spa/nc`). `line` fields point back into the
text so that a replay can say where a problem is."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gm.deadline_time import Due
from gm.orders.recorded import RecordedLine
from gm.store.store_errors import ArchiveError  # noqa: F401  (re-exported)

# A recorded letter's lines: each behind ROW, and under one, behind MARK, where gm filed it.
ROW, MARK = "|", "->"


class ArchiveEdit(BaseModel):
    line: int = 0
    command: str  # as typed after `gm edit GAME`: `add France A Par`
    reason: str
    after_letters: int = 0  # made after this many of the phase's letters were entered


class ArchiveLetter(BaseModel):
    """A letter: as the record keeps it (`recorded`, each line with where gm filed it), or,
    in an archive written before gm kept that, the lines to read as a pasted letter."""

    line: int = 0
    power: str | None  # power id; None for a recorded letter read for no power
    text: str  # the lines, one per line
    recorded: list[RecordedLine] | None = None


class ArchivePlayer(BaseModel):
    """Who plays a power from the phase this line is in."""

    line: int = 0
    power: str  # power id
    name: str  # '' when nobody plays it
    standby: bool = False
    contact: str = ""  # written only in an archive made for the GM (`private`)


class ArchivePress(BaseModel):
    """Press or a GM note for the report of the phase it is in, as written."""

    line: int = 0
    kind: str = "press"  # `press` or `note`
    power: str | None = None  # the sender; None for a note, or grey press left unsigned
    grey: bool = False
    text: str


class Holding(BaseModel):
    power: str
    units: list[str] = Field(default_factory=list)
    centres: list[str] = Field(default_factory=list)


class RecordedDislodged(BaseModel):
    power: str
    unit: str
    attacker_from: str | None = None  # None: dislodged by a convoyed army


class RecordedOutcome(BaseModel):
    """The position after the phase, as recorded: what `gm replay --check` compares."""

    line: int = 0
    holdings: list[Holding] = Field(default_factory=list)
    dislodged: list[RecordedDislodged] = Field(default_factory=list)
    standoffs: list[str] = Field(default_factory=list)
    state: dict = Field(default_factory=dict)


class ArchivePhase(BaseModel):
    line: int = 0
    heading: str  # `Spring 1901`, as written
    edits: list[ArchiveEdit] = Field(default_factory=list)
    players: list[ArchivePlayer] = Field(default_factory=list)
    deadline: Due | None = None  # when this phase's orders were due
    deadline_line: int = 0
    letters: list[ArchiveLetter] = Field(default_factory=list)
    press: list[ArchivePress] = Field(default_factory=list)
    outcome: RecordedOutcome | None = None


class Archive(BaseModel):
    game: str | None = None
    variant: str
    notes: list[str] = Field(default_factory=list)
    grey_press: bool = False  # the game allows anonymous press
    # which letter lines not adjudicated its public reports print: refused, all or none
    report_lines: str = "refused"
    # the rules' state when the game began (a seed for a draw), as JSON (`{"$set": [...]}`)
    start_state: dict = Field(default_factory=dict)
    phases: list[ArchivePhase] = Field(default_factory=list)
    # `Draw: England, France`, `Russia wins with 18 supply centres`, `Joint victory: Egypt, Syria`
    result: str | None = None
    result_line: int = 0
    # the archive ends in a line cut off (no line end, and not a whole result): its number
    # and text. The line is left out, and the phase it was in is the phase in progress.
    cut_line: int = 0
    cut_text: str = ""
