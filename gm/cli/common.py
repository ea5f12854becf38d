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

    from gm.game.errors import WorkflowError
    from gm.game.letter_bytes import letter_text

    if source is None or source == "-":
        if source is None and sys.stdin.isatty():
            err_console.print(f"Paste {what}, then press Ctrl-D on a line of its own.",
                              markup=False)
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            return sys.stdin.read(), "stdin"
        data, origin = stream.read(), "stdin"
    else:
        path = Path(source)
        try:
            data, origin = path.read_bytes(), str(path)
        except FileNotFoundError:
            fail(f"there is no file {source}; give the file of {what}, or '-' to paste.")
        except OSError as exc:
            fail(f"cannot read {source}: {exc.strerror or exc}")
    try:
        return letter_text(data, origin), origin
    except WorkflowError as exc:
        fail(str(exc))

