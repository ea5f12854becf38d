"""Writing a picture to a file: SVG as drawn, or PNG for print and mail, drawn by resvg.

resvg-py is installed with gm, as a wheel with no system library (docs/pictures.md compares it
with cairosvg on gm's boards); the PNG's text is in a font of the system. Where PNG cannot be
made the GM is told why, and how to get it, or to write SVG instead.
"""

from __future__ import annotations

from pathlib import Path

from gm.draw.style import FONT

PNG_SCALE = 2.0  # pixels per SVG unit: about 200 dpi across an A4 page


class PictureError(ValueError):
    """A picture that cannot be written; `str()` says why and what to do."""


def picture_format(path: str | Path, png: bool = False) -> str:
    """`svg` or `png`, from the option and the file's ending (`board.png` means PNG)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".png" or (png and suffix in ("", ".png")):
        return "png"
    if png:
        raise PictureError(f"{path} ends in {suffix}, but --png asks for PNG; name the file "
                           "'.png', or leave out --png for SVG.")
    if suffix not in ("", ".svg"):
        raise PictureError(f"gm cannot tell which picture to write from {path!r}: name the "
                           "file '.svg' or '.png'.")
    return "svg"


NO_RESVG = ("PNG pictures need resvg-py, which gm installs with itself but which is missing "
            "here: run \"pip install resvg-py\" (it needs no system library), or write SVG "
            "instead.")
NO_FONT = ("PNG pictures write their text in a font of this system, and it has none: install "
           "one (e.g. 'apt install fonts-dejavu-core'), or write SVG instead, which the "
           "browser shows with its own fonts.")
_TEXT_PROBE = ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">'
               f'<text x="2" y="20" font-size="20" font-family="{FONT}">M</text></svg>')
_FONTS_FOUND: list[bool] = []  # whether the probe drew its text, once per process


def png_support():
    """The resvg_py module, or a `PictureError` saying how to get it: resvg-py missing, or no
    font on the system to write the picture's text with (the PNG would have none)."""
    try:
        import resvg_py
    except ImportError:
        raise PictureError(NO_RESVG) from None
    if not _FONTS_FOUND:
        probe = resvg_py.svg_to_bytes(svg_string=_TEXT_PROBE)
        _FONTS_FOUND.append(_has_ink(probe))
    if not _FONTS_FOUND[0]:
        raise PictureError(NO_FONT)
    return resvg_py


def png_available() -> bool:
    """Can gm make PNG here? (The mail sends the board as PNG, else as SVG.)"""
    try:
        png_support()
    except PictureError:
        return False
    return True


def _has_ink(png: bytes) -> bool:
    """Is any pixel of this PNG (8-bit RGBA, as resvg writes it) not fully transparent? The
    probe has no background, so its letter is the only ink. Read without an image library: a
    row of filtered bytes is all zero exactly when the image so far is (every PNG filter
    predicts 0 from zeros)."""
    import struct
    import zlib

    width = struct.unpack(">I", png[16:20])[0]
    data, at = b"", 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(data)
    row = width * 4 + 1
    return any(any(raw[start + 1:start + row]) for start in range(0, len(raw), row))


def svg_to_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """The picture as PNG bytes, drawn by resvg (docs/pictures.md says why resvg: it comes
    as a wheel with no system library, and draws gm's boards as cairo does)."""
    resvg = png_support()
    try:
        return resvg.svg_to_bytes(svg_string=svg, zoom=scale)
    except ValueError as exc:  # a picture resvg cannot read: gm's own SVG never is one
        raise PictureError(f"the picture could not be made as PNG ({exc}); write SVG "
                           "instead.") from None


def write_picture(svg: str, path: str | Path, png: bool = False) -> Path:
    """Write `svg` to `path` as SVG or PNG (see `picture_format`); returns the file written."""
    target = Path(path)
    kind = picture_format(target, png)
    if not target.suffix:
        target = target.with_suffix(f".{kind}")
    data = svg_to_png(svg) if kind == "png" else svg.encode("utf-8")
    if target.parent.exists() and not target.parent.is_dir():
        raise PictureError(f"cannot write {target}: {target.parent} is a file, not a folder")
    if not target.parent.is_dir():  # a mistyped path must not leave folders behind
        raise PictureError(f"there is no folder {target.parent} for {target.name}; create it "
                           "first, or give another path.")
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise PictureError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target
