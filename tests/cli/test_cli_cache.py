"""`gm cache` shows what gm keeps in its cache folder and `gm cache --clear` removes it; every
file gm writes there is one it knows as its own (so pruning and clearing reach it), and a
cache folder gm cannot use never fails a command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from gm import cache_contents

LETTER = "A par - bur\nF bre - mao\n"


def run_gm(*args: str, cache: Path, cwd: Path) -> subprocess.CompletedProcess:
    """gm as a GM runs it (the launcher, which keeps code and expressions in the folder)."""
    env = {**os.environ, "GM_CACHE": str(cache)}
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          check=False, env=env, cwd=cwd)


def test_every_file_gm_writes_in_the_cache_is_one_it_knows(tmp_path):
    cache = tmp_path / "cache"
    (tmp_path / "letter.txt").write_text(LETTER)
    for args in (["--help"], ["new", "g", "--db", "g.db"],
                 ["orders", "g", "letter.txt", "-P", "France", "--db", "g.db"],
                 ["status", "g", "--db", "g.db"], ["adjudicate", "g", "--db", "g.db"],
                 ["publish", "g", "site", "--db", "g.db"]):
        done = run_gm(*args, cache=cache, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    kinds = {f.kind.partition(" (")[0] for f in cache_contents.cache_files(cache)}
    assert cache_contents.other_files(cache) == []  # nothing gm wrote is unknown to it
    assert {"compiled maps", "maps' indexes of names", "board layouts",
            "published seasons' pictures", "code compiled as modules load",
            "compiled regular expressions", "the text of gm --help", "the order kinds' words",
            "the order reader's lexicon", "when gm last removed unused files"} <= kinds

    shown = run_gm("cache", cache=cache, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    files = cache_contents.cache_files(cache)
    assert f"Cache folder: {cache}, {len(files)} file(s) of gm's" in shown.stdout
    assert "1 file(s)" in shown.stdout and "compiled maps (gm.maps.loader)" in shown.stdout
    listed = run_gm("cache", "--files", cache=cache, cwd=tmp_path).stdout
    for found in files:
        assert os.path.relpath(found.path, cache) in listed


def test_clear_removes_gms_files_and_leaves_the_rest(gm, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("GM_CACHE", str(cache))
    (cache / "pictures").mkdir(parents=True)
    for name in ("map-standard-0a1b2c3d.pickle", "code-2aadbc74.marshal",
                 "pictures/0badcafe.pickle"):
        (cache / name).write_bytes(b"x" * 1500)
    (cache / "notes.txt").write_text("mine")

    shown = gm("cache", db=False).output
    assert f"Cache folder: {cache}, 3 file(s) of gm's, 4.5 KB." in shown
    assert "1 other file(s) there are not gm's; gm leaves them alone." in shown
    cleared = gm("cache", "--clear", db=False).output
    assert f"Removed 3 file(s), 4.5 KB, from {cache}." in cleared
    assert sorted(p.name for p in cache.rglob("*")) == ["notes.txt", "pictures"]
    assert f"Cache folder: {cache} (none of gm's files there)." in gm("cache", db=False).output


def test_a_cache_folder_gm_cannot_use_fails_no_command(tmp_path):
    not_a_folder = tmp_path / "cache"
    not_a_folder.write_text("a file where the folder should be")
    (tmp_path / "letter.txt").write_text(LETTER)
    for args in (["--help"], ["new", "g", "--db", "g.db"],
                 ["orders", "g", "letter.txt", "-P", "France", "--db", "g.db"],
                 ["status", "g", "--db", "g.db"], ["cache"], ["cache", "--clear"]):
        done = run_gm(*args, cache=not_a_folder, cwd=tmp_path)
        assert done.returncode == 0 and done.stderr == "", (args, done.stderr)
    assert "Removed 0 file(s), 0 B" in done.stdout
    assert not_a_folder.read_text() == "a file where the folder should be"
