"""What can go wrong with the store, in words a GM can act on.

Every SQLite failure is turned into a `StoreError` whose message names the database file and
says what to do; the command line prints it as one line, never a traceback.
"""

from __future__ import annotations

import os
import sqlite3


class StoreError(Exception):
    """A problem with the database or a game in it; `str()` is the message for the GM."""


class DatabaseMissing(StoreError):
    pass


class DatabaseLocked(StoreError):
    pass


class DatabaseDamaged(StoreError):
    pass


class DatabaseTooNew(StoreError):
    pass


class GameNotFound(StoreError):
    pass


class GameExists(StoreError):
    pass


def explain_sqlite_error(exc: sqlite3.Error, path: str) -> StoreError:
    """Turn a raw SQLite error about the database at `path` into a message with a remedy."""
    text = str(exc)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return DatabaseLocked(
            f"{path} is busy: another gm (or another program) is writing to it. "
            "Nothing was changed; try again in a moment.")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return DatabaseDamaged(
            f"{path} is not a gm database or is damaged ({text}). Nothing was changed. "
            "Restore it from a backup, or rebuild a game from its archive with 'gm replay'.")
    if ("readonly" in low or "read-only" in low) and _folder_is_read_only(path):
        folder = os.path.dirname(os.path.abspath(path))
        return StoreError(f"the folder {folder} is read-only: SQLite must write its journal "
                          f"beside {path}, so gm cannot save to it. Make the folder writable, "
                          "or move the database to a writable folder (--db).")
    if "readonly" in low or "read-only" in low:
        return StoreError(f"{path} is read-only; gm cannot save to it. Check the file's "
                          "permissions, or use --db to choose another database.")
    if "unable to open" in low:
        return StoreError(f"cannot open the database {path} ({text}). Check that its folder "
                          "exists and is writable, or use --db to choose another database.")
    if "disk i/o" in low or "full" in low:
        return StoreError(f"the disk failed while gm was using {path} ({text}). Nothing was "
                          "changed; free some space or check the disk, then try again.")
    return StoreError(f"database error in {path}: {text}. Nothing was changed.")


def _folder_is_read_only(path: str) -> bool:
    """A writable database file in a folder gm cannot write to (SQLite needs both)."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and not os.access(folder, os.W_OK)


class ArchiveError(ValueError):
    """An archive that cannot be read; the message names the file and line.

    Kept here, outside the archive package, so that commands can catch it without loading the
    archive model (and pydantic) on every run."""
