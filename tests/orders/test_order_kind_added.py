"""A test-only order kind, added as docs/design.md (section 5.4) says a kind is added: one
module (here, the top of this file) and its grammar lines. Nothing else in gm is edited, and
yet the kind is read from letters, echoed, fitted to its phase, refused by maps without a rule
for it, checked on the board with the same words at intake and in the engine, adjudicated
(its own part in the movement phase), reported, drawn (its own marks), stored, exported and
replayed.

A second kind, `A Par disarms`, takes part in an adjustment phase the same way: through its own
part (`in_adjustment`), which enters the piece on the phase's ledger as a removal. The phase
engine names neither kind.

The kind: `A Par entrenches`. A unit digs in where it stands (movement phases only): it holds
with one more strength in its province. A fleet at sea has nothing to dig. A test rule,
`trenches`, brings it, as a variant's rule would.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from dataclasses import dataclass

import pytest

from gm.draw.board_maker import OrderOutcome, drawn_orders
from gm.engine import results as R
from gm.engine.adjustment_phase import adjudicate_adjustments
from gm.engine.movement_phase import adjudicate_movement
from gm.engine.position import Phase, Position, Unit
from gm.orders import legality
from gm.orders.errors import PHASE, VARIANT, OrderError
from gm.orders.kind_registry import added
from gm.orders.kinds import order_kind
from gm.orders.kinds.order_kind import (
    ADJUSTMENT,
    MOVEMENT,
    Order,
    OrderKind,
    Problem,
    Shape,
    Sketch,
)
from gm.orders.letters import read_orders
from gm.orders.parse import parse_order
from gm.rule_catalogue import RuleAbout
from gm.rules import Rule, RuleSet
from gm.store.codec import order_from_json, order_to_json
from tests.rule_fixtures import added_rule

# --- the kind's module ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrench(Order):
    """A unit digs in where it stands."""

    def tail(self) -> str:
        return " entrenches"


def read_entrench(b, written) -> Order:
    unit = b.unit(written)
    return Entrench(b.power, unit.kind, unit.location, **b.common(unit))


def plan_entrench(order, i, planner) -> Problem | None:
    """Its part in a movement phase: the piece stands, one stronger where it stands."""
    planner.stand(i, defence=1.0)
    return None


def sketch_entrench(order) -> tuple[Sketch, ...]:
    """On the picture, a piece that digs in is a piece that holds."""
    return (Sketch(Shape.HOLD),)


def check_entrench(order, kind, location, position, game_map, rules=None) -> Problem | None:
    province = game_map.provinces.get(order.province)
    if province is not None and province.kind == "sea":
        return Problem(f"a fleet in {province.name} has nothing to dig: it is at sea",
                       "Entrench on land or on a coast.")
    return None


ENTRENCH = OrderKind(
    Entrench, "entrenching", (MOVEMENT,), form="entrenchment",
    form_words=("entrenching units", "none yet: a test's"),
    reads={"entrench": read_entrench}, check=check_entrench, in_movement=plan_entrench,
    sketch=sketch_entrench,
    words=order_kind.Words(names=("entrench(?:es)?",), signs=("entrench(?:es)?", r"digs?\s+in")),
    grammar="%extend order: unit ENTRENCH -> entrench\n"
            "ENTRENCH.3: /(?i:entrench(?:es)?|digs?\\s+in)\\b/\n",
)



@dataclass(frozen=True, slots=True)
class Disarm(Order):
    """In an adjustment phase, a power disbands a unit of its own choosing."""

    def tail(self) -> str:
        return " disarms"


def read_disarm(b, written) -> Order:
    unit = b.unit(written)
    return Disarm(b.power, unit.kind, unit.location, **b.common(unit))


def disarmed(order, ledger) -> None:
    """Its part in an adjustment phase: the piece leaves, counted as one of its power's
    removals (`phase_parts.AdjustmentLedger`)."""
    ledger.remove(order)


DISARM = OrderKind(
    Disarm, "disarming", (ADJUSTMENT,), form="disarmament",
    form_words=("disarming units", "none yet: a test's"),
    reads={"disarm": read_disarm}, in_adjustment=disarmed,
    grammar="%extend order: unit DISARM -> disarm\n"
            "DISARM.3: /(?i:disarms?)\\b/\n",
)

# --- a rule that brings it (in a variant: its own module in gm/rules/, its entry in
# gm/rule_catalogue.py and its line in gm/rules/rule_registry.py) ---------------------------------


class Trenches(Rule):
    about = RuleAbout("trenches_for_tests", "trenches", brings=frozenset({"entrenchment"}))


class Disarmament(Rule):
    about = RuleAbout("disarmament_for_tests", "disarmament", brings=frozenset({"disarmament"}))


@pytest.fixture(scope="module", autouse=True)
def entrenching():
    """The kinds are known while this module's tests run, and gm is as before after them."""
    with added(ENTRENCH), added(DISARM):
        yield ENTRENCH


@pytest.fixture(scope="module")
def trench_map(standard_map):
    with added_rule(Trenches):
        # a copy starts its remembered answers afresh (GameMap's init=False fields)
        yield dataclasses.replace(standard_map, rules={"trenches_for_tests": {"rule": "9"}})


@pytest.fixture()
def board():
    return Position(Phase(1901, "Spring", "Movement"),
                    [Unit("france", "A", "par"), Unit("england", "F", "nth")], {})


def test_the_kind_is_read_and_echoed_in_its_own_words(trench_map):
    order = parse_order("A Par entrenches", trench_map, "france")
    assert order == Entrench("france", "A", "par")
    assert str(order) == "A Par entrenches"
    assert parse_order("a paris digs in", trench_map, "france") == order


def test_a_map_without_a_rule_for_it_refuses_it_by_name(standard_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A Par entrenches", standard_map, "france")
    assert caught.value.kind == VARIANT
    assert "has no rule for entrenching units" in caught.value.message
    assert "Rulebooks with it: none yet: a test's." in caught.value.hint


def test_it_belongs_to_movement_phases_only(trench_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A Par entrenches", trench_map, "france", phase_kind="Retreat")
    assert caught.value.kind == PHASE
    assert caught.value.message == \
        "rule 9 (trenches): entrenching is not allowed in a retreat phase"


def test_its_board_check_says_the_same_at_intake_and_in_the_engine(trench_map, board):
    rules = RuleSet.for_map(trench_map)
    letter = read_orders("France:\nA Par entrenches\n\nEngland:\nF Nth entrenches\n",
                         trench_map, phase_kind="Movement", board=board, rules=rules)
    kept = {str(item.order): item.notes for item in letter.orders}
    assert kept["A Par entrenches"] == ()
    void = "a fleet in North Sea has nothing to dig: it is at sea"
    assert kept["F Nth entrenches"] == (f"void when adjudicated: {void}",)
    assert legality.check(Entrench("england", "F", "nth"), board, trench_map, "Movement",
                          rules).problem.message == void

    outcome = adjudicate_movement(board, [item.order for item in letter.orders], trench_map,
                                  rules)
    by_unit = {r.unit.location: r for r in outcome.results}
    assert by_unit["par"].code == R.HELD and by_unit["par"].succeeded
    assert (by_unit["nth"].code, by_unit["nth"].detail) == (R.VOID, void)


def test_it_is_stored_and_read_back(trench_map):
    order = parse_order("A Par entrenches", trench_map, "france")
    assert order_from_json(order_to_json(order)) == order


# --- it takes part in adjudication, the report, the picture and the archive ---------------------


def _attacked(par_order: Order, game_map):
    """Paris under attack from Burgundy, supported from Picardy."""
    board = Position(Phase(1901, "Spring", "Movement"),
                     [Unit("france", "A", "par"), Unit("germany", "A", "bur"),
                      Unit("germany", "A", "pic")], {})
    return board, [par_order, parse_order("A Bur - Par", game_map, "germany"),
                   parse_order("A Pic S A Bur - Par", game_map, "germany")]


def test_an_entrenched_piece_holds_against_a_supported_attack(trench_map):
    rules = RuleSet.for_map(trench_map)
    board, orders = _attacked(Entrench("france", "A", "par"), trench_map)
    by_unit = {r.unit.location: r for r in
               adjudicate_movement(board, orders, trench_map, rules).results}
    assert (by_unit["par"].code, by_unit["par"].succeeded) == (R.HELD, True)
    assert by_unit["bur"].code == R.BOUNCED

    board, orders = _attacked(parse_order("A Par H", trench_map, "france"), trench_map)
    by_unit = {r.unit.location: r for r in
               adjudicate_movement(board, orders, trench_map, rules).results}
    assert by_unit["par"].code == R.DISLODGED and by_unit["bur"].code == R.MOVED


def test_a_void_entrenchment_gives_no_strength(trench_map):
    """An entrenchment the board check voids is a plain hold: no extra strength."""
    rules = RuleSet.for_map(trench_map)
    board = Position(Phase(1901, "Spring", "Movement"),
                     [Unit("england", "F", "nth"), Unit("germany", "F", "hel"),
                      Unit("germany", "F", "ska")], {})
    orders = [Entrench("england", "F", "nth"), parse_order("F Hel - Nth", trench_map, "germany"),
              parse_order("F Ska S F Hel - Nth", trench_map, "germany")]
    by_unit = {r.unit.location: r for r in
               adjudicate_movement(board, orders, trench_map, rules).results}
    assert by_unit["nth"].code == R.VOID and by_unit["hel"].code == R.MOVED


def test_it_draws_its_own_mark():
    outcome = OrderOutcome("france", Entrench("france", "A", "par"), "par", True, "held")
    [drawn] = drawn_orders(outcome, Position(Phase(1901, "Spring", "Movement"), [], {}))
    assert (drawn.kind, drawn.location, drawn.dest) == (Shape.HOLD, "par", None)


@pytest.fixture()
def trench_game(trench_map, tmp_path, monkeypatch):
    """A game on a map of the player's own (GM_MAPS) that brings the kind's rule."""
    from typer.testing import CliRunner

    from gm.cli import app
    from gm.maps.loader import map_path

    maps = tmp_path / "maps"
    maps.mkdir()
    standard = map_path("standard")
    text = standard.read_text(encoding="utf-8")
    text = text.replace('id = "standard"', 'id = "trenches"', 1)
    (maps / "trenches.toml").write_text(text + '\n[rules.trenches_for_tests]\nrule = "9"\n',
                                        encoding="utf-8")
    shutil.copy(standard.with_name("standard.outline.json"), maps / "trenches.outline.json")
    monkeypatch.setenv("GM_MAPS", str(maps))
    db = str(tmp_path / "gm.db")
    runner = CliRunner()

    def gm(*args: str, letter: str | None = None) -> str:
        result = runner.invoke(app, [*args, "--db", db], input=letter,
                               env={"COLUMNS": "200", "GM_MAPS": str(maps)})
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            result.exception
        assert result.exit_code == 0, result.output
        return result.output

    gm("new", "dig", "--variant", "trenches")
    return gm, tmp_path


def test_it_is_echoed_adjudicated_reported_drawn_and_replayed(trench_game):
    gm, tmp_path = trench_game
    echo = gm("orders", "dig", "-", letter="France:\nA Par entrenches\n")
    assert "A Par entrenches" in echo and "REJECTED" not in echo
    gm("orders", "dig", "-", letter="Germany:\nA Mun - Bur\n")
    gm("adjudicate", "dig")
    report = gm("report", "dig", "--phase", "S1901M", "--format", "text")
    line = next(x for x in report.splitlines() if "A Par entrenches" in x)
    assert "void" not in line and "dislodged" not in line
    svg = gm("draw", "dig", "--phase", "S1901M", "-o", "-")
    assert "<svg" in svg and 'class="order special' not in svg  # drawn as a hold, not unknown
    archive = tmp_path / "dig.txt"
    gm("export", "dig", str(archive))
    assert "A Par entrenches" in archive.read_text(encoding="utf-8")
    replayed = gm("replay", str(archive), "--check", "--dry-run", "-q")
    assert "no differences" in replayed


def test_a_malformed_entrenchment_is_rejected_with_its_reason(trench_map):
    letter = read_orders("France:\nA Pqr entrenches\n", trench_map, phase_kind="Movement")
    assert [r.text for r in letter.rejected] == ["A Pqr entrenches"]
    assert not letter.orders and not letter.ignored


def test_its_words_are_read_from_letters_once_it_is_added(trench_map):
    """The kind's `words` join the letter reader's (gm.orders.line_kinds builds its patterns
    from the kinds known): `dig in` is a sign of an order, so a line gm cannot read that has it
    and a province is refused with the reason, where without the kind it is chatter
    (tests/orders/test_kind_words.py), and `Entrench:` opens one order, not a heading."""
    from gm.orders.line_kinds import names_an_order, word_patterns

    assert re.search(word_patterns().order_signs, "We dig in at Paris")
    assert names_an_order("Entrench") and names_an_order("entrenches")
    letter = read_orders("France:\nWe dig in at Paris\n", trench_map, phase_kind="Movement")
    assert [r.text for r in letter.rejected] == ["We dig in at Paris"]
    assert not letter.ignored


# --- the second kind takes part in an adjustment phase through its own part -------------------


@pytest.fixture(scope="module")
def disarm_map(standard_map):
    with added_rule(Disarmament):
        yield dataclasses.replace(standard_map, rules={"disarmament_for_tests": {"rule": "4"}})


def _winter(owners: dict[str, str]) -> Position:
    """France with three armies; the centres it owns decide what it must remove."""
    return Position(Phase(1901, "Winter", "Adjustment"),
                    [Unit("france", "A", "par"), Unit("france", "A", "bre"),
                     Unit("france", "A", "mar")], owners)


def test_a_disarmed_piece_is_one_of_its_powers_removals(disarm_map):
    rules = RuleSet.for_map(disarm_map)
    board = _winter({"par": "france", "bre": "france"})  # one removal owed
    letter = read_orders("France:\nA Par disarms\n", disarm_map, phase_kind="Adjustment",
                         board=board, rules=rules)
    assert [(str(i.order), i.notes) for i in letter.orders] == [("A Par disarms", ())]

    outcome = adjudicate_adjustments(board, [Disarm("france", "A", "par"),
                                             Disarm("france", "A", "bre")], disarm_map, rules)
    done = [(r.order and str(r.order), r.unit and r.unit.location, r.code, r.detail)
            for r in outcome.results]
    # the first is the removal owed (so civil disorder takes nothing); the ledger counts the
    # second as one too many, in the words a `Remove` gets
    assert done == [("A Par disarms", "par", R.REMOVED, ""),
                    ("A Bre disarms", None, R.VOID, "all 1 removal are already made")]
    assert sorted(u.location for u in outcome.position.units) == ["bre", "mar"]


def test_a_disarming_owed_nothing_is_void_as_a_removal_would_be(disarm_map):
    rules = RuleSet.for_map(disarm_map)
    board = _winter({"par": "france", "bre": "france", "mar": "france"})
    [result] = adjudicate_adjustments(board, [Disarm("france", "A", "par")], disarm_map,
                                      rules).results
    assert (result.code, result.detail) == (R.VOID, "France has no removals")


def test_disarming_belongs_to_adjustment_phases_and_to_maps_with_its_rule(disarm_map,
                                                                          standard_map):
    with pytest.raises(OrderError) as caught:
        parse_order("A Par disarms", disarm_map, "france", phase_kind="Movement")
    assert caught.value.message == \
        "rule 4 (disarmament): disarming is not allowed in a movement phase"
    # on a map with no rule for it, the engine voids it (intake refuses it by name)
    board = _winter({"par": "france", "bre": "france"})
    outcome = adjudicate_adjustments(board, [Disarm("france", "A", "par")], standard_map,
                                     RuleSet.for_map(standard_map))
    assert [(r.order, r.code, r.detail) for r in outcome.results][0] == \
        (Disarm("france", "A", "par"), R.VOID,
         "disarming is not allowed in an adjustment phase")
    assert [r.detail for r in outcome.results][1:] == \
        ["civil disorder: too few removals ordered"]
