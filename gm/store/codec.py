"""Turning engine values into text a person can read in a database browser, and back.

Units are written in gm's notation (`gm.notation`: `A par`, `F spa/nc`, `2A ur`,
`A mac (Alexander)`).
Variant state is JSON; sets become `{"$set": [...]}` so that they come back as sets, and a key
of the state's own that starts with `$` is written with one `$` more, so that no key is taken for
that marker (`{"$set": 1}` is stored as `{"$$set": 1}`). A typed
order is kept as JSON of its fields, named by its class (`gm.orders.kind_registry.order_type` finds it again). An event is a
rule's words as they are, or a typed event (`CentreChanged`) as a JSON object.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import TYPE_CHECKING

from gm.engine.position import Unit
from gm.notation import read_unit

if TYPE_CHECKING:
    from gm.engine.results import Event


class CodecError(ValueError):
    pass


def parse_unit_text(text: str, power: str) -> Unit:
    parts = read_unit(text)
    if parts is None:
        raise CodecError(f"cannot read the unit {text!r}; write it like 'A par' or 'F spa/nc'")
    return Unit(power, parts.kind, parts.location, parts.strength, parts.name, parts.tag)


def _encode(value):
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted((_encode(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {_escaped(str(k)): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    return value


def _escaped(key: str) -> str:
    return "$" + key if key.startswith("$") else key


def _decode(value):
    if isinstance(value, dict):
        if set(value) == {"$set"}:
            return {_freeze(v) for v in value["$set"]}
        return {k[1:] if k.startswith("$$") else k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _freeze(value):
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


def state_to_json(state: dict) -> str:
    return json.dumps(_encode(state), sort_keys=True)


def state_from_json(text: str) -> dict:
    return _decode(json.loads(text or "{}"))


def _encode_order(value):
    """Typed orders (and the named tuples inside some of them) become tagged JSON objects."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _encode_order(getattr(value, f.name))
                  for f in dataclasses.fields(value)}
        return {"$type": type(value).__name__, **fields}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"$type": type(value).__name__,
                **{k: _encode_order(v) for k, v in zip(value._fields, value, strict=True)}}
    if isinstance(value, (list, tuple)):
        return [_encode_order(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in an order")


def _decode_order(value, order_type):
    """The typed order (or value inside one) `_encode_order` wrote; `order_type` names the
    classes (`gm.orders.kind_registry.order_type`, asked once per stored order)."""
    if isinstance(value, dict):
        fields = dict(value)
        name = fields.pop("$type", "")
        cls = order_type(name)
        if not isinstance(cls, type):
            raise CodecError(f"unknown order type {name!r}")
        args = {k: _decode_order(v, order_type) if isinstance(v, (dict, list)) else v
                for k, v in fields.items()}
        if dataclasses.is_dataclass(cls):
            known = _field_names(cls)
            args = {k: v for k, v in args.items() if k in known}
        try:
            return cls(**args)
        except TypeError as exc:
            raise CodecError(f"cannot rebuild {name}: {exc}") from None
    if isinstance(value, list):
        return tuple(_decode_order(v, order_type) for v in value)
    return value


@cache
def _field_names(cls: type) -> frozenset[str]:
    """A dataclass's field names: fields kept by an older gm that the class has lost are
    dropped. Worked out once per class (a stored order is decoded for every letter)."""
    return frozenset(f.name for f in dataclasses.fields(cls))


def order_to_json(order) -> str | None:
    """The order's class and fields as JSON; None for an order this cannot represent (it is
    then read again from its text when needed)."""
    try:
        return json.dumps(_encode_order(order), sort_keys=True)
    except TypeError:
        return None


def order_from_json(text: str):
    """The typed order stored by `order_to_json`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"stored order is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CodecError(f"stored order is not an object: {text}")
    from gm.orders.kind_registry import order_type

    return _decode_order(data, order_type)


def event_to_text(event: Event) -> str:
    """A rule's event as written; a centre change as `{"$event": "centre_changed", ...}`."""
    from gm.engine.results import CentreChanged  # events: only a phase's results need them

    if isinstance(event, CentreChanged):
        return json.dumps({"$event": "centre_changed", "centre": event.centre, "old": event.old,
                           "new": event.new}, sort_keys=True)
    return event


def event_from_text(text: str) -> Event:
    """The event stored by `event_to_text`."""
    if not text.startswith('{"$event"'):
        return text
    data = json.loads(text)
    if data.pop("$event") != "centre_changed":
        raise CodecError(f"unknown event {text}")
    from gm.engine.results import CentreChanged

    return CentreChanged(data["centre"], data["old"], data["new"])
