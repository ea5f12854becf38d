"""The store's tables, and the migrations that build them, numbered by `PRAGMA user_version`.

Every table is meant to be read by a person with any SQLite browser: plain column names, text
where text is natural (`A par`, `Spring 1901`), JSON only for variant state. A migration is a
list of SQL statements; a database at version N gets migrations N+1, N+2, ... in one transaction.
Never edit a migration that has shipped: add the next one.
"""

from __future__ import annotations

MIGRATION_1 = [
    # One row per game. `result` is set when the game ends (a solo, or a draw the GM records).
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        variant TEXT NOT NULL,
        notes TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        result_kind TEXT CHECK (result_kind IN ('solo', 'draw')),
        result TEXT,
        ended_phase_id INTEGER REFERENCES phases(id)
    )
    """,
    # Each phase a game reached. `seq` counts phases played (0 = the first). Exactly one phase
    # of a game is 'open' (awaiting orders); undone phases wait for `gm redo`, discarded ones
    # are kept so that nothing typed is ever lost.
    """
    CREATE TABLE phases (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL CHECK (seq >= 0),
        label TEXT NOT NULL,
        year INTEGER NOT NULL,
        season TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('Movement', 'Retreat', 'Adjustment')),
        status TEXT NOT NULL CHECK (status IN ('open', 'adjudicated', 'undone', 'discarded')),
        standoffs TEXT NOT NULL DEFAULT '[]',
        variant_state TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL
    )
    """,
    "CREATE UNIQUE INDEX phases_one_per_seq ON phases(game_id, seq) "
    "WHERE status IN ('open', 'adjudicated', 'undone')",
    "CREATE UNIQUE INDEX phases_one_open ON phases(game_id) WHERE status = 'open'",
    # The position at the start of each phase: pieces, dislodged pieces, centre owners.
    """
    CREATE TABLE pieces (
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        seq INTEGER NOT NULL,
        power TEXT NOT NULL,
        kind TEXT NOT NULL,
        location TEXT NOT NULL,
        strength REAL NOT NULL DEFAULT 1,
        name TEXT,
        PRIMARY KEY (phase_id, seq)
    )
    """,
    """
    CREATE TABLE dislodged_pieces (
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        seq INTEGER NOT NULL,
        power TEXT NOT NULL,
        kind TEXT NOT NULL,
        location TEXT NOT NULL,
        strength REAL NOT NULL DEFAULT 1,
        name TEXT,
        attacker_from TEXT,
        PRIMARY KEY (phase_id, seq)
    )
    """,
    """
    CREATE TABLE centres (
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        province TEXT NOT NULL,
        owner TEXT NOT NULL,
        PRIMARY KEY (phase_id, province)
    )
    """,
    # Everything the GM pasted, exactly as pasted, then each line of it as an order.
    """
    CREATE TABLE letters (
        id INTEGER PRIMARY KEY,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        power TEXT,
        source TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL,
        entered_at TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        letter_id INTEGER NOT NULL REFERENCES letters(id),
        line INTEGER NOT NULL,
        power TEXT,
        text TEXT NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('accepted', 'superseded', 'withdrawn', 'rejected', 'ignored')),
        reason TEXT NOT NULL DEFAULT '',
        parsed TEXT,
        order_json TEXT
    )
    """,
    "CREATE INDEX orders_by_phase ON orders(phase_id)",
    # One row per adjudication: the phase resolved, the phase it led to, and the solo it
    # produced, if any (so that redo can restore it).
    """
    CREATE TABLE adjudications (
        id INTEGER PRIMARY KEY,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        next_phase_id INTEGER NOT NULL UNIQUE REFERENCES phases(id),
        status TEXT NOT NULL CHECK (status IN ('live', 'undone', 'discarded')),
        result TEXT,
        adjudicated_at TEXT NOT NULL
    )
    """,
    "CREATE UNIQUE INDEX adjudications_one_live ON adjudications(phase_id) "
    "WHERE status = 'live'",
    """
    CREATE TABLE results (
        id INTEGER PRIMARY KEY,
        adjudication_id INTEGER NOT NULL REFERENCES adjudications(id),
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        seq INTEGER NOT NULL,
        power TEXT NOT NULL,
        order_id INTEGER REFERENCES orders(id),
        order_text TEXT,
        unit TEXT,
        succeeded INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
        code TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        dislodged_by TEXT
    )
    """,
    "CREATE INDEX results_by_adjudication ON results(adjudication_id)",
    """
    CREATE TABLE events (
        adjudication_id INTEGER NOT NULL REFERENCES adjudications(id),
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (adjudication_id, seq)
    )
    """,
    # GM corrections to the open phase's position, each with its reason, and the position as
    # it was before (JSON), so the position an adjudication produced can always be shown.
    """
    CREATE TABLE edits (
        id INTEGER PRIMARY KEY,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        action TEXT NOT NULL CHECK (action IN ('add', 'remove', 'move', 'own')),
        command TEXT NOT NULL,
        description TEXT NOT NULL,
        reason TEXT NOT NULL,
        position_before TEXT NOT NULL,
        made_at TEXT NOT NULL
    )
    """,
]

MIGRATIONS: list[list[str]] = [MIGRATION_1]
SCHEMA_VERSION = len(MIGRATIONS)
GM_TABLES = ("games", "phases", "pieces", "centres", "orders", "results")
