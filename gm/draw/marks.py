"""The small symbols: a piece's token, a supply centre's mark, a connector and the textures
of water and impassable ground (on the board and in the legend alike, so the key always
matches the map).

Tokens: armies are round, fleets square-ended, garrisons square, A/F units cut-cornered;
the text says the kind and strength. Centre marks: a disc for a centre worth 1, a half disc
for ½, a ring in a disc for 2, two rings for 3, a crossed grey disc for a destroyed centre,
and a diamond for a build site that is not a centre. Filled with the owner's colour, white
when neutral.
"""

from __future__ import annotations

import drawsvg as draw

from gm.draw import style
from gm.draw.geometry import horizontal_runs
from gm.draw.path_data import horizontal_lines
from gm.draw.tokens import TOKEN_FONT

NEUTRAL = "#ffffff"
MARK_STROKE = 1.1


def token(x: float, y: float, width: float, height: float, text: str, kind: str,
          colour: str, *, outline: str = style.INK, dashed: bool = False,
          hollow: bool = False, **attrs) -> draw.Group:
    """A piece: a shape in the power's colour with its caption (`A`, `2A`, `F sc`, `Han`)."""
    group = draw.Group(**attrs)
    radius = {"A": height / 2, "F": 2.0, "G": 0.0}.get(kind, height / 4)
    fill = NEUTRAL if hollow else colour
    extra = {"stroke_dasharray": "3 2"} if dashed else {}
    group.append(draw.Rectangle(x - width / 2, y - height / 2, width, height, rx=radius,
                                fill=fill, stroke=outline, stroke_width=1.2 if not dashed else 1.6,
                                **extra))
    ink = colour if hollow else style.text_on(colour)
    if hollow and style.luminance(colour) > 0.3:
        ink = style.line_colour(colour)
    group.append(draw.Text(text, TOKEN_FONT * height / 17.0, x, y + height * 0.21,
                           text_anchor="middle", font_weight="bold", fill=ink))
    return group


def centre_mark(x: float, y: float, value: float, owner_colour: str | None, *,
                destroyed: bool = False, build_site: bool = False, radius: float = 5.0,
                **attrs) -> draw.Group:
    """A supply centre's (or build site's) mark, centred at (x, y)."""
    group = draw.Group(**attrs)
    fill = owner_colour or NEUTRAL
    line = {"stroke": style.INK, "stroke_width": MARK_STROKE}
    if destroyed:
        group.append(draw.Circle(x, y, radius, fill="#9b968c", **line))
        arm = radius * 0.72
        for dx in (-arm, arm):
            group.append(draw.Line(x - dx, y - arm, x + dx, y + arm, stroke=style.INK,
                                   stroke_width=1.6, stroke_linecap="round"))
    elif build_site and value <= 0:
        r = radius * 1.05
        group.append(draw.Lines(x, y - r, x + r, y, x, y + r, x - r, y, close=True,
                                fill=fill, **line))
    elif value < 1:
        r = radius * 1.05
        path = draw.Path(fill=fill, **line)
        path.M(x - r, y + r * 0.45).A(r, r, 0, 0, 1, x + r, y + r * 0.45).Z()
        group.append(path)
    else:
        group.append(draw.Circle(x, y, radius, fill=fill, **line))
        inner = style.text_on(fill)
        if value >= 3:
            group.append(draw.Circle(x, y, radius * 0.62, fill="none", stroke=inner,
                                     stroke_width=0.9))
            group.append(draw.Circle(x, y, radius * 0.26, fill=inner))
        elif value >= 2:
            group.append(draw.Circle(x, y, radius * 0.45, fill="none", stroke=inner,
                                     stroke_width=1.1))
    return group


def link_line(start: tuple[float, float], end: tuple[float, float], *, bridge: bool = False,
              water: bool = False, **attrs) -> draw.Group:
    """Two neighbours whose regions do not touch on the picture: a line from one region to
    the other with a dot where it leaves each (blue by sea; a land bridge thick and dashed)."""
    group = draw.Group(**attrs)
    colour = style.SEA_LINK if water and not bridge else style.LINK
    if bridge:
        group.append(draw.Line(*start, *end, stroke=colour, stroke_width=2.0,
                               stroke_dasharray="5 3"))
    else:
        group.append(draw.Line(*start, *end, stroke=colour, stroke_width=1.0,
                               stroke_dasharray="4 2"))
    for x, y in (start, end):
        group.append(draw.Circle(x, y, 1.8, fill=colour))
    return group


def hatching() -> draw.Pattern:
    """Impassable ground's texture: grey, hatched. (A pattern: it covers little of any board,
    so what a pattern costs resvg at each pixel it fills stays small.)"""
    hatch = draw.Pattern(7, 7, patternTransform="rotate(45)")
    hatch.append(draw.Rectangle(0, 0, 7, 7, fill=style.IMPASSABLE))
    hatch.append(draw.Line(0, 0, 0, 7, stroke="#8d867b", stroke_width=2.2))
    return hatch


# Water's lines: y = FIRST + k * GAP in the drawing's units, as a pattern tiled from the
# origin would put them, so the lines of two seas drawn apart meet as one line.
WATER_FIRST, WATER_GAP, WATER_WIDTH = 3.0, 6.0, 0.8


def water_lines(polygons, **attrs) -> draw.Path:
    """The fine horizontal lines that mark water as well as its blue (so no owner's colour,
    France's light blue, and no black-and-white print can make land look like sea), inside
    `polygons`: a sea's pieces, or the whole frame where land is drawn over the rest. Plain
    lines, not a pattern fill: resvg draws a pattern at every pixel it fills, which made the
    standard board's PNG more than half a second slower (docs/pictures.md)."""
    runs = [run for polygon in polygons
            for run in horizontal_runs(polygon, WATER_FIRST, WATER_GAP)]
    return horizontal_lines(runs, stroke=style.SEA_LINES, stroke_width=WATER_WIDTH, **attrs)
