"""Turning engine values into text a person can read in a database browser, and back.

Units are written as players write them (`A par`, `F spa/nc`, `2A ur`, `A mac (Alexander)`).
Variant state is JSON; sets become `{"$set": [...]}` so that they come back as sets. A typed
order is kept as JSON of its fields, named by its class in `gm.orders.types`.
"""

from __future__ import annotations

import dataclasses
import json
import re

from gm.engine.position import Unit

_UNIT = re.compile(
    r"^\s*(?P<count>\d+(?:\.\d+)?)?(?P<kind>A/F|[A-Z])\s+(?P<loc>[\w./-]+)"
    r"(?:\s+\((?P<name>[^)]*)\))?\s*$")


class CodecError(ValueError):
    pass


def display_location(location: str) -> str:
    """`spa/nc` -> `Spa/nc`, `par` -> `Par`: province ids capitalised as zines print them."""
    prov, slash, coast = location.partition("/")
    return prov[:1].upper() + prov[1:] + (f"/{coast}" if slash else "")


def display_unit(text: str) -> str:
    """A stored unit (`A par`, `2A ur`, `A mac (Alexander)`) as people write it: `A Par`."""
    kind, _, rest = text.partition(" ")
    loc, _, name = rest.partition(" ")
    return " ".join(p for p in (kind, display_location(loc), name) if p)


def unit_text(unit: Unit) -> str:
    count = "" if unit.strength == 1 else f"{unit.strength:g}"
    text = f"{count}{unit.kind} {unit.location}"
    return f"{text} ({unit.name})" if unit.name else text


def parse_unit_text(text: str, power: str) -> Unit:
    m = _UNIT.match(text)
    if not m:
        raise CodecError(f"cannot read the unit {text!r}; write it like 'A par' or 'F spa/nc'")
    return Unit(power, m.group("kind"), m.group("loc").lower(),
                float(m.group("count") or 1), m.group("name"))


def _encode(value):
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted((_encode(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    return value


def _decode(value):
    if isinstance(value, dict):
        if set(value) == {"$set"}:
            return {_freeze(v) for v in value["$set"]}
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _freeze(value):
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


def state_to_json(state: dict) -> str:
    return json.dumps(_encode(state), sort_keys=True)


def state_from_json(text: str) -> dict:
    return _decode(json.loads(text or "{}"))


def order_to_json(order) -> str | None:
    """The order's class and fields as JSON, or None for an order that is not a dataclass."""
    if not dataclasses.is_dataclass(order):
        return None
    fields = {f.name: _encode(getattr(order, f.name)) for f in dataclasses.fields(order)}
    return json.dumps({"type": type(order).__name__, **fields}, sort_keys=True)


def order_from_json(text: str):
    """The typed order stored by `order_to_json`."""
    from gm.orders import types

    data = json.loads(text)
    cls = getattr(types, data.pop("type", ""), None)
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise CodecError(f"unknown order type in {text}")
    known = {f.name for f in dataclasses.fields(cls)}
    try:
        return cls(**{k: _freeze(v) for k, v in data.items() if k in known})
    except TypeError as exc:
        raise CodecError(f"cannot rebuild the order {text}: {exc}") from None
