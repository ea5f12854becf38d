"""Lord of Hosts beyond what the case file can say: a GM's session through the command line in
the rulebook's own notation, the words of the refusals, victory without destroyed Holy Places,
and the demo archive. The board rules themselves are in tests/cases/lord-of-hosts.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engine.adjustment_phase import adjudicate_adjustments
from gm.engine.position import Phase, Position, Unit
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders.errors import OrderError
from gm.orders.kinds.build import Build
from gm.orders.parse import parse_order
from gm.rules import RuleSet
from gm.rules.army_fleet import ArmyFleet
from tests.variants.gm_session import Gm, replay_checked

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

SPRING_LETTER = """\
EGYPT: A/F(Tanis)-F(Tanis); A/F(Helipolis)-A(Helipolis); F(Memphis)-Nile
BABYLON: A(Babylon)-North Arabia; A(Kish)-Sippor; A(Ur)-F(Ur)
THE ALLIES: A(Moab)-Jericho
"""
SACK = "BABYLON: A(Moa) Destroys Moa. Builds: 2A(Ur)\n"


def play_to_the_capture_of_moab(gm: Gm, sent_ahead: str = "") -> None:
    """New game to Winter 601 BC: A/F choices, a conversion, and Babylon takes Moab in the
    Autumn (with `sent_ahead` written beside its moves)."""
    assert "Started G (Lord of Hosts) at Spring 601 BC" in gm("new", "G", "--variant", MAP_ID)

    echo = gm("orders", "G", letter=SPRING_LETTER)
    assert "A/F Tan becomes a fleet" in echo and "A Ur becomes a fleet" in echo
    assert "REJECTED" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "Egypt: the A/F in Tanis is a fleet, as its orders say" in report
    assert "Hatti: the A/F in Mersin is an army, by default under rule 3" in report
    assert "Babylon: the army in Ur became a fleet" in report
    assert "A Ur becomes a fleet\n" in report  # a conversion that happened needs no tag
    assert "Next: Autumn 601 BC" in report

    gm("orders", "G", letter="BABYLON: A(North Arabia)-Moab; F(Ur)-Euphrates\n" + sent_ahead)
    report = gm("adjudicate", "G", "--no-orders")
    assert "Babylon gains Moab, Sippor" in report and "The Allies lose Moab" in report
    assert "Babylon captured Moab, a Holy Place of The Allies, and may destroy it" in report
    assert "Next: Winter 601 BC" in report


def test_the_rulebook_line_destroys_moab_and_builds_the_double_army(tmp_path):
    """`BABYLON: A(Moa) Destroys Moa. Builds: 2A(Ur)`, pasted in the Winter after Babylon
    captured Moab: Moab is destroyed and the 2A is built, beside the ordinary build."""
    gm = Gm(tmp_path / "gm.db")
    play_to_the_capture_of_moab(gm)
    echo = gm("orders", "G", letter=SACK + "BABYLON: Build A(Babylon)\n")
    assert "A Moa destroys Moa" in echo and "Build 2A Ur" in echo and "REJECTED" not in echo
    report = gm("adjudicate", "G", "--no-orders")
    assert "A Moa destroys Moa\n" in report and "Build 2A Ur\n" in report
    assert "Babylon destroyed Moab, a Holy Place of The Allies: it is no longer a supply " \
           "centre" in report.replace("\n      ", " ")
    assert "Babylon built a double army in Ur, its award for destroying a Holy Place" in \
        report.replace("\n      ", " ")
    assert "Next: Spring 600 BC" in report
    assert gm("report", "G") == report
    shown = gm("show", "G")
    assert "2A Ur" in shown and "Moa" not in shown.split("Neutral centres:")[-1]
    assert "Babylon: A Moa, F Eup, A Sip, 2A Ur, A Bab; centres Bab, Kis, Sip, Ur" in \
        gm("export", "G")


def test_the_destruction_may_be_sent_with_the_moves_of_the_capture(tmp_path):
    """The line written with the Autumn moves is kept for the Winter, and carried out then."""
    gm = Gm(tmp_path / "gm.db")
    play_to_the_capture_of_moab(gm, sent_ahead=SACK)
    report = gm("adjudicate", "G", "--no-orders")
    assert "A Moa destroys Moa\n" in report and "Build 2A Ur\n" in report
    assert "Babylon destroyed Moab" in report


def test_the_double_dip_is_refused_under_rule_4(tmp_path):
    """Count Moab for one Winter's builds, destroy it next Spring, build the double unit the
    Winter after: refused in the Spring, void in the Winter, both naming rule 4."""
    gm = Gm(tmp_path / "gm.db")
    play_to_the_capture_of_moab(gm)
    report = gm("adjudicate", "G", "--no-orders")  # Babylon counts Moab, builds nothing, destroys nothing
    assert "Next: Spring 600 BC" in report

    echo = gm("orders", "G", letter="BABYLON: A(Moa) Destroys Moa\n")
    assert "rule 4 (Holy Places): destroying a centre is not allowed in a movement phase; " \
           "under this rule it is an order of the adjustment phase" in echo
    gm("adjudicate", "G", "--no-orders")
    report = gm("adjudicate", "G", "--no-orders")
    assert "Next: Winter 600 BC" in report

    gm("orders", "G", letter=SACK)
    report = gm("adjudicate", "G", "--no-orders").replace("\n      ", " ")
    assert "A Moa destroys Moa (*void*: rule 4 (Holy Places): Babylon has held Moab since an " \
           "earlier season" in report
    assert "Build 2A Ur (*void*: rule 4 (Holy Places): only a power that destroys a Holy " \
           "Place in this phase builds a double unit" in report
    assert "Babylon destroyed" not in report


def test_gm_show_writes_a_double_unit_as_2a(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("edit", "G", "add", "Babylon", "2A", "Sip", "--reason", "setup")
    assert "2A Sip" in gm("show", "G")


def test_a_double_unit_without_an_order_is_named_as_2a(tmp_path):
    """`gm status` and the confirmation name the unit that will hold as it is written."""
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", MAP_ID)
    gm("edit", "G", "add", "Babylon", "2A", "Sip", "--reason", "setup")
    babylon = next(line for line in gm("status", "G").splitlines() if "Babylon" in line)
    assert babylon.endswith(", 2A Sip") and "A Sip" not in babylon.replace("2A Sip", "")
    assert "\n  2A Sip\n" in gm("confirm", "G", "--power", "Babylon")


# --- refusals name the rule -------------------------------------------------------------------

@pytest.mark.parametrize("phase, units, owners, power, order, reason", [
    (SPRING_601, [Unit("egypt", "A/F", "tan")], {}, "egypt", "A/F Tan - Sms",
     "rule 3 (A/F units): the first orders must say whether the A/F in Tanis is an army or a "
     "fleet"),
    (AUTUMN_601, [Unit("egypt", "A", "tan")], {}, "egypt", "A/F Tan - F Tan",
     "rule 3 (A/F units): the unit in Tanis is an army already"),
    (AUTUMN_601, [Unit("israel", "A", "dam")], {}, "israel", "A Dam - F Dam",
     "rule 3 (conversion): only a unit in a coastal space may convert; Damascus is inland"),
    (WINTER_601, [Unit("babylon", "A", "bab")], {"bab": "babylon"}, "babylon",
     "A Bab destroys", "rule 4 (Holy Places): Babylon is one of Babylon's own Holy Places"),
    (WINTER_601, [Unit("babylon", "A", "sip")], {}, "babylon", "A Sip destroys",
     "rule 4 (Holy Places): only a Holy Place (a home centre) may be destroyed; Sippor"),
    (WINTER_601, [Unit("babylon", "A", "moa")], {"moa": "allies"}, "babylon",
     "A Moa destroys", "rule 4 (Holy Places): Babylon has not captured Moab (it belongs to "
     "The Allies)"),
    (AUTUMN_601, [Unit("babylon", "A", "moa")], {"moa": "babylon"}, "babylon",
     "A Moa destroys", "rule 4 (Holy Places): destroying a centre is not allowed in a movement "
     "phase; under this rule it is an order of the adjustment phase"),
    (WINTER_601, [], {"ur": "babylon"}, "babylon", "Build 2A Ur",
     "rule 4 (Holy Places): only a power that destroys a Holy Place in this phase builds a "
     "double unit"),
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
    assert "Babylon: the double army in Babylon supports with 1 of 2: the attack from North " \
           "Arabia cut only part of its support, rule 4 (double units)" in outcome.events


def test_an_unordered_a_f_takes_the_default_the_map_names(hosts):
    rules = RuleSet([ArmyFleet({"default": "F", "rule": "3"})])
    outcome = adjudicate(hosts, SPRING_601, [Unit("egypt", "A/F", "tan")], {}, {},
                         rules=rules)
    assert outcome.position.units == [Unit("egypt", "F", "tan")]


# --- Holy Places: state and victory -----------------------------------------------------------

def test_destroying_leaves_the_last_position_as_it_was(hosts):
    """`Position.copy` shares nested state; the rule must write new values."""
    before = {"holy_places": {"destroyed": ["edo"], "captured": {"moa": "babylon"}}}
    position = Position(WINTER_601, [Unit("babylon", "A", "moa")],
                        {"moa": "babylon", "ur": "babylon"}, state=before)
    orders = [parse_order(t, hosts, "babylon") for t in ("A Moa destroys", "Build 2A Ur")]
    outcome = Season.for_map(hosts).adjudicate(position, orders)
    assert position.state == {"holy_places": {"destroyed": ["edo"],
                                              "captured": {"moa": "babylon"}}}
    assert position.owners == {"moa": "babylon", "ur": "babylon"}
    assert outcome.position.state["holy_places"] == {"destroyed": ["edo", "moa"]}
    assert Unit("babylon", "A", "ur", 2.0) in outcome.position.units


def test_a_holy_place_destroyed_in_the_winter_does_not_count_that_winter(hosts):
    """Sixteen centres with Moab, destroyed in the Winter of its capture: no victory."""
    owners = sixteen_centres(hosts)
    holy = next(c for c in owners if hosts.home_power(c) not in (None, "babylon"))
    state = {"holy_places": {"captured": {holy: "babylon"}}}
    outcome = adjudicate(hosts, WINTER_601, [Unit("babylon", "A", holy)], owners,
                         {"babylon": [f"A {holy} destroys"]}, state=state)
    assert outcome.position.state["holy_places"]["destroyed"] == [holy]
    assert outcome.winners == []


def test_a_forfeit_award_is_reported(hosts):
    state = {"holy_places": {"captured": {"moa": "babylon"}}}
    outcome = adjudicate(hosts, WINTER_601, [Unit("babylon", "A", "moa")],
                         {"moa": "babylon", "bab": "babylon"}, {"babylon": ["A Moa destroys"]},
                         state=state)
    assert "Babylon did not build the double unit it was awarded: the award is forfeit, " \
           "rule 4 (Holy Places)" in outcome.events


def test_a_plural_power_takes_plural_verbs(hosts):
    state = {"holy_places": {"captured": {"jeu": "allies"}}}
    outcome = adjudicate(hosts, WINTER_601, [Unit("allies", "A", "jeu")],
                         {"jeu": "allies", "edo": "allies"}, {"allies": ["A Jeu destroys"]},
                         state=state)
    assert any("and The Allies are awarded a double unit" in e for e in outcome.events)
    assert "The Allies did not build the double unit they were awarded: the award is " \
           "forfeit, rule 4 (Holy Places)" in outcome.events


def test_a_destroyed_holy_place_is_no_longer_a_centre(hosts):
    rules = RuleSet.for_map(hosts)
    position = Position(SPRING_601, [], {}, state={"holy_places": {"destroyed": ["moa"],
                                                                   "awards": {}}})
    centres = rules.supply.centres(position, hosts)
    assert "moa" not in centres and "amm" in centres
    assert len(centres) == len(hosts.centres) - 1


def sixteen_centres(hosts) -> dict[str, str]:
    centres = sorted(hosts.centres)
    return dict.fromkeys(centres[:16], "babylon")


def test_sixteen_centres_win(hosts):
    owners = sixteen_centres(hosts)
    outcome = adjudicate(hosts, WINTER_601, [], owners, {})
    assert outcome.winners == ["babylon"]


def test_a_destroyed_holy_place_does_not_count_towards_victory(hosts):
    owners = sixteen_centres(hosts)
    holy = next(c for c in owners if any(c in p.home for p in hosts.powers.values()))
    state = {"holy_places": {"destroyed": [holy], "awards": {}}}
    outcome = adjudicate(hosts, WINTER_601, [], owners, {}, state=state)
    assert outcome.winners == []


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
    replayed = replay_checked(DEMO)
    assert replayed.exit_code == 0, replayed.output
    stdout = replayed.output
    assert "no differences" in stdout
    out = " ".join(stdout.split())  # report lines wrap
    for event in ("A/F Mit H (*void*: rule 3 (A/F units)",
                  "Egypt: the fleet in Tanis became an army",
                  "A Ass becomes a fleet (*failed, dislodged*", "A Moa destroys Moa",
                  "Babylon destroyed Moab", "Build 2A Ur", "2A Ur - Cha", "2A Cha - Sus",
                  "the attack from Ecbantan cut only part of its support",
                  "Babylon: the double army in Susa became a double fleet",
                  "2F Sus disbanded (no retreat possible)"):
        assert event in out, event


def test_a_gm_correction_can_add_a_double_unit(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "G", "--variant", "lord-of-hosts")
    done = gm("edit", "G", "add", "Babylon", "2A", "Sip", "--reason", "award left off")
    assert "Added Babylonian 2A Sip" in done
    assert "2A Sip" in gm("show", "G")
