"""Every variant rule gm has, as an explicit list: a map's `[rules]` table names them.

A rule's declarations are its entry in `gm.rule_catalogue`; its class, here, is its behaviour.
Adding a rule: its module, its catalogue entry, its line below (a test checks that the
catalogue and this list name the same rules).
"""

from __future__ import annotations

from gm.rules import (
    army_fleet,
    barbarians,
    build_anywhere,
    colonies,
    conversion,
    delphi,
    destruction,
    double_units,
    fleet_build_limit,
    garrisons,
    holy_places,
    home_fortress,
    impassable,
    land_bridges,
    leaders,
    loans,
    minor_states,
    multiplicity,
    player_victory,
    rebels,
    sacking,
    self_supporting,
    signing_over,
    towns,
)
from gm.rules.rule import Rule

RULE_CLASSES: tuple[type[Rule], ...] = (
    army_fleet.ArmyFleet,
    barbarians.Barbarians,
    build_anywhere.BuildAnywhere,
    colonies.Colonies,
    conversion.Conversion,
    conversion.WinterConversion,
    delphi.Delphi,
    destruction.Destruction,
    double_units.DoubleUnits,
    fleet_build_limit.FleetBuildLimit,
    garrisons.Garrisons,
    holy_places.HolyPlaces,
    home_fortress.HomeFortress,
    impassable.Impassable,
    land_bridges.LandBridges,
    leaders.Leaders,
    loans.Loans,
    minor_states.MinorStates,
    multiplicity.Multiplicity,
    player_victory.PlayerVictory,
    rebels.Rebels,
    sacking.Sacking,
    self_supporting.SelfSupporting,
    signing_over.SigningOver,
    towns.Towns,
)

# The classes by the name maps use. Tests lend it a rule of their own for a while
# (tests/rule_fixtures.py); nothing else changes it.
BY_NAME: dict[str, type[Rule]] = {cls.about.name: cls for cls in RULE_CLASSES}


def rule_class(name: str) -> type[Rule]:
    """The rule a map's `[rules]` table names (KeyError for a name gm does not know: the map
    checker refuses such a map, `gm.maps.map_check`)."""
    return BY_NAME[name]
