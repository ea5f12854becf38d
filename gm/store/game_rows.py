"""Games and their phases: creating, finding and listing them, and moving a phase's status.

A game's live history is its phases with status 'adjudicated' in `seq` order, then the one
'open' phase that awaits orders. `gm undo` marks phases 'undone' (kept for `gm redo`); a later
change marks them 'discarded' (kept, so that nothing typed is lost, but never shown again).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from gm.calendar import Phase
from gm.store.database import Store
from gm.store.store_errors import GameExists, GameNotFound

JOINT_VICTORY = "Joint victory: "  # how the store and reports word a victory of several powers


def joint_victory(names: list[str]) -> str:
    """`Joint victory: Egypt, Syria`; an archive writes it `Winner: Egypt, Syria`. (Here, not
    with the archive's models, so that ending a game does not load pydantic.)"""
    return JOINT_VICTORY + ", ".join(names)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game as stored."""

    id: int
    name: str
    variant: str
    notes: str
    created_at: str
    result_kind: str | None
    result: str | None
    ended_phase_id: int | None

    @property
    def ended(self) -> bool:
        return self.result_kind is not None


@dataclass(frozen=True, slots=True)
class PhaseRow:
    """A phase of a game as stored."""

    id: int
    game_id: int
    seq: int
    label: str
    year: int
    season: str
    kind: str
    status: str

    @property
    def phase(self) -> Phase:
        return Phase(self.year, self.season, self.kind)


def _game(row: dict) -> GameRow:
    return GameRow(**{k: row[k] for k in GameRow.__slots__})


def _phase(row: dict) -> PhaseRow:
    return PhaseRow(**{k: row[k] for k in PhaseRow.__slots__})


def create_game(store: Store, name: str, variant: str, notes: str = "") -> GameRow:
    if find_game(store, name) is not None:
        raise GameExists(f"there is already a game called {name!r} in {store.path}; choose "
                         "another name, or look at it with 'gm show'.")
    store.execute("INSERT INTO games (name, variant, notes, created_at) VALUES (?, ?, ?, ?)",
                  [name, variant, notes, now()])
    found = find_game(store, name)
    assert found is not None
    return found


def find_game(store: Store, name: str) -> GameRow | None:
    rows = list(store.query("SELECT * FROM games WHERE name = ? COLLATE NOCASE", [name]))
    return _game(rows[0]) if rows else None


def get_game(store: Store, name: str) -> GameRow:
    game = find_game(store, name)
    if game is None:
        known = [g.name for g in list_games(store)]
        hint = f" Games in {store.path}: {', '.join(known)}." if known else \
            f" {store.path} has no games yet; start one with 'gm new'."
        raise GameNotFound(f"no game called {name!r}.{hint}")
    return game


def list_games(store: Store) -> list[GameRow]:
    return [_game(r) for r in store.query("SELECT * FROM games ORDER BY name")]


def set_result(store: Store, game: GameRow, kind: str | None, text: str | None,
               phase_id: int | None) -> None:
    store.db["games"].update(game.id, {"result_kind": kind, "result": text,
                                       "ended_phase_id": phase_id})


def add_phase(store: Store, game: GameRow, seq: int, phase: Phase, label: str) -> PhaseRow:
    added = store.execute(
        "INSERT INTO phases (game_id, seq, label, year, season, kind, status, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, 'open', ?)",
        [game.id, seq, label, phase.year, phase.season, phase.kind, now()])
    return get_phase(store, added.lastrowid)


def get_phase(store: Store, phase_id: int) -> PhaseRow:
    return _phase(store.row("phases", phase_id))


def set_phase_status(store: Store, phase_id: int, status: str) -> None:
    store.db["phases"].update(phase_id, {"status": status})


def open_phase(store: Store, game: GameRow) -> PhaseRow:
    rows = list(store.query(
        "SELECT * FROM phases WHERE game_id = ? AND status = 'open'", [game.id]))
    if not rows:
        raise GameNotFound(f"game {game.name!r} has no open phase; the database is damaged. "
                           "Rebuild the game from its archive with 'gm replay'.")
    return _phase(rows[0])


def live_phases(store: Store, game: GameRow) -> list[PhaseRow]:
    """The game's history as played: adjudicated phases, then the open one."""
    return [_phase(r) for r in store.query(
        "SELECT * FROM phases WHERE game_id = ? AND status IN ('adjudicated', 'open') "
        "ORDER BY seq", [game.id])]


def live_phases_before(store: Store, phase: PhaseRow) -> list[PhaseRow]:
    """The live phases of a phase's game that came before it, latest first."""
    return [_phase(r) for r in store.query(
        "SELECT * FROM phases WHERE game_id = ? AND status IN ('adjudicated', 'open') "
        "AND seq < ? ORDER BY seq DESC", [phase.game_id, phase.seq])]


def phases_with_status(store: Store, game: GameRow, status: str) -> list[PhaseRow]:
    return [_phase(r) for r in store.query(
        "SELECT * FROM phases WHERE game_id = ? AND status = ? ORDER BY seq",
        [game.id, status])]


def report_lines(store: Store, game_id: int) -> str:
    """Which unadjudicated letter lines the game's public reports print (store migration 11):
    'refused' (the default), 'all' or 'none'."""
    row = store.execute("SELECT report_lines FROM games WHERE id = ?", [game_id]).fetchone()
    return row[0] if row and row[0] else "refused"


def set_report_lines(store: Store, game_id: int, lines: str) -> None:
    store.db["games"].update(game_id, {"report_lines": lines})


def rename_game(store: Store, game: GameRow, new_name: str) -> GameRow:
    """Give a game another name; every other row refers to it by its id, so nothing else
    changes. Two names that differ only in case are one name to the store."""
    other = find_game(store, new_name)
    if other is not None and other.id != game.id:
        raise GameExists(f"there is already a game called {other.name!r} in {store.path}; "
                         "choose another name, or delete that game first ('gm delete').")
    store.db["games"].update(game.id, {"name": new_name})
    found = find_game(store, new_name)
    assert found is not None
    return found


def delete_game(store: Store, game: GameRow) -> dict[str, int]:
    """Delete a game and every row that belongs to it, however deep (its phases, their
    pieces, letters, orders, adjudications, results, events, edits; its players, deadlines,
    press and mail); returns how many rows went from each table.

    What belongs to the game is found from the schema's own foreign keys, so a table a later
    migration adds is deleted with the rest without a change here; the checks of those keys
    wait for the end of the transaction (a game refers to its last phase, which refers back)."""
    doomed: dict[str, set[int]] = {"games": {game.id}}
    references = _references(store)
    grown = True
    while grown:  # rows that refer to a row being deleted go too, until none is left
        grown = False
        for table, links in references.items():
            for column, parent in links:
                ids = doomed.get(parent)
                if not ids:
                    continue
                marks = ",".join("?" * len(ids))
                found = {r[0] for r in store.conn.execute(
                    f'SELECT rowid FROM "{table}" WHERE "{column}" IN ({marks})', list(ids))}
                new = found - doomed.get(table, set())
                if new:
                    doomed.setdefault(table, set()).update(new)
                    grown = True
    store.conn.execute("PRAGMA defer_foreign_keys = ON")
    for table, ids in doomed.items():
        for chunk in _chunks(sorted(ids)):
            store.conn.execute(f'DELETE FROM "{table}" WHERE rowid IN '
                               f'({",".join("?" * len(chunk))})', chunk)
    return {table: len(ids) for table, ids in doomed.items()}


def _references(store: Store) -> dict[str, list[tuple[str, str]]]:
    """Each table's foreign keys as (column, the table it refers to)."""
    tables = [r[0] for r in store.conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {table: [(row[3], row[2]) for row in
                    store.conn.execute(f'PRAGMA foreign_key_list("{table}")')
                    if row[4] in (None, "id")]  # a reference to the row's id (its rowid)
            for table in tables}


def _chunks(ids: list[int], size: int = 500) -> list[list[int]]:
    return [ids[i:i + size] for i in range(0, len(ids), size)]
