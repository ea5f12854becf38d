"""A/F units: a starting unit that is an army or a fleet, as its first orders say.

Lord of Hosts 3: 'This unit may start as EITHER an army OR a fleet, and the first set of
orders MUST specify A or F (it cannot remain as an A/F). Further A/F's cannot be built.'

Before a movement phase's orders are checked, every A/F on the board becomes the kind its
order names: `F Tan - Sms` (a fleet that moves), `A Tan H`, or `A/F Tan - F Tan` (the choice
alone; the unit holds). An order that names no kind, or names A/F, is void and does not count
as a choice. A unit whose orders make no choice becomes the `default` kind (an army unless the
map says otherwise) and holds. No build can make an A/F: the engine builds only A and F.

Parameters (`[rules.army_fleet]`): `default` ("A" or "F"), `rule` (the rulebook's number).
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.engine.position import Unit
from gm.engine.results import OrderResult
from gm.maps.gamemap import coast_of, province_of
from gm.orders.types import ChooseKind, Order
from gm.rules.base import Rule, register

UNDECIDED = "A/F"
KIND_NAMES = {"A": "an army", "F": "a fleet"}


@register
class ArmyFleet(Rule):
    name = "army_fleet"

    def __init__(self, params: dict | None = None):
        super().__init__(params)
        # what the last prepare_orders settled, told to the report by after_movement
        self._settled: list[str] = []

    @property
    def ref(self) -> str:
        rule = self.params.get("rule")
        return f"rule {rule} (A/F units)" if rule else "the A/F rule"

    @property
    def default(self) -> str:
        return str(self.params.get("default", "A")).upper()

    # --- before the orders are checked -------------------------------------------------------
    def prepare_orders(self, position, orders, game_map):
        undecided = [i for i, u in enumerate(position.units) if u.kind == UNDECIDED]
        self._settled = []
        if not undecided and not any(isinstance(o, ChooseKind) for o in orders):
            return None
        others: list[Order] = []
        rejected: list[OrderResult] = []
        last: dict[int, Order] = {}  # unit index -> the order that makes its choice
        chosen: dict[int, tuple[str, str]] = {}  # unit index -> (kind, location)
        for order in orders:
            idx = self._unit_for(order, position, undecided)
            if idx is None:
                if isinstance(order, ChooseKind):
                    rejected.append(self._too_late(order, position, game_map))
                else:
                    others.append(order)
                continue
            unit = position.units[idx]
            kind, location, problem = self._choice(order, unit, game_map)
            if problem:
                rejected.append(OrderResult(unit.power, order, unit, False, R.VOID,
                                            f"{self.ref}: {problem}"))
                continue
            if idx in last:
                rejected.append(OrderResult(unit.power, last[idx], unit, False, R.REPLACED,
                                            f"replaced by {order}"))
            last[idx], chosen[idx] = order, (kind, location)
        units = list(position.units)
        for idx in undecided:
            unit = units[idx]
            if idx in chosen:
                kind, location = chosen[idx]
                how = "as its orders say"
            else:
                kind, location = self.default, unit.province
                how = f"by default under {self.ref}: none of its orders said A or F"
            units[idx] = Unit(unit.power, kind, location, unit.strength, unit.name)
            power = game_map.powers[unit.power].name if unit.power in game_map.powers \
                else unit.power
            self._settled.append(f"{power}: the A/F in {game_map.provinces[unit.province].name} "
                                 f"is {KIND_NAMES[kind]}, {how}")
        position.units = units
        # the choice alone keeps the unit in place; it is written for the chosen kind so that
        # the engine finds the unit, and after_movement gives back the order as it was sent
        kept = [replace(order, unit_kind=chosen[idx][0]) if isinstance(order, ChooseKind)
                else order for idx, order in last.items()]
        return others + kept, rejected

    def _too_late(self, order: ChooseKind, position, game_map) -> OrderResult:
        """A choice for a unit that is an army or a fleet already."""
        unit = position.unit_in(order.province)
        place = game_map.provinces[order.province].name if order.province in \
            game_map.provinces else order.province
        if unit is None:
            return OrderResult(order.power or "", order, None, False, R.VOID,
                               f"there is no unit in {place}")
        kind = KIND_NAMES.get(unit.kind, unit.kind)
        return OrderResult(unit.power, order, unit, False, R.VOID,
                           f"{self.ref}: the unit in {place} is {kind} already; an A/F chooses "
                           "only once. To change kind, convert it "
                           f"('{unit.kind} {place} - {'F' if unit.kind == 'A' else 'A'} {place}')")

    @staticmethod
    def _unit_for(order: Order, position, undecided: list[int]) -> int | None:
        """The undecided unit this order is for, if it is for one."""
        for idx in undecided:
            unit = position.units[idx]
            if unit.province == order.province and order.power in (None, unit.power):
                return idx
        return None

    def _choice(self, order: Order, unit: Unit, game_map) -> tuple[str, str, str | None]:
        """(kind, location, problem): the kind the order makes the unit, and where it stands."""
        here = game_map.provinces[unit.province]
        if isinstance(order, ChooseKind):
            kind, location = order.new_kind, order.new_location
            if province_of(location) != unit.province:
                return kind, location, f"an A/F becomes an army or a fleet where it stands, " \
                                       f"in {here.name}"
        else:
            kind, location = order.unit_kind, order.location
        if kind not in KIND_NAMES:
            return "", "", (f"the first orders must say whether the A/F in {here.name} is an "
                            f"army or a fleet: write 'A {here.name} ...' or 'F {here.name} ...'")
        if kind == "A":
            return kind, unit.province, None
        if here.kind != "coast":
            return kind, location, f"{here.name} is not on a coast, so the A/F there can only " \
                                   "be an army"
        if here.coasts and coast_of(location) not in here.coasts:
            return kind, location, f"say which coast of {here.name} the fleet is on " \
                                   f"({', '.join(here.coasts)})"
        return kind, location if here.coasts else unit.province, None

    def build_problem(self, order, position, game_map):
        if order.unit_kind == UNDECIDED:
            return f"{self.ref}: further A/F units cannot be built; build an army (A) or a " \
                   "fleet (F)"
        return None

    # --- after the movement ------------------------------------------------------------------
    def stands(self, order):
        return True if isinstance(order, ChooseKind) else None

    def after_movement(self, before, after, results, attacked_by, game_map):
        for i, result in enumerate(results):
            order = result.order
            if isinstance(order, ChooseKind) and order.unit_kind in KIND_NAMES:
                results[i] = replace(result, order=replace(order, unit_kind=UNDECIDED))
        events, self._settled = self._settled, []
        return events
