"""Colours, fonts and line styles of the board pictures, in one place so they agree.

Every distinction the picture makes is carried by shape or line pattern as well as colour,
so a black-and-white print of the PNG still reads.
"""

from __future__ import annotations

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

LAND = "#efe4c8"
COAST = "#efe4c8"
SEA = "#bcd6ec"
SEA_LINES = "#93b9dc"  # the lines that texture water
IMPASSABLE = "#b3aca1"
BORDER = "#7d7460"  # between regions
SEA_BORDER = "#8fb0cc"  # between two seas
BARRIER = "#3b3328"  # regions that touch on the picture but are not neighbours
LINK = "#5b5040"  # neighbours whose regions do not touch
SEA_LINK = "#2f6da3"  # the same, when one of them is a sea
LINK_OPACITY = 0.6  # those lines are faint: a hint under everything else
MOUNTAIN = "#b9aa8a"  # the peaks of a drawn mountain range
MOUNTAIN_INK = "#4a3b2a"
RIVER = "#4f86c6"  # a river drawn on a map (not a space of the board)
INK = "#1d1a16"
SEA_INK = "#1d3f66"
HALO = "#ffffff"
FAILED = "#d11a1a"  # the cross on a failed order, the ring of a dislodged piece
PAPER = "#fbf8f1"

OWNED_TINT = 0.34  # how much of the owner's colour a centre's region takes


def _rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    try:
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    except ValueError:
        return 128, 128, 128  # a colour the map file got wrong still draws, in grey


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def mix(colour: str, other: str, amount: float) -> str:
    """`amount` of `colour` over `other` (0: other, 1: colour)."""
    a, b = _rgb(colour), _rgb(other)
    return _hex(tuple(x * amount + y * (1 - amount) for x, y in zip(a, b, strict=True)))


def luminance(colour: str) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    return INK if luminance(colour) > 0.22 else "#ffffff"


def line_colour(colour: str) -> str:
    """A power's colour for arrows: light colours are darkened so that lines show on land."""
    return mix(colour, "#000000", 0.7) if luminance(colour) > 0.3 else colour


# Advance widths in em of DejaVu Sans Bold (the font the PNGs are made with), by letter
# class, rounded up so that Verdana or Arial in a browser fit too. Used to keep labels apart.
_NARROW = frozenset("iljtfrI!.,:;'|()[] ")
_WIDE = frozenset("mwMW@%")
_CAPITAL = frozenset("ABCDEFGHJKLNOPQRSTUVXYZ&")


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of how wide `text` is drawn in bold at `font_size`."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.5
        elif ch in _WIDE:
            em += 1.1
        elif ch in _CAPITAL:
            em += 0.82
        else:
            em += 0.72
    return em * font_size


DISTINCT = 25.0  # CIE76 distance a power's colour keeps from land and from sea
DISTINCT_TINT = 12.0  # and the tint of its centres' regions from plain land


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour: distances in it follow what the eye sees."""
    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a: str, b: str) -> float:
    """How different two colours look (CIE76 ΔE: about 2 is just visible, 25 is plain)."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


def power_colour(colour: str) -> str:
    """A power's colour as drawn: the map's own, darkened step by step while it looks too
    much like land or sea (a pale grey-blue power would read as water), or while its
    centres' tint would hardly show on land."""
    drawn = colour
    for _ in range(12):
        if (min(difference(drawn, LAND), difference(drawn, SEA)) >= DISTINCT
                and difference(mix(drawn, LAND, OWNED_TINT), LAND) >= DISTINCT_TINT):
            break
        drawn = mix(drawn, "#000000", 0.88)
    return drawn
