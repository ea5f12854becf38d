"""gm's own files in its cache folder (`gm.disk_cache`): which files are gm's, by the names gm
gives them (`GM_FILES`); listing them (`cache_files`) and what else is there (`other_files`);
removing them all (`clear`, for `gm cache --clear`) or those unused since a moment
(`remove_unused`, the folder's daily pruning). A file whose name gm does not give its files is
never listed as gm's nor removed, whatever it is: `GM_CACHE` may name a folder that others use
too. Links and folders are never followed nor removed.

Kept apart from `gm.disk_cache`, which every command loads: only `gm cache` and the pruning,
at most once a day, need it.
"""

from __future__ import annotations

import os
from pathlib import Path

STAMP = "pruned.stamp"  # its time is when gm last removed its unused files (gm.disk_cache)

# gm's own files in the cache folder, by how their names begin and end, with what each holds
# (the module that writes it). Nothing else in the folder is ever listed or removed.
GM_FILES = (
    ("map-", ".pickle", "compiled maps (gm.maps.loader)"),
    ("names-", ".pickle", "maps' indexes of names (gm.orders.names)"),
    ("layout-", ".pickle", "board layouts (gm.draw.layout_cache)"),
    ("kind-words-", ".pickle", "the order kinds' words (gm.orders.kind_registry)"),
    ("order-lexicon", ".pickle", "the order reader's lexicon (gm.orders.quick)"),
    ("help-", ".pickle", "the text of gm --help (gm.launcher)"),
    ("store-schema-", ".pickle", "an empty store, as the migrations make it (gm.store.database)"),
    ("code-", ".marshal", "code compiled as modules load (gm.kept_code)"),
    ("patterns-", ".marshal", "compiled regular expressions (gm.kept_patterns)"),
    ("lark-", ".tables", "the order grammar's parsing tables (gm.orders.lark_tree)"),
    ("methods-", ".marshal", "dataclasses' methods, kept by an earlier gm (gm.kept_methods)"),
    (STAMP, "", "when gm last removed unused files"),
)
PICTURES = "pictures"  # a folder of published seasons' pictures
PICTURES_KIND = "published seasons' pictures (gm.draw.kept_pictures)"


class CacheFile:
    """One of gm's files in the cache folder."""

    __slots__ = ("path", "kind", "size", "used")

    def __init__(self, path: str, kind: str, size: int, used: float) -> None:
        self.path = path
        self.kind = kind  # what it holds, from GM_FILES
        self.size = size  # bytes
        self.used = used  # when last written or used (its time, as `time.time()` counts)


def cache_files(folder: Path) -> list[CacheFile]:
    """gm's own files in the cache folder (`GM_FILES`, and the folder of pictures), including
    those a write left unfinished (`NAME.PID.tmp`); none if it cannot be read."""
    found = []
    for entry, kind in _walk(folder):
        try:
            if kind is not None and entry.is_file(follow_symlinks=False):
                stat = entry.stat(follow_symlinks=False)
                found.append(CacheFile(entry.path, kind, stat.st_size, stat.st_mtime))
        except OSError:
            pass
    return found


def other_files(folder: Path) -> list[str]:
    """What else is in the cache folder, by name (in the folder of pictures, by
    `pictures/NAME`): not gm's, so never listed as gm's nor removed."""
    gm_files = {f.path for f in cache_files(folder)}
    return sorted(os.path.relpath(entry.path, folder) for entry, _ in _walk(folder)
                  if entry.path not in gm_files)


def _walk(folder) -> list[tuple[os.DirEntry, str | None]]:
    """Everything in the cache folder and its folder of pictures, each with what it holds if
    its name is one gm gives its files (None if not)."""
    found: list[tuple[os.DirEntry, str | None]] = []
    for entry in _entries(folder):
        if entry.name == PICTURES and _is_folder(entry):
            found += [(picture, PICTURES_KIND if _picture_name(picture.name) else None)
                      for picture in _entries(entry.path)]
        else:
            found.append((entry, file_kind(entry.name)))
    return found


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def file_kind(name: str) -> str | None:
    """What gm's cache file named `name` holds; None for a name gm does not give its files."""
    for begins, ends, kind in GM_FILES:
        if name.startswith(begins) and (_ends(name, ends) or _unfinished(name)):
            return kind
    return None


def clear(folder: Path) -> tuple[int, int]:
    """Remove gm's files from the cache folder (`cache_files`, the stamp among them; the folder
    itself and anything else in it stay): how many files, and how many bytes, went."""
    count = size = 0
    for found in cache_files(folder):
        try:
            os.unlink(found.path)
        except OSError:
            continue
        count, size = count + 1, size + found.size
    return count, size


def remove_unused(folder: Path, before: float) -> None:
    """Remove gm's files last written or used before the moment `before` (as `time.time()`
    counts); one that cannot be removed stays."""
    for found in cache_files(folder):
        if found.used < before:
            try:
                os.unlink(found.path)
            except OSError:
                pass


def _ends(name: str, ending: str) -> bool:
    return name.endswith(ending) if ending else name == STAMP


def _unfinished(name: str) -> bool:
    """A file a write left half done (`write_cached` writes `NAME.PID.tmp`, `gm.kept_code`
    `NAME.marshal.PID.tmp`), there only if the process died before replacing the real one."""
    pid = name[:-len(".tmp")].rpartition(".")[2] if name.endswith(".tmp") else ""
    return pid.isdigit()


def _picture_name(name: str) -> bool:
    """A kept picture's name: eight hexadecimal digits, `.pickle` (or an unfinished write)."""
    stem = name.partition(".")[0]
    return (len(stem) == 8 and all(c in "0123456789abcdef" for c in stem)
            and (name == f"{stem}.pickle" or _unfinished(name)))


def _entries(folder) -> list[os.DirEntry]:
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:
        return []
