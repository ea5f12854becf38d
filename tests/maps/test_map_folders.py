"""Where maps are found: gm's own maps, shipped inside the package, and the GM's own folder
named by `GM_MAPS`, which is searched first."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gm._data import data_folder
from gm.maps import MapError, available_maps, load_map, map_path


def test_the_shipped_maps_and_grammar_are_read_through_the_package():
    maps = data_folder("maps")
    assert {"standard", "lord-of-hosts", "middle-earth-viii"} <= {p.stem for p in
                                                                  maps.glob("*.toml")}
    assert (data_folder("grammars") / "orders.lark").read_text(encoding="utf-8").strip()
    assert map_path("standard") == maps / "standard.toml"


def test_a_gm_folder_adds_maps_to_the_shipped_ones(tmp_path, monkeypatch, standard_text):
    (tmp_path / "house.toml").write_text(standard_text.replace('id = "standard"', 'id = "house"'))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    assert {"house", "standard", "lord-of-hosts"} <= set(available_maps())
    assert load_map("house").id == "house"


def test_a_gm_map_replaces_the_shipped_map_of_the_same_id(tmp_path, monkeypatch, standard_text):
    (tmp_path / "standard.toml").write_text(
        standard_text.replace('name = "Standard"', 'name = "Club Standard"', 1))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    assert map_path("standard") == tmp_path / "standard.toml"
    assert load_map("standard").name == "Club Standard"


def test_several_gm_folders_are_searched_in_order(tmp_path, monkeypatch, standard_text):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        folder.mkdir()
        (folder / "house.toml").write_text(standard_text.replace('id = "standard"', 'id = "house"'))
    (second / "extra.toml").write_text(standard_text.replace('id = "standard"', 'id = "extra"'))
    monkeypatch.setenv("GM_MAPS", f"{first}{os.pathsep}{second}")
    assert map_path("house") == first / "house.toml"
    assert map_path("extra") == second / "extra.toml"


def test_gm_map_list_shows_which_file_each_map_comes_from(tmp_path, standard_text):
    (tmp_path / "standard.toml").write_text(standard_text)
    env = dict(os.environ, GM_MAPS=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "gm", "map", "list"], env=env,
                         capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()]
    assert ["standard", str(tmp_path / "standard.toml")] in rows
    assert ["lord-of-hosts", str(data_folder("maps") / "lord-of-hosts.toml")] in rows


def test_an_unknown_map_names_every_folder_searched(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    with pytest.raises(MapError) as info:
        map_path("atlantis")
    assert str(tmp_path) in str(info.value) and str(data_folder("maps")) in str(info.value)
    assert "known maps: " in str(info.value) and "standard" in str(info.value)
