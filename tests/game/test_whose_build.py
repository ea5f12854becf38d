"""A build in a letter that names no power is filed for the power the letter reader checked
it for: the centre's owner, else the power whose home it is. With a build anywhere (Rise of
Rome II), an owned centre need not be its owner's home: before, intake filed such a build
for the centre's first home power, while the reader had checked it as the owner's."""

from __future__ import annotations

import dataclasses

from gm.engine.position import starting_position
from gm.game.intake import infer_power
from gm.maps import load_map
from gm.orders.kinds.build import Build


def test_a_build_in_a_centre_taken_from_its_home_power_is_the_new_owners():
    game_map = load_map("rise-of-rome-ii")
    start = starting_position(game_map)
    rome = next(p for p in game_map.powers.values() if p.name == "Rome")
    carthage = next(p for p in game_map.powers.values() if p.name == "Carthage")
    taken = next(c for c in rome.home if start.owners.get(c) == rome.id)
    position = dataclasses.replace(start, owners={**start.owners, taken: carthage.id})
    build = Build(None, "A", taken)
    assert infer_power(build, position, game_map) == carthage.id
    # where nobody owns it, the power whose home it is
    unowned = {c: p for c, p in start.owners.items() if c != taken}
    assert infer_power(build, dataclasses.replace(start, owners=unowned), game_map) == rome.id
