"""The cache folder stays bounded (gm.disk_cache, gm.cache_contents): a file gm reads and
uses is marked used, and when gm writes a file there, at most once a day, its own files unused
for 30 days are removed; files that are not gm's are never touched, and a folder gm cannot
write fails nothing; a value is read back only under its own key, and without importing
`pickle`'s Python half."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm import cache_contents
from gm.cache_contents import STAMP, cache_files
from gm.disk_cache import DAY, read_cached, write_cached
from gm.kept_code import _FORM, CodeKeeper

# Names gm gives its files, one of each kind (and writes it left unfinished).
GM_NAMES = ("map-standard-0a1b2c3d.pickle", "names-standard-9b6f424c.pickle",
            "layout-standard.pickle", "kind-words-1d58f7f9.pickle", "order-lexicon.pickle",
            "help-136dd8e8.pickle", "code-2aadbc74.marshal", "patterns-2aadbc74.marshal",
            "methods-17ac2969.marshal", "lark-0f3e5a7c9b1d2e4f.tables",
            "store-schema-13.pickle", "map-standard-0a1b2c3d.4242.tmp",
            "code-2aadbc74.marshal.4242.tmp")
# What someone else keeps in the same folder (GM_CACHE may name any folder).
FOREIGN_NAMES = ("notes.txt", "map-notes.txt", "code-review.md", "mapping.pickle",
                 "layout.pickle", "help.txt.tmp", "pictures.pickle")


@pytest.fixture()
def folder(tmp_path, monkeypatch) -> Path:
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("GM_CACHE", str(cache))
    return cache


def age(path: Path, days: float) -> None:
    """Give `path` the time it would have had `days` ago."""
    then = time.time() - days * DAY
    os.utime(path, (then, then))


def days_old(path: Path) -> float:
    return (time.time() - path.stat().st_mtime) / DAY


def fill(folder: Path, names, days: float) -> list[Path]:
    made = []
    for name in names:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 10)
        age(path, days)
        made.append(path)
    return made


def test_gm_files_unused_for_30_days_go_when_gm_writes_one(folder):
    stale = fill(folder, [*GM_NAMES, "pictures/0badcafe.pickle"], days=31)
    used = fill(folder, ["map-lord-of-hosts-11112222.pickle", "pictures/00c0ffee.pickle"],
                days=29)
    write_cached(folder / "map-new-33334444.pickle", "key", "value")
    assert [p.name for p in stale if p.exists()] == []
    assert all(p.exists() for p in used)
    assert read_cached(folder / "map-new-33334444.pickle", "key") == "value"
    assert (folder / STAMP).exists()


def test_files_that_are_not_gms_are_never_touched(folder, tmp_path):
    foreign = fill(folder, FOREIGN_NAMES, days=400)
    foreign += fill(folder, ["pictures/notes.txt", "pictures/0badcafe.txt",
                             "other/map-x-00000000.pickle"], days=400)
    outside = fill(tmp_path, ["map-elsewhere-00000000.pickle"], days=400)[0]
    (folder / "map-link-00000000.pickle").symlink_to(outside)  # a link is never followed
    (folder / "map-folder-00000000.pickle").mkdir()  # nor a folder with a gm-like name
    times = {p: p.stat().st_mtime for p in foreign}

    write_cached(folder / "map-new-33334444.pickle", "key", "value")
    assert {p: p.stat().st_mtime for p in foreign} == times
    assert outside.exists() and (folder / "map-link-00000000.pickle").is_symlink()
    assert (folder / "map-folder-00000000.pickle").is_dir()
    written = (folder / "map-new-33334444.pickle").stat().st_size
    assert cache_contents.clear(folder) == (2, written)  # the file written and the stamp
    assert all(p.exists() for p in foreign) and outside.exists()
    assert sorted(cache_contents.other_files(folder)) == sorted(
        [*FOREIGN_NAMES, "map-folder-00000000.pickle", "map-link-00000000.pickle", "other",
         "pictures/notes.txt", "pictures/0badcafe.txt"])


def test_clear_removes_gms_files_only_and_counts_them(folder):
    gm_files = fill(folder, [*GM_NAMES, "pictures/0badcafe.pickle", STAMP], days=0)
    foreign = fill(folder, FOREIGN_NAMES, days=0)
    assert {f.path for f in cache_files(folder)} == {str(p) for p in gm_files}
    assert cache_contents.clear(folder) == (len(gm_files), 10 * len(gm_files))
    assert not any(p.exists() for p in gm_files)
    assert all(p.exists() for p in foreign) and (folder / "pictures").is_dir()
    assert cache_files(folder) == []


def test_a_file_read_and_used_is_marked_used_and_kept(folder):
    path = folder / "map-standard-0a1b2c3d.pickle"
    write_cached(path, "key", "value")
    age(path, 40)
    assert read_cached(path, "other key") is None  # not used: a value made for another key
    assert days_old(path) > 39
    assert read_cached(path, "key") == "value"
    assert days_old(path) < 0.01
    (folder / STAMP).unlink()  # prune on the next write
    write_cached(folder / "map-new-33334444.pickle", "key", "value")
    assert path.exists()


def test_a_recently_used_file_is_left_as_it_is(folder):
    """Marking costs one fstat: a file used in the last day is not written to at all."""
    path = folder / "map-standard-0a1b2c3d.pickle"
    write_cached(path, "key", "value")
    age(path, 0.5)
    before = path.stat().st_mtime_ns
    assert read_cached(path, "key") == "value"
    assert path.stat().st_mtime_ns == before


def test_the_kept_code_file_read_is_marked_used_and_its_writing_prunes(folder):
    path = folder / "code-0a1b2c3d.marshal"
    keeper = CodeKeeper(str(path), (_FORM, sys.version))
    keeper.code("x = 1", "exec")
    keeper.save()
    age(path, 40)
    (stale,) = fill(folder, ["patterns-99998888.marshal"], days=31)
    again = CodeKeeper(str(path), (_FORM, sys.version))
    assert again.kept  # read under its key ...
    assert days_old(path) < 0.01  # ... so marked used
    (folder / STAMP).unlink()
    again.code("y = 2", "exec")
    again.save()
    assert path.exists() and not stale.exists()


def test_pruning_happens_at_most_once_a_day(folder):
    write_cached(folder / "map-a-00000001.pickle", "key", "value")  # prunes: no stamp yet
    (stale,) = fill(folder, ["map-old-00000002.pickle"], days=31)
    write_cached(folder / "map-b-00000003.pickle", "key", "value")
    assert stale.exists()  # pruned less than a day ago: not looked at
    age(folder / STAMP, 0.9)
    write_cached(folder / "map-c-00000004.pickle", "key", "value")
    assert stale.exists()
    age(folder / STAMP, 1.1)
    write_cached(folder / "map-d-00000005.pickle", "key", "value")
    assert not stale.exists()
    assert days_old(folder / STAMP) < 0.01  # and the day starts again


def test_a_stamp_from_a_clock_set_back_does_not_stop_pruning(folder):
    (stale,) = fill(folder, ["map-old-00000002.pickle"], days=31)
    (folder / STAMP).touch()
    age(folder / STAMP, -3)  # three days ahead of the clock
    write_cached(folder / "map-a-00000001.pickle", "key", "value")
    assert not stale.exists()


def test_a_folder_gm_cannot_write_fails_nothing(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "cache"
    not_a_folder.write_text("a file where the folder should be")
    monkeypatch.setenv("GM_CACHE", str(not_a_folder))
    write_cached(not_a_folder / "map-a-00000001.pickle", "key", "value")
    assert read_cached(not_a_folder / "map-a-00000001.pickle", "key") is None
    assert cache_files(not_a_folder) == [] and cache_contents.clear(not_a_folder) == (0, 0)
    assert not_a_folder.read_text() == "a file where the folder should be"


def test_files_gm_may_not_change_fail_nothing(folder, monkeypatch):
    """A shared or read-only cache: the stamp cannot be written, a file's time cannot be
    set, a stale file cannot be removed. Every read and write still behaves."""
    path = folder / "map-standard-0a1b2c3d.pickle"
    write_cached(path, "key", "value")
    age(path, 40)
    (stale,) = fill(folder, ["map-old-00000002.pickle"], days=31)
    (folder / STAMP).unlink()

    def refused(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(os, "utime", refused)
    assert read_cached(path, "key") == "value"
    write_cached(folder / "map-b-00000003.pickle", "key", "value")
    assert stale.exists()  # no stamp could be written: nothing removed
    monkeypatch.undo()
    monkeypatch.setenv("GM_CACHE", str(folder))
    (folder / STAMP).unlink(missing_ok=True)
    monkeypatch.setattr(os, "unlink", refused)
    write_cached(folder / "map-c-00000004.pickle", "key", "value")
    assert stale.exists() and read_cached(folder / "map-c-00000004.pickle", "key") == "value"
    assert cache_contents.clear(folder) == (0, 0)


def test_pruning_is_not_looked_for_when_nothing_is_written(folder):
    """A command that only reads the cache (a warm `gm status`) never scans the folder."""
    path = folder / "map-standard-0a1b2c3d.pickle"
    write_cached(path, "key", "value")
    (stale,) = fill(folder, ["map-old-00000002.pickle"], days=31)
    (folder / STAMP).unlink()
    for _ in range(3):
        assert read_cached(path, "key") == "value"
    assert stale.exists() and not (folder / STAMP).exists()


def test_the_grammars_parsing_tables_are_kept_in_the_cache_folder_only(folder, tmp_path,
                                                                       monkeypatch):
    """Lark keeps the tables where gm says (its own default is the system's temporary folder,
    where nothing ever removes them); they are gm's files, used and kept like the others."""
    import tempfile

    from gm.orders import lark_tree

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    lark_tree._parser.cache_clear()
    try:
        assert lark_tree.read_syntax("A Par - Bur").form == "move"
        (tables,) = cache_files(folder)
        assert Path(tables.path).name.startswith("lark-") and tables.kind.startswith(
            "the order grammar's parsing tables")
        assert list(temporary.iterdir()) == []
        age(Path(tables.path), 20)
        lark_tree._parser.cache_clear()  # read from the kept tables, and marked used
        assert lark_tree.read_syntax("F Bre - Mid").form == "move"
        assert days_old(Path(tables.path)) < 1
        monkeypatch.setenv("GM_CACHE", str(tmp_path / "a-file"))
        (tmp_path / "a-file").write_text("not a folder")
        lark_tree._parser.cache_clear()  # a cache folder gm cannot make: built each time
        assert lark_tree.read_syntax("A Mun - Ruh").form == "move"
        assert list(temporary.iterdir()) == []
    finally:
        lark_tree._parser.cache_clear()


def test_a_kept_value_is_read_back_in_a_new_process_without_pickle_s_python_half(tmp_path):
    kept = tmp_path / "value.pickle"
    write_cached(kept, ("key", 1), {"a": (1, 2), "b": frozenset({"x"})})
    code = ("import sys\nfrom pathlib import Path\nfrom gm.disk_cache import read_cached\n"
            "print(read_cached(Path(sys.argv[1]), ('key', 1)), 'pickle' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code, str(kept)], capture_output=True,
                          text=True, check=True)
    assert proc.stdout == "{'a': (1, 2), 'b': frozenset({'x'})} False\n"


def test_a_value_kept_under_another_key_or_damaged_is_not_read(tmp_path):
    kept = tmp_path / "value.pickle"
    write_cached(kept, ("key", 1), [1, 2])
    assert read_cached(kept, ("key", 1)) == [1, 2]
    assert read_cached(kept, ("key", 2)) is None
    kept.write_bytes(kept.read_bytes()[:-3])
    assert read_cached(kept, ("key", 1)) is None
    kept.write_bytes(b"not a pickle")
    assert read_cached(kept, ("key", 1)) is None
    assert read_cached(tmp_path / "missing.pickle", ("key", 1)) is None
