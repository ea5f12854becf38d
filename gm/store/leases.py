"""One worker at a time on a game: a lease held in the database while a judge run or a sending
is at work on it, so that two runs started by cron at once never both send a game's mail.

A lease is taken under the write lock and names its holder's host and process. Another process
finds it busy until the holder gives it back, its process is gone (on this host), or its time
runs out (a holder on another host that died). Within one process a lease is re-entrant: the
judge holds it for a game's pass, and the sending it calls holds it again.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from gm.store.database import Store
from gm.store.game_rows import now

LEASE_SECONDS = 3600.0  # a holder on another host is given up after this long
_HELD: dict[tuple[str, int], tuple[str, int]] = {}  # (database, game id) -> (holder, depth)


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a game's lease, for the message saying it is busy."""

    host: str
    pid: int
    taken_at: str


class LeaseBusy(Exception):
    """Another process is at work on the game."""

    def __init__(self, holder: Holder):
        super().__init__(f"process {holder.pid} on {holder.host} has been at work on it "
                         f"since {holder.taken_at}")
        self.holder = holder


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _free(row, host: str) -> bool:
    holder_host, pid, expires = row
    if expires < time.time():
        return True
    return holder_host == host and not _alive(pid)


@contextmanager
def game_lease(store: Store, game_id: int) -> Iterator[None]:
    """Hold the game's lease for the block; raises `LeaseBusy` if another process holds it."""
    key = (store.path, game_id)
    if key in _HELD:
        holder, depth = _HELD[key]
        _HELD[key] = (holder, depth + 1)
        try:
            yield
        finally:
            _HELD[key] = (holder, _HELD[key][1] - 1)
            if not _HELD[key][1]:
                del _HELD[key]
        return
    holder, host = uuid.uuid4().hex, socket.gethostname()
    with store.transaction():
        row = store.conn.execute("SELECT host, pid, expires FROM leases WHERE game_id = ?",
                                 [game_id]).fetchone()
        if row is not None and not _free(row, host):
            taken = store.conn.execute("SELECT taken_at FROM leases WHERE game_id = ?",
                                       [game_id]).fetchone()[0]
            raise LeaseBusy(Holder(row[0], row[1], taken))
        store.conn.execute(
            "INSERT INTO leases (game_id, holder, host, pid, taken_at, expires) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET holder = "
            "excluded.holder, host = excluded.host, pid = excluded.pid, taken_at = "
            "excluded.taken_at, expires = excluded.expires",
            [game_id, holder, host, os.getpid(), now(), time.time() + LEASE_SECONDS])
    _HELD[key] = (holder, 1)
    try:
        yield
    finally:
        _HELD.pop(key, None)
        with store.transaction():
            store.conn.execute("DELETE FROM leases WHERE game_id = ? AND holder = ?",
                               [game_id, holder])
