"""The board layout kept on disk between runs (gm/draw/layout_cache.py): a new process takes
it from the cache folder instead of laying the map out again, and a change to the map file
or to the files beside it is never drawn from a stale layout."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

import gm.draw.layout as layout_module
from gm.draw import features, outline
from gm.draw.layout import layout_for
from gm.draw.layout_cache import cache_file
from gm.maps import load_map

FIXTURE_MAP = Path(__file__).resolve().parents[1] / "orders" / "fixtures" / "ancient.toml"


@pytest.fixture
def own_map(tmp_path, monkeypatch):
    """The fixture map as a GM's own map file, a fresh cache folder, and a count of the
    layouts computed (a new process: nothing laid out in memory yet)."""
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "ancient.toml"
    shutil.copy(FIXTURE_MAP, path)
    monkeypatch.setenv("GM_MAPS", str(folder))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    built: list[str] = []
    real = layout_module.build_layout

    def counted(game_map):
        built.append(game_map.id)
        return real(game_map)

    monkeypatch.setattr(layout_module, "build_layout", counted)
    monkeypatch.setattr(layout_module, "_LAYOUTS", {})
    yield path, built
    features._read.cache_clear()  # what was read of this folder's files is forgotten
    outline._read.cache_clear()


def _new_process(monkeypatch):
    """Forget the layouts and files kept in memory, as a new `gm` command starts with none."""
    monkeypatch.setattr(layout_module, "_LAYOUTS", {})
    features._read.cache_clear()
    outline._read.cache_clear()


def _move(path: Path, province_pos: str, new_pos: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert province_pos in text
    path.write_text(text.replace(province_pos, new_pos, 1), encoding="utf-8")
    stat = path.stat()  # a later time even on a coarse clock, as an edit a moment later
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))


def test_a_new_process_takes_the_layout_from_the_cache(own_map, monkeypatch):
    _, built = own_map
    first = layout_for(load_map("ancient"))
    assert built == ["ancient"] and cache_file("ancient").exists()
    _new_process(monkeypatch)
    again = layout_for(load_map("ancient"))
    assert built == ["ancient"]  # not laid out a second time
    assert again is not first and again.spots == first.spots and again.links == first.links


def test_a_changed_map_file_is_laid_out_again(own_map, monkeypatch):
    path, built = own_map
    before = layout_for(load_map("ancient"))
    first_pos = re.search(r"pos = \[\d+, \d+\]", path.read_text(encoding="utf-8")).group(0)
    _move(path, first_pos, "pos = [900, 700]")
    _new_process(monkeypatch)
    after = layout_for(load_map("ancient"))
    assert built == ["ancient", "ancient"]
    assert {pid: s.site for pid, s in after.spots.items()} != \
        {pid: s.site for pid, s in before.spots.items()}
    # and the new layout is the one kept now
    _new_process(monkeypatch)
    assert layout_for(load_map("ancient")).spots == after.spots
    assert built == ["ancient", "ancient"]


def test_a_features_file_put_beside_the_map_is_laid_out_again(own_map, monkeypatch):
    path, built = own_map
    assert layout_for(load_map("ancient")).features is None
    path.with_name("ancient.features.json").write_text(
        json.dumps({"ranges": {"Test Range": [[60, 50], [140, 50]]}, "rivers": {}}),
        encoding="utf-8")
    _new_process(monkeypatch)
    layout = layout_for(load_map("ancient"))
    assert built == ["ancient", "ancient"]
    assert layout.features is not None and "Test Range" in layout.features.ranges


def test_an_unwritable_cache_folder_only_means_no_cache(own_map, monkeypatch, tmp_path):
    _, built = own_map
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("GM_CACHE", str(blocker))
    first = layout_for(load_map("ancient"))
    _new_process(monkeypatch)
    assert layout_for(load_map("ancient")).spots == first.spots
    assert built == ["ancient", "ancient"]


def test_a_damaged_cache_file_is_laid_out_again(own_map, monkeypatch):
    _, built = own_map
    first = layout_for(load_map("ancient"))
    cache_file("ancient").write_bytes(b"not a pickle")
    _new_process(monkeypatch)
    assert layout_for(load_map("ancient")).spots == first.spots
    assert built == ["ancient", "ancient"]
