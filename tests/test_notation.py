"""gm's one notation for units and places: read from stored text, map files and GM edits,
and written for reports and letters."""

from __future__ import annotations

import pytest

from gm.engine.position import Unit
from gm.notation import (
    UnitText,
    place,
    read_leader,
    read_unit,
    split_typed_unit,
    unit_display,
    unit_label,
    unit_record,
    unit_short,
    unit_text,
    units_listed,
)


@pytest.mark.parametrize("text, parts", [
    ("A par", UnitText("A", "par")),
    ("F spa/nc", UnitText("F", "spa/nc")),
    ("2A ur", UnitText("A", "ur", 2.0)),
    ("0.5G ath", UnitText("G", "ath", 0.5)),
    ("A/F rho", UnitText("A/F", "rho")),
    ("A mac (Alexander)", UnitText("A", "mac", 1.0, "Alexander")),
    ("  a PAR  ", UnitText("A", "par")),
    ("A par #S1901M:par", UnitText("A", "par", 1.0, None, "S1901M:par")),
    ("0.5L rom (Publius Scipio) #F1902M:rom:2",
     UnitText("L", "rom", 0.5, "Publius Scipio", "F1902M:rom:2")),
])
def test_read_unit(text, parts):
    assert read_unit(text) == parts


@pytest.mark.parametrize("text", ["Paris", "A", "", "A par (", "par A"])
def test_read_unit_refuses_what_is_no_unit(text):
    assert read_unit(text) is None


def test_a_unit_written_and_read_back_is_the_same_unit():
    for unit in (Unit("france", "F", "spa/nc"), Unit("rome", "A", "ur", 2.0),
                 Unit("macedon", "A", "mac", 1.0, "Alexander")):
        parts = read_unit(unit_text(unit))
        assert Unit(unit.power, *parts) == unit


def test_a_tagged_unit_written_and_read_back_keeps_its_tag():
    for unit in (Unit("france", "A", "par", tag="S1901M:par"),
                 Unit("rome", "L", "rom", 0.5, "Publius Scipio", "W1901A:rom:2"),
                 Unit("italy", "F", "nap")):
        back = Unit(unit.power, *read_unit(unit_record(unit)))
        assert (back, back.tag) == (unit, unit.tag)
    assert unit_record(Unit("italy", "F", "nap")) == "F nap"


@pytest.mark.parametrize("text, parts", [
    ("Publius Scipio rom", UnitText("L", "rom", 0.5, "Publius Scipio")),
    ("publius  scipio Rom", UnitText("L", "Rom", 0.5, "Publius Scipio")),
])
def test_read_leader(text, parts):
    assert read_leader(text, ("Publius Scipio", "Hannibal")) == parts


@pytest.mark.parametrize("text", ["Scipio rom", "Hannibal", "A rom", "rom"])
def test_read_leader_knows_only_the_leaders_named(text):
    assert read_leader(text, ("Publius Scipio", "Hannibal")) is None


@pytest.mark.parametrize("text, split", [
    ("A Par", ("A", "Par", 1.0)), ("2A Ur", ("A", "Ur", 2.0)),
    ("fleet North Sea", ("F", "North Sea", 1.0)), ("Par", (None, "Par", 1.0)),
])
def test_split_typed_unit(text, split):
    assert split_typed_unit(text) == split


def test_writing_for_people():
    assert place("spa/nc") == "Spa/nc"
    assert unit_display("A mac (Alexander)") == "A Mac (Alexander)"
    assert unit_label("F", "ur", 2.0) == "2F Ur"
    assert unit_label(None, "par") == "Par"
    assert unit_label("A", "rom", leader="Hannibal") == "Hannibal"
    leader = Unit("carthage", "L", "rom", 0.5, "Hannibal")
    assert unit_short(leader) == "Hannibal rom" == leader.label()
    assert unit_text(leader) == "0.5L rom (Hannibal)"
    assert units_listed([Unit("italy", "A", "ven"), Unit("france", "F", "bre")]) == \
        ["france: F bre", "italy: A ven"]


def test_a_stack_is_listed_on_one_line():
    from gm.engine.position import Unit
    from gm.notation import stacks_shown

    units = [Unit("sparta", "A", "spa"), Unit("sparta", "A", "spa"), Unit("sparta", "G", "spa"),
             Unit("rome", "A", "rom"), Unit("rome", "L", "rom", 0.5, "Publius Scipio"),
             Unit("rome", "L", "cam", 0.5, "Hannibal"), Unit("rome", "F", "spa/nc")]
    assert stacks_shown(units) == ["2A/F/G Spa", "A Rom with Publius Scipio", "Hannibal Cam"]
    assert stacks_shown(units[3:4]) == ["A Rom"]
