"""A/F units: a starting unit that is an army or a fleet, as its first orders say.

Lord of Hosts 3: 'This unit may start as EITHER an army OR a fleet, and the first set of
orders MUST specify A or F (it cannot remain as an A/F). Further A/F's cannot be built.'

Before a movement phase's orders are checked, every A/F on the board becomes the kind its
order names: `F Tan - Sms` (a fleet that moves), `A Tan H`, or `A/F Tan - F Tan` (the choice
alone; the unit holds). As with any unit, a later order replaces an earlier one, and the order
that stands makes the choice. An order that names no kind, or names A/F, is void: the unit
then takes the `default` kind (an army unless the map says otherwise) and holds, as does a
unit with no order. No build can make an A/F.

Parameters (`[rules.army_fleet]`): `default` ("A" or "F"), `rule` (the rulebook's number).
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.engine.position import Unit
from gm.engine.results import OrderResult
from gm.maps.gamemap import coast_of, province_of
from gm.orders.kinds.choose_kind import ChooseKind
from gm.orders.kinds.hold import Hold
from gm.orders.kinds.order_kind import Order
from gm.rule_catalogue import RULES
from gm.rules.hooks import BuildHooks, MovementHooks, OrderHooks
from gm.rules.rule import Rule

UNDECIDED = "A/F"
KIND_NAMES = {"A": "an army", "F": "a fleet"}


class ArmyFleet(Rule, OrderHooks, MovementHooks, BuildHooks):
    about = RULES["army_fleet"]

    def __init__(self, params: dict | None = None):
        super().__init__(params)
        # Between prepare_orders and after_movement of one phase: the orders handed to the
        # engine for A/F units (by id), each with the order as written, why it is void (if it
        # is) and the unit's last order; and what each A/F became, for the report.
        self._sent: dict[int, tuple[Order, str | None, Order]] = {}
        self._settled: list[str] = []

    @property
    def default(self) -> str:
        return str(self.params.get("default", "A")).upper()

    # --- before the orders are checked -------------------------------------------------------
    def prepare_orders(self, position, orders, game_map):
        self._sent, self._settled = {}, []
        undecided = {i for i, u in enumerate(position.units) if u.kind == UNDECIDED}
        if not undecided and not any(isinstance(o, ChooseKind) for o in orders):
            return None
        rejected: list[OrderResult] = []
        targets: list[int | None] = []  # for each order, the undecided unit it is for
        standing: dict[int, Order] = {}  # unit index -> its last order
        for order in orders:
            idx = self._unit_for(order, position, undecided)
            targets.append(idx)
            if idx is not None:
                standing[idx] = order
        units = list(position.units)
        void: dict[int, str] = {}  # id of a standing order -> why it is void
        for idx in sorted(undecided):
            unit = units[idx]
            kind, location, problem = self.default, unit.province, None
            if idx in standing:
                kind, location, problem = self._choice(standing[idx], unit, game_map)
                if problem:
                    kind, location = self.default, unit.province
                    void[id(standing[idx])] = f"{self.ref}: {problem}"
            how = "as its orders say" if idx in standing and not problem else \
                f"by default under {self.ref}: no order of its said A or F"
            units[idx] = Unit(unit.power, kind, location, unit.strength, unit.name, unit.tag)
            power = game_map.powers[unit.power].name if unit.power in game_map.powers \
                else unit.power
            self._settled.append(f"{power}: the A/F in {game_map.provinces[unit.province].name} "
                                 f"is {KIND_NAMES[kind]}, {how}")
        position.units = units
        out: list[Order] = []
        for order, idx in zip(orders, targets, strict=True):
            if idx is None:
                if isinstance(order, ChooseKind):
                    rejected.append(self._too_late(order, position, game_map))
                else:
                    out.append(order)
                continue
            # Sent with no kind, so that the engine finds the unit whatever it became; a void
            # order is sent as a hold, which order_problem then voids with the rule's reason.
            # after_movement gives the results back the order as it was written.
            why = void.get(id(order))
            sent = Hold(order.power, None, order.location) if why else \
                replace(order, unit_kind=None)
            self._sent[id(sent)] = (order, why, standing[idx])
            out.append(sent)
        return out, rejected

    @staticmethod
    def _unit_for(order: Order, position, undecided: set[int]) -> int | None:
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

    def _too_late(self, order: ChooseKind, position, game_map) -> OrderResult:
        """A choice for a unit that is an army or a fleet already."""
        unit = position.unit_in(order.province)
        place = game_map.provinces[order.province].name if order.province in \
            game_map.provinces else order.province
        if unit is None:
            return OrderResult(order.power or "", order, None, False, R.VOID,
                               f"there is no unit in {place}")
        kind = KIND_NAMES.get(unit.kind, unit.kind)
        other = "F" if unit.kind == "A" else "A"
        return OrderResult(unit.power, order, unit, False, R.VOID,
                           f"{self.ref}: the unit in {place} is {kind} already; an A/F chooses "
                           f"only once. To change kind, convert it ('{unit.kind} {place} - "
                           f"{other} {place}')")

    def order_problem(self, order, unit, position, game_map):
        """The engine's verdict on an order it was handed (`prepare_orders`); when a letter is
        read, the unit is still an A/F, and the same choice is asked of the order alone, so the
        echo says the order is void in the words the report will use."""
        sent = self._sent.get(id(order))
        if sent:
            return sent[1]
        if unit.kind != UNDECIDED or unit.province != order.province:
            return None
        problem = self._choice(order, unit, game_map)[2]
        return f"{self.ref}: {problem}" if problem else None

    def build_problem(self, order, position, game_map, accepted=()):
        if order.unit_kind == UNDECIDED:
            return f"{self.ref}: further A/F units cannot be built; build an army (A) or a " \
                   "fleet (F)"
        return None

    # --- after the movement ------------------------------------------------------------------
    def after_movement(self, before, after, results, attacked_by, game_map):
        for i, result in enumerate(results):
            sent = self._sent.get(id(result.order))
            if sent is None:
                continue
            written, _, last = sent
            detail = f"replaced by {last}" if result.code == R.REPLACED else result.detail
            results[i] = replace(result, order=written, detail=detail)
        events = self._settled
        self._sent, self._settled = {}, []
        return events
