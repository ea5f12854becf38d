"""The Barbarians: armies only, built in the northern build areas, and homes that rebel.

Rise of Rome II 4.1: 'The Barbarians may never build fleets, although Barbarian armies can be
convoyed by civilised players.' 4.2: '... the Barbarian player can only build further armies in
vacant the Barbarian build areas in the north of the board (Gaul, Germania, Dacia and
Caucasus). These Barbarian build areas have no economic value in themselves and may never be
entered by non-Barbarian units.' 5.1: '... if a civilised player captures a Barbarian home
centre, then he must ensure that that centre is occupied by one of his units at the end of at
least every other Autumn season from the time of its original capture if he is to retain
control. If a captured Barbarian home centre is left empty at the end of an Autumn season, then
that centre rebels, returns to Barbarian control and a Barbarian army will be built in that home
centre (not in the build area) immediately.'

The readings (issue 20; docs/variants/rise-of-rome-ii.md, rules 4 and 5.1):
- 4.1 (`build_problem`): a Barbarian fleet build is refused. Convoys of Barbarian armies are
  standard.
- 4.2: the Barbarians build only in the vacant build areas (`build_sites`; their homes are not
  build sites), which are the power's `build_sites` in the map and have no supply and no owner.
  No other power's piece enters one: a move or convoy there is void (`order_problem`), a
  civilised build there is refused (`build_problem`), and a retreat there is closed
  (`retreat_options`).
- 5.1 (`after_season`): the two sentences read together. A Barbarian home centre a civilised
  power holds rebels when it is empty at the end of two Autumns in a row since its capture (the
  Autumn of the capture counts as occupied; any piece of the holder there, its leader too,
  occupies it). The count restarts at every capture. It is checked after the Autumn's retreats
  and changes of owner, even when the Winter is skipped. The centre returns to the Barbarians
  and a Barbarian army appears in it at once, even if the Barbarians had been eliminated.

State: `state["barbarians"] = {"held": {centre: [holder, empty Autumns]}}` for each Barbarian
home a civilised power holds.
Parameters (`[rules.barbarians]`): `power` (the Barbarians' id, `barbarians`).
"""

from __future__ import annotations

from gm.engine.position import Unit, piece_tag
from gm.orders.kinds.board import place_name, power_name
from gm.orders.kinds.move import Move
from gm.orders.legality import retreat_options
from gm.rule_catalogue import RULES
from gm.rules.hooks import BuildHooks, OrderHooks, OwnershipHooks, RetreatHooks
from gm.rules.rule import Rule

KEY = "barbarians"


class Barbarians(Rule, OrderHooks, RetreatHooks, BuildHooks, OwnershipHooks):
    about = RULES["barbarians"]

    @property
    def power(self) -> str:
        return self.params.get("power", "barbarians")

    def _areas(self, game_map) -> list[str]:
        found = game_map.powers.get(self.power)
        return list(found.build_sites) if found is not None else []

    def _areas_named(self, game_map) -> str:
        return ", ".join(place_name(game_map, a) for a in self._areas(game_map))

    # --- 4.2: no one else enters a build area ---------------------------------------------
    def order_problem(self, order, unit, position, game_map):
        if not isinstance(order, Move) or unit.power == self.power:
            return None
        dest = order.dest.split("/")[0]
        if dest in self._areas(game_map):
            return f"{self.cites('4.2')}: {place_name(game_map, dest)} is a Barbarian build " \
                   "area, which no other power's piece may enter"
        return None

    def retreat_options(self, dislodged, position, game_map):
        """Build areas are closed to every retreat but the Barbarians'."""
        if dislodged.unit.power == self.power:
            return None
        areas = set(self._areas(game_map))
        others = self.rule_set.without(self)  # the other rules' answer (a leader joining its unit)
        return [loc for loc in retreat_options(dislodged, position, game_map, others)
                if loc.split("/")[0] not in areas]

    # --- 4.1, 4.2: builds -----------------------------------------------------------------
    def build_sites(self, power, position, game_map):
        if power != self.power:
            return None
        occupied = {u.province for u in position.units}
        return [a for a in self._areas(game_map) if a not in occupied]

    def build_problem(self, order, position, game_map, accepted):
        areas = self._areas(game_map)
        where = order.location.split("/")[0]
        if order.power == self.power:
            if order.unit_kind == "F":
                return f"{self.cites('4.1')}: the Barbarians never build fleets"
            if where not in areas:
                return f"{self.cites('4.2')}: the Barbarians build only in the vacant build " \
                       f"areas ({self._areas_named(game_map)}), not in " \
                       f"{place_name(game_map, where)}"
            return None
        if where in areas:
            return f"{self.cites('4.2')}: {place_name(game_map, where)} is a Barbarian build " \
                   f"area; {power_name(game_map, order.power or '')} builds in the centres it owns"
        return None

    # --- 5.1: rebellion ---------------------------------------------------------------------
    def after_season(self, position, season, game_map):
        if season not in game_map.calendar.ownership_after:
            return None
        barbarians = game_map.powers.get(self.power)
        if barbarians is None:
            return None
        before = position.state.get(KEY, {}).get("held", {})
        held: dict[str, list] = {}
        events = []
        for home in barbarians.home:
            holder = position.owners.get(home)
            if holder is None or holder == self.power:
                continue
            last = before.get(home)
            if last is None or last[0] != holder:  # captured this Autumn: counts as occupied
                held[home] = [holder, 0]
                continue
            if any(u.province == home for u in position.units):
                held[home] = [holder, 0]
                continue
            if last[1] + 1 < 2:
                held[home] = [holder, last[1] + 1]
                continue
            position.owners[home] = self.power
            taken = {u.tag for u in position.units if u.tag}
            position.units = [*position.units, Unit(self.power, "A", home,
                                                    tag=piece_tag(position.phase, home, taken))]
            events.append(f"{place_name(game_map, home)} rebels against {power_name(game_map, holder)}, "
                          f"left empty two Autumns running: it returns to the Barbarians, and "
                          f"a Barbarian army appears there, {self.cites('5.1')}")
        if held:
            position.state[KEY] = {"held": held}
        else:
            position.state.pop(KEY, None)
        return events
