"""Orders: the typed order objects, and reading them from the text players write."""

from gm.orders.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)

__all__ = [
    "Build", "Convoy", "Disband", "Hold", "Move", "Order", "Remove", "Retreat",
    "SupportHold", "SupportMove", "Waive",
]
