"""The rules' notes under the board: what a variant's rules say of the position (loans in
force, rebel centres not counted, destroyed centres, each power's supply by centre), worded
as the report words them, so a picture read alone tells what its marks cannot."""

from __future__ import annotations

import textwrap

import drawsvg as draw

from gm.draw import style

SIZE = 11.0
LINE = 15.0
PAD = 10.0
CHAR_WIDTH = 0.58  # of the font size: DejaVu Sans' average letter, so lines fit the width


def note_lines(notes: tuple[str, ...], width: float) -> list[str]:
    """Each note wrapped to the width; a note's further lines are indented."""
    chars = max(40, int((width - 2 * PAD) / (SIZE * CHAR_WIDTH)))
    return [line for note in notes
            for line in textwrap.wrap(note, chars, subsequent_indent="    ")]


def notes_height(notes: tuple[str, ...], width: float) -> float:
    lines = note_lines(notes, width)
    return 2 * PAD + LINE * len(lines) if lines else 0.0


def draw_notes(notes: tuple[str, ...], width: float) -> draw.Group:
    """The notes as a group drawn at its own origin, `width` wide."""
    group = draw.Group(class_="notes")
    y = PAD + SIZE
    for line in note_lines(notes, width):
        group.append(draw.Text(line, SIZE, PAD, y, fill=style.INK, class_="note",
                               xml__space="preserve"))
        y += LINE
    return group
