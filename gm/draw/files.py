"""Writing a picture to a file: SVG as drawn, or PNG through cairosvg for print.

cairosvg is optional (`pip install 'gm[png]'`) and needs the system's cairo library; when
either is missing the GM is told how to get it, or to write SVG instead.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

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


def png_support():
    """The cairosvg module, or a `PictureError` saying how to get it."""
    try:
        import cairosvg
    except ImportError:
        raise PictureError("PNG pictures need cairosvg, which is not installed: run "
                           "\"pip install 'gm[png]'\" (it also needs the system's cairo "
                           "library, e.g. 'apt install libcairo2'), or write SVG instead."
                           ) from None
    except OSError as exc:  # cairocffi found no libcairo
        raise PictureError(f"cairosvg cannot find the system's cairo library ({exc}); "
                           "install it (e.g. 'apt install libcairo2' or 'brew install cairo'), "
                           "or write SVG instead.") from None
    return cairosvg


def svg_to_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """The picture as PNG bytes: cairosvg draws it, and an opaque picture (every board is)
    is written as RGB by `encode_rgb` (a third faster than cairo's own writer)."""
    png_support()
    from cairosvg.surface import PNGSurface

    class Surface(PNGSurface):
        def finish(self):
            self.cairo.flush()
            found = encode_rgb(self.cairo)
            if found is None:  # not opaque, or not the usual pixel format: cairo writes it
                return super().finish()
            self.output.write(found)
            return self.cairo.finish()

    return Surface.convert(bytestring=svg.encode("utf-8"), scale=scale)


def encode_rgb(surface) -> bytes | None:
    """A cairo image surface as a PNG of 8-bit RGB (no alpha, no filter, quick deflate), or
    None unless every pixel is opaque ARGB32."""
    import cairocffi

    if surface.get_format() != cairocffi.FORMAT_ARGB32:
        return None
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    if stride != width * 4:
        return None
    data = bytes(surface.get_data())
    # cairo keeps a pixel as one native-endian 32-bit word, alpha in the top byte
    a, r, g, b = (3, 2, 1, 0) if sys.byteorder == "little" else (0, 1, 2, 3)
    if data[a::4] != b"\xff" * (width * height):
        return None
    rgb = bytearray(width * height * 3)
    rgb[0::3], rgb[1::3], rgb[2::3] = data[r::4], data[g::4], data[b::4]
    row, view = width * 3, memoryview(rgb)
    deflate = zlib.compressobj(3)
    packed = []
    for y in range(height):  # each row starts with its filter type: 0, none
        packed += (deflate.compress(b"\x00"), deflate.compress(view[y * row:(y + 1) * row]))
    packed.append(deflate.flush())

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", b"".join(packed)) + chunk(b"IEND", b""))


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
