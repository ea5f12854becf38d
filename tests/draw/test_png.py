"""PNG for print and mail, drawn by resvg (docs/pictures.md): the picture's size at two
pixels a unit, its colours and its text as the SVG has them; and a system where PNG cannot be
made (no resvg-py, no font) is told why, and gets SVG in the mail."""

from __future__ import annotations

import io

from PIL import Image

from gm.draw import files
from gm.draw.files import PictureError, png_available, svg_to_png

OPAQUE = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">'
          '<rect width="40" height="30" fill="#f3ead2"/>'
          '<circle cx="12" cy="14" r="9" fill="#2a5caa" stroke="#111" stroke-width="1.5"/>'
          '<path d="M20 4 L38 26 L22 27 Z" fill="#c0392b"/></svg>')
WORD = ('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">'
        '<rect width="60" height="20" fill="#fff"/>'
        f'<text x="2" y="16" font-size="16" font-family="{files.FONT}">Par</text></svg>')


def test_a_picture_has_two_pixels_a_unit_and_the_svgs_colours():
    image = Image.open(io.BytesIO(svg_to_png(OPAQUE))).convert("RGB")
    assert image.size == (80, 60)
    assert image.getpixel((1, 1)) == (0xf3, 0xea, 0xd2)  # the paper
    assert image.getpixel((24, 28)) == (0x2a, 0x5c, 0xaa)  # the circle's middle
    assert image.getpixel((60, 40)) == (0xc0, 0x39, 0x2b)  # inside the triangle


def test_text_is_written_in_a_font_of_the_system():
    image = Image.open(io.BytesIO(svg_to_png(WORD))).convert("L")
    inked = [x for x in range(image.size[0]) for y in range(image.size[1])
             if image.getpixel((x, y)) < 128]
    assert inked and max(inked) - min(inked) > 30  # three letters' width of ink


def test_png_is_available_from_gms_own_dependencies():
    assert png_available()


def test_no_font_says_so_and_makes_no_png(monkeypatch):
    monkeypatch.setattr(files, "_FONTS_FOUND", [False])
    assert not png_available()
    try:
        svg_to_png(OPAQUE)
    except PictureError as exc:
        assert "font" in str(exc) and "SVG" in str(exc)
    else:
        raise AssertionError("a PNG without its text was made")


def test_the_font_probe_tells_ink_from_none():
    import resvg_py

    assert files._has_ink(resvg_py.svg_to_bytes(svg_string=files._TEXT_PROBE))
    assert not files._has_ink(resvg_py.svg_to_bytes(svg_string=files._TEXT_PROBE,
                                                    skip_system_fonts=True))
