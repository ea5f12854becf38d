"""Middle-Earth VIII beyond what the case file can say: the words of rule 2's refusals, rule
3's victory by units, and a GM's session through the command line from `gm new` to the
next year's Summer. The board rules themselves are in tests/cases/middle-earth-viii.txt."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from gm.engine.position import Phase, Position, Unit
from gm.engine.season import Season
from gm.maps import load_map
from gm.orders.parse import parse_order

MAP_ID = "middle-earth-viii"


@pytest.fixture(scope="module")
def middle_earth():
    return load_map(MAP_ID)


def adjudicate(game_map, phase: Phase, units: list[Unit], owners: dict[str, str],
               orders: dict[str, list[str]]):
    position = Position(phase, units, owners)
    typed = [parse_order(text, game_map, power) for power, lines in orders.items()
             for text in lines]
    return Season.for_map(game_map).adjudicate(position, typed)


def result_for(outcome, text: str, game_map, power: str):
    order = parse_order(text, game_map, power)
    return next(r for r in outcome.results if r.order == order)


SUMMER_3000 = Phase(3000, "Summer", "Movement")


# --- rule 2: refusals name the rule, and a failure names who attacked ------------------------

@pytest.mark.parametrize("unit, order, why", [
    (Unit("gondor", "A", "mti"), "A Minas Tirith converts to F", "Minas Tirith is inland"),
    (Unit("gondor", "F", "bbl"), "F Bay of Belfalas converts to A", "Bay of Belfalas is sea"),
])
def test_an_illegal_conversion_is_void_and_names_rule_2(middle_earth, unit, order, why):
    outcome = adjudicate(middle_earth, SUMMER_3000, [unit], {}, {"gondor": [order]})
    result = result_for(outcome, order, middle_earth, "gondor")
    assert result.code == "void"
    assert result.detail.startswith("rule 2 (conversion): only a unit in a coastal space")
    assert why in result.detail
    assert outcome.position.units == [unit]


def test_a_failed_conversion_says_which_power_attacked(middle_earth):
    outcome = adjudicate(middle_earth, SUMMER_3000,
                         [Unit("gondor", "A", "bel"), Unit("rohan", "A", "lam"),
                          Unit("arnor", "F", "sbe")], {},
                         {"gondor": ["A Bel converts to F"], "rohan": ["A Lam - Bel"],
                          "arnor": ["F Sbe - Bel"]})
    result = result_for(outcome, "A Bel converts to F", middle_earth, "gondor")
    assert (result.code, result.succeeded) == ("failed", False)
    assert result.detail == "conversion failed: the unit was attacked by Arnor and Rohan"
    assert Unit("gondor", "A", "bel") in outcome.position.units


def test_a_successful_conversion_is_reported_as_a_change(middle_earth):
    outcome = adjudicate(middle_earth, SUMMER_3000, [Unit("gondor", "F", "leb")], {},
                         {"gondor": ["F(Leb)-A(Leb)"]})
    assert outcome.position.units == [Unit("gondor", "A", "leb")]
    assert "Gondor: the fleet in Lebennin became an army" in outcome.events


def test_a_winter_conversion_is_refused_by_naming_rule_2(middle_earth):
    outcome = adjudicate(middle_earth, Phase(3000, "Winter", "Adjustment"),
                         [Unit("gondor", "A", "bel")], {"bel": "gondor", "leb": "gondor"},
                         {"gondor": ["A Bel converts to F"]})
    result = result_for(outcome, "A Bel converts to F", middle_earth, "gondor")
    assert result.code == "void"
    assert "rule 2" in result.detail


# --- rule 3: victory is 19 units on the board ------------------------------------------------

MORDOR_CENTRES = ["bdu", "nur", "dgu", "kha", "osg", "umb", "mti", "leb", "bel", "edo", "hde",
                  "ise", "dun", "lor", "gla", "mor", "wru", "eru", "nru"]


def test_the_build_that_makes_19_units_wins(middle_earth):
    assert len(MORDOR_CENTRES) == 19
    owners = {c: "mordor" for c in MORDOR_CENTRES}
    units = [Unit("mordor", "A", c) for c in MORDOR_CENTRES if c != "bdu"]
    rival = Unit("gondor", "A", "ano")
    outcome = adjudicate(middle_earth, Phase(3004, "Winter", "Adjustment"), units + [rival],
                         owners, {"mordor": ["Build A Barad Dur"]})
    assert len(outcome.position.units_of("mordor")) == 19
    assert outcome.winners == ["mordor"]


def test_19_centres_without_a_19th_unit_do_not_win(middle_earth):
    """Rule 3 counts units: with every home occupied the 19th build cannot be made."""
    owners = {c: "mordor" for c in MORDOR_CENTRES}
    units = [Unit("mordor", "A", c) for c in MORDOR_CENTRES if c != "umb"]
    outcome = adjudicate(middle_earth, Phase(3004, "Winter", "Adjustment"), units, owners,
                         {"mordor": ["Build A Barad Dur"]})
    assert result_for(outcome, "Build A Barad Dur", middle_earth, "mordor").code == "void"
    assert len(outcome.position.units_of("mordor")) == 18
    assert outcome.winners == []
    assert outcome.position.phase == Phase(3005, "Summer", "Movement")


# --- the whole thing through the command line -------------------------------------------------

GONDOR_3000 = """\
To the GM, Summer 3000 of the Third Age.

Gondor:
A(Bel)-F(Bel)
A Minas Tirith - Osgiliath
A Lebennin S A Minas Tirith - Osgiliath

Faramir
"""

ROHAN_3000 = """\
Rohan:
A Edoras - Lamedon
A Helm's Deep converts to a fleet
A Isengard - Dunland
"""

MORDOR_3000 = """\
Mordor:
Army Barad Dur moves to Minas Morgul
A Nurn - Khand
A Dol Guldur - Lorien
"""

WINTER_3000 = """\
Gondor:
Build A Minas Tirith
Mordor:
Build A Barad Dur
Rohan:
Build A Isengard
"""

SUMMER_3001 = """\
Gondor:
F Belfalas becomes an army
Rohan:
A Lamedon - Belfalas
Mordor:
A Minas Morgul - Osgiliath
"""


class Gm:
    """Runs `gm` commands in-process against one database and fails on a traceback."""

    def __init__(self, db):
        self.db = str(db)
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None) -> str:
        from gm.cli import app

        result = self.runner.invoke(app, [*args, "--db", self.db], input=input)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"gm {' '.join(args)} raised {result.exception!r}") \
                from result.exception
        assert result.exit_code == 0, f"gm {' '.join(args)} failed:\n{result.output}"
        return result.output


def flat(text: str) -> str:
    """The report with its line wrapping undone, so a long reason reads as one line."""
    return " ".join(text.split())


def test_a_game_from_gm_new_to_the_next_summer(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    started = gm("new", "quest", "--variant", MAP_ID)
    assert "Started quest (Middle-Earth VIII) at Summer Third Age 3000" in started
    shown = gm("show", "quest")
    assert "Neutral centres: Bre, Dal, Dor, Dun, Fno, Kha, Mor, Osg, Umb" in shown

    echo = gm("orders", "quest", "-", input=GONDOR_3000)
    assert "Stored: 3 accepted" in echo
    gm("orders", "quest", "-", input=ROHAN_3000)
    gm("orders", "quest", "-", input=MORDOR_3000)
    report = gm("adjudicate", "quest")
    assert gm("report", "quest") == report
    report = flat(report)
    assert "quest: Summer 3000 (Third Age) (Middle-Earth VIII)" in report
    assert "A Bel becomes a fleet" in report  # rule 2
    assert "Gondor: the army in Belfalas became a fleet" in report
    assert "A Hde becomes a fleet (*void*: rule 2 (conversion): only a unit in a coastal space may " \
           "convert; Helm's Deep is inland" in report
    assert "A Dgu - Lor (*bounce*)" in report  # the Elvish fortress holds
    assert "Next: Winter 3000 (Third Age)" in report  # no Autumn movement, no retreats to make

    gm("orders", "quest", "-", input=WINTER_3000)
    winter = flat(gm("adjudicate", "quest"))
    assert "Build A Mti" in winter and "Build A Bdu" in winter and "Build A Ise" in winter
    assert "Next: Summer 3001 (Third Age)" in winter
    # the neutrals taken in Summer changed hands without an Autumn movement
    assert "Neutral centres: Bre, Dal, Dor, Fno, Mor, Umb" in gm("show", "quest")

    gm("orders", "quest", "-", input=SUMMER_3001)
    summer = flat(gm("adjudicate", "quest"))
    assert "F Bel becomes an army (*failed*: conversion failed: the unit was attacked by Rohan)" \
        in summer
    assert "A Lam - Bel (*bounce*)" in summer
    assert "the fleet in Belfalas became an army" not in summer
    status = gm("status", "quest")
    assert "quest: Summer Third Age 3002" in status
    assert "no order yet for A Osg, A Leb, F Bel, A Mti" in status  # still a fleet


# --- the demonstration archive ------------------------------------------------------------------

def test_the_demo_archive_replays_and_shows_every_rule(tmp_path):
    """games/middle-earth-viii-demo.txt (tools/make_middle_earth_demo.py): five years or more,
    every recorded outcome reproduced, and each rule of the variant at work in the reports."""
    from pathlib import Path

    archive = Path(__file__).resolve().parents[2] / "games" / "middle-earth-viii-demo.txt"
    out = flat(Gm(tmp_path / "gm.db")("replay", str(archive), "--check", "--dry-run"))
    assert "Checked" in out and "no differences" in out
    years = {int(y) for y in re.findall(r"Summer (\d+) \(Third Age\)", out)}
    assert min(years) == 3000 and max(years) >= 3005
    assert len(re.findall(r": the (?:army|fleet) in [\w ']+ became an? (?:army|fleet)", out)) >= 2
    # rule 2 succeeds...
    assert out.count("(*failed*: conversion failed: the unit was attacked by") >= 1  # ...and fails
    assert "Autumn 300" in out and "may retreat to" in out  # dislodgements, Autumn retreats
    assert re.search(r"Winter \d+ \(Third Age\) .*Build ", out)
    assert "Remove " in out
    notes = archive.read_text(encoding="utf-8")
    assert "holds its home fortress" in notes and "the fortress falls" in notes  # rule 4
