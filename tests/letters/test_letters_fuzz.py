"""No letter ever ends in a traceback (issue 29): letters of every variant, in every kind of
phase, mixing headings (powers, phases, in words), leaders' placements and moves, set-ups,
declarations, merges and splits, retreats and builds sent ahead, and chatter.

Each letter is read as `gm orders` reads it (`gm.game.intake.read_letter`, which stores
nothing) against a position of a demo game (games/*-demo.txt, replayed to its first phases:
movement, retreat and adjustment phases of all six maps). It must give a line of the echo for
every line it has, or be refused whole with a `WorkflowError`: nothing else may escape.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.game.games import open_game
from gm.game.intake import read_letter
from gm.game.workflow_errors import WorkflowError
from gm.store import game_rows as rows
from gm.store.archive import read_archive
from gm.store.database import open_store
from gm.store.position_rows import load_position
from tests.conftest import examples

ROOT = Path(__file__).resolve().parents[2]
DEMOS = sorted((ROOT / "games").glob("*-demo.txt"))
PHASES_KEPT = 7  # each demo's first phases: a movement, a retreat and an adjustment phase

SETTINGS = settings(max_examples=examples(250), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


class Board:
    """One phase of one demo game, with what letters for it may name."""

    def __init__(self, view, position):
        self.view, self.position, self.map = view, position, view.map
        provinces = list(self.map.provinces.values())
        self.places = sorted({n for p in provinces for n in (p.id, p.name, *p.aliases[:2])})
        self.centres = sorted(p.name for p in provinces if p.is_centre) or self.places
        self.powers = sorted({n for p in self.map.powers.values()
                              for n in (p.name, *p.aliases[:1])})
        self.leaders = sorted({leader for p in self.map.powers.values() for leader in p.leaders})
        units = [d.unit for d in position.dislodged] + list(position.units)
        self.units = [f"{'' if u.strength == 1 else f'{u.strength:g}'}{u.kind} {u.province}"
                      for u in units if u.kind != "L"] or ["A " + provinces[0].id]
        self.leaders += [u.name for u in units if u.kind == "L" and u.name]

    def __repr__(self) -> str:
        return f"<{self.view.game.name} {self.position.phase}>"


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    store = open_store(tmp_path_factory.mktemp("fuzz") / "gm.db", create=True)
    from gm.game.archives import replay

    found = []
    try:
        for path in DEMOS:
            archive = read_archive(path.read_text(encoding="utf-8"), str(path))
            archive = archive.model_copy(update={"phases": archive.phases[:PHASES_KEPT],
                                                 "result": None})
            name = replay(store, archive, source=str(path)).game
            with store.transaction(write=False):
                view = open_game(store, name)
                for phase in rows.live_phases(store, view.game):
                    found.append(Board(view, load_position(store, phase)))
    finally:
        store.close()
    return found


def test_the_boards_cover_every_map_and_kind_of_phase(boards):
    assert {b.map.id for b in boards} == {"standard", "lord-of-hosts", "rise-of-rome-ii",
                                          "hoplite-wars", "middle-earth-viii", "diadochi-v"}
    assert {b.position.phase.kind for b in boards} == {"Movement", "Retreat", "Adjustment"}


WORDS = st.sampled_from(["", "if any", "if needed", "(if any)", "in the winter", "if necessary",
                         "orders", "please"])
SEASONS = st.sampled_from(["Spring", "Autumn", "Fall", "Winter", "Summer", "W", "S", "F"])
KINDS = st.sampled_from(["retreats", "Retreat", "builds", "Build", "removals", "adjustments",
                         "Adjustments", "moves", "disbands"])
NOISE = st.sampled_from(["Hi GM,", "Thanks!", "Cheers, Bob", "--", "> A Par - Bur", "",
                         "See you next season.", "PS: the deadline?", "Question:",
                         "If bounced:", "Atlantis:", "Orders for Atlantis", "1.", "a)", ";",
                         "Dear GM:", "hope that's ok :)", "Subject: orders", "From: x@y.z"])


@st.composite
def line(draw, board: Board) -> str:
    name = lambda items: draw(st.sampled_from(items))  # noqa: E731
    unit, place, power = name(board.units), name(board.places), name(board.powers)
    centre = name(board.centres)
    leader = name(board.leaders) if board.leaders else "Hannibal"
    year = str(board.position.phase.year + draw(st.integers(-1, 1)))
    kind = unit.split()[0].lstrip("0123456789.")
    where = unit.split(" ", 1)[1]
    shapes = [
        f"{power}:", f"{power} {name(['spring', 'Autumn', 'winter'])} {year}:",
        f"{power} ({draw(SEASONS)} {year} BC):", f"Orders for {power}", f"{power} - {unit} H",
        f"{draw(KINDS)} {draw(WORDS)}:", f"{draw(SEASONS)} {draw(KINDS)}:",
        f"{draw(SEASONS)}: Build {kind} {centre}", f"{draw(KINDS)}: {unit} - {place}",
        f"{unit} - {place}", f"{unit} H", f"{unit} S {name(board.units)} - {place}",
        f"{unit} C {name(board.units)} - {place}", f"{unit}", f"{unit} R {place}",
        f"Retreat {unit} - {place}", f"Retreat: {unit} - {place}",
        f"{unit} retreats to {place} or {name(board.places)}",
        f"If dislodged, {unit} - {place}", f"{unit} - {place} (if dislodged)",
        f"Build {kind} {centre}", f"{kind}({centre})", f"1. {kind}({centre}) 2. F({centre})",
        f"2{kind}({centre}), {kind}({name(board.centres)}) and G({centre})",
        f"Remove {unit}", f"Disband {unit}", "Waive", "no builds", f"{unit} becomes F",
        f"{unit} converts to an army", f"A/F {where} - F", f"{unit} destroys {where}",
        f"{unit} Z", f"{unit} R", f"Sack {unit}", f"SACK {place}",
        f"Place {leader} in {centre}", f"{leader} placed in {centre}",
        f"{leader} starts in {centre}", f"Leader: {leader} ({centre})", f"{leader}: {centre}",
        "Leaders:", f"{leader} - {place}", f"{leader} to {place}", f"{leader} H",
        f"{leader} S {unit} - {place}", f"P. {leader.split()[-1]} - {place}",
        f"{leader.split()[0]} H", f"Loan: {centre} to {power}", f"Loan {centre} to {power}",
        f"End loan {centre}", f"Lend {centre} to {power}",
        f"Merge {unit} and {name(board.units)} into 2{kind} {place}",
        f"{unit} & {name(board.units)} MERGE 2{kind}({place})",
        f"split 2{kind} {where}: {kind} to {place}, {kind} to {name(board.places)}",
        f"{unit} split {kind} - {place} & {kind} H", f"{unit} S MERGE {place}",
        f"{unit} - {place[:-1] + 'x'}", f"{unit} - {place} {place}",
        f"{unit} - {place}; {name(board.units)} H. {name(board.units)} - {place}",
        draw(NOISE), draw(st.text(max_size=30)),
    ]
    return draw(st.sampled_from(shapes))


@st.composite
def letters(draw, boards):
    board = draw(st.sampled_from(boards))
    lines = draw(st.lists(line(board), min_size=1, max_size=10))
    power = draw(st.one_of(st.none(), st.sampled_from(sorted(board.map.powers))))
    return board, "\n".join(lines), power


@SETTINGS
@given(data=st.data())
def test_no_letter_ends_in_a_traceback(boards, data):
    board, text, power = data.draw(letters(boards))
    try:
        read, _ = read_letter(text, board.view, board.position, power)
    except WorkflowError as refused:
        assert str(refused).endswith("Nothing was stored.")
        return
    written = {no for no, raw in enumerate(text.splitlines(), 1)
               if raw.replace("\u200b", "").strip()}
    assert {row.line for row, _ in read} == written
    for row, _ in read:
        assert row.status in ("accepted", "rejected", "ignored", "superseded", "later")
        assert row.reason is not None or row.status == "accepted"
