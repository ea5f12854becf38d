"""What gm keeps on disk between runs, each value beside the key it was made for.

A compiled map (`gm.maps.loader`), a map's index of names (`gm.orders.names`), the order
kinds' words (`gm.orders.kind_registry`), a board's layout (`gm.draw.layout_cache`), a
published season's picture (`gm.draw.kept_pictures`), the text of `gm --help`
(`gm.launcher`) and the empty store new stores are copied from (`gm.store.database`) are kept in the cache folder (`GM_CACHE`, else the user's cache folder). Each
is stored with a key naming everything it was made from, and read back only when the key is
the same: a value whose key differs is made again and replaces the file, so
what is read is never stale. A cache folder that cannot be read or written only means the
value is made each time. (The command line keeps compiled code and regular expressions in the
same folder, in files of its own: `gm.kept_code`, `gm.kept_patterns`; and Lark keeps the
order grammar's parsing tables there, checking them itself: `gm.orders.lark_tree`.)

The folder stays bounded, as a mature tool's cache does, without costing a command anything it
would notice. A file gm reads and uses is marked used (`mark_used`: its time is brought to now
when it is more than a day old, one `fstat` of a file already open); and when gm writes a file
there, at most once a day (a stamp file, `pruned.stamp`), it removes its own files no run has
used for 30 days (`prune_now_and_then`): maps compiled from a file since moved or deleted,
the kept code of a gm or Python no longer installed. Only files gm names
(`gm.cache_contents`) are ever removed; anything else in the folder is someone else's and left
alone, and a folder that cannot be read or written only means nothing is removed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def cache_folder() -> Path:
    """Where gm keeps what it computes between runs (`GM_CACHE`, else the user's cache
    folder)."""
    return Path(os.environ.get("GM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "gm"))


def read_cached(cache: Path, key: object) -> object | None:
    """What `write_cached` kept in `cache` under `key`; None if it kept nothing, something
    else, or the file cannot be read."""
    try:  # `pickle`'s reader is in C (`_pickle`); importing `pickle` also makes its Python
        # pickler and unpickler, which cost a short command a seventieth of its run
        from _pickle import PickleError, load
    except ImportError:  # a Python built without it
        from pickle import PickleError, load

    try:
        fh = open(cache, "rb")
    except OSError:
        return None
    with fh:
        try:
            stored_key, value = load(fh)
        except (OSError, PickleError, EOFError, AttributeError, ValueError, TypeError,
                ImportError, IndexError):
            return None
        if stored_key != key:
            return None
        mark_used(fh)
    return value


def write_cached(cache: Path, key: object, value: object) -> None:
    """Keep `value` in `cache` under `key`, replacing the file whole (a reader never sees half
    of it); a cache folder that cannot be written only means nothing is kept."""
    import pickle

    tmp = cache.with_suffix(f".{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            pickle.dump((key, value), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cache)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        return
    prune_now_and_then()


DAY = 24 * 3600  # seconds
UNUSED_FOR = 30 * DAY  # a file of gm's no run has used for this long is removed


def mark_used(fh) -> None:
    """Note that the cache file open in `fh` was just used, so that pruning keeps it: its time
    is brought to now when it is more than a day old (one `fstat` of the open file; a file gm
    may not touch stays as it is)."""
    try:
        fd = fh.fileno()
        if time.time() - os.fstat(fd).st_mtime > DAY:
            os.utime(fd if os.utime in os.supports_fd else fh.name)
    except (OSError, ValueError):
        pass


def mark_file_used(path: Path) -> None:
    """`mark_used` for a cache file another library reads itself (Lark's parsing tables)."""
    try:
        if time.time() - os.stat(path).st_mtime > DAY:
            os.utime(path)
    except OSError:
        pass


def prune_now_and_then() -> None:
    """Remove gm's files unused for `UNUSED_FOR` from the cache folder, if it was not done in
    the last day (the stamp file's time); called when gm writes a file there. Nothing here
    fails a command: a folder that cannot be read or written is left as it is."""
    from gm.cache_contents import STAMP, remove_unused

    folder = cache_folder()
    stamp = folder / STAMP
    now = time.time()
    try:
        if abs(now - stamp.stat().st_mtime) < DAY:  # a clock set back must not stop pruning
            return
    except OSError:
        pass  # never pruned here
    try:
        stamp.touch()
        os.utime(stamp)  # touch says nothing when it cannot set an old stamp's time
    except OSError:
        return  # a folder gm cannot write: it cannot remove anything either
    remove_unused(folder, now - UNUSED_FOR)
