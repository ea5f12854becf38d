"""Text from outside (a player's letter, a mail's subject, a file's name) made safe to show on
a terminal: every control character is shown as a visible sign instead of being obeyed.

A player's mail may hold terminal escapes (`ESC[2J` clears the GM's screen) or other control
characters; echoed raw they would act on the GM's terminal. Each C0 control but the line end
and the tab is shown as its Unicode control picture (ESC as `␛`, one column wide, so echoed
columns stay aligned); DEL as `␡`; the C1 controls and
the bidirectional overrides, which reorder text on screen, as `�`. The command line passes
everything it prints through `visible` (`gm.cli.common`).
"""

from __future__ import annotations

import copy
import dataclasses
import re

from rich.console import Console, Group
from rich.segment import Segment
from rich.text import Text

_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}]")


def _sign(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """`text` with each control character shown as a sign (`␛[2J`), never obeyed."""
    return _UNSAFE.sub(_sign, text)


def has_controls(text: str) -> bool:
    """Does `text` hold a character `visible` would replace?"""
    return _UNSAFE.search(text) is not None


class ShownConsole(Console):
    """A console that shows the control characters of whatever it prints (`visible`): plain
    text, tables and a rich report alike, so that a player's words, echoed by any command,
    never act on the GM's terminal. Only the text is changed, never rich's own styles. Plain
    text is shown before it is measured, and so is a `Text` built elsewhere (a rich report's),
    in a table's cell or a group too: a sign is as wide as it is long, while rich counts an
    escape as no column, so a cell measured before the change would lose its last letters.
    Anything else is shown as it is rendered."""

    def render_str(self, text: str, **options):
        return super().render_str(visible(text), **options)

    def render(self, renderable, options=None):
        for segment in super().render(_shown(renderable), options):
            if segment.control is None and has_controls(segment.text):
                segment = Segment(visible(segment.text), segment.style)
            yield segment


def _shown(renderable):
    """`renderable` with the control characters of its texts shown, before anything measures
    them: a `Text` (its styles kept, since each sign takes its character's place), and the
    texts inside a table's cells or a group. The original is left as it was."""
    from rich.table import Table  # here: a command that prints no table does not load it

    if isinstance(renderable, Text):
        if not has_controls(renderable.plain):
            return renderable
        shown = renderable.copy()
        shown.plain = visible(renderable.plain)
        return shown
    if isinstance(renderable, Table):
        shown = copy.copy(renderable)
        shown.columns = [dataclasses.replace(column, _cells=[_shown(cell) for cell in column.cells])
                         for column in renderable.columns]
        return shown
    if isinstance(renderable, Group):
        return Group(*(_shown(part) for part in renderable.renderables), fit=renderable.fit)
    return renderable
