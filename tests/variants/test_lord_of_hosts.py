"""Lord of Hosts beyond what the case file can say: a GM's session through the command line in
the rulebook's own notation, the words of the refusals, victory without destroyed Holy Places,
and the demo archive. The board rules themselves are in tests/cases/lord-of-hosts.txt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gm.engine.adjustment import adjudicate_adjustments
from gm.engine.position import Phase, Position, Unit
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders.errors import OrderError
from gm.orders.parse import parse_order
from gm.orders.types import Build
from gm.rules import RuleSet
from gm.rules.army_fleet import ArmyFleet

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "lord-of-hosts-demo.txt"
MAP_ID = "lord-of-hosts"
SPRING_601 = Phase(601, "Spring", "Movement")
AUTUMN_601 = Phase(601, "Autumn", "Movement")
WINTER_601 = Phase(601, "Winter", "Adjustment")


@pytest.fixture(scope="module")
def hosts():
    return load_map(MAP_ID)


def adjudicate(game_map, phase: Phase, units: list[Unit], owners: dict[str, str],
               orders: dict[str, list[str]], state: dict | None = None, rules=None):
    position = Position(phase, units, owners, state=state or {})
    typed = [parse_order(text, game_map, power) for power, lines in orders.items()
             for text in lines]
    season = Season(game_map, rules) if rules else Season.for_map(game_map)
    return season.adjudicate(position, typed)


def result_for(outcome, text: str, game_map, power: str):
    order = parse_order(text, game_map, power)
    return next(r for r in outcome.results if r.order == order)


# --- a GM's session: the rulebook's notation pasted as it stands ------------------------------

class Gm:
    def __init__(self, db: Path):
        self.db = str(db)
        self.runner = CliRunner()

    def __call__(self, *args: str, letter: str | None = None) -> str:
        from gm.cli import app

        argv = [*args, "--db", self.db]
        if letter is not None:
            argv[2:2] = ["-"]
        result = self.runner.invoke(app, argv, input=letter, env={"COLUMNS": "200"})
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            result.exception
        assert result.exit_code == 0, result.output
        return result.output


SPRING_LETTER = """\
EGYPT: A/F(Tanis)-F(Tanis); A/F(Helipolis)-A(Helipolis); F(Memphis)-Nile
BABYLON: A(Babylon)-North Arabia; A(Kish)-Sippor; A(Ur)-F(Ur)
THE ALLIES: A(Moab)-Jericho
"""
SACK = "BABYLON: A(Moa) Destroys Moa. Builds: 2A(Ur)\n"


def play_from_the_first_choices_to_the_double_army(gm: Gm) -> None:
    """New game to Spring 599 BC: A/F choices, a conversion, Moab sacked, a 2A built."""
    assert "Started G (Lord of Hosts) at Spring 601 BC" in gm("new", "G", "--variant", MAP_ID)

    echo = gm("orders", "G", letter=SPRING_LETTER)
    assert "A/F Tan - F Tan" in echo and "A Ur - F Ur" in echo and "REJECTED" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "Egypt: the A/F in Tanis is a fleet, as its orders say" in report
    assert "Hatti: the A/F in Mersin is an army, by default under rule 3" in report
    assert "A ur became F ur" in report
    assert "Next: Autumn 601 BC" in report

    gm("orders", "G", letter="BABYLON: A(North Arabia)-Moab\n")
    report = gm("adjudicate", "G", "--no-orders")
    assert "Babylon gains Moab, Sippor" in report and "Next: Winter 601 BC" in report
    gm("adjudicate", "G", "--no-orders")  # Babylon leaves its two builds unused

    # The rulebook's line in a movement phase: the sack is read, the build waits for Winter.
    echo = gm("orders", "G", letter=SACK + "BABYLON: F(Ur)-Euphrates\n")
    assert "A Moa destroys" in echo
    assert "a build is not allowed in a movement phase" in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "A Moa destroys (*destroyed*)" in report
    assert "Babylon destroyed Moab, a Holy Place of The Allies" in report
    report = gm("adjudicate", "G", "--no-orders")
    assert "Next: Winter 600 BC" in report

    # The same line in the Winter: now the build is read, and the sack is not an adjustment.
    echo = gm("orders", "G", letter=SACK)
    assert "Build 2A Ur" in echo
    assert "destroying a centre is not allowed in an adjustment phase" in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "Build 2A Ur" in report
    assert "Babylon built 2A ur, its award for a destroyed Holy Place" in report
    assert gm("report", "G") == report
    assert "Babylon destroyed Moab" in gm("report", "G", "--phase", "Spring 600 BC")


def test_a_game_from_the_first_choices_to_the_double_army(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    play_from_the_first_choices_to_the_double_army(gm)
    assert "Babylon: A Moa, F Eup, A Sip, 2A Ur; centres Bab, Kis, Sip, Ur" in gm("export", "G")


def test_gm_show_does_not_list_a_destroyed_holy_place_as_a_neutral_centre(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    play_from_the_first_choices_to_the_double_army(gm)
    neutral = gm("show", "G").split("Neutral centres:")[-1]
    assert "Moa" not in neutral


def test_gm_show_writes_a_double_unit_as_2a(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    play_from_the_first_choices_to_the_double_army(gm)
    assert "2A Ur" in gm("show", "G")


# --- refusals name the rule -------------------------------------------------------------------

@pytest.mark.parametrize("phase, units, owners, power, order, reason", [
    (SPRING_601, [Unit("egypt", "A/F", "tan")], {}, "egypt", "A/F Tan - Sms",
     "rule 3 (A/F units): the first orders must say whether the A/F in Tanis is an army or a "
     "fleet"),
    (AUTUMN_601, [Unit("egypt", "A", "tan")], {}, "egypt", "A/F Tan - F Tan",
     "rule 3 (A/F units): the unit in Tanis is an army already"),
    (AUTUMN_601, [Unit("israel", "A", "dam")], {}, "israel", "A Dam - F Dam",
     "rule 3 (conversion): only a unit in a coastal space may convert; Damascus is inland"),
    (AUTUMN_601, [Unit("babylon", "A", "bab")], {"bab": "babylon"}, "babylon",
     "A Bab destroys", "rule 4 (Holy Places): Babylon is one of Babylon's own Holy Places"),
    (AUTUMN_601, [Unit("babylon", "A", "sip")], {}, "babylon", "A Sip destroys",
     "rule 4 (Holy Places): only a Holy Place (a home centre) may be destroyed; Sippor"),
    (Phase(600, "Spring", "Movement"), [Unit("babylon", "A", "moa")], {"moa": "allies"},
     "babylon", "A Moa destroys", "rule 4 (Holy Places): Moab still belongs to The Allies"),
    (WINTER_601, [], {"ur": "babylon"}, "babylon", "Build 2A Ur",
     "rule 4 (Holy Places): only a power that has destroyed a Holy Place builds a double unit"),
    (WINTER_601, [], {"tan": "egypt"}, "egypt", "Build A/F Tan",
     "rule 3 (A/F units): further A/F units cannot be built"),
])
def test_an_illegal_variant_order_is_void_and_names_its_rule(hosts, phase, units, owners,
                                                             power, order, reason):
    outcome = adjudicate(hosts, phase, units, owners, {power: [order]})
    result = result_for(outcome, order, hosts, power)
    assert result.code == "void"
    assert result.detail.startswith(reason), result.detail


def test_a_double_unit_may_not_split_its_support(hosts):
    with pytest.raises(OrderError, match="no rule for merging and splitting units"):
        parse_order("2A Bab split A - Sip & A S A Kis", hosts, "babylon")


def test_a_partly_cut_support_says_how_much_is_left(hosts):
    outcome = adjudicate(hosts, Phase(600, "Spring", "Movement"),
                         [Unit("babylon", "A", "kis"), Unit("babylon", "A", "bab", 2.0),
                          Unit("assyria", "A", "sip"), Unit("allies", "A", "nar")], {},
                         {"babylon": ["A Kis - Sip", "2A Bab S A Kis - Sip"],
                          "allies": ["A Nar - Bab"]})
    result = result_for(outcome, "2A Bab S A Kis - Sip", hosts, "babylon")
    assert (result.code, result.detail) == ("cut", "partly cut by nar: supports with 1 of 2")
    assert "Babylon's 2A bab: support partly cut by nar: supports with 1 of 2, rule 4 " \
           "(double units)" in outcome.events


def test_an_unordered_a_f_takes_the_default_the_map_names(hosts):
    rules = RuleSet([ArmyFleet({"default": "F", "rule": "3"})])
    outcome = adjudicate(hosts, SPRING_601, [Unit("egypt", "A/F", "tan")], {}, {},
                         rules=rules)
    assert outcome.position.units == [Unit("egypt", "F", "tan")]


# --- Holy Places: state and victory -----------------------------------------------------------

def test_destroying_leaves_the_last_position_as_it_was(hosts):
    """`Position.copy` shares nested state; the rule must write new values."""
    before = {"holy_places": {"destroyed": ["edo"], "awards": {"babylon": 1}}}
    position = Position(AUTUMN_601, [Unit("babylon", "A", "moa")], {"moa": "allies"},
                        state=before)
    orders = [parse_order("A Moa destroys", hosts, "babylon")]
    outcome = Season.for_map(hosts).adjudicate(position, orders)
    assert position.state == {"holy_places": {"destroyed": ["edo"], "awards": {"babylon": 1}}}
    assert outcome.position.state["holy_places"] == {"destroyed": ["edo", "moa"],
                                                     "awards": {"babylon": 2}}


def test_a_destroyed_holy_place_is_no_longer_a_centre(hosts):
    rules = RuleSet.for_map(hosts)
    position = Position(SPRING_601, [], {}, state={"holy_places": {"destroyed": ["moa"],
                                                                   "awards": {}}})
    centres = rules.centres(position, hosts)
    assert "moa" not in centres and "amm" in centres
    assert len(centres) == len(hosts.centres) - 1


def sixteen_centres(hosts) -> dict[str, str]:
    centres = sorted(hosts.centres)
    return dict.fromkeys(centres[:16], "babylon")


def test_sixteen_centres_win(hosts):
    owners = sixteen_centres(hosts)
    outcome = adjudicate(hosts, WINTER_601, [], owners, {})
    assert outcome.winner == "babylon"


def test_a_destroyed_holy_place_does_not_count_towards_victory(hosts):
    owners = sixteen_centres(hosts)
    holy = next(c for c in owners if any(c in p.home for p in hosts.powers.values()))
    state = {"holy_places": {"destroyed": [holy], "awards": {}}}
    outcome = adjudicate(hosts, WINTER_601, [], owners, {}, state=state)
    assert outcome.winner is None


# --- the engine changes keep the standard game as it was --------------------------------------

def test_the_standard_game_builds_no_double_unit(standard_map):
    position = Position(Phase(1901, "Winter", "Adjustment"), [], {"par": "france"})
    order = Build("france", "A", "par", strength=2.0)
    outcome = adjudicate_adjustments(position, [order], standard_map)
    assert [(r.code, r.detail) for r in outcome.results if r.order == order] == [
        ("void", "2A cannot be built: a centre pays for one single unit")]
    assert outcome.position.units == []


# --- the demo archive -------------------------------------------------------------------------

def test_the_demo_archive_replays_without_differences():
    proc = subprocess.run([sys.executable, "-m", "gm", "replay", str(DEMO), "--check",
                           "--dry-run"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no differences" in proc.stdout
    for event in ("A/F Mit H (*void*: rule 3 (A/F units)", "F tan became A tan",
                  "A Ass - F Ass (*failed, dislodged*", "Babylon destroyed Moab",
                  "Build 2A Kis", "2A Kis - Sus", "support partly cut by ecb",
                  "2A sus became 2F sus", "2F Sus disbanded (no retreat possible)"):
        assert event in proc.stdout, event


def test_the_demo_generator_writes_the_archive_as_committed(tmp_path):
    out = tmp_path / "demo.txt"
    proc = subprocess.run([sys.executable, "tools/make_lord_of_hosts_demo.py", "--out",
                           str(out)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert out.read_text(encoding="utf-8") == DEMO.read_text(encoding="utf-8")


def test_a_gm_correction_can_add_a_double_unit(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", "lord-of-hosts")
    done = gm("edit", "G", "add", "Babylon", "2A", "Sip", "--reason", "award left off")
    assert "Added Babylonian 2A Sip" in done
    assert "2A Sip" in gm("show", "G")
