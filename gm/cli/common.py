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
