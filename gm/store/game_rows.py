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

LIVE = ("adjudicated", "open")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class GameRow:
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
    store.db["games"].insert({"name": name, "variant": variant, "notes": notes,
                              "created_at": now()})
    found = find_game(store, name)
    assert found is not None
    return found


def find_game(store: Store, name: str) -> GameRow | None:
    rows = list(store.db.query("SELECT * FROM games WHERE name = ? COLLATE NOCASE", [name]))
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
    return [_game(r) for r in store.db.query("SELECT * FROM games ORDER BY name")]


def set_result(store: Store, game: GameRow, kind: str | None, text: str | None,
               phase_id: int | None) -> None:
    store.db["games"].update(game.id, {"result_kind": kind, "result": text,
                                       "ended_phase_id": phase_id})


def add_phase(store: Store, game: GameRow, seq: int, phase: Phase, label: str) -> PhaseRow:
    table = store.db["phases"]
    table.insert({"game_id": game.id, "seq": seq, "label": label, "year": phase.year,
                  "season": phase.season, "kind": phase.kind, "status": "open",
                  "created_at": now()})
    return get_phase(store, table.last_pk)


def get_phase(store: Store, phase_id: int) -> PhaseRow:
    return _phase(store.db["phases"].get(phase_id))


def set_phase_status(store: Store, phase_id: int, status: str) -> None:
    store.db["phases"].update(phase_id, {"status": status})


def open_phase(store: Store, game: GameRow) -> PhaseRow:
    rows = list(store.db.query(
        "SELECT * FROM phases WHERE game_id = ? AND status = 'open'", [game.id]))
    if not rows:
        raise GameNotFound(f"game {game.name!r} has no open phase; the database is damaged. "
                           "Rebuild the game from its archive with 'gm replay'.")
    return _phase(rows[0])


def live_phases(store: Store, game: GameRow) -> list[PhaseRow]:
    """The game's history as played: adjudicated phases, then the open one."""
    return [_phase(r) for r in store.db.query(
        "SELECT * FROM phases WHERE game_id = ? AND status IN ('adjudicated', 'open') "
        "ORDER BY seq", [game.id])]


def live_phases_before(store: Store, phase: PhaseRow) -> list[PhaseRow]:
    """The live phases of a phase's game that came before it, latest first."""
    return [_phase(r) for r in store.db.query(
        "SELECT * FROM phases WHERE game_id = ? AND status IN ('adjudicated', 'open') "
        "AND seq < ? ORDER BY seq DESC", [phase.game_id, phase.seq])]


def phases_with_status(store: Store, game: GameRow, status: str) -> list[PhaseRow]:
    return [_phase(r) for r in store.db.query(
        "SELECT * FROM phases WHERE game_id = ? AND status = ? ORDER BY seq",
        [game.id, status])]


def report_lines(store: Store, game_id: int) -> str:
    """Which unadjudicated letter lines the game's public reports print (store migration 10):
    'refused' (the default), 'all' or 'none'."""
    row = store.db.execute("SELECT report_lines FROM games WHERE id = ?", [game_id]).fetchone()
    return row[0] if row and row[0] else "refused"


def set_report_lines(store: Store, game_id: int, lines: str) -> None:
    store.db["games"].update(game_id, {"report_lines": lines})
