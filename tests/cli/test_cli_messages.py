"""Workflow trap 'Messages': the misleading messages found in use, each now saying what is
wrong and what to do."""

from __future__ import annotations

import sqlite3

from gm.engine.position import Dislodged, Phase, Unit, starting_position
from gm.engine.retreat_phase import adjudicate_retreats
from gm.maps.loader import load_map
from gm.orders.kinds.retreat import Retreat
from gm.store import store_errors as errors


def test_agree_draw_suggests_no_option_that_does_not_exist(gm):
    gm("new", "demo")
    out = gm("agree-draw", "demo", "France", ok=False).output
    assert "--draw" not in out and "gm agree-draw demo England France" in out


def test_a_read_only_folder_is_named_as_such(tmp_path, monkeypatch):
    db = tmp_path / "g.db"
    db.write_bytes(b"")
    monkeypatch.setattr(errors.os, "access", lambda path, mode: str(path) == str(db))
    message = str(errors.explain_sqlite_error(
        sqlite3.OperationalError("attempt to write a readonly database"), str(db)))
    assert f"the folder {tmp_path} is read-only" in message
    assert "g.db is read-only" not in message


def test_every_phase_into_a_file_says_it_is_a_file(gm, tmp_path):
    gm("new", "demo")
    target = tmp_path / "file.txt"
    target.write_text("x")
    out = gm("draw", "demo", "--every-phase", str(target), ok=False).output
    assert "is a file; --every-phase needs a folder" in out and "File exists" not in out


def test_a_misspelt_archive_header_is_named(gm, tmp_path):
    archive = tmp_path / "a.txt"
    archive.write_text("Game: demo\nVarient: standard\n\nSpring 1901\n")
    out = gm("replay", str(archive), ok=False).output
    assert "'Varient' is not an archive header; did you mean 'Variant:'?" in out


def test_orders_for_a_game_that_does_not_exist_say_so(gm, tmp_path):
    gm("new", "demo")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    out = gm("orders", "nope", str(empty), ok=False).output
    assert "nope" in out and "no orders given" not in out


def test_an_adjustment_phase_has_its_article():
    from gm.orders.errors import OrderError
    from gm.orders.parse import parse_order

    try:
        parse_order("A Par - Bur", load_map("standard"), "france", phase_kind="Adjustment")
    except OrderError as exc:
        assert "in an adjustment phase" in str(exc)
    else:
        raise AssertionError("a move is not an adjustment order")


def test_void_retreats_name_provinces_as_players_write_them():
    game_map = load_map("standard")
    position = starting_position(game_map)
    position.phase = Phase(1901, "Spring", "Retreat")
    position.units = [u for u in position.units if u.province != "par"] + \
        [Unit("germany", "A", "par"), Unit("germany", "A", "pic")]
    position.dislodged = [Dislodged(Unit("france", "A", "par"), "bur")]
    outcome = adjudicate_retreats(position, [Retreat("france", "A", "par", "pic")], game_map)
    assert "Pic is occupied" in outcome.results[0].detail


def test_edit_help_says_a_reason_is_required(gm):
    assert "required" in gm("edit", "--help", db=False).output


def test_a_picture_into_a_missing_folder_is_refused_not_made(gm, tmp_path):
    gm("new", "demo")
    target = tmp_path / "nonexistent" / "x.svg"
    out = gm("draw", "demo", "-o", str(target), ok=False).output
    assert "there is no folder" in out and not target.parent.exists()
