"""PNG for print: gm writes an opaque board as RGB itself (quicker than cairo's writer); the
pixels must be exactly those cairo drew, and a picture that is not opaque is left to cairo."""

from __future__ import annotations

import io

import pytest

cairosvg = pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")

from gm.draw.files import svg_to_png  # noqa: E402

OPAQUE = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">'
          '<rect width="40" height="30" fill="#f3ead2"/>'
          '<circle cx="12" cy="14" r="9" fill="#2a5caa" stroke="#111" stroke-width="1.5"/>'
          '<path d="M20 4 L38 26 L22 27 Z" fill="#c0392b"/></svg>')


def _pixels(png: bytes, mode: str):
    return Image.open(io.BytesIO(png)).convert(mode).tobytes()


def test_an_opaque_picture_is_written_as_rgb_with_cairos_pixels():
    ours = svg_to_png(OPAQUE, scale=2)
    theirs = cairosvg.svg2png(bytestring=OPAQUE.encode(), scale=2)
    image = Image.open(io.BytesIO(ours))
    assert image.mode == "RGB" and image.size == (80, 60)
    assert _pixels(ours, "RGB") == _pixels(theirs, "RGB")


def test_a_picture_with_transparent_parts_keeps_them():
    clear = OPAQUE.replace('<rect width="40" height="30" fill="#f3ead2"/>', "")
    ours = svg_to_png(clear, scale=2)
    assert Image.open(io.BytesIO(ours)).mode == "RGBA"
    assert _pixels(ours, "RGBA") == _pixels(
        cairosvg.svg2png(bytestring=clear.encode(), scale=2), "RGBA")


def test_a_png_maker_started_early_gives_the_same_png():
    from gm.draw.files import PngMaker

    maker = PngMaker()
    assert maker.to_png(OPAQUE) == svg_to_png(OPAQUE)


def test_a_png_maker_not_used_leaves_no_process_behind():
    import os

    from gm.draw.files import PngMaker

    maker = PngMaker()
    child = maker._pid
    maker.close()
    if child is not None:  # a system with fork: the child was stopped and reaped
        with pytest.raises(ChildProcessError):
            os.waitpid(child, os.WNOHANG)
