"""What gm keeps on disk between runs, each value beside the key it was made for.

A compiled map (`gm.maps.loader`), a map's index of names (`gm.orders.names`), the order
kinds' words (`gm.orders.kind_registry`), a board's layout (`gm.draw.layout_cache`), a
published season's picture (`gm.draw.kept_pictures`) and the text of `gm --help`
(`gm.launcher`) are kept in the cache folder (`GM_CACHE`, else the user's cache folder). Each is stored with a key naming everything it was made from, and read back only
when the key is the same: a value whose key differs is made again and replaces the file, so
what is read is never stale. A cache folder that cannot be read or written only means the
value is made each time. (The command line keeps compiled code and regular expressions in the
same folder, in files of its own: `gm.kept_code`, `gm.kept_patterns`.)
"""

from __future__ import annotations

import os
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
        with open(cache, "rb") as fh:
            stored_key, value = load(fh)
    except (OSError, PickleError, EOFError, AttributeError, ValueError, TypeError,
            ImportError, IndexError):
        return None
    return value if stored_key == key else None


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
