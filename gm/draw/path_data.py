"""Path data as short as SVG allows: the board's polygons and lines written once each, every
point relative to the one before and rounded to a tenth of a unit (a twentieth of a pixel on
the PNG), so the standard board's file stays small (docs/pictures.md)."""

from __future__ import annotations

import functools

import drawsvg as draw


def outlines(polygons, **attrs) -> draw.Path:
    """Many polygons as one path: one element, each point relative to the one before and
    rounded to a tenth (a small file)."""
    return draw.Path(d="".join(_outline(tuple(polygon)) for polygon in polygons), **attrs)


@functools.lru_cache(maxsize=50_000)
def _outline(polygon: tuple) -> str:
    """One polygon's part of a path. Every polygon drawn is a map's (its regions, coasts and
    islands, the same in every phase's picture), so each is written once per process."""
    points = [(round(x * 10), round(y * 10)) for x, y in polygon]
    turning = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                  in zip(points, [*points[1:], points[0]], strict=True))
    if turning < 0:  # one direction for all: overlapping pieces add up, never cancel
        points.reverse()
    (x, y), *rest = points
    steps = []
    for nx, ny in rest:
        if (nx, ny) != (x, y):
            steps.append((nx - x, ny - y))
        x, y = nx, ny
    return (f"M{_number(points[0][0])} {_number(points[0][1])}"
            + (f"l{_pairs(steps)}" if steps else "") + "Z")


def polylines(segments, **attrs) -> draw.Path:
    """Segments as one path, rounded to a tenth: a segment that starts where the one before
    ended continues its line, and each point is relative to the one before (a small file)."""
    parts, steps, at = [], [], None
    for start, end in segments:
        (x1, y1), (x2, y2) = ((round(x * 10), round(y * 10)) for x, y in (start, end))
        if (x1, y1) == (x2, y2):
            continue
        if at != (x1, y1):
            if steps:
                parts.append(f"l{_pairs(steps)}")
            parts.append(f"M{_number(x1)} {_number(y1)}")
            steps = []
        steps.append((x2 - x1, y2 - y1))
        at = (x2, y2)
    if steps:
        parts.append(f"l{_pairs(steps)}")
    return draw.Path(d="".join(parts), **attrs)


def _number(tenths: int) -> str:
    """A number of tenths as short as SVG allows: `12`, `1.5`, `.5`, `-.5`."""
    whole, tenth = divmod(abs(tenths), 10)
    text = f"{whole}.{tenth}" if tenth else str(whole)
    if text.startswith("0."):
        text = text[1:]
    return f"-{text}" if tenths < 0 else text


def _pairs(steps) -> str:
    """Coordinate pairs after a path command, with no separator where a minus sign or a
    second decimal point already separates two numbers."""
    out = []
    previous = None
    for value in (v for step in steps for v in step):
        text = _number(value)
        if previous is not None and not text.startswith("-") and not (
                text.startswith(".") and "." in previous):
            out.append(" ")
        out.append(text)
        previous = text
    return "".join(out)




def horizontal_lines(runs, **attrs) -> draw.Path:
    """Horizontal segments ((x1, y), (x2, y)) as one path: `M x y h length` each."""
    return draw.Path(d="".join(
        f"M{_number(round(x1 * 10))} {_number(round(y * 10))}"
        f"h{_number(round(x2 * 10) - round(x1 * 10))}"
        for (x1, y), (x2, _) in runs), **attrs)
