"""Orders as the store keeps them, turned back into typed orders for the engine.

Orders in force for a phase are those accepted for it, and — for a retreat or adjustment
phase — orders sent ahead with the letters of the movement phase before it ('later' lines:
postal players send their retreats and builds with their moves, and a GM of a one-movement
year such as Middle-Earth VIII's calls for them so). An order entered in the phase itself for
the same unit or build site takes precedence.
"""

from __future__ import annotations

from gm.calendar import PhaseNameError, parse_phase_name
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.orders.attribution import ordering_side
from gm.orders.kind_registry import kind_of
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.codec import CodecError, order_from_json
from gm.store.database import Store
from gm.store.order_rows import IN_FORCE, SENT_AHEAD, OrderRow, orders_of_phase


def typed_order(row: OrderRow, game_map: GameMap):
    """The typed order of a stored row: from its JSON, or (if an older gm wrote a form this
    one cannot rebuild) by reading the text again."""
    if row.order_json:
        try:
            return order_from_json(row.order_json)
        except (CodecError, ValueError):
            pass
    from gm.orders.parse import parse_order

    try:
        return parse_order(row.text, game_map, row.power)
    except ValueError as exc:
        raise WorkflowError(f"the stored order {row.text!r} ({row.power}) can no longer be "
                            f"read ({exc}); enter that power's orders again with "
                            "'gm orders --power P --replace'.") from None


def unit_key(order, power: str | None, meant: str | None = None) -> tuple | None:
    """Orders with the same key are for the same unit (or build site) in the same kind of
    phase: the later one stands. `meant` is the kind of phase an order sent ahead is for."""
    declaration = (kind := kind_of(order)) is not None and not kind.on_unit
    if getattr(order, "leader", None) or (declaration and order.commands()):
        # a leader's order or placement, by its name; a declaration (a loan) by what it
        # declares, so that a unit's order in that province never replaces it
        return (power, "unit", order.commands()[0], meant or phase_kind_of(order) or "Movement")
    location = getattr(order, "location", "") or ""
    if not location:
        return None
    kind = "build" if type(order).__name__ == "Build" else "unit"
    # a retreat sent ahead with the moves does not replace the unit's move
    return (power, kind, location.split("/")[0], meant or phase_kind_of(order) or "Movement")


def order_key(order, power: str | None, meant: str | None, phase_kind: str,
              game_map: GameMap) -> tuple | None:
    """`unit_key` of an order of `power` entered in a phase of `phase_kind` (kept for a later
    phase of kind `meant`, if any), by whoever gives the piece its order: where one player
    plays several powers, a later order of the player's for the same piece replaces an
    earlier one under either power (`attribution.ordering_side`; Hoplite Wars rules 3 and 5)."""
    who = ordering_side(power, meant or phase_kind, RuleSet.for_map(game_map))
    return unit_key(order, who, meant)


def meant_for(row, game_map: GameMap) -> str | None:
    """The kind of phase a row sent ahead is kept for, from its target (a variant may put an
    order kind in another phase than the standard one)."""
    if row.status != SENT_AHEAD:
        return None
    return target_kind(row, game_map)


def target_kind(row, game_map: GameMap) -> str | None:
    """The kind of the later phase a line was filed for when read, whatever its status now;
    None for a line of the phase it was entered in (or one whose target was never kept)."""
    label = row.target or ""
    try:
        phase = parse_phase_name(label, game_map) if label else None
    except PhaseNameError:
        phase = None
    return phase.kind if phase else None


def phase_kind_of(order, game_map: GameMap | None = None) -> str | None:
    """The kind of phase an order sent ahead is for (on `game_map`, a rule may say: Lord of
    Hosts' Holy Place is destroyed in the adjustment phase)."""
    if game_map is not None:
        from gm.orders.variants import order_phases

        phases = order_phases(order, game_map)
        if phases:
            return phases[0]
    kind = kind_of(order)  # the phases its kind belongs to; movement when it is one
    if kind is None or "Movement" in kind.phases:
        return None
    return kind.phases[0]


def orders_in_force(store: Store, phase_id: int, game_map: GameMap
                    ) -> list[tuple[OrderRow, object]]:
    """The orders the engine adjudicates for a phase, in the order they were entered."""
    entered = [(row, typed_order(row, game_map))
               for row in orders_of_phase(store, phase_id, (IN_FORCE,))]
    phase = rows.get_phase(store, phase_id)
    if phase.kind == "Movement":
        return entered
    own = {order_key(order, row.power, None, phase.kind, game_map) for row, order in entered}
    ahead = []
    for earlier in rows.live_phases_before(store, phase):
        for row in orders_of_phase(store, earlier.id, (SENT_AHEAD,)):
            order = typed_order(row, game_map)
            meant = meant_for(row, game_map) or phase_kind_of(order, game_map)
            if meant == phase.kind and order_key(order, row.power, meant, meant,
                                                 game_map) not in own:
                ahead.append((row, order))
        if earlier.kind == "Movement":
            break
    return ahead + entered
