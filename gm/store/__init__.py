"""The game store: every game in one SQLite file, read and written through sqlite-utils.

`database` opens the file (checks, pragmas, migrations, transactions); `migrations` holds the
tables; each `*_rows` module reads and writes one kind of row (games and phases, positions,
orders and letters, results, edits, players, deadlines, press); `codec` turns variant state and
typed orders into JSON; `archive` reads and writes the plain-text game archive.
"""
