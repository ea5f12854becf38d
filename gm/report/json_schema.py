"""The JSON Schemas (draft 2020-12) of gm's `--format json` documents, version 1.

docs/json.md explains each field; `tests/report/test_report_json.py` validates real output
against these. Objects are closed (`additionalProperties: false`) so that a field added to
the model without a word here fails the test, and the documentation follows the code.
"""

from __future__ import annotations

_TEXT = {"type": "string"}
_TEXTS = {"type": "array", "items": _TEXT}
_NUMBER = {"type": "number"}
_OPTIONAL_TEXT = {"type": ["string", "null"]}


def _object(properties: dict, optional: tuple[str, ...] = ()) -> dict:
    return {"type": "object", "additionalProperties": False, "properties": properties,
            "required": [name for name in properties if name not in optional]}


def _list(item: dict) -> dict:
    return {"type": "array", "items": item}


def _header(schema: str) -> dict:
    return {"schema": {"const": schema}, "version": {"const": 1}}


_PIECE = _object({"power": _OPTIONAL_TEXT, "kind": _OPTIONAL_TEXT,
                  "strength": {"type": ["number", "null"]}, "leader": _OPTIONAL_TEXT,
                  "location": _OPTIONAL_TEXT})
_ORDER_FACTS = _object({
    "power": _TEXT, "kind": _TEXT, "ordered": {"type": "boolean"},
    "piece": {"oneOf": [{"type": "null"}, _PIECE]},
    "from": _OPTIONAL_TEXT, "to": _OPTIONAL_TEXT, "via_convoy": {"type": "boolean"},
    "target": {"oneOf": [{"type": "null"}, _PIECE]},
    "succeeded": {"type": "boolean"}, "result": _TEXT, "reason": _TEXT,
    "dislodged_from": _OPTIONAL_TEXT,
})

REPORT = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "gm season report",
    **_object({
        **_header("gm/report"),
        "game": _TEXT, "variant": _TEXT,
        "phase": _TEXT, "title_phase": _TEXT, "kind": {"enum": ["Movement", "Retreat",
                                                                 "Adjustment"]},
        "season": _TEXT, "heading": _TEXT, "preview": {"type": "boolean"},
        "corrections": _list(_object({"description": _TEXT, "reason": _TEXT})),
        "orders": _list(_object({
            "power": _TEXT,
            "lines": _list(_object({"text": _TEXT, "tags": _TEXTS, "note": _TEXT,
                                    "failed": {"type": "boolean"},
                                    "order": {"oneOf": [{"type": "null"}, _ORDER_FACTS]}})),
        })),
        "unread": _list(_object({"power": _TEXT, "text": _TEXT,
                                 "status": {"enum": ["rejected", "ignored"]},
                                 "reason": _TEXT})),
        "dislodged": _list(_object({"power": _TEXT, "unit": _TEXT, "retreats": _TEXTS})),
        "centre_changes": _list(_object({"power": _TEXT, "gained": _TEXTS, "lost": _TEXTS,
                                         "plural": {"type": "boolean"}})),
        "ownership": _list(_object({"power": _TEXT, "centres": _TEXTS})),
        "adjustments": _list(_object({"power": _TEXT, "centres": _NUMBER,
                                      "units": {"type": "integer"},
                                      "change": _NUMBER,  # in halves
                                      "plural": {"type": "boolean"},
                                      "centre_count": {"type": "integer"},
                                      "supply": _NUMBER, "free": _TEXTS,
                                      "upkeep": {"type": ["number", "null"]}})),
        "events": _TEXTS,
        "eliminated": _TEXTS,
        "counts": _list(_object({"power": _TEXT, "centres": _NUMBER,
                                 "units": {"type": "integer"},
                                 "adjustment": {"type": ["number", "null"]},
                                 "centre_count": {"type": "integer"},
                                 "supply": _NUMBER, "free": _TEXTS,
                                 "upkeep": {"type": ["number", "null"]}})),
        "standing": {"oneOf": [{"type": "null"}, _object({
            "condition": _TEXT, "leaders": _TEXTS, "score": _NUMBER, "short": _NUMBER})]},
        "next_phase": _OPTIONAL_TEXT, "next_title": _OPTIONAL_TEXT, "result": _OPTIONAL_TEXT,
        "colours": {"type": "object", "additionalProperties": _TEXT},
        "players": _list(_object({"power": _TEXT, "name": _TEXT,
                                  "standby": {"type": "boolean"}})),
        "missed": _list(_object({"power": _TEXT, "in_a_row": {"type": "integer"}})),
        "notes": _list(_TEXTS),
        "press": _list(_object({"author": _TEXT, "lines": _TEXTS})),
        "deadline": {"oneOf": [{"type": "null"}, _object({
            "phase": _TEXT, "due": _TEXT,
            "at": _OPTIONAL_TEXT, "zone": _TEXT})]},
    }),
}

STATUS = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "gm game status",
    **_object({
        **_header("gm/status"),
        "game": _TEXT, "variant": _TEXT, "phase": _TEXT,
        "kind": {"enum": ["Movement", "Retreat", "Adjustment"]},
        "powers": _list(_object({"power": _TEXT, "orders": {"type": "integer"},
                                 "missing": _TEXTS, "note": _TEXT,
                                 "short": {"type": "boolean"}})),
        "result": _OPTIONAL_TEXT, "can_redo": {"type": "boolean"},
        "complete": {"type": "boolean"},
        "not_taken": _list(_object({"power": _TEXT, "text": _TEXT, "reason": _TEXT})),
    }),
}

POSITION = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "gm position",
    **_object({
        **_header("gm/position"),
        "game": _TEXT, "variant": _TEXT, "phase": _TEXT, "result": _OPTIONAL_TEXT,
        "powers": _list(_object({"power": _TEXT, "supply": _NUMBER,
                                 "centre_count": {"type": "integer"}, "units": _TEXTS,
                                 "stacks": _TEXTS, "centres": _TEXTS})),
        "dislodged": _list(_object({"power": _TEXT, "unit": _TEXT,
                                    "attacked_from": _OPTIONAL_TEXT})),
        "neutral": _TEXTS,
    }),
}

CHART = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "gm centre chart",
    **_object({
        **_header("gm/chart"),
        "game": _TEXT, "variant": _TEXT, "years": _TEXTS, "span": _TEXT,
        "rows": _list(_object({"power": _TEXT,
                               "centres": _list({"type": ["number", "null"]})})),
        "colours": {"type": "object", "additionalProperties": _TEXT},
        "counted": _TEXT,
    }),
}

SCHEMAS = {"gm/report": REPORT, "gm/chart": CHART, "gm/status": STATUS,
           "gm/position": POSITION}
