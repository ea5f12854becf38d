"""A game on the stack test board through the command line (issue 17, "Reports print a stack
on one line"): `gm edit` builds a stack, `gm show` lists it on one line, and the season report
prints the dislodged stack and its missing order once, in text, markdown and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Gm
from tests.stacking.rule import registered

BOARD = Path(__file__).resolve().parent / "stacks.toml"


@pytest.fixture()
def gm(tmp_path, monkeypatch):
    """gm with the test board among its maps (GM_MAPS, under its id) and its rule known."""
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "stacks-test.toml").write_text(BOARD.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("GM_MAPS", str(maps))
    with registered():
        yield Gm(tmp_path / "gm.db")


def test_a_stack_is_one_line_in_gm_show_and_in_the_season_report(gm):
    gm("new", "g", "--variant", "stacks-test")
    for args in (["remove", "Rom"], ["add", "Rome", "A", "Umb"], ["add", "Rome", "Scipio", "Umb"],
                 ["add", "Carthage", "A", "Rom"], ["add", "Carthage", "A", "Etr"]):
        gm("edit", "g", *args, "--reason", "set up")
    shown = gm("show", "g").output
    assert "A Umb with Scipio" in shown
    position = json.loads(gm("show", "g", "--format", "json").output)
    rome = next(p for p in position["powers"] if p["power"] == "Rome")
    assert rome["stacks"] == ["A Umb with Scipio"] and rome["units"] == ["A Umb", "Scipio Umb"]
    # Carthage's supported attack (2) dislodges the stack (1 1/2); its one way out is to join
    # the Latins' army in Samnium, which plays on Rome's side
    gm("orders", "g", "-", "--power", "Carthage", input="A Rom - Umb\nA Etr S A Rom - Umb\n")
    text = gm("adjudicate", "g").output
    assert "A Umb with Scipio H (*no order, dislodged*)" in text
    assert "Rome: A Umb with Scipio may retreat to Sam or disband" in text
    for output in (text, *(gm("report", "g", "--phase", "Spring 220", "--format", kind).output
                           for kind in ("markdown", "rich"))):
        assert output.count("A Umb with Scipio") == 2  # its order line and its dislodged line
        assert "0.5L" not in output and "A Umb H" not in output
    report = json.loads(gm("report", "g", "--phase", "Spring 220", "--format", "json").output)
    assert [(d["unit"], d["retreats"]) for d in report["dislodged"]] == \
        [("A Umb with Scipio", ["Sam"])]
