"""Check a read order against the map's geometry and, when the GM has one, the board.

These are the mistakes a GM wants to see before adjudication, line by line: no unit there,
another power's unit, the wrong kind of unit, a province the unit cannot reach. The engine
would void such an order anyway (the unit holds), so refusing it early loses nothing and tells
the GM why. The board is any position-like object: `.units` (with `power`, `kind`,
`location`, `strength`, `name`) and, for retreats, `.dislodged` (each with `.unit`).
"""

from __future__ import annotations

from dataclasses import replace

from gm.maps.gamemap import GameMap, coast_of, province_of
from gm.orders.errors import NO_UNIT, NOT_ADJACENT, WRONG_KIND, WRONG_POWER, OrderError
from gm.orders.phases import RETREAT
from gm.orders.types import (
    Build,
    Convoy,
    EndLoan,
    LoanCentre,
    Merge,
    Move,
    Order,
    PlaceLeader,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    kind_label,
)

KIND_WORDS = {"A": "army", "F": "fleet", "G": "garrison", "A/F": "army/fleet"}
_NO_UNIT_ORDERS = (Build, Waive, LoanCentre, EndLoan, PlaceLeader)


def _a(kind: str) -> str:
    word = KIND_WORDS.get(kind, kind)
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


class _Checker:
    def __init__(self, order: Order, game_map: GameMap, board, phase_kind: str | None,
                 text: str, spots: dict[str, int] | None):
        self.order = order
        self.map = game_map
        self.board = board
        self.phase_kind = phase_kind
        self.text = text or str(order)
        self.spots = (spots or {}) if text else {}  # columns only point into the real text
        self.focus = "unit"  # the part of the order a problem is about: 'unit' or 'dest'

    def fail(self, message: str, hint: str, kind: str) -> OrderError:
        return OrderError(self.text, message, self.spots.get(self.focus), hint, kind=kind)

    def name(self, province: str) -> str:
        p = self.map.provinces.get(province_of(province))
        return p.name if p else province

    # --- the board ---------------------------------------------------------------------------
    def pieces(self) -> list:
        retreating = self.phase_kind == RETREAT or isinstance(self.order, Retreat)
        if retreating:
            return [d.unit for d in getattr(self.board, "dislodged", ())]
        return list(getattr(self.board, "units", ()))

    def find(self, kind: str | None, location: str, strength: float | None,
             leader: str | None):
        """The board's unit for this reference, or an `OrderError` saying why there is none."""
        pieces = self.pieces()
        order = self.order
        if leader:
            found = [u for u in pieces if getattr(u, "name", None) == leader]
            if not found:
                raise self.fail(f"{leader} is not on the board", "Place the leader first, or "
                                "check the name.", NO_UNIT)
            return found[0]
        here = [u for u in pieces if province_of(u.location) == province_of(location)]
        where = self.name(location)
        if not here:
            dislodged = " dislodged" if self.phase_kind == RETREAT else ""
            raise self.fail(f"there is no{dislodged} unit in {where}",
                            "Check where the unit stands in the last report.", NO_UNIT)
        if order.power is not None:
            own = [u for u in here if u.power == order.power]
            if not own:
                owner = self.map.powers.get(here[0].power)
                ours = self.map.powers.get(order.power)
                raise self.fail(
                    f"the {KIND_WORDS.get(here[0].kind, 'unit')} in {where} belongs to "
                    f"{owner.name if owner else here[0].power}, not "
                    f"{ours.name if ours else order.power}",
                    "A power can only order its own units; check the letter's power.",
                    WRONG_POWER)
            here = own
        if kind is not None:
            fitting = [u for u in here if u.kind == kind
                       or (u.kind == "A/F" and kind in ("A", "F"))]
            if not fitting:
                real = here[0]
                raise self.fail(f"the unit in {where} is {_a(real.kind)}, not {_a(kind)}",
                                f"Write it as '{kind_label(real.kind, None)} ...'.", WRONG_KIND)
            here = fitting
        if strength is not None:
            sized = [u for u in here if u.strength == strength]
            if not sized:
                real = here[0]
                raise self.fail(
                    f"the unit in {where} is {kind_label(real.kind, real.strength)}, not "
                    f"{kind_label(kind or real.kind, strength)}",
                    "Write the unit as it stands on the board.", WRONG_KIND)
            here = sized
        return here[0]

    # --- the map -----------------------------------------------------------------------------
    def kind_fits(self, kind: str | None, location: str) -> None:
        province = self.map.provinces.get(province_of(location))
        if kind is None or province is None:
            return
        if kind == "F" and province.kind == "land":
            raise self.fail(f"{province.name} is inland: a fleet cannot be there",
                            "Check the unit's kind (A or F) and province.", WRONG_KIND)
        if kind in ("A", "G") and province.kind == "sea":
            raise self.fail(f"{province.name} is a sea: {_a(kind)} cannot be there",
                            "Check the unit's kind (A or F) and province.", WRONG_KIND)

    def fleet_spots(self, location: str) -> list[str]:
        """Where a fleet said to be at `location` may stand (each coast if none was given)."""
        if coast_of(location) or province_of(location) not in self.map.provinces:
            return [location]
        return list(self.map.locations(location))

    def reaches(self, kind: str, location: str, province: str) -> bool:
        if kind == "F":
            return any(self.map.can_reach(True, spot, province)
                       for spot in self.fleet_spots(location))
        return self.map.can_reach(False, location, province)

    def movement(self, kind: str | None, location: str, dest: str, by_convoy: bool) -> None:
        if kind not in ("A", "F") or not location:
            return
        target = self.map.provinces.get(province_of(dest))
        if target is None:
            return
        here = self.name(location)
        if kind == "F":
            if target.kind == "land":
                raise self.fail(f"a fleet cannot go inland to {target.name}",
                                "Fleets move along coasts and across seas.", NOT_ADJACENT)
            spots = self.fleet_spots(location)
            if coast_of(dest):
                ok = any(self.map.fleet_can_move(spot, dest) for spot in spots)
            else:
                ok = any(self.map.fleet_destinations(spot, target.id) for spot in spots)
            if not ok:
                raise self.fail(f"a fleet in {here} cannot reach {target.name}"
                                + (f" ({coast_of(dest)})" if coast_of(dest) else ""),
                                "Fleets move to a neighbouring sea or coast.", NOT_ADJACENT)
            return
        if target.kind == "sea":
            raise self.fail(f"an army cannot move into {target.name}, which is a sea",
                            "Armies cross the sea only by convoy, to a coast.", NOT_ADJACENT)
        if self.map.army_can_move(location, target.id):
            return
        start = self.map.provinces.get(province_of(location))
        if by_convoy and start is not None and start.kind == "coast" \
                and target.kind == "coast":
            return
        raise self.fail(f"{target.name} is not next to {here}",
                        "An army moves to a neighbouring province, or by convoy between "
                        "coasts." if by_convoy else "A retreat goes to a neighbouring province.",
                        NOT_ADJACENT)

    def support(self, kind: str | None, location: str, into: str) -> None:
        if kind not in ("A", "F") or not location or into not in self.map.provinces:
            return
        if not self.reaches(kind, location, into):
            raise self.fail(f"{_a(kind)} in {self.name(location)} cannot reach "
                            f"{self.name(into)}, so it cannot support there",
                            "A unit supports only into provinces it could move to itself.",
                            NOT_ADJACENT)

    def convoy(self, kind: str | None, location: str) -> None:
        if kind == "A":
            raise self.fail("only fleets convoy", "Order a fleet at sea to convoy.", WRONG_KIND)
        province = self.map.provinces.get(province_of(location))
        if kind == "F" and province is not None and not province.convoys:
            raise self.fail(f"a fleet in {province.name} cannot convoy: it is not at sea",
                            "Only fleets at sea convoy.", NOT_ADJACENT)

    # --- all together ------------------------------------------------------------------------
    def run(self) -> Order:
        order = self.order
        kind, location = order.unit_kind, order.location
        if not isinstance(order, (Waive, LoanCentre, EndLoan, PlaceLeader)) and not order.leader:
            self.kind_fits(kind, location)
        if self.board is not None and not isinstance(order, _NO_UNIT_ORDERS):
            unit = self.find(kind, location, order.strength, order.leader)
            if order.power is None or (order.leader and not order.location):
                order = replace(order, power=order.power or unit.power,
                                location=unit.location if order.leader else order.location)
            kind, location = unit.kind, unit.location
            if isinstance(order, Merge):
                for p_kind, p_location, p_strength in order.partners:
                    self.find(p_kind, p_location, p_strength, None)
        self.focus = "dest"
        if isinstance(order, (Move, Retreat)):
            by_convoy = isinstance(order, Move) and self.phase_kind != RETREAT
            self.movement(kind, location, order.dest, by_convoy)
        elif isinstance(order, SupportMove):
            self.support(kind, location, province_of(order.dest))
        elif isinstance(order, SupportHold) and order.target:
            self.support(kind, location, province_of(order.target))
        elif isinstance(order, Convoy):
            self.focus = "unit"
            self.convoy(kind, location)
        return order


def check_order(order: Order, game_map: GameMap, board=None, phase_kind: str | None = None,
                text: str = "", spots: dict[str, int] | None = None) -> Order:
    """The order, with its power and a leader's place filled from the board when missing; or
    an `OrderError` naming the problem (no unit, wrong power, wrong kind, not adjacent).
    `text` is the order as written and `spots` where its unit and destination are in it
    (from `read_order`), so the error can point at the place."""
    return _Checker(order, game_map, board, phase_kind, text, spots).run()
