"""rich's console, showing the control characters of whatever it prints (`gm.visible`).

Apart from `gm.visible` so that showing a line of text safely loads nothing of rich.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment

from gm.visible import has_controls, visible


class ShownConsole(Console):
    """A console that shows the control characters of whatever it prints (`visible`): plain
    text, tables and a rich report alike, so that a player's words, echoed by any command,
    never act on the GM's terminal. Only the text is changed, never rich's own styles. Plain
    text is shown before it is measured; a `Text` built elsewhere (a rich report's) is shown
    as it is rendered."""

    def render_str(self, text: str, **options):
        return super().render_str(visible(text), **options)

    def render(self, renderable, options=None):
        for segment in super().render(renderable, options):
            if segment.control is None and has_controls(segment.text):
                segment = Segment(visible(segment.text), segment.style)
            yield segment
