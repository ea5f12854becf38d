"""Orders as the store keeps them, turned back into typed orders for the engine."""

from __future__ import annotations

from gm.game.errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.store.codec import CodecError, order_from_json
from gm.store.database import Store
from gm.store.orders import IN_FORCE, OrderRow, orders_of_phase


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


def orders_in_force(store: Store, phase_id: int, game_map: GameMap
                    ) -> list[tuple[OrderRow, object]]:
    """The accepted orders of a phase, in the order they were entered."""
    return [(row, typed_order(row, game_map))
            for row in orders_of_phase(store, phase_id, (IN_FORCE,))]
