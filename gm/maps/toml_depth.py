"""How deep a TOML text nests, read before tomllib reads it: tomllib recurses once a level,
so a map file nested 50,000 deep would end in a RecursionError (issue 28). Its own module so
that the loader, the header reader and `gm map check` share it without importing each other."""

from __future__ import annotations

MAX_NESTING = 50  # arrays and tables inside each other; a map nests three deep


def nested_too_deep(text: str) -> int | None:
    """The line where arrays and inline tables nest deeper than `MAX_NESTING`, if they do.
    Brackets inside quoted strings and comments are skipped (a rough reading of TOML, enough
    to stop the reader before it recurses beyond Python's limit)."""
    depth, line, quote = 0, 1, ""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end - 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None
