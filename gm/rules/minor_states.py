"""Minor States: each player's second, far-away power, with its own centre chart.

Hoplite Wars 1: 'each Minor State must start the game with a single unit in it'; 'no multiple
units which comprise troops from a Major Power and a Minor State may be formed at the
beginning of the game'. Rule 5: 'All units controlled by one player ... count as one power
for the purposes of the rule prohibiting self-dislodgment ... Minor States are treated as
independent powers. If a Minor State loses its home City and that City is recaptured by the
Minor State's controlling Major State then the Minor State's home city is deemed to be
returned to the control of the Minor State'.

The map ties each Minor to its Major (`powers.<id>.player`), which makes them one side in the
core. This rule adds (docs/variants/hoplite-wars.md, rules 1 and 5):
- the set-up (the game's first phase, Winter 451 BC): a Minor places exactly one single piece
  (A, F or G) on its home city;
- a centre taken by a mixed multiple goes to the Major;
- a Minor's home city taken by its player's pieces (Major, Minor or mixed) is the Minor's
  (liberation): the Minor comes back even after elimination, and builds there in Winter.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.results import OrderResult
from gm.notation import kind_label, mix_counts
from gm.orders.kinds.build import Build
from gm.orders.kinds.waive import Waive
from gm.rule_catalogue import RULES
from gm.rules.hooks import AdjustmentHooks, BuildHooks, OwnershipHooks
from gm.rules.rule import Rule


def is_setup(position, game_map) -> bool:
    """The game's first phase: the set-up builds of rule 1."""
    season, kind = game_map.calendar.start
    phase = position.phase
    return (phase.year, phase.season, phase.kind) == (game_map.calendar.first_year, season, kind)


def player_of(power: str, game_map) -> str:
    """The player a power belongs to, named by its Major (the map's `player`)."""
    found = game_map.powers.get(power)
    return (found.player or power) if found is not None else power


class MinorStates(Rule, BuildHooks, AdjustmentHooks, OwnershipHooks):
    about = RULES["minor_states"]

    def build_problem(self, order, position, game_map, accepted):
        power = order.power or ""
        found = game_map.powers.get(power)
        if found is None or not found.player or not is_setup(position, game_map):
            return None
        ref = f"rule {self.params.get('setup_rule', '1')} (set-up)"
        if (order.strength or 1) != 1 or mix_counts(order.unit_kind):
            return f"{ref}: {found.name} is a Minor State and starts with one single piece, " \
                   f"not {kind_label(order.unit_kind or 'A', order.strength)}"
        if any(b.power == power for b in accepted):
            return f"{ref}: {found.name} is a Minor State and places exactly one piece"
        return None

    def new_owner(self, province, pieces, position, game_map):
        players = {player_of(p.power, game_map) for p in pieces}
        if len(players) != 1:
            return None
        player = players.pop()
        home = game_map.home_power(province)
        if home is not None and home != player and player_of(home, game_map) == player:
            return home  # liberation: the Minor's own city goes back to it
        powers = {p.power for p in pieces}
        if len(powers) > 1:
            return player  # a mixed multiple takes a centre for the Major
        return None

    def adjustment_orders(self, position, orders, game_map):
        """At the set-up a Minor's waive is refused: it places exactly one piece (a power
        that sends nothing places nothing, as with any builds not ordered)."""
        if not is_setup(position, game_map):
            return None
        rest, results = [], []
        for order in orders:
            found = game_map.powers.get(order.power or "")
            if isinstance(order, Build) and found is not None and found.player \
                    and ((order.strength or 1) != 1 or mix_counts(order.unit_kind)):
                results.append(OrderResult(found.id, order, None, False, R.VOID,
                                           self.build_problem(order, position, game_map, ())))
            elif isinstance(order, Waive) and found is not None and found.player:
                results.append(OrderResult(
                    found.id, order, None, False, R.VOID,
                    f"rule {self.params.get('setup_rule', '1')} (set-up): {found.name} is a "
                    "Minor State and places exactly one single piece (A, F or G) on its home "
                    "city; a set-up with no piece is refused"))
            else:
                rest.append(order)
        return rest, results, []
