"""Helpers shared by the command modules: printing errors the same way everywhere."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer
from rich.console import Console

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print `gm: <message>` to stderr and exit; never a traceback."""
    err_console.print(f"gm: {message}", markup=False)
    sys.stderr.flush()
    raise typer.Exit(code)


def read_text_input(source: str | None, what: str) -> tuple[str, str]:
    """A text and where it came from: a file, `-` for stdin, or a paste at the terminal.

    `what` names the text in prompts and errors ("the orders", "the press")."""
    import sys
    from pathlib import Path

    if source is None or source == "-":
        if source is None and sys.stdin.isatty():
            err_console.print(f"Paste {what}, then press Ctrl-D on a line of its own.",
                              markup=False)
        return sys.stdin.read(), "stdin"
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except FileNotFoundError:
        fail(f"there is no file {source}; give the file of {what}, or '-' to paste.")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {source}: {exc}")

