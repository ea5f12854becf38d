"""Opening the game database: checks, pragmas, migrations, and one transaction per command.

The file is an ordinary SQLite database in WAL mode with foreign keys on. Before gm touches a
file it makes sure the file is a gm database of a version it understands; a missing, locked,
damaged or newer file is refused with a `StoreError` that says what to do.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gm.store.migrations import GM_TABLES, MIGRATIONS, SCHEMA_VERSION
from gm.store.store_errors import (
    DatabaseDamaged,
    DatabaseMissing,
    DatabaseTooNew,
    StoreError,
    explain_sqlite_error,
)

if TYPE_CHECKING:
    import sqlite_utils

DEFAULT_DB = "gm.db"  # a store in the working folder, used when it exists there
STORE_ENV = "GM_DB"
BUSY_TIMEOUT_ENV = "GM_BUSY_TIMEOUT"  # seconds to wait for another writer; default 10
MEMORY = ":memory:"


class Store:
    """An open game database. All writes go through `transaction()`.

    SQL is run on the sqlite3 connection (`execute`, `query`); sqlite-utils' `Database` over
    the same connection (`db`: a table's `insert`, `update`, `upsert`, `get`) is made the
    first time a command asks for it. Loading sqlite-utils takes longer than `gm status`
    takes to read a game, so a command that only runs SQL never loads it."""

    def __init__(self, conn: sqlite3.Connection, path: str):
        self.conn = conn
        self.path = path
        self._db = None

    @property
    def db(self) -> sqlite_utils.Database:
        if self._db is None:
            self._db = _sqlite_utils_database(self.conn)
        return self._db

    def execute(self, sql: str, parameters=()) -> sqlite3.Cursor:
        return self.conn.execute(sql, parameters)

    def query(self, sql: str, parameters=()) -> Iterator[dict]:
        """The rows `sql` selects, each a dict by column name (as sqlite-utils' `query`)."""
        cursor = self.conn.execute(sql, parameters)
        keys = [d[0] for d in cursor.description]
        for row in cursor:
            yield dict(zip(keys, row, strict=True))

    def row(self, table: str, row_id: int) -> dict:
        """The row of `table` with this id (as sqlite-utils' `table.get`)."""
        for found in self.query(f"SELECT * FROM {table} WHERE id = ?", [row_id]):
            return found
        raise LookupError(f"there is no row {row_id} in {table}")

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Store]:
        """One command's transaction. A write transaction takes the write lock at once
        (BEGIN IMMEDIATE), so two gm processes writing one database queue up instead of
        interleaving. Joins an enclosing transaction if there is one."""
        if self.conn.in_transaction:
            yield self
            return
        try:
            self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as exc:
            raise explain_sqlite_error(exc, self.path) from None
        try:
            yield self
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise explain_sqlite_error(exc, self.path) from None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@dataclass(frozen=True, slots=True)
class StoreChoice:
    """The store a command uses, and why: `--db`, `GM_DB`, `gm.db` in the working folder, or
    the user's own store (`why` is the phrase `gm games` and `gm --version` print)."""

    path: str
    why: str

    @property
    def per_user(self) -> bool:
        return self.why == PER_USER


PER_USER = "your own store"


def user_store() -> Path:
    """The store a GM has wherever they run gm: `gm.db` in the user's data folder
    (`XDG_DATA_HOME/gm` where that is set, on any system; else the platform's own, through
    platformdirs: `~/.local/share/gm`, `~/Library/Application Support/gm`, `%LOCALAPPDATA%\\gm`)."""
    base = os.environ.get("XDG_DATA_HOME")
    if base:
        return Path(base) / "gm" / DEFAULT_DB
    import platformdirs

    return Path(platformdirs.user_data_dir("gm", appauthor=False)) / DEFAULT_DB


def choose_store(given: str | None = None, why: str = "--db") -> StoreChoice:
    """Which store a command uses: the one given (`--db`), else `GM_DB`, else `gm.db` in the
    working folder when there is one (a GM who keeps a game folder), else the user's own."""
    if given:
        return StoreChoice(given, why)
    named = os.environ.get(STORE_ENV)
    if named:
        return StoreChoice(named, STORE_ENV)
    if Path(DEFAULT_DB).is_file():
        return StoreChoice(DEFAULT_DB, "gm.db in this folder")
    return StoreChoice(str(user_store()), PER_USER)


def busy_timeout() -> float:
    try:
        return max(0.0, float(os.environ.get(BUSY_TIMEOUT_ENV, "10")))
    except ValueError:
        return 10.0


def open_store(path: str | os.PathLike, create: bool = False) -> Store:
    """Open (and, with `create`, make) the gm database at `path`, migrated to this version."""
    name = str(path)
    if name != MEMORY and not _usable_file(name, create):
        _check_folder(name)
    try:
        conn = sqlite3.connect(name, timeout=busy_timeout(), isolation_level=None)
    except sqlite3.Error as exc:
        raise explain_sqlite_error(exc, name) from None
    store = Store(conn, name)
    try:
        _prepare(store)
    except BaseException:
        conn.close()
        raise
    return store


def _usable_file(name: str, create: bool) -> bool:
    """Whether the database file `name` exists; a folder, a device, or (without `create`) no
    file at all is refused with what to do."""
    file = Path(name)
    if file.is_dir():
        raise StoreError(f"{name} is a folder, not a database file; give --db a file name "
                         "such as games.db.")
    if file.exists() and not file.is_file():  # /dev/null, a pipe: SQLite's "disk I/O"
        raise StoreError(f"{name} is not a file but a device or a pipe, which holds no "
                         "database; give --db a file name such as games.db.")
    if file.exists():
        return True
    if not create:
        raise DatabaseMissing(
            f"there is no game database at {name}. Start a game with "
            "'gm new GAME --variant standard', or point --db (or GM_DB) at your database.")
    return False


def _check_folder(name: str) -> None:
    """The folder a new database `name` goes in exists (the user's own store's is made)."""
    file = Path(name)
    if not file.parent.exists() and file == user_store():
        _make_folder(file.parent)  # the user's own store: its folder is gm's to make
    if not file.parent.exists():
        raise StoreError(f"cannot create {name}: the folder {file.parent} does not exist.")


@contextmanager
def open_or_make(path: str | os.PathLike) -> Iterator[Store]:
    """The store at `path` for one command, made if there is none yet.

    A store made here is written whole in a file of its own beside `path` and put in place
    when the block ends without an error: the schema copied in (`_fresh_schema`) and the
    command's own rows (`gm new`'s game, a replayed game) go to that file without waiting
    for the disk at each step, then the file is written to the disk once and linked in
    under its name (`_put_in_place`). Making a store in place waits for the disk ten times
    (the journal and the file for the switch to WAL, each commit, the checkpoint when it
    closes); this waits twice. A crash at any moment leaves either no store at `path` (the
    command had not said it was done, and can simply be run again; it may leave a file
    beside it whose name ends in `UNFINISHED`) or the whole store with everything the
    command did. A block that fails leaves no store behind. An existing store is opened as
    `open_store` opens it."""
    name = str(path)
    if name == MEMORY or _usable_file(name, create=True):
        with open_store(name) as store:
            yield store
        return
    from gm.store.faults import checkpoint  # its `signal` is for the tests' kills alone

    _check_folder(name)
    unfinished = _unfinished_file(name)
    conn = None
    try:
        try:
            conn = sqlite3.connect(unfinished, timeout=busy_timeout(), isolation_level=None)
            # No other process knows this file until it is put in place: a rollback journal
            # in memory serves a failed transaction, and a crash loses only this file.
            conn.execute("PRAGMA journal_mode = MEMORY")
            conn.execute("PRAGMA synchronous = OFF")
            _fresh_schema().backup(conn)
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            raise explain_sqlite_error(exc, name) from None
        checkpoint("store:schema-copied")
        yield Store(conn, name)
        try:
            conn.execute("PRAGMA journal_mode = WAL")  # as every store is
            conn.close()
        except sqlite3.Error as exc:
            raise explain_sqlite_error(exc, name) from None
        _put_in_place(unfinished, name)
    finally:
        if conn is not None:
            conn.close()
        _remove(unfinished)


UNFINISHED = ".unfinished"  # how the name of a store being made (`open_or_make`) ends


def _unfinished_file(name: str) -> str:
    """A new empty file beside the store `name`, for making it in: `NAME.PID-N.unfinished`,
    a name no other process or call has, with the permissions SQLite gives a file it makes."""
    for number in range(1000):
        path = f"{name}.{os.getpid()}-{number}{UNFINISHED}"
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o644))
        except FileExistsError:
            continue
        except OSError as exc:
            raise _cannot_create(name, exc) from None
        return path
    raise StoreError(f"cannot create {name}: a thousand unfinished copies of it are beside it "
                     f"(names ending in {UNFINISHED}); remove them and try again.")


def _put_in_place(unfinished: str, name: str) -> None:
    """Give the finished store file `unfinished` the name `name`, durably: its bytes are on
    the disk before the name is, and the name is before this returns. A link, not a rename,
    so that a store another process made there meanwhile is never replaced."""
    from gm.store.faults import checkpoint

    try:
        _sync(unfinished)
        checkpoint("store:written")
        try:
            os.link(unfinished, name)
        except FileExistsError:
            raise _made_meanwhile(name) from None
        except OSError:  # a file system without links (FAT, some network shares)
            if os.path.exists(name):
                raise _made_meanwhile(name) from None
            os.replace(unfinished, name)
        checkpoint("store:linked")
        _remove(unfinished)  # its second name: the folder is written to the disk with both
        _sync_folder(os.path.dirname(os.path.abspath(name)))
    except OSError as exc:
        raise _cannot_create(name, exc) from None


def _cannot_create(name: str, exc: OSError) -> StoreError:
    return StoreError(f"cannot create {name} ({exc.strerror or exc}); nothing was written. "
                      "Check that its folder is writable and the disk has room, or use --db "
                      "to choose another database.")


def _made_meanwhile(name: str) -> StoreError:
    return StoreError(f"{name} was made by another gm while this one ran; nothing was written "
                      "to it. Run the command again.")


def _sync(file: str) -> None:
    fd = os.open(file, os.O_RDWR)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: str) -> None:
    """Make a new name in `folder` durable (POSIX; Windows cannot open a folder, and makes
    names durable itself)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(file: str) -> None:
    try:
        os.unlink(file)
    except OSError:
        pass


def _sqlite_utils_database(conn: sqlite3.Connection) -> sqlite_utils.Database:
    import sqlite_utils
    import sqlite_utils.plugins

    # gm uses no sqlite-utils plugins. Looking for them reads every installed package's
    # metadata when the first database is made, a sixth of what sqlite-utils costs.
    sqlite_utils.plugins._plugins_loaded = True
    return sqlite_utils.Database(conn)


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the folder {folder} for your games "
                         f"({exc.strerror or exc}); name a database with --db or GM_DB.") from None


def _prepare(store: Store) -> None:
    conn = store.conn
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as exc:
        raise explain_sqlite_error(exc, store.path) from None
    if version > SCHEMA_VERSION:
        raise DatabaseTooNew(
            f"{store.path} was written by a newer gm (database version {version}; this gm "
            f"knows up to {SCHEMA_VERSION}). Upgrade gm to use it; nothing was changed.")
    if version == 0 and tables:
        raise DatabaseDamaged(
            f"{store.path} is an SQLite database but not a gm one (it has tables "
            f"{', '.join(sorted(tables)[:5])}). Choose another file with --db.")
    if version and not set(GM_TABLES) <= tables:
        missing = ", ".join(sorted(set(GM_TABLES) - tables))
        raise DatabaseDamaged(
            f"{store.path} is missing gm tables ({missing}); it is damaged. Restore it from "
            "a backup, or rebuild a game from its archive with 'gm replay'.")
    try:
        if store.path != MEMORY and \
                conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
    except sqlite3.Error as exc:
        raise explain_sqlite_error(exc, store.path) from None
    if version == 0 and not tables and store.path == MEMORY:
        _fresh_schema().backup(conn)  # the same database the migrations make, copied
    elif version < SCHEMA_VERSION:
        migrate(store)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as exc:
        raise explain_sqlite_error(exc, store.path) from None


_FRESH: dict[tuple, sqlite3.Connection] = {}  # the newest schema's migrations -> their database


def _fresh_schema() -> sqlite3.Connection:
    """An empty database brought up to `SCHEMA_VERSION` by `migrate`, kept for the process
    under the migrations that made it: a new store (each test's in memory, each replay
    checked, each store `open_or_make` makes) is a copy of it, a hundredth of what running
    every migration again costs. It is kept in the cache folder too (`_kept_schema`), so a
    command that makes a store does not run the migrations either."""
    key = (SCHEMA_VERSION, tuple(tuple(step) for step in MIGRATIONS[:SCHEMA_VERSION]),
           sqlite3.sqlite_version)
    if key not in _FRESH:
        conn = _kept_schema(key)
        if conn is None:
            conn = sqlite3.connect(MEMORY, isolation_level=None, check_same_thread=False)
            migrate(Store(conn, MEMORY))
            _keep_schema(key, conn)
        _FRESH.clear()
        _FRESH[key] = conn
    return _FRESH[key]


def _kept_schema_file() -> Path:
    """Where the empty database is kept in the cache folder, with the key it was made for."""
    from gm.disk_cache import cache_folder

    return cache_folder() / f"store-schema-{SCHEMA_VERSION}.pickle"


def _kept_schema(key: tuple) -> sqlite3.Connection | None:
    """The empty database kept under `key` in the cache folder, if one is and it is what it
    says (at `SCHEMA_VERSION`, with gm's tables, whole)."""
    from gm.disk_cache import read_cached

    data = read_cached(_kept_schema_file(), key)
    if not isinstance(data, bytes):
        return None
    conn = sqlite3.connect(MEMORY, isolation_level=None, check_same_thread=False)
    try:
        conn.deserialize(data)
        tables = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION and \
                set(GM_TABLES) <= tables and \
                conn.execute("PRAGMA quick_check").fetchone()[0] == "ok":
            return conn
    except (AttributeError, sqlite3.Error):  # a Python whose sqlite3 cannot deserialize
        pass
    conn.close()
    return None


def _keep_schema(key: tuple, conn: sqlite3.Connection) -> None:
    from gm.disk_cache import write_cached

    try:
        data = conn.serialize()
    except (AttributeError, sqlite3.Error):
        return
    write_cached(_kept_schema_file(), key, data)


def migrate(store: Store) -> None:
    """Bring the database up to `SCHEMA_VERSION`, all steps in one transaction.

    Runs with foreign keys off, as SQLite asks for a migration that rebuilds a table, and
    checks every reference before it commits: a migration that would break one changes
    nothing."""
    store.conn.execute("PRAGMA foreign_keys = OFF")
    with store.transaction():
        version = store.conn.execute("PRAGMA user_version").fetchone()[0]
        for number in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[number - 1]:
                store.conn.execute(statement)
            store.conn.execute(f"PRAGMA user_version = {number}")
        broken = store.conn.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise DatabaseDamaged(
                f"{store.path} could not be brought up to date: {len(broken)} reference(s) "
                f"would break (first: {broken[0]}). Nothing was changed; restore the database "
                "from a backup or rebuild the game from its archive with 'gm replay'.")
