"""A supply is printed as the centres that make it and, where they are not worth one each,
what they are worth: `Rome: 4 supply centres worth 6` (Diadochi V: Rome is worth 3 to Rome),
`Sparta: 5 supply centres worth 4` (Hoplite Wars: towns are worth ½). The numbers are the
rules' (`rules.supply.by_power`, `rules.supply.centres_by_power`); on maps whose centres
are all worth one nothing changes (the standard goldens)."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from gm.draw import draw_phase
from gm.draw.board_maker import make_board
from gm.engine.position import Phase, Position, Unit, starting_position
from gm.game.history import victory_text
from gm.maps import load_map
from gm.report.chart import build_chart
from gm.report.json_model import dumps, position_document, report_document
from gm.report.json_schema import SCHEMAS
from gm.report.markdown import render_markdown
from gm.report.report_builder import build_report
from gm.report.text import format_adjustment_line, render_text
from gm.rules import RuleSet
from tests.draw.svg_structure import parse, texts, with_class
from tests.variants.gm_session import Gm


@pytest.fixture(scope="module")
def dv():
    return load_map("diadochi-v")


@pytest.fixture(scope="module")
def hoplite():
    return load_map("hoplite-wars")


def adjustment_report(game_map, position: Position):
    """The report of an adjustment phase started at `position`, and the same position after
    it (for the counts table and the standing line)."""
    return build_report(game="G", game_map=game_map, phase_label="Winter", phase_kind="Adjustment",
                        results=[], events=[], edits=[], next_position=position,
                        next_label="Spring", start_position=position)


def table_rows(text: str) -> list[list[str]]:
    """The counts table of a text report, from its heading row, each row split in words."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == ["centres"])
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return [line.split() for line in lines[start:end]]


def dv_winter(dv) -> Position:
    """Diadochi V's set-up at the Winter 240 BC adjustment, Rome one army short."""
    start = starting_position(dv)
    units = [u for u in start.units if u.location != "rav"]
    return Position(Phase(240, "Winter", "Adjustment"), units, dict(start.owners))


def sparta_winter(hoplite, more: dict[str, str] | None = None) -> Position:
    """Sparta with its three home cities and two towns, Tegea and Lepreum, and three units."""
    owners = {"spa": "sparta", "pra": "sparta", "zar": "sparta", "teg": "sparta",
              "lep": "sparta", "ela": "elatea", **(more or {})}
    units = [Unit("sparta", "A", "spa"), Unit("sparta", "A", "pra"), Unit("sparta", "A", "zar"),
             Unit("elatea", "A", "ela")]
    return Position(Phase(449, "Winter", "Adjustment"), units, owners)


def test_the_rules_count_the_centres_beside_their_worth(dv, hoplite):
    rules = RuleSet.for_map(dv)
    start = starting_position(dv)
    assert rules.supply.by_power(start, dv)["rome"] == 6  # Rome 3 to Rome, and three single homes
    assert sorted(rules.supply.centres_by_power(start, dv)["rome"]) == ["bru", "nea", "rav", "rom"]
    # a destroyed centre is no supply centre: it drops out of the count as of the worth
    start.state["destruction"] = {"destroyed": ["car"]}
    assert "car" not in rules.supply.centres_by_power(start, dv)["carthage"]
    assert len(rules.supply.centres_by_power(start, dv)["carthage"]) == 3
    assert rules.supply.by_power(start, dv)["carthage"] == 3
    sparta = sparta_winter(hoplite)
    rules = RuleSet.for_map(hoplite)
    assert len(rules.supply.centres_by_power(sparta, hoplite)["sparta"]) == 5
    assert rules.supply.by_power(sparta, hoplite)["sparta"] == 4


def test_diadochi_v_adjustment_lines_say_how_many_centres_and_their_worth(dv):
    report = adjustment_report(dv, dv_winter(dv))
    lines = [format_adjustment_line(a) for a in report.adjustments]
    assert "Rome: 4 supply centres worth 6, 3 units: builds 3." in lines
    assert "Carthage: 4 supply centres worth 5, 4 units: builds 1." in lines
    assert "Egypt: 3 supply centres worth 4, 3 units: builds 1." in lines
    rows = table_rows(render_text(report))
    assert rows[0] == ["centres", "worth", "units"]
    assert ["Carthage", "4", "5", "4", "+1", "build"] in rows
    assert ["Rome", "4", "6", "3", "+3", "builds"] in rows
    markdown = render_markdown(report)
    assert "| Power | Centres | Worth | Units | Adjustment |" in markdown
    assert "| Rome | 4 | 6 | 3 | +3 builds |" in markdown


def test_hoplite_wars_towns_are_counted_as_centres_worth_a_half(hoplite):
    report = adjustment_report(hoplite, sparta_winter(hoplite))
    lines = [format_adjustment_line(a) for a in report.adjustments]
    assert "Sparta: 5 supply centres worth 4, 3 units: builds 1." in lines
    assert "Elatea: 1 supply centre, 1 unit: no change." in lines  # a city: as before
    text = render_text(report)
    assert ["Sparta", "5", "4", "3", "+1", "build"] in table_rows(text)
    assert "Victory: 20½ supply centres (Delphi not counted) per player." in \
        " ".join(text.split())  # rule 13's own words (player_victory.score_words)
    # Delphi is worth 2: six centres worth six need no second number
    report = adjustment_report(hoplite, sparta_winter(hoplite, {"del": "sparta"}))
    lines = [format_adjustment_line(a) for a in report.adjustments]
    assert "Sparta: 6 supply centres, 3 units: builds 3." in lines


def test_a_town_worth_a_half_shows_in_halves(hoplite):
    report = adjustment_report(hoplite, sparta_winter(hoplite, {"teg": "elatea"}))
    lines = [format_adjustment_line(a) for a in report.adjustments]
    assert "Sparta: 4 supply centres worth 3½, 3 units: builds ½." in lines
    assert "Elatea: 2 supply centres worth 1½, 1 unit: builds ½." in lines


def test_the_json_report_and_position_carry_the_count_and_the_supply(dv):
    position = dv_winter(dv)
    document = json.loads(dumps(report_document(adjustment_report(dv, position))))
    Draft202012Validator(SCHEMAS["gm/report"]).validate(document)
    rome = next(a for a in document["adjustments"] if a["power"] == "Rome")
    assert (rome["centres"], rome["supply"], rome["centre_count"]) == (6, 6, 4)
    rome = next(c for c in document["counts"] if c["power"] == "Rome")
    assert (rome["centres"], rome["supply"], rome["centre_count"]) == (6, 6, 4)
    shown = json.loads(dumps(position_document("G", None, "Winter 240", position, dv)))
    Draft202012Validator(SCHEMAS["gm/position"]).validate(shown)
    rome = next(p for p in shown["powers"] if p["power"] == "Rome")
    assert (rome["supply"], rome["centre_count"]) == (6, 4)


def test_a_supply_on_its_own_says_it_is_the_centres_worth(hoplite, standard_map):
    sparta = sparta_winter(hoplite, {"del": "sparta"})
    # player_victory scores the worth, Delphi left out, per player: 4 for Sparta's own
    # centres and 1 for its Minor State Elatea's, as the standing line adds them up
    assert victory_text(["sparta"], sparta, hoplite) == "Sparta wins with supply centres worth 5"
    chart = build_chart("G", hoplite, [sparta])
    assert chart.counted == "supply centres (Delphi not counted)"  # rule 13's own words
    start = starting_position(standard_map)
    assert victory_text(["russia"], start, standard_map) == "Russia wins with 4 supply centres"
    assert build_chart("G", standard_map, [start]).counted == "supply centres"


def test_the_standard_game_prints_no_worth(standard_map):
    start = starting_position(standard_map)
    position = Position(Phase(1901, "Winter", "Adjustment"), start.units, dict(start.owners))
    report = adjustment_report(standard_map, position)
    text = render_text(report)
    assert "Russia: 4 supply centres, 4 units: no change." in text
    assert "worth" not in text
    assert table_rows(text)[0] == ["centres", "units"]
    assert ["Russia", "4", "4"] in table_rows(text)


def test_gm_show_adds_a_worth_column_only_where_centres_are_worth_other_than_one(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "D", "--variant", "diadochi-v")
    shown = gm("show", "D")
    header = next(line for line in shown.splitlines() if "power" in line)
    assert [w for w in header.replace("┃", " ").split()][:4] == ["power", "centres", "worth",
                                                                 "units"]
    rome = next(line for line in shown.splitlines() if line.startswith("│ Rome"))
    assert [c.strip() for c in rome.split("│")[1:5]] == ["Rome", "4", "6", "4"]
    gm("new", "H", "--variant", "hoplite-wars")  # every centre held is a city: no column
    header = next(line for line in gm("show", "H").splitlines() if "power" in line)
    assert "worth" not in header and "centres" in header


def test_the_legend_says_how_many_centres_and_their_worth(dv, standard_map):
    root = parse(draw_phase(dv, make_board(dv, dv_winter(dv), game="t")))
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "4 centres worth 6, 3 units" in legend  # Rome
    assert "3 centres worth 4, 3 units" in legend  # Egypt, Syria, Macedonia
    rome = next(e for e in with_class(root, "standing") if e.get("data-power") == "rome")
    assert (rome.get("data-centres"), rome.get("data-worth")) == ("4", "6")
    root = parse(draw_phase(standard_map, make_board(standard_map,
                                                     starting_position(standard_map), game="t")))
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "4 centres, 4 units" in legend and "worth" not in legend
    assert all(e.get("data-worth") is None for e in with_class(root, "standing"))


def test_a_leader_is_named_apart_from_the_units_its_centres_supply():
    """Rise of Rome II 3.1: a leader needs no centre, so the reckoning counts the units the
    centres must supply and names the leader beside them; JSON lists it as `free`."""
    ror = load_map("rise-of-rome-ii")
    start = starting_position(ror)
    owners = dict(start.owners)
    owners["syr"] = "carthage"  # Syracuse, a fourth centre: one build due, whatever the leader
    hannibal = Unit("carthage", "L", "car", 0.5, name="Hannibal")
    winter = Position(Phase(220, "Winter", "Adjustment"), [*start.units, hannibal], owners)
    report = adjustment_report(ror, winter)
    line = next(a for a in report.adjustments if a.power == "Carthage")
    assert format_adjustment_line(line) == \
        "Carthage: 4 supply centres, 3 units and Hannibal: builds 1."
    document = json.loads(dumps(report_document(report)))
    row = next(a for a in document["adjustments"] if a["power"] == "Carthage")
    assert row["units"] == 4 and row["free"] == ["Hannibal"]
    Draft202012Validator(SCHEMAS["gm/report"]).validate(document)


# --- one count of what supply must keep: free pieces and halves apart (issue 27 §2, 29) --------

def garrisoned_sparta(hoplite) -> Position:
    """Sparta with its three home cities, two armies and two garrisons (½ each): three
    centres keep four pieces that need three."""
    owners = {"spa": "sparta", "pra": "sparta", "zar": "sparta"}
    units = [Unit("sparta", "A", "spa"), Unit("sparta", "A", "arc"),
             Unit("sparta", "G", "pra"), Unit("sparta", "G", "zar")]
    return Position(Phase(449, "Winter", "Adjustment"), units, owners)


def carthage_led() -> tuple:
    ror = load_map("rise-of-rome-ii")
    start = starting_position(ror)
    hannibal = Unit("carthage", "L", "car", 0.5, name="Hannibal")
    return ror, Position(Phase(220, "Autumn", "Movement"), [*start.units, hannibal],
                         dict(start.owners))


def supply_text(report, power: str) -> tuple[str, str]:
    """(the supply table's units cell in plain text, in Markdown) for one power."""
    row = next(r for r in table_rows(render_text(report)) if r[0] == power)
    markdown = next(line for line in render_markdown(report).splitlines()
                    if line.startswith(f"| {power} |"))
    return " ".join(row[2:]), markdown


def test_garrisons_are_counted_by_what_they_need_in_every_format(hoplite):
    """Hoplite Wars 4: a garrison costs half a unit. "Sparta 3 centres, 4 units" read as a
    power over its supply; the count says what the four need."""
    position = garrisoned_sparta(hoplite)
    report = adjustment_report(hoplite, position)
    line = next(a for a in report.adjustments if a.power == "Sparta")
    assert format_adjustment_line(line) == \
        "Sparta: 3 supply centres, 4 units needing 3: no change."
    text, markdown = supply_text(report, "Sparta")
    assert text == "4 (needs 3)" and "| 4 (needs 3) |" in markdown
    document = json.loads(dumps(report_document(report)))
    row = next(c for c in document["counts"] if c["power"] == "Sparta")
    assert (row["units"], row["upkeep"], row["free"]) == (4, 3.0, [])
    Draft202012Validator(SCHEMAS["gm/report"]).validate(document)
    legend = " ".join(texts(with_class(parse(draw_phase(hoplite, make_board(
        hoplite, position, game="t"))), "legend")[0]))
    assert "3 centres, 4 units needing 3" in legend


def test_a_leader_is_counted_apart_in_the_table_and_the_legend_alike():
    """Rise of Rome II 3.1: "Carthage 3 centres, 4 units" when one piece is a leader; the
    table, the legend and gm show count it apart, from one count."""
    ror, position = carthage_led()
    report = build_report(game="G", game_map=ror, phase_label="Autumn 220 BC",
                          phase_kind="Movement", results=[], events=[], edits=[],
                          next_position=position, next_label="Winter 220 BC")
    text, markdown = supply_text(report, "Carthage")
    assert text == "3 + Hannibal" and "| 3 + Hannibal |" in markdown
    root = parse(draw_phase(ror, make_board(ror, position, game="t")))
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "3 centres, 3 units and Hannibal" in legend
    carthage = next(e for e in with_class(root, "standing") if e.get("data-power") == "carthage")
    assert carthage.get("data-units") == "3"


def test_the_legend_prints_the_count_the_report_prints(replayed_variants):
    """One count for the report's table and the picture's legend: for every phase of the Rise
    of Rome II and Hoplite Wars demos, each legend line is the words of the counts the
    report of the phase before printed (the same board)."""
    from gm.report.supply_words import centres_words, units_words

    checked = 0
    for game_map, report, board_svg in replayed_variants:
        legend = {e.get("data-power"): " ".join(texts(e))
                  for e in with_class(parse(board_svg), "standing")}
        names = {p.name: pid for pid, p in game_map.powers.items()}
        for count in report.counts:
            words = f"{centres_words(count.centre_count, count.centres, 'centre')}, " \
                    f"{units_words(count)}"
            assert words in legend[names[count.power]], (report.phase, count.power)
            checked += 1
    assert checked > 50


@pytest.fixture(scope="module")
def replayed_variants(replayed):
    """(map, the report of each adjudicated phase, the picture of the phase it led to) for
    the Rise of Rome II and Hoplite Wars demos."""
    from gm.draw.stored import phase_board
    from gm.game.games import open_game
    from gm.game.reports import stored_report
    from gm.store import game_rows as rows
    from tests.conftest import ROOT

    store = replayed.store
    out = []
    for demo in ("rise-of-rome-ii-demo.txt", "hoplite-wars-demo.txt"):
        with store.transaction(write=False):
            view = open_game(store, replayed.game(ROOT / "games" / demo))
            phases = rows.live_phases(store, view.game)
            for done, following in zip(phases, phases[1:], strict=False):
                board = phase_board(store, view, following)
                out.append((view.map, stored_report(store, view, done),
                            draw_phase(board.game_map, board.board)))
    return out


def test_delphis_units_are_counted_apart_as_free_pieces(hoplite):
    """Hoplite Wars 7: a unit raised from Delphi's offerings needs no centre. Boeotia's one
    centre keeps its army; the Delphi army is free, in the table, the reckoning and the
    legend alike."""
    units = [Unit("boeotia", "A", "thb", tag="W450A:thb:delphi"), Unit("boeotia", "A", "aul")]
    state = {"delphi": {"sacked_by": "boeotia", "shunned": ["boeotia", "elis"]}}
    position = Position(Phase(449, "Winter", "Adjustment"), units, {"thb": "boeotia"},
                        state=state)
    report = adjustment_report(hoplite, position)
    line = next(a for a in report.adjustments if a.power == "Boeotia")
    assert format_adjustment_line(line).startswith(
        "Boeotia: 1 supply centre, 1 unit and A Thb: ")
    text, markdown = supply_text(report, "Boeotia")
    assert text == "1 + A Thb" and "| 1 + A Thb |" in markdown
    legend = " ".join(texts(with_class(parse(draw_phase(hoplite, make_board(
        hoplite, position, game="t"))), "legend")[0]))
    assert "1 centre, 1 unit and A Thb" in legend
