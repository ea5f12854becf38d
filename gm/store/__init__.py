"""The game store: every game in one SQLite file, read and written through sqlite-utils.

`database` opens the file (checks, pragmas, migrations, transactions); `schema` holds the
tables; `games`, `positions`, `orders`, `results` and `edits` read and write their rows;
`archive` reads and writes the plain-text game archive.
"""
