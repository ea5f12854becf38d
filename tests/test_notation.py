"""gm's one notation for units and places: read from stored text, map files and GM edits,
and written for reports and letters."""

from __future__ import annotations

import pytest

from gm.engine.position import Unit
from gm.notation import (
    UnitText,
    place,
    read_unit,
    split_typed_unit,
    unit_display,
    unit_label,
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
    leader = Unit("carthage", "A", "rom", 1.0, "Hannibal")
    assert unit_short(leader) == "Hannibal" == leader.label()
    assert units_listed([Unit("italy", "A", "ven"), Unit("france", "F", "bre")]) == \
        ["france: F bre", "italy: A ven"]
