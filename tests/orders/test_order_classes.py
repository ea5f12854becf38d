"""Every order class is a frozen, slotted dataclass, compared by its class and its fields,
whether it declares itself one or is a plain subclass adding no field (`Order`'s docstring)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from gm.orders.kind_registry import declared
from gm.orders.kinds.order_kind import Order

ORDER_CLASSES = sorted({kind.order for kind in declared()}, key=lambda cls: cls.__name__)


def _made(cls: type[Order], location: str = "par") -> Order:
    """An order of `cls`, each field it requires given a word."""
    required = {f.name: "x" for f in dataclasses.fields(cls)
                if f.init and f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING}
    return cls(**{**required, "power": "france", "location": location})


@pytest.mark.parametrize("cls", ORDER_CLASSES, ids=lambda cls: cls.__name__)
def test_an_order_class_is_a_frozen_slotted_dataclass(cls):
    order = _made(cls)
    assert dataclasses.is_dataclass(order)
    assert not hasattr(order, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        order.location = "bur"  # type: ignore[misc]
    assert repr(order).startswith(f"{cls.__name__}(power='france', ")
    assert order == _made(cls) and hash(order) == hash(_made(cls))
    assert order != _made(cls, "bur")
    moved = dataclasses.replace(order, location="bur")
    assert type(moved) is cls and moved == _made(cls, "bur")
    assert pickle.loads(pickle.dumps(order)) == order == copy.deepcopy(order)


def test_orders_of_two_classes_with_the_same_fields_differ():
    plain = [cls for cls in ORDER_CLASSES if "__dataclass_fields__" not in vars(cls)]
    assert plain  # some kinds are plain subclasses: this test compares them with their base
    for cls in plain:
        base = cls.__mro__[1]
        assert dataclasses.fields(cls) == dataclasses.fields(base)
        if base in ORDER_CLASSES or base is Order:
            assert _made(cls) != _made(base)
