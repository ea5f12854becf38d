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

# The zine around the results: who plays each power, when orders are due, press and GM notes.
# Phases are named here by their label (`Autumn 1901`), not by row: a player, a deadline or a
# letter of press belongs to the season, whichever adjudication of it (after an undo) is live.
MIGRATION_2 = [
    # May players send grey (anonymous) press?
    "ALTER TABLE games ADD COLUMN grey_press INTEGER NOT NULL DEFAULT 0 "
    "CHECK (grey_press IN (0, 1))",
    # Who plays a power from a phase on; the row with the latest `from_phase` at or before a
    # phase is its player then, so a replacement never rewrites who played earlier seasons.
    # `name` '' means nobody (the power is vacant); `contact` is for the GM only.
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        power TEXT NOT NULL,
        from_phase TEXT NOT NULL,
        name TEXT NOT NULL,
        contact TEXT NOT NULL DEFAULT '',
        standby INTEGER NOT NULL DEFAULT 0 CHECK (standby IN (0, 1)),
        entered_at TEXT NOT NULL
    )
    """,
    "CREATE UNIQUE INDEX players_one_per_start ON players(game_id, power, from_phase)",
    # When the orders for a phase are due, as an ISO date.
    """
    CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games(id),
        phase TEXT NOT NULL,
        due TEXT NOT NULL,
        set_at TEXT NOT NULL,
        PRIMARY KEY (game_id, phase)
    )
    """,
    # Press and GM notes, verbatim, for the report of `phase`. `power` is the sender (NULL for
    # a GM note, or grey press whose sender was not recorded); grey press prints anonymously.
    """
    CREATE TABLE press (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        phase TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('press', 'note')),
        power TEXT,
        grey INTEGER NOT NULL DEFAULT 0 CHECK (grey IN (0, 1)),
        text TEXT NOT NULL,
        source TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'printed' CHECK (status IN ('printed', 'withdrawn')),
        entered_at TEXT NOT NULL
    )
    """,
    "CREATE INDEX press_by_phase ON press(game_id, phase)",
]

# Orders sent ahead: a retreat or adjustment order written with the moves is kept ('later')
# for the phase it belongs to. SQLite cannot change a CHECK constraint, so the table is rebuilt
# (the migration runs with foreign keys off and checks them all before it commits).
MIGRATION_3 = [
    """
    CREATE TABLE orders_new (
        id INTEGER PRIMARY KEY,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        letter_id INTEGER NOT NULL REFERENCES letters(id),
        line INTEGER NOT NULL,
        power TEXT,
        text TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN
            ('accepted', 'superseded', 'withdrawn', 'rejected', 'ignored', 'later')),
        reason TEXT NOT NULL DEFAULT '',
        parsed TEXT,
        order_json TEXT
    )
    """,
    "INSERT INTO orders_new SELECT id, phase_id, letter_id, line, power, text, status, reason, "
    "parsed, order_json FROM orders",
    "DROP TABLE orders",
    "ALTER TABLE orders_new RENAME TO orders",
    "CREATE INDEX orders_by_phase ON orders(phase_id)",
]

# Typed lines and events. Each letter line keeps its category (why an ignored line is no order,
# as `gm.orders.ignored` names it; a rejected line's error kind), and a rejected line the
# explanation a report prints (the problem and the fix, without the line quoted again or the
# column), so that nothing downstream reads the reader's words to decide or to cut them. Lines
# stored before are given theirs from those words, once, here. Centre changes are stored as typed events (JSON) and worded by the report; the
# worded ones stored before said again what the report's centre changes say, and go.
MIGRATION_4 = [
    "ALTER TABLE orders ADD COLUMN category TEXT NOT NULL DEFAULT ''",
    """
    UPDATE orders SET category = CASE
        WHEN reason = 'signature' THEN 'signature'
        WHEN reason = 'quoted from an earlier message' THEN 'quoted'
        WHEN reason LIKE 'quoted from an earlier message (it reads as %' THEN 'quoted-order'
        WHEN reason = 'email header' THEN 'email-header'
        WHEN reason = 'reply attribution' THEN 'attribution'
        WHEN reason = 'nothing to read' THEN 'nothing-to-read'
        WHEN reason = 'greeting' THEN 'greeting'
        WHEN reason = 'sign-off' THEN 'sign-off'
        WHEN reason = 'not an order' THEN 'not-an-order'
        ELSE 'heading' END
    WHERE status = 'ignored'
    """,
    "ALTER TABLE orders ADD COLUMN explanation TEXT NOT NULL DEFAULT ''",
    """
    UPDATE orders SET explanation = CASE
        WHEN substr(reason, 1, length(text) + 4) IN ('''' || text || ''': ', '"' || text || '": ')
        THEN substr(reason, length(text) + 5) ELSE reason END
    WHERE status = 'rejected'
    """,
    """
    UPDATE orders SET explanation =
        substr(explanation, 1, instr(explanation, ' (at column ') - 1) ||
        substr(explanation, instr(explanation, ' (at column ')
               + instr(substr(explanation, instr(explanation, ' (at column ')), ')'))
    WHERE status = 'rejected' AND instr(explanation, ' (at column ') > 0
    """,
    "DELETE FROM events WHERE text LIKE '%: % -> %' AND text NOT LIKE '{%'",
]

# Mail: the messages read from a mailbox, the messages sent, and how to send them. A message is
# known by its Message-ID within a game, so reading a mailbox twice stores nothing twice.
MIGRATION_5 = [
    # One row per message taken from a mailbox for a game. `status`: 'stored' (its letter was
    # read into `letter_id`), 'late' (dated after the deadline: held, no orders, until the GM
    # accepts it), 'accepted' (a late message the GM took; `letter_id` is then set).
    # `phase_id` and `phase` are the phase open when it was read; `power` the sender's power.
    """
    CREATE TABLE mail_in (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        message_id TEXT NOT NULL,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        phase TEXT NOT NULL,
        sender TEXT NOT NULL,
        power TEXT,
        subject TEXT NOT NULL DEFAULT '',
        dated TEXT,
        status TEXT NOT NULL CHECK (status IN ('stored', 'late', 'accepted')),
        letter_id INTEGER REFERENCES letters(id),
        text TEXT NOT NULL,
        attachments TEXT NOT NULL DEFAULT '[]',
        read_at TEXT NOT NULL
    )
    """,
    "CREATE INDEX mail_in_by_game ON mail_in(game_id, message_id)",
    # Every message gm sent by SMTP: what it was for, to whom, and its Message-ID.
    """
    CREATE TABLE mail_sent (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        phase TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'results')),
        power TEXT,
        recipients TEXT NOT NULL,
        message_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        sent_at TEXT NOT NULL
    )
    """,
    "CREATE INDEX mail_sent_by_phase ON mail_sent(game_id, phase, kind)",
    # How the GM sends a game's mail: their address, and the SMTP server (never a password).
    """
    CREATE TABLE mail_settings (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        sender TEXT NOT NULL,
        smtp_host TEXT NOT NULL DEFAULT '',
        smtp_port INTEGER NOT NULL DEFAULT 587,
        security TEXT NOT NULL DEFAULT 'starttls'
            CHECK (security IN ('starttls', 'tls', 'none')),
        smtp_user TEXT NOT NULL DEFAULT '',
        set_at TEXT NOT NULL
    )
    """,
]

# Pieces keep their tag (`Unit.tag`), the name a piece has for the whole game. Positions
# written before have none (NULL), and load as they were.
MIGRATION_6 = [
    "ALTER TABLE pieces ADD COLUMN tag TEXT",
    "ALTER TABLE dislodged_pieces ADD COLUMN tag TEXT",
]

# A GM correction may be one a map's rule offers (`Rule.correction`: Hoplite Wars' colonies'
# draw), stored as action 'rule' with its command. SQLite cannot change a CHECK in place, so
# the table is built again with the rows it held.
MIGRATION_7 = [
    """
    CREATE TABLE edits_new (
        id INTEGER PRIMARY KEY,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        action TEXT NOT NULL CHECK (action IN ('add', 'remove', 'move', 'own', 'rule')),
        command TEXT NOT NULL,
        description TEXT NOT NULL,
        reason TEXT NOT NULL,
        position_before TEXT NOT NULL,
        made_at TEXT NOT NULL
    )
    """,
    "INSERT INTO edits_new SELECT id, phase_id, action, command, description, reason, "
    "position_before, made_at FROM edits",
    "DROP TABLE edits",
    "ALTER TABLE edits_new RENAME TO edits",
]

# The judge (`gm judge`, docs/judge.md) and a mail queue that never sends a message twice.
MIGRATION_8 = [
    # A game run by the judge: its schedule (the words per phase kind, `3d 18:00`), zone,
    # reminder and grace (seconds), whether it adjudicates early, confirms letters, holds results
    # for the GM, draws the board; its NMR policy; press by mail; its mailbox (the password is
    # never stored); the folder it publishes into. `from_seq`: the judge looks after the phases
    # from this one on (what came before was the GM's).
    """
    CREATE TABLE judge_settings (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        movement TEXT NOT NULL DEFAULT '',
        retreat TEXT NOT NULL DEFAULT '',
        adjustment TEXT NOT NULL DEFAULT '',
        zone TEXT NOT NULL DEFAULT '',
        remind INTEGER NOT NULL DEFAULT 0,
        grace INTEGER NOT NULL DEFAULT 0,
        early INTEGER NOT NULL DEFAULT 1 CHECK (early IN (0, 1)),
        confirm INTEGER NOT NULL DEFAULT 1 CHECK (confirm IN (0, 1)),
        hold INTEGER NOT NULL DEFAULT 0 CHECK (hold IN (0, 1)),
        picture INTEGER NOT NULL DEFAULT 1 CHECK (picture IN (0, 1)),
        nmr TEXT NOT NULL DEFAULT 'hold' CHECK (nmr IN ('hold', 'civil-disorder')),
        disorder_after INTEGER NOT NULL DEFAULT 2,
        press TEXT NOT NULL DEFAULT 'approve' CHECK (press IN ('approve', 'publish', 'ignore')),
        mailbox TEXT NOT NULL DEFAULT '' CHECK (mailbox IN ('', 'imap', 'maildir', 'mbox')),
        mailbox_path TEXT NOT NULL DEFAULT '',
        imap_port INTEGER NOT NULL DEFAULT 993,
        imap_user TEXT NOT NULL DEFAULT '',
        imap_folder TEXT NOT NULL DEFAULT 'INBOX',
        publish TEXT NOT NULL DEFAULT '',
        from_seq INTEGER NOT NULL DEFAULT 0,
        set_at TEXT NOT NULL
    )
    """,
    # Each step the judge took, once: (`remind`, `phase:12:<deadline>`), (`results`,
    # `adjudication:7`), ... Written in the transaction that does the step, so a step is done
    # exactly once however many runs overlap or die.
    """
    CREATE TABLE judge_steps (
        game_id INTEGER NOT NULL REFERENCES games(id),
        step TEXT NOT NULL,
        key TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        done_at TEXT NOT NULL,
        PRIMARY KEY (game_id, step, key)
    )
    """,
    # What the judge did and why, for `gm log`: `at` is the judge's clock (GM_NOW in tests).
    """
    CREATE TABLE judge_log (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        at TEXT NOT NULL,
        phase TEXT NOT NULL DEFAULT '',
        action TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT ''
    )
    """,
    "CREATE INDEX judge_log_by_game ON judge_log(game_id, id)",
    # Who is at work on a game (a judge run, a sending): one holder at a time. A holder whose
    # process is gone (same host), or whose time ran out, loses it.
    """
    CREATE TABLE leases (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        holder TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        taken_at TEXT NOT NULL,
        expires REAL NOT NULL
    )
    """,
    # Every message gm sends goes through the queue: stored whole (RFC 5322 bytes) before the
    # first try, marked sent only when the server took it. `batch` names what it belongs to
    # (`results:adjudication:7`), so a retry sends what was not sent and nothing twice.
    """
    CREATE TABLE mail_queue (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        batch TEXT NOT NULL,
        phase TEXT NOT NULL,
        kind TEXT NOT NULL,
        power TEXT,
        sender TEXT NOT NULL,
        recipients TEXT NOT NULL,
        message_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        message BLOB NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued', 'sent')),
        queued_at TEXT NOT NULL,
        sent_at TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT ''
    )
    """,
    "CREATE INDEX mail_queue_by_batch ON mail_queue(game_id, batch)",
    "CREATE INDEX mail_queue_waiting ON mail_queue(game_id, status)",
    # The record of what was sent takes the judge's kinds too: reminders, replies to a
    # player about a letter, notices to the GM.
    """
    CREATE TABLE mail_sent_new (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        phase TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN
            ('confirmation', 'results', 'reminder', 'reply', 'notice')),
        power TEXT,
        recipients TEXT NOT NULL,
        message_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        sent_at TEXT NOT NULL
    )
    """,
    "INSERT INTO mail_sent_new SELECT id, game_id, phase, kind, power, recipients, message_id, "
    "subject, sent_at FROM mail_sent",
    "DROP TABLE mail_sent",
    "ALTER TABLE mail_sent_new RENAME TO mail_sent",
    "CREATE INDEX mail_sent_by_phase ON mail_sent(game_id, phase, kind)",
    # Press that came by mail (a subject saying press): printed at once, or waiting for the
    # GM (`gm approve GAME --press N`), as the game's setting says.
    """
    CREATE TABLE mail_press (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        message_id TEXT NOT NULL,
        sender TEXT NOT NULL,
        power TEXT,
        grey INTEGER NOT NULL DEFAULT 0 CHECK (grey IN (0, 1)),
        subject TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'printed', 'dropped')),
        press_id INTEGER REFERENCES press(id),
        read_at TEXT NOT NULL
    )
    """,
    "CREATE INDEX mail_press_by_game ON mail_press(game_id, message_id)",
]

# The record of each letter line, so that an archive can say what gm made of it and a replay
# rebuild it without reading the letter again: `target` is the label of the later phase a line
# was kept for ('' the phase it was entered in; NULL for lines stored before, when only a
# 'later' line's reason said it, read here once), `conditional` marks a retreat sent 'if
# dislodged', `written_for` the power the line was read for (the letter's, or its heading's),
# which may differ from the power an order went to. A correction keeps how many of its phase's
# letters were entered before it: intake reads each letter against the board as it then was.
MIGRATION_9 = [
    "ALTER TABLE orders ADD COLUMN target TEXT",
    "ALTER TABLE orders ADD COLUMN conditional INTEGER NOT NULL DEFAULT 0 "
    "CHECK (conditional IN (0, 1))",
    "ALTER TABLE orders ADD COLUMN written_for TEXT",
    """
    UPDATE orders SET target = trim(CASE
        WHEN instr(reason, ';') > 0 THEN substr(reason, 10, instr(reason, ';') - 10)
        ELSE substr(reason, 10) END)
    WHERE status = 'later' AND reason LIKE 'kept for %'
    """,
    "UPDATE orders SET conditional = 1 "
    "WHERE status = 'later' AND reason LIKE '%if the unit is dislodged%'",
    "ALTER TABLE edits ADD COLUMN letters_before INTEGER",
]

# A message read from a mailbox may also be set aside: a player's message whose subject names
# another game or none ('aside', until the GM accepts it), or one gm cannot read
# ('unreadable', kept for the GM to look at). The CHECK changes, so the table is built again.
MIGRATION_10 = [
    """
    CREATE TABLE mail_in_new (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        message_id TEXT NOT NULL,
        phase_id INTEGER NOT NULL REFERENCES phases(id),
        phase TEXT NOT NULL,
        sender TEXT NOT NULL,
        power TEXT,
        subject TEXT NOT NULL DEFAULT '',
        dated TEXT,
        status TEXT NOT NULL
            CHECK (status IN ('stored', 'late', 'accepted', 'aside', 'unreadable')),
        letter_id INTEGER REFERENCES letters(id),
        text TEXT NOT NULL,
        attachments TEXT NOT NULL DEFAULT '[]',
        read_at TEXT NOT NULL
    )
    """,
    "INSERT INTO mail_in_new SELECT id, game_id, message_id, phase_id, phase, sender, power, "
    "subject, dated, status, letter_id, text, attachments, read_at FROM mail_in",
    "DROP TABLE mail_in",
    "ALTER TABLE mail_in_new RENAME TO mail_in",
    "CREATE INDEX mail_in_by_game ON mail_in(game_id, message_id)",
]

# Which lines of the letters that were not adjudicated a public report (the zine page, the
# published site, the results by mail) prints: 'refused' (the lines meant as orders and
# refused, with the reason), 'all' (every line but headings, separators and lines with
# addresses), 'none'.
MIGRATION_11 = [
    "ALTER TABLE games ADD COLUMN report_lines TEXT NOT NULL DEFAULT 'refused' "
    "CHECK (report_lines IN ('all', 'refused', 'none'))",
]

# A result of a part of an order (a merge's piece, a split's part) names the order given
# (`order_id`) and its place among the order's parts, so the picture and the report take the
# part from the typed order instead of reading its text again. Rows written before have none.
MIGRATION_12 = [
    "ALTER TABLE results ADD COLUMN part INTEGER",
]

# A message read from a mailbox keeps a digest of its bytes as the mailbox gave them
# (`gm.mail.messages.raw_digest`), so the judge, which reads the whole mailbox on every run,
# knows the messages it has read without decoding them again. Rows written before have none:
# those are known by their key (Message-ID, sender, text) as before.
MIGRATION_13 = [
    "ALTER TABLE mail_in ADD COLUMN raw_digest TEXT",
    "ALTER TABLE mail_press ADD COLUMN raw_digest TEXT",
]

MIGRATIONS: list[list[str]] = [MIGRATION_1, MIGRATION_2, MIGRATION_3, MIGRATION_4,
                               MIGRATION_5, MIGRATION_6, MIGRATION_7, MIGRATION_8, MIGRATION_9,
                               MIGRATION_10, MIGRATION_11, MIGRATION_12, MIGRATION_13]
SCHEMA_VERSION = len(MIGRATIONS)
GM_TABLES = ("games", "phases", "pieces", "centres", "orders", "results")
