"""Writing a picture to a file: SVG as drawn, or PNG through cairosvg for print.

cairosvg is optional (`pip install 'gm[png]'`) and needs the system's cairo library; when
either is missing the GM is told how to get it, or to write SVG instead.
"""

from __future__ import annotations

import os
import signal
import struct
import sys
import zlib
from collections.abc import Callable
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


NO_CAIROSVG = ("PNG pictures need cairosvg, which is not installed: run \"pip install "
               "'gm[png]'\" (it also needs the system's cairo library, e.g. 'apt install "
               "libcairo2'), or write SVG instead.")


def png_installed() -> None:
    """A `PictureError` unless cairosvg is installed; quick, as it loads nothing (whether
    the cairo library is there shows only when cairosvg is loaded: `png_support`)."""
    import importlib.util

    try:
        found = importlib.util.find_spec("cairosvg")
    except (ImportError, ValueError):
        found = None
    if found is None:
        raise PictureError(NO_CAIROSVG)


def png_support():
    """The cairosvg module, or a `PictureError` saying how to get it."""
    try:
        import cairosvg
    except ImportError:
        raise PictureError(NO_CAIROSVG) from None
    except OSError as exc:  # cairocffi found no libcairo
        raise PictureError(f"cairosvg cannot find the system's cairo library ({exc}); "
                           "install it (e.g. 'apt install libcairo2' or 'brew install cairo'), "
                           "or write SVG instead.") from None
    return cairosvg


def svg_to_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """The picture as PNG bytes: cairosvg draws it, and an opaque picture (every board is)
    is written as RGB by `encode_rgb` (0.1 s for the standard board, where cairo's own
    writer takes 0.19 s)."""
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


class PngMaker:
    """Makes PNG from SVG in a process of its own, started before the picture is drawn.

    Loading cairosvg and the cairo library takes about as long as reading a game and drawing
    its SVG (0.2 s each), so where the system can fork, a child process loads them meanwhile
    and waits for the SVG: a cold `gm draw GAME -o board.png` then stays under a second.
    Elsewhere, or if the child fails for any other reason than a missing cairosvg, the PNG is
    made in this process. Use it once, or `close()` it unused."""

    def __init__(self) -> None:
        self._pid: int | None = None
        self._svg: int | None = None
        self._png: int | None = None
        if not hasattr(os, "fork"):
            return
        svg_read, svg_write = os.pipe()
        png_read, png_write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            for fd in (svg_read, svg_write, png_read, png_write):
                os.close(fd)
            return
        if pid == 0:  # the child: never returns
            os.close(svg_write)
            os.close(png_read)
            _make_png_child(svg_read, png_write)
        os.close(svg_read)
        os.close(png_write)
        self._pid, self._svg, self._png = pid, svg_write, png_read

    def to_png(self, svg: str) -> bytes:
        """`svg` as PNG; a `PictureError` says why not (no cairosvg, no cairo library)."""
        if self._pid is None:
            return svg_to_png(svg)
        answer = b""
        try:
            with os.fdopen(self._svg, "wb") as out:  # type: ignore[arg-type]
                self._svg = None
                out.write(svg.encode("utf-8"))
            with os.fdopen(self._png, "rb") as back:  # type: ignore[arg-type]
                self._png = None
                answer = back.read()
        except OSError:
            pass
        finally:
            self.close(used=True)
        if answer[:1] == b"E":
            raise PictureError(answer[1:].decode("utf-8"))
        return answer[1:] if answer[:1] == b"P" else svg_to_png(svg)

    def close(self, used: bool = False) -> None:
        """Stop the child if it was not used (a command that failed before drawing)."""
        for fd in (self._svg, self._png):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._svg = self._png = None
        if self._pid is not None:
            try:
                if not used:  # it may still be loading cairosvg: no need to wait for that
                    os.kill(self._pid, signal.SIGTERM)
                os.waitpid(self._pid, 0)
            except OSError:
                pass
            self._pid = None


def _make_png_child(svg_fd: int, png_fd: int) -> None:
    """The child of `PngMaker`: load cairosvg, read the SVG, answer `P`+PNG, `E`+the reason
    PNG cannot be made, or nothing (the parent then makes it itself)."""
    try:
        try:
            png_support()
            with os.fdopen(svg_fd, "rb") as given:
                svg = given.read()
            answer = b"P" + svg_to_png(svg.decode("utf-8")) if svg else b""
        except PictureError as exc:
            answer = b"E" + str(exc).encode("utf-8")
        except BaseException:  # noqa: BLE001 - the parent makes the PNG itself
            answer = b""
        with os.fdopen(png_fd, "wb") as back:
            back.write(answer)
    finally:
        os._exit(0)


def write_picture(svg: str, path: str | Path, png: bool = False,
                  to_png: Callable[[str], bytes] | None = None) -> Path:
    """Write `svg` to `path` as SVG or PNG (see `picture_format`); returns the file written.
    `to_png` makes the PNG (a `PngMaker`'s), by default in this process."""
    target = Path(path)
    kind = picture_format(target, png)
    if not target.suffix:
        target = target.with_suffix(f".{kind}")
    data = (to_png or svg_to_png)(svg) if kind == "png" else svg.encode("utf-8")
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
