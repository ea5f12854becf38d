"""Map files a GM puts in `GM_MAPS` that failed later with a traceback (issue 28, "Map files"):
each is refused by `gm map check` with its line, never loaded, and listed by `gm variants`
without a traceback; `gm variants` reads each map's header, not the whole map."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Gm


def _broken(standard_text: str) -> dict[str, bytes]:
    """Map files as a careless GM writes them, each named after its id."""
    def named(map_id: str, text: str = standard_text) -> str:
        return text.replace('id = "standard"', f'id = "{map_id}"', 1)

    return {
        "latin": named("latin").replace('name = "Standard"', 'name = "Café"').encode("latin-1"),
        "deep": f'[map]\nid = "deep"\nx = {"[" * 50_000}{"]" * 50_000}\n'.encode(),
        "bigyear": named("bigyear").replace("first_year = 1901",
                                            "first_year = 99999999999999999999").encode(),
        "nowhere": named("nowhere").replace("pos = [-5.0, 57.0]", "pos = [nan, inf]").encode(),
        "club": named("other").encode(),  # club.toml says it is 'other'
        "endless": named("endless").replace('name = "Paris"', f'name = "{"P" * 101}"').encode(),
        "braces": named("braces").replace('year_format = "{year}"',
                                          'year_format = "{year} {era}"').encode(),
    }


@pytest.fixture()
def gm_maps(tmp_path, monkeypatch, standard_text):
    folder = tmp_path / "maps"
    folder.mkdir()
    for name, data in _broken(standard_text).items():
        (folder / f"{name}.toml").write_bytes(data)
    monkeypatch.setenv("GM_MAPS", str(folder))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    return folder


@pytest.mark.parametrize("name, line_fragment, message", [
    ("latin", "name = ", "the file is not UTF-8 (byte"),
    ("deep", "x = [", "values are nested more than 50 deep"),
    ("bigyear", "first_year", "calendar.first_year: 99999999999999999999 is too large a number"),
    ("nowhere", "pos = [nan, inf]", "provinces.cly.pos: inf is not a number gm can use"),
    ("club", 'id = "other"', "the map's id 'other' is not its file's name 'club'"),
    ("endless", "[provinces.par]", "is longer than 100 characters"),
    ("braces", "year_format", "year_format may hold {year} and no other braces"),
])
def test_gm_map_check_refuses_what_would_fail_later_with_its_line(gm_maps, name, line_fragment,
                                                                  message):
    gm = Gm(gm_maps / "gm.db")
    text = (gm_maps / f"{name}.toml").read_bytes().decode("utf-8", "replace")
    line = next(no for no, row in enumerate(text.splitlines(), 1) if line_fragment in row)
    checked = gm("map", "check", name, db=False, ok=False).output
    assert f"{name}.toml:{line}: " in checked and message in checked, checked
    started = gm("new", "g", "--variant", name, ok=False).output
    assert message in started and not (gm_maps / "gm.db").exists()


def test_gm_variants_lists_every_map_and_never_fails(gm_maps):
    listed = Gm(gm_maps / "gm.db")("variants", db=False).output
    rows = {row.split()[0]: row for row in listed.splitlines() if row.strip()}
    assert {"latin", "deep", "bigyear", "club", "standard"} <= set(rows)
    assert "map has problems; run 'gm map check latin'" in rows["latin"]
    assert "map has problems; run 'gm map check deep'" in rows["deep"]
    assert rows["bigyear"].endswith("7 powers, 34 supply centres  (not checked yet: "
                                    "'gm map check bigyear')")
    assert rows["standard"] == "standard  Standard: 7 powers, 34 supply centres"


def test_a_map_compiled_since_it_changed_is_listed_as_checked(tmp_path, monkeypatch,
                                                              standard_text):
    from gm.maps import load_map
    from gm.maps.headers import map_headers

    (tmp_path / "house.toml").write_text(standard_text.replace('id = "standard"',
                                                               'id = "house"'))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    assert {h.id: h.checked for h in map_headers()}["house"] is False
    load_map("house")
    assert {h.id: h.checked for h in map_headers()}["house"] is True


def test_gm_variants_reads_headers_only(tmp_path, monkeypatch, standard_text):
    """A hundred maps are listed without one being checked or compiled (each took a
    twentieth of a second, and all of them five seconds)."""
    from gm.maps import loader
    from gm.maps.headers import map_headers

    for n in range(100):
        (tmp_path / f"club{n:03}.toml").write_text(
            standard_text.replace('id = "standard"', f'id = "club{n:03}"'))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(loader, "_load", lambda *a: pytest.fail("a map was loaded"))
    headers = map_headers()
    assert len([h for h in headers if h.id.startswith("club")]) == 100
    assert {(h.powers, h.centres) for h in headers if h.id.startswith("club")} == {(7, 34)}


def test_a_map_loaded_by_its_path_keeps_its_id_and_is_checked_for_it_by_name(
        tmp_path, monkeypatch, standard_text):
    from gm.maps import MapError, load_map

    path = tmp_path / "club.toml"
    path.write_text(standard_text.replace('id = "standard"', 'id = "other"'))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    assert load_map(str(path)).id == "other"  # a test board, read from where it is
    with pytest.raises(MapError, match="is not its file's name 'club'"):
        load_map("club")  # the compiled form kept for the path is not taken for the name
