"""`gm publish` writes each file whole into the folder (issue 28, "Publishing"): never through a
link left in the folder, and a disk that fills up half-way leaves every page as it was."""

from __future__ import annotations

import errno
import os

import pytest

from tests.cli.conftest import Gm
from tests.report.conftest import GAMES


@pytest.fixture()
def gm(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("replay", str(GAMES / "standard-adjustments.txt"), "-q")
    return gm


def test_a_linked_index_is_replaced_never_written_through(gm, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("the GM's own file\n")
    (site / "index.html").symlink_to(elsewhere)
    gm("publish", "adjustments", str(site))
    assert elsewhere.read_text() == "the GM's own file\n"
    index = site / "index.html"
    assert not index.is_symlink() and index.read_text().startswith("<!DOCTYPE html>")
    assert oct(index.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def test_a_full_disk_leaves_every_page_as_it_was(gm, tmp_path, monkeypatch):
    site = tmp_path / "site"
    gm("publish", "adjustments", str(site))
    for page in site.iterdir():  # last week's site, which a new one would replace
        page.write_text(f"last week's {page.name}\n")
    before = {p.name: p.read_bytes() for p in site.iterdir()}
    real_fsync, calls = os.fsync, []

    def disk_full(fd):  # the third file written finds the disk full
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", disk_full)
    refused = gm("publish", "adjustments", str(site), ok=False).output
    assert "No space left on device; nothing there was changed" in refused
    assert {p.name: p.read_bytes() for p in site.iterdir()} == before  # no temporary left


def test_a_folder_named_as_a_page_stops_the_site_before_any_page_changes(gm, tmp_path):
    site = tmp_path / "site"
    gm("publish", "adjustments", str(site))
    before = (site / "index.html").read_bytes()
    (site / "W1901A.html").unlink()
    (site / "W1901A.html").mkdir()
    refused = gm("publish", "adjustments", str(site), ok=False).output
    assert "a folder has a page's name" in refused
    assert (site / "index.html").read_bytes() == before


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_season_is_drawn_again_only_when_it_changed(gm, tmp_path, monkeypatch):
    """The judge publishes after every season: a season whose picture is kept from the last
    publish is not drawn again, a new or changed one is, and the site is the same as one
    published with nothing kept."""
    import gm.draw as pictures
    from gm.draw import render

    drawn: list[str] = []
    draw = render.draw_phase

    def counted(game_map, board):
        drawn.append(board.title)
        return draw(game_map, board)

    monkeypatch.setattr(render, "draw_phase", counted)
    monkeypatch.setattr(pictures, "draw_phase", counted)
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))

    def published(folder: str) -> dict[str, bytes]:
        drawn.clear()
        gm("publish", "adjustments", str(tmp_path / folder))
        return {p.name: p.read_bytes() for p in (tmp_path / folder).iterdir()}

    first = published("site")
    assert len(drawn) == 3  # Spring, Autumn and Winter 1901
    assert published("site") == first and drawn == []  # nothing changed: nothing drawn
    gm("undo", "adjustments")  # Winter 1901 again, then adjudicated on another board
    gm("edit", "adjustments", "remove", "Gal", "--reason", "a correction")
    gm("adjudicate", "adjustments")
    changed = published("site")
    assert drawn == ["Winter 1901 — Adjustment"]
    assert changed["W1901A.html"] != first["W1901A.html"]
    assert changed["S1901M.html"] == first["S1901M.html"]
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "empty-cache"))
    assert published("fresh") == changed and len(drawn) == 3  # as if all were drawn now
