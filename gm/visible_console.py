"""rich's console, showing the control characters of whatever it prints (`gm.visible`).

Apart from `gm.visible` so that showing a line of text safely loads nothing of rich.
"""

from __future__ import annotations

import copy
import dataclasses

from rich.console import Console, Group
from rich.segment import Segment
from rich.text import Text

from gm.visible import has_controls, visible


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
