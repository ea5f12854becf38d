"""The shipped demo archive replays cleanly, is a real game, and export -> replay gives the
same reports; `--check` catches an archive whose outcome was altered."""

from __future__ import annotations

import re

import pytest

from gm.store.archive import read_archive


def test_demo_archive_replays_with_check_clean(gm, demo_archive):
    result = gm("replay", str(demo_archive), "--check", "--dry-run")
    summary = result.output.strip().splitlines()[-1]
    assert "no differences" in summary and "nothing stored (dry run)" in summary
    assert not gm.db.exists()


def test_demo_archive_is_a_whole_game_with_real_conflict(gm, demo_archive):
    archive = read_archive(demo_archive.read_text(), str(demo_archive))
    years = {int(re.search(r"\d{4}", p.heading).group()) for p in archive.phases}
    assert max(years) - min(years) + 1 >= 10
    assert archive.result and archive.result.startswith("Draw:")
    output = gm("replay", str(demo_archive)).output
    groups = re.findall(r"\(\*([^*]*)\*\)", output)
    tags = {tag: sum(tag in g.split(", ") for g in groups)
            for tag in ("bounce", "dislodged", "cut", "civil disorder")}
    assert tags["bounce"] > 50 and tags["dislodged"] >= 10 and tags["cut"] >= 5
    assert tags["civil disorder"] >= 1
    assert output.count("Retreat (Standard)") >= 5  # retreat phases played
    assert re.search(r" C A \w+ - \w+", output)  # convoy orders...
    assert len(re.findall(r"^  F \w+ C A \w+ - \w+$", output, re.M)) >= 3  # ...that worked
    assert output.count("\n  Build ") >= 10 and output.count("\n  Remove ") >= 4


def test_export_then_replay_gives_identical_reports(gm, tmp_path, demo_archive, replayed):
    """The demo game as the shared fixture replayed it, exported, replayed again elsewhere."""
    replayed_db = str(replayed.db)
    exported = tmp_path / "exported.txt"
    gm("export", "standard-demo", str(exported), "--db", replayed_db, db=False)
    assert exported.read_text() == demo_archive.read_text()
    copy = tmp_path / "copy.db"
    gm("replay", str(exported), "--db", str(copy), "-q", db=False)
    archive = read_archive(exported.read_text(), str(exported))
    for phase in archive.phases[:-1]:
        here = gm("report", "standard-demo", "--phase", phase.heading, "--db", replayed_db,
                  db=False).output
        there = gm("report", "standard-demo", "--phase", phase.heading, "--db", str(copy),
                   db=False).output
        assert here == there


def test_check_lists_differences_and_stores_nothing(gm, tmp_path, demo_archive):
    text = demo_archive.read_text()
    first_outcome = text.index("Outcome:")
    france = text.index("  France:", first_outcome)
    end = text.index("\n", france)
    altered = text[:france] + "  France: A Pic, A Mar, F Bre; centres Bre, Mar, Par" + \
        text[end:]
    archive = tmp_path / "altered.txt"
    archive.write_text(altered)
    result = gm("replay", str(archive), "--check", "-q", ok=False)
    assert "Spring 1901: France units: the archive has A Pic" in result.output
    assert "1 difference(s) between the archive and the replay; nothing was stored" in \
        result.output
    assert not gm.db.exists()  # a failed replay makes no store either
    gm("new", "other")
    assert gm("replay", str(archive), "--check", "-q", ok=False).exit_code == 1
    assert "standard-demo" not in gm("games").output


def variants():
    from gm.maps import MapError, available_maps, load_map

    usable = []
    for name in available_maps():
        try:
            game_map = load_map(name)
        except MapError:
            continue
        if not game_map.draft:  # a draft map cannot start a game yet
            usable.append(name)
    return usable


@pytest.mark.parametrize("variant", variants())
def test_every_variant_exports_and_replays(gm, tmp_path, variant):
    from gm.maps import load_map

    game_map = load_map(variant)
    gm("new", "v", "--variant", variant)
    power = list(game_map.powers)[-1]
    centre = next(c for c in game_map.centres if c not in
                  {h for p in game_map.powers.values() for h in p.home})
    gm("edit", "v", "own", centre, game_map.powers[power].name, "--reason", "test")
    for _ in range(3):
        gm("adjudicate", "v", "--no-orders")
    archive = tmp_path / f"{variant}.txt"
    gm("export", "v", str(archive))
    assert "no differences" in gm("replay", str(archive), "--check", "--dry-run", "-q").output
