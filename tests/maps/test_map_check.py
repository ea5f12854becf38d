"""`gm map check`: the standard map passes; broken maps are rejected with precise messages."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gm.maps import MapError, load_map
from gm.maps.map_check import check_text


def line_of(text: str, fragment: str) -> int:
    for no, line in enumerate(text.splitlines(), 1):
        if fragment in line:
            return no
    raise AssertionError(f"{fragment!r} not in map text")


def problems(text: str) -> list[tuple[int | None, str]]:
    return [(p.line, p.message) for p in check_text(text).problems]


def test_the_standard_map_passes(standard_text):
    assert problems(standard_text) == []


def test_standard_map_counts(standard_map):
    assert len(standard_map.provinces) == 75
    assert len(standard_map.centres) == 34
    assert len(standard_map.powers) == 7
    assert standard_map.locations("spa") == ("spa/nc", "spa/sc")
    assert standard_map.fleet_can_move("mid", "spa/nc")
    assert not standard_map.fleet_can_move("gol", "spa/nc")
    assert standard_map.army_can_move("par", "bur")
    assert not standard_map.army_can_move("par", "mun")


def test_a_link_written_on_one_side_only(standard_text):
    text = standard_text.replace('army = ["bre", "pic", "bur", "gas"]', 'army = ["bre", "pic", "gas"]')
    found = problems(text)
    [(line, message)] = found
    assert message == "army link bur -> par is not written back under par.army"
    bur_army = next(no for no, row in enumerate(text.splitlines(), 1)
                    if row.startswith("army =") and no > line_of(text, "[provinces.bur]"))
    assert line == bur_army


def test_a_link_to_an_unknown_province(standard_text):
    text = standard_text.replace('army = ["bre", "pic", "bur", "gas"]',
                                 'army = ["bre", "pic", "bur", "gas", "xyz"]')
    assert (line_of(text, '"xyz"'), "army link to unknown province 'xyz'") in problems(text)


def test_a_fleet_link_to_a_multi_coast_province_must_name_the_coast(standard_text):
    text = standard_text.replace('coasts = { nc = ["por", "mid", "gas"]',
                                 'coasts = { nc = ["por", "mid", "gas", "stp"]')
    messages = [m for _, m in problems(text)]
    assert "fleet link spa/nc -> stp: 'stp' must name a coast (nc, sc)" in messages


def test_a_fleet_link_from_inland(standard_text):
    text = standard_text.replace('army = ["bre", "pic", "bur", "gas"]',
                                 'army = ["bre", "pic", "bur", "gas"]\nfleet = ["eng"]')
    messages = [m for _, m in problems(text)]
    assert "'par' is land: it cannot have fleet links" in messages


def test_a_declared_centre_count_that_does_not_hold(standard_text):
    text = standard_text.replace("centres = 34", "centres = 35")
    assert (line_of(text, "centres = 35"),
            "the map declares 35 supply centres but 34 provinces have a supply value") \
        in problems(text)


def test_an_unreachable_province(standard_text):
    # cut Paris off: drop it from every neighbour and empty its own list
    text = standard_text.replace('army = ["bre", "pic", "bur", "gas"]', "army = []")
    for other in ("bre", "pic", "bur", "gas"):
        start = text.index(f"[provinces.{other}]")
        end = text.index("[provinces.", start + 5)
        text = text[:start] + text[start:end].replace('"par", ', "").replace(', "par"', "") \
            + text[end:]
    messages = [m for _, m in problems(text)]
    assert any(m.startswith("'par' cannot be reached") for m in messages)


def test_a_fleet_starting_inland(standard_text):
    text = standard_text.replace('units = ["F bre", "A mar", "A par"]',
                                 'units = ["F bre", "A mar", "F par"]')
    assert (line_of(text, '"F par"'),
            "unit 'F par': 'par' is land: no fleet can be there") in problems(text)


def test_a_home_centre_that_is_not_a_centre(standard_text):
    text = standard_text.replace('home = ["bre", "mar", "par"]', 'home = ["bre", "mar", "pic"]')
    assert (line_of(text, 'home = ["bre", "mar", "pic"]'),
            "home centre 'pic' is not a supply centre") in problems(text)


def test_two_provinces_with_one_name(standard_text):
    text = standard_text.replace('aliases = ["Espana"]', 'aliases = ["Espana", "Paris"]')
    messages = [m for _, m in problems(text)]
    assert any("'paris'" in m and "already used by 'par'" in m for m in messages)


def test_a_wrong_kind_is_a_shape_error_with_its_line(standard_text):
    text = standard_text.replace('name = "Paris"\nkind = "land"', 'name = "Paris"\nkind = "hills"')
    [(line, message)] = problems(text)
    assert line == line_of(text, 'kind = "hills"')
    assert message.startswith("provinces.par.kind:")


def test_invalid_toml_reports_the_line(standard_text):
    text = standard_text.replace('name = "Paris"', 'name = "Paris')
    [(line, message)] = problems(text)
    assert line == line_of(text, 'name = "Paris')
    assert message.startswith("not valid TOML")


def test_an_unknown_rule(standard_text):
    text = standard_text + "\n[rules.flying_fleets]\nspeed = 2\n"
    [(line, message)] = problems(text)
    assert line == line_of(text, "[rules.flying_fleets]")
    assert message.startswith("unknown rule 'flying_fleets' (known:")


def test_a_broken_map_is_never_loaded(tmp_path, standard_text, monkeypatch):
    (tmp_path / "broken.toml").write_text(standard_text.replace("centres = 34", "centres = 3"))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    with pytest.raises(MapError, match="run 'gm map check'"):
        load_map("broken")


def test_gm_map_check_cli(tmp_path, standard_text):
    path = tmp_path / "broken.toml"
    path.write_text(standard_text.replace('units = ["F bre", "A mar", "A par"]',
                                          'units = ["F bre", "A mar", "F par"]'))
    bad = subprocess.run([sys.executable, "-m", "gm", "map", "check", str(path)],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 1
    assert f"{path}:{line_of(path.read_text(), 'F par')}: unit 'F par'" in bad.stdout
    assert "Traceback" not in bad.stderr
    good = subprocess.run([sys.executable, "-m", "gm", "map", "check", "standard"],
                          capture_output=True, text=True, check=False)
    assert good.returncode == 0 and "ok — 75 provinces, 34 supply centres, 7 powers" in good.stdout


def test_two_powers_with_one_name(standard_text):
    text = standard_text.replace('aliases = ["Fra"]', 'aliases = ["Fra", "Germany"]', 1)
    messages = [m for _, m in problems(text)]
    assert any("'germany' of power 'germany' is already used by 'france'" in m
               for m in messages)
