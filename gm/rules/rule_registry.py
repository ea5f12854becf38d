"""Every variant rule gm has, as an explicit list: a map's `[rules]` table names them.

A rule's declarations are its entry in `gm.rule_catalogue`; its class, here, is its behaviour.
Each rule's module is loaded when a game's map first names it, so a standard game loads none
of them (importing all 25 took a cold `gm status` a fifth longer). Each line names its module
in full, which the import graph (`tests/test_layers.py`) reads as an import.

Adding a rule: its module, its catalogue entry, its line below (a test checks that the
catalogue and this list name the same rules, and that each line loads the rule it names).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.rules.rule import Rule

# The name maps use -> how its class is loaded. Tests lend it a rule of their own for a while
# (tests/rule_fixtures.py); nothing else changes it.
RULES: dict[str, Callable[[], type[Rule]]] = {
    "army_fleet": lambda: import_module("gm.rules.army_fleet").ArmyFleet,
    "barbarians": lambda: import_module("gm.rules.barbarians").Barbarians,
    "build_anywhere": lambda: import_module("gm.rules.build_anywhere").BuildAnywhere,
    "colonies": lambda: import_module("gm.rules.colonies").Colonies,
    "conversion": lambda: import_module("gm.rules.conversion").Conversion,
    "winter_conversion": lambda: import_module("gm.rules.conversion").WinterConversion,
    "delphi": lambda: import_module("gm.rules.delphi").Delphi,
    "destruction": lambda: import_module("gm.rules.destruction").Destruction,
    "double_units": lambda: import_module("gm.rules.double_units").DoubleUnits,
    "fleet_build_limit": lambda: import_module("gm.rules.fleet_build_limit").FleetBuildLimit,
    "garrisons": lambda: import_module("gm.rules.garrisons").Garrisons,
    "holy_places": lambda: import_module("gm.rules.holy_places").HolyPlaces,
    "home_fortress": lambda: import_module("gm.rules.home_fortress").HomeFortress,
    "impassable": lambda: import_module("gm.rules.impassable").Impassable,
    "land_bridges": lambda: import_module("gm.rules.land_bridges").LandBridges,
    "leaders": lambda: import_module("gm.rules.leaders").Leaders,
    "loans": lambda: import_module("gm.rules.loans").Loans,
    "minor_states": lambda: import_module("gm.rules.minor_states").MinorStates,
    "multiplicity": lambda: import_module("gm.rules.multiplicity").Multiplicity,
    "player_victory": lambda: import_module("gm.rules.player_victory").PlayerVictory,
    "rebels": lambda: import_module("gm.rules.rebels").Rebels,
    "sacking": lambda: import_module("gm.rules.sacking").Sacking,
    "self_supporting": lambda: import_module("gm.rules.self_supporting").SelfSupporting,
    "signing_over": lambda: import_module("gm.rules.signing_over").SigningOver,
    "towns": lambda: import_module("gm.rules.towns").Towns,
}


def rule_class(name: str) -> type[Rule]:
    """The rule a map's `[rules]` table names, its module loaded if it is not yet (KeyError for
    a name gm does not know: the map checker refuses such a map, `gm.maps.map_check`)."""
    return RULES[name]()
