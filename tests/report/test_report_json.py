"""`--format json` for `gm report`, `gm chart`, `gm status` and `gm show`: every document
validates against its schema (gm.report.json_schema, described in docs/json.md), and says
what the text report says."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from gm.report.json_model import VERSION
from gm.report.json_schema import SCHEMAS
from tests.report.conftest import DEMO, GAMES
from tests.report.test_report_cli import run

DOCS = Path(__file__).resolve().parents[2] / "docs" / "json.md"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("json") / "gm.db"
    for archive in (DEMO, GAMES / "lord-of-hosts-holy-places.txt",
                    GAMES / "middle-earth-conversion.txt"):
        run(path, "replay", str(archive), "-q")
    return path


def validated(text: str, schema: str) -> dict:
    document = json.loads(text)
    assert document["schema"] == schema and document["version"] == VERSION
    Draft202012Validator.check_schema(SCHEMAS[schema])
    errors = list(Draft202012Validator(SCHEMAS[schema]).iter_errors(document))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    return document


@pytest.mark.parametrize("game, phase", [
    ("standard-demo", "Spring 1901"), ("standard-demo", "Autumn 1901 Retreat"),
    ("standard-demo", "Winter 1901"), ("standard-demo", "Winter 1912"),
    ("holy-places", "Autumn 601 BC"), ("holy-places", "Winter 601 BC"),
    ("conversion", "Summer Third Age 3000"),
])
def test_gm_report_json_validates_against_the_schema(db, game, phase):
    document = validated(run(db, "report", game, "--phase", phase, "--format", "json"),
                         "gm/report")
    text = run(db, "report", game, "--phase", phase)
    assert document["heading"] in text
    for power in document["orders"]:
        for line in power["lines"]:
            assert line["text"] in text


def test_the_json_report_carries_the_judges_layout(db):
    retreat = validated(run(db, "report", "standard-demo", "--phase", "Autumn 1901 Retreat",
                            "-f", "json"), "gm/report")
    assert retreat["ownership"][0]["power"] == "Austria"
    winter = validated(run(db, "report", "standard-demo", "--phase", "Winter 1901",
                           "-f", "json"), "gm/report")
    assert {a["power"] for a in winter["adjustments"]} >= {"Austria", "Russia"}


def test_chart_status_and_show_json_validate(db):
    chart = validated(run(db, "chart", "standard-demo", "-f", "json"), "gm/chart")
    assert chart["years"][0] == "Start"
    status = validated(run(db, "status", "holy-places", "--format", "json"), "gm/status")
    assert status["game"] == "holy-places"
    shown = validated(run(db, "show", "standard-demo", "--phase", "Spring 1902", "-f", "json"),
                      "gm/position")
    assert {p["power"] for p in shown["powers"]} >= {"Austria", "France"}
    assert all(re.fullmatch(r"[AF] \w+(/\w+)?", u) for p in shown["powers"] for u in p["units"])


def test_docs_json_md_describes_every_field_of_every_schema():
    docs = DOCS.read_text(encoding="utf-8")
    assert f"version {VERSION}" in docs.lower()

    def fields(schema: dict):
        for name, sub in schema.get("properties", {}).items():
            yield name
            yield from fields(sub)
            yield from fields(sub.get("items", {}))
            for option in sub.get("oneOf", []):
                yield from fields(option)

    for name, schema in SCHEMAS.items():
        assert f"`{name}`" in docs, name
        missing = {f for f in fields(schema) if f"`{f}`" not in docs}
        assert not missing, f"docs/json.md does not describe {sorted(missing)} of {name}"
