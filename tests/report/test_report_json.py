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


def facts(document: dict, power: str) -> list[dict]:
    return [line["order"] for p in document["orders"] if p["power"] == power
            for line in p["lines"]]


def test_each_order_line_carries_its_order_as_facts(db):
    """Autumn 1905 of the demo: a convoyed move, its convoy, a support to a move, a bounce and
    a hold, as facts a program reads without parsing the words."""
    report = validated(run(db, "report", "standard-demo", "--phase", "Autumn 1905", "-f",
                           "json"), "gm/report")
    italy = {f["from"]: f for f in facts(report, "Italy")}
    convoyed = italy["Apu"]
    assert (convoyed["kind"], convoyed["to"], convoyed["via_convoy"]) == ("move", "Gre", True)
    assert convoyed["piece"] == {"power": "Italy", "kind": "A", "strength": 1.0,
                                 "leader": None, "location": "Apu"}
    convoy = italy["Ion"]
    assert convoy["kind"] == "convoy" and convoy["to"] == "Gre"
    assert convoy["target"]["location"] == "Apu" and convoy["target"]["kind"] == "A"
    germany = {f["from"]: f for f in facts(report, "Germany")}
    support = germany["Mun"]
    assert support["kind"] == "support-move" and support["to"] == "Kie"
    assert (support["target"]["power"], support["target"]["location"]) == ("Germany", "Den")
    russia = {f["from"]: f for f in facts(report, "Russia")}
    assert russia["Stp/sc"]["kind"] == "hold" and russia["Stp/sc"]["piece"]["kind"] == "F"
    for power in report["orders"]:  # the facts say what the words say
        for line in power["lines"]:
            fact = line["order"]
            assert fact["power"] == power["power"] and fact["succeeded"] != line["failed"]
            assert fact["result"] in {"moved", "held", "supported", "convoyed", "bounced",
                                      "cut", "dislodged", "no_convoy", "void", "not_matched"}
            if fact["to"]:
                assert fact["to"] in line["text"]


def test_facts_of_retreats_builds_and_units_without_orders(db):
    retreat = validated(run(db, "report", "standard-demo", "--phase", "Autumn 1901 Retreat",
                            "-f", "json"), "gm/report")
    kinds = {f["kind"] for p in retreat["orders"] for f in facts(retreat, p["power"])}
    assert kinds <= {"retreat", "disband"} and kinds
    winter = validated(run(db, "report", "standard-demo", "--phase", "Winter 1901", "-f",
                           "json"), "gm/report")
    built = [f for p in winter["orders"] for f in facts(winter, p["power"])
             if f["kind"] == "build" and f["succeeded"]]
    assert built and all(f["result"] == "built" and f["piece"]["kind"] in "AF" and
                         f["from"] == f["piece"]["location"] for f in built)
    spring = validated(run(db, "report", "standard-demo", "--phase", "Spring 1901", "-f",
                           "json"), "gm/report")
    for power in spring["orders"]:
        for line in power["lines"]:
            if "no order" in line["tags"]:
                assert line["order"]["ordered"] is False and line["order"]["kind"] == "hold"
            else:
                assert line["order"]["ordered"] is True


def test_a_void_order_gives_its_reason_and_a_dislodged_piece_its_attacker(db, tmp_path):
    autumn = json.loads(run(db, "report", "standard-demo", "--phase", "Autumn 1901", "-f",
                            "json"))
    (rumania,) = [f for f in facts(autumn, "Russia") if f["from"] == "Rum"]
    assert rumania["kind"] == "support-hold" and rumania["dislodged_from"]
    assert rumania["target"]["location"] == "Sev"
    other = tmp_path / "void.db"
    run(other, "new", "v")
    letter = tmp_path / "france.txt"
    letter.write_text("A Par S A Pic - Bel\n", encoding="utf-8")
    run(other, "orders", "v", str(letter), "--power", "France")
    report = validated(run(other, "adjudicate", "v", "-f", "json"), "gm/report")
    (void,) = [f for f in facts(report, "France") if f["from"] == "Par"]
    assert (void["result"], void["succeeded"]) == ("void", False)
    assert void["reason"] == "there is no unit in Picardy to support"
    assert void["target"] == {"power": None, "kind": "A", "strength": None, "leader": None,
                              "location": "Pic"}


def test_an_order_to_a_multiple_gives_the_multiples_strength():
    """Hoplite Wars: `2A Spa - Teg` commands two armies, each with a result of its own; the
    line prints once, and its facts name the 2A."""
    from gm.maps import load_map
    from gm.orders.kinds.move import Move
    from gm.report.order_facts import order_facts
    from gm.store.result_rows import ResultRow

    greece = load_map("hoplite-wars")
    order = Move("sparta", "A", "spa", "teg", strength=2.0)
    row = ResultRow("sparta", "2A Spa - Teg", "A spa", True, "moved")
    fact = order_facts(row, order, None, greece, "Movement", "")
    assert fact.piece.strength == 2.0 and fact.piece.power == "Sparta"
    assert (fact.kind, fact.origin, fact.to) == ("move", "Spa", "Teg")
