"""What every gm command does the usual way: `-h` beside `--help`, arguments named in words
(`gm new GAME`, where typer alone writes `{game}`), and an examples section in the help of
the main commands. Command modules use `Typer` from here in place of typer's.

Help is plain text, as click prints it: typer's rich help loads a Markdown parser and a
syntax highlighter, which made `gm --help` half as slow again.
"""

from __future__ import annotations

import typer
from typer.core import TyperArgument, TyperCommand, TyperOption

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


class Command(TyperCommand):
    """A typer command whose arguments and option values read as words in its usage line and
    help (`GAME`, `--reason REASON`), where typer alone writes `{game}` and `<str>`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.metavar is not None or not param.name:
                continue
            if isinstance(param, TyperArgument):
                param.metavar = param.name.upper() + ("..." if param.nargs != 1 else "")
            elif isinstance(param, TyperOption) and not param.is_flag and \
                    param.type.name in ("str", "int", "float", "text", "integer"):
                param.metavar = param.name.upper().rstrip("_")

    def collect_usage_pieces(self, ctx) -> list[str]:
        # typer writes a required argument as `{GAME}`; a reader expects `GAME`
        return [piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
                for piece in super().collect_usage_pieces(ctx)]


class Typer(typer.Typer):
    """typer's Typer, answering `-h`, whose commands follow `Command`."""

    def __init__(self, **kwargs):
        kwargs.setdefault("context_settings", HELP_OPTIONS)
        kwargs.setdefault("rich_markup_mode", None)
        super().__init__(**kwargs)

    def command(self, name: str | None = None, *, cls=None, **kwargs):
        return super().command(name, cls=cls or Command, **kwargs)


def examples(*pairs: tuple[str, str]) -> str:
    """A help epilog listing example command lines, each with what it does."""
    return section("Examples", pairs)


def section(title: str, pairs) -> str:
    """A titled block of help printed as written: each item, and what it is below it."""
    rows = "\n".join(f"  {item}\n      {what}" for item, what in pairs)
    return f"{title}:\n\n\b\n{rows}"  # \b: click leaves the next paragraph unwrapped
