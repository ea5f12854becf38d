"""Leaders: a named piece of strength ½ that needs no centre and may stand with its own unit.

Rise of Rome II 3: 'These units have a combat value of 1/2 and have no movement restriction
(ie. they can move on land or water). Leader Units do not need a supply centre to sustain
them.' (3.1); 'The civilised players can choose which home s.c. their Leader Unit shall start
the game in ... submitted with the first Spring orders' (3.3); 'Leader Units may share a space
with a unit of their own nationality in which case the unit being led moves with the combined
strength ...' (3.4); 'A Leader Unit cannot take control of a supply centre on its own' (3.5).

What the core already gives a leader (kind `L`, docs/design.md 4.0a): strength ½ as its own
`strength`, moves along army and fleet links alike (never by convoy), supports wherever it
could move, its own order (a leader with none holds), and a leader and its unit making the same
move attack as one (the standard `attack_key`), joined by the unit's supports. This rule adds:
- Placement (3.3, `declare`): `Place Hannibal in Carthage`, with the first Spring's orders
  only, on a home centre of the leader's power, before that Spring is adjudicated, so the
  leader may be ordered in it. A second placement of one leader replaces the first. A leader
  with no placement goes to its power's first home (`prepare_orders`: the reading of issue 20),
  and an order for it that Spring is void (intake refuses it: the leader is not on the board).
- Stacking (3.4, `may_stack`): a leader shares a province with one army or fleet of its own
  power; never two armies or fleets together, never a foreign unit. A leader leads the unit
  it shares a province with, so it does not support it (`order_problem`: the order is void,
  in the rule's words, and the leader holds).
- Upkeep 0 (3.1): a leader needs no centre and is never removed for supply.
- A leader alone takes no centre (3.5, `captures`).

Parameters (`[rules.leaders]`): `rule` (the rulebook's number for messages without one of
their own).
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.position import Unit, piece_tag
from gm.engine.results import OrderResult
from gm.notation import show_location, unit_label
from gm.orders.kinds.board import place_name, power_name
from gm.orders.kinds.place_leader import PlaceLeader
from gm.orders.kinds.support import SupportHold, SupportMove
from gm.rule_catalogue import RULES
from gm.rules import centres_gone
from gm.rules.hooks import BuildHooks, MovementHooks, OrderHooks, OwnershipHooks, PieceHooks
from gm.rules.rule import Rule

PLACED = "placed"
BY_DEFAULT = "by default"


def _first_spring(position, game_map) -> bool:
    calendar = game_map.calendar
    return position.phase.year == calendar.first_year and \
        (position.phase.season, position.phase.kind) == calendar.start and \
        position.phase.kind == "Movement"


def _on_board(position, leader: str) -> bool:
    return any(u.name == leader for u in position.units) or \
        any(d.unit.name == leader for d in position.dislodged)


class Leaders(Rule, OrderHooks, PieceHooks, MovementHooks, BuildHooks, OwnershipHooks):
    about = RULES["leaders"]

    # --- 3.3: where each leader starts ---------------------------------------------------------
    def declare(self, order, position, game_map):
        if not isinstance(order, PlaceLeader):
            return None
        problem = self._placement_problem(order, position, game_map)
        if problem:
            return OrderResult(order.power or "", order, None, False, R.VOID, problem)
        # placed twice with the first Spring's orders (a letter read so far): the last stands
        position.units = [u for u in position.units if u.name != order.leader]
        unit = self._put(order.power, order.leader, order.location, position)
        return OrderResult(order.power, order, unit, True, PLACED,
                           f"{order.leader} starts in {place_name(game_map, order.location)}")

    def _placement_problem(self, order, position, game_map) -> str | None:
        power = game_map.powers.get(order.power or "")
        leader, where = order.leader, place_name(game_map, order.location)
        if power is None or leader not in power.leaders:
            return f"{self.cites('3.2')}: {leader} is not a leader of " \
                   f"{power_name(game_map, order.power or '')}"
        if not _first_spring(position, game_map):
            start = game_map.calendar
            first = f"{start.start[0]} {start.year_label(start.first_year)}"
            return f"{self.cites('3.3')}: a leader is placed only with the first Spring's " \
                   f"orders ({first})"
        if order.location not in power.home:
            homes = ", ".join(place_name(game_map, h) for h in power.home)
            return f"{self.cites('3.3')}: {leader} starts on a home centre of {power.name} " \
                   f"({homes}), not in {where}"
        here = [u for u in position.units if u.province == order.location]
        if any(u.power != power.id for u in here):
            return f"{self.cites('3.4')}: {where} holds a foreign unit, and a leader never " \
                   "shares a province with one"
        return None

    @staticmethod
    def _put(power: str, leader: str, location: str, position) -> Unit:
        taken = {u.tag for u in position.units if u.tag}
        unit = Unit(power, "L", location, 0.5, leader,
                    tag=piece_tag(position.phase, location, taken))
        position.units = [*position.units, unit]  # a new list: the phase's own may be shared
        return unit

    def prepare_orders(self, position, orders, game_map):
        """The reading of 3.3: a leader not placed by the first Spring's orders starts on its
        power's first home (the first listed in rule 1.1)."""
        if not _first_spring(position, game_map):
            return None
        placed = []
        for power in game_map.powers.values():
            for leader in power.leaders:
                if _on_board(position, leader) or not power.home:
                    continue
                home = power.home[0]
                if any(u.province == home and u.power != power.id for u in position.units):
                    continue  # a foreign unit there: never with the first Spring's board
                unit = self._put(power.id, leader, home, position)
                placed.append(OrderResult(
                    power.id, PlaceLeader(power.id, None, home, leader=leader), unit, True,
                    PLACED, f"{BY_DEFAULT}: no placement was sent, so {leader} starts on the "
                    f"first home of rule 1.1, {place_name(game_map, home)}"))
        if not placed:
            return None
        unplaced = {r.unit.name for r in placed}
        kept = [o for o in orders if o.leader not in unplaced]
        placed += [OrderResult(o.power or "", o, None, False, R.VOID,
                               f"{self.cites('3.3')}: {o.leader} was not placed with the first "
                               "Spring's orders, so it starts on its power's first home and "
                               "holds") for o in orders if o.leader in unplaced]
        return kept, placed

    def after_movement(self, before, after, results, attacked_by, game_map):
        """The placements, as events of the first Spring."""
        if not _first_spring(before, game_map):
            return None
        defaults = {r.order.leader for r in results
                    if r.code == PLACED and r.detail.startswith(BY_DEFAULT)}
        return [f"{power_name(game_map, u.power)}: {u.name} starts in "
                f"{place_name(game_map, u.province)}"
                f"{' (no placement was sent)' if u.name in defaults else ''}, "
                f"{self.cites('3.3')}"
                for u in before.units if u.is_leader]

    # --- 3.4: a leader with its own unit ------------------------------------------------------
    def may_stack(self, pieces, how, position, game_map):
        powers = {p.power for p in pieces}
        if len(powers) > 1:
            return f"{self.cites('3.4')}: a leader shares a province only with a unit of its " \
                   "own power"
        regular = [p for p in pieces if p.kind != "L"]
        if len(regular) > 1:
            return f"{self.cites('3.4')}: only one army or fleet may stand in a province; a " \
                   "leader may join it"
        if len(pieces) - len(regular) > 1:
            return f"{self.cites('3.4')}: one leader to a province"
        return ""

    def order_problem(self, order, unit, position, game_map):
        """3.4: a leader with a unit of its own power leads it, adding its strength to the
        unit's; neither supports the other (`Philopoemen S F Ach - Spa`)."""
        if not isinstance(order, (SupportHold, SupportMove)) \
                or order.target.split("/")[0] != unit.province:
            return None
        here = [u for u in position.units if u.province == unit.province
                and u.power == unit.power]
        leader = unit if unit.is_leader else next((u for u in here if u.is_leader), None)
        led = next((u for u in here if not u.is_leader), None)
        if leader is None or led is None:
            return None
        label = unit_label(led.kind, led.location, led.strength if led.strength != 1 else None)
        move = f"{leader.name} - {show_location(order.dest)}" \
            if isinstance(order, SupportMove) else f"{leader.name} H"
        return f"{self.cites('3.4')}: {leader.name} shares " \
               f"{place_name(game_map, unit.province)} with {label}, so it leads it, and " \
               "'the unit being led moves with the combined strength of the unit concerned " \
               "and the Leader Unit': a leader adds its strength to the unit it leads, and " \
               f"neither supports the other (order {move})"

    # --- 3.1 and 3.5 -------------------------------------------------------------------------
    def upkeep(self, unit):
        return 0.0 if unit.kind == "L" else None

    def captures(self, unit, province, position):
        return False if unit.is_leader else None

    def after_season(self, position, season, game_map):
        """Say when a leader alone stood on a centre it would otherwise have taken."""
        if season not in game_map.calendar.ownership_after:
            return None
        gone = centres_gone.gone(position)
        events = []
        for unit in position.units:
            province = game_map.provinces[unit.province]
            if not unit.is_leader or not province.is_centre or unit.province in gone or \
                    position.owners.get(unit.province) == unit.power or \
                    any(u.province == unit.province and not u.is_leader
                        for u in position.units):
                continue
            events.append(f"{power_name(game_map, unit.power)}: {unit.name}, alone in "
                          f"{province.name}, takes no centre, {self.cites('3.5')}")
        return events
