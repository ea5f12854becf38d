"""What gm prints as `--format json`: the season report, a game's progress and a position, as
plain JSON objects a web page or a bot can build on.

Every document carries `schema` (`gm/report`, `gm/chart`, `gm/status`, `gm/position`) and `version`
(`VERSION`); `gm.report.json_schema` holds the JSON Schema each one follows, and
docs/json.md describes the fields. A change that removes or renames a field raises
`VERSION`; adding a field does not.
"""

from __future__ import annotations

import dataclasses
import json

from gm.engine.position import Position
from gm.maps.gamemap import GameMap
from gm.notation import piece_shown, place, stacks_shown
from gm.report.chart import CentreChart
from gm.report.report_data import SeasonReport
from gm.rules import RuleSet

VERSION = 1


def _header(schema: str) -> dict:
    return {"schema": schema, "version": VERSION}


def report_document(report: SeasonReport) -> dict:
    """The season report, field for field as the renderers see it, each order line with its
    facts (`order`: power, piece, from, to, the piece supported or convoyed, the result and
    its reason), so that programs need not read the order's words."""
    body = dataclasses.asdict(report)
    body["heading"] = report.heading
    for power in body["orders"]:
        for line in power["lines"]:
            if line["order"] is not None:  # `from`, as programs expect, is Python's keyword
                facts = line["order"]
                line["order"] = {("from" if k == "origin" else k): v for k, v in facts.items()}
    for row in (*body["adjustments"], *body["counts"]):
        row["supply"] = row["centres"]  # `centres` is the supply in version 1: named right
    return {**_header("gm/report"), **body}


def chart_document(chart: CentreChart) -> dict:
    """The centre chart: each power's centres at the end of every year (`null`: out)."""
    return {**_header("gm/chart"), **dataclasses.asdict(chart)}


def status_document(progress) -> dict:
    """A game's progress (`gm.game.progress.GameProgress`): who has ordered, what is missing."""
    return {**_header("gm/status"), **dataclasses.asdict(progress),
            "complete": progress.complete}


def position_document(game: str, result: str | None, phase: str, position: Position,
                      game_map: GameMap) -> dict:
    """The position at the start of a phase: each power's units (one entry a piece, and
    `stacks`, one a province, as listings print them), centres, the dislodged units and the
    neutral centres."""
    rules = RuleSet.for_map(game_map)
    supplies = rules.supply.by_power(position, game_map)
    held = rules.supply.centres_by_power(position, game_map)
    powers = []
    for power_id, power in game_map.powers.items():
        units = position.units_of(power_id)
        centres = position.centres_of(power_id)
        if not units and not centres:
            continue
        powers.append({"power": power.name, "supply": supplies.get(power_id, 0.0),
                       "centre_count": len(held.get(power_id, ())),
                       "units": [piece_shown(u) for u in units],
                       "stacks": stacks_shown(units),
                       "centres": [place(c) for c in centres]})
    dislodged = [{"power": game_map.powers[d.unit.power].name,
                  "unit": piece_shown(d.unit),
                  "attacked_from": place(d.attacker_from) if d.attacker_from else None}
                 for d in position.dislodged]
    neutral = sorted(place(c) for c in rules.supply.centres(position, game_map)
                     if c not in position.owners)
    return {**_header("gm/position"), "game": game, "variant": game_map.name, "phase": phase,
            "result": result, "powers": powers, "dislodged": dislodged, "neutral": neutral}


def dumps(document: dict) -> str:
    """The document as printed: indented, keys in the model's order, text as written."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
