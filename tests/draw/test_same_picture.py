"""The board's SVG is written to be cheap for resvg to draw as PNG, and it still draws the
same picture (docs/pictures.md, "Size and speed").

Until round 9 the picture cut the map at its frame and the land provinces at the coastline
with two clip paths, and textured water with a pattern fill; resvg spends a pass over the
whole board on each clip and draws a pattern at every pixel it fills, so `gm draw -o
board.png` of the standard board took 2.6-3.5 s. Now the land provinces are their pieces of
the land, cut once when the layout is made; paper is laid around the frame instead of a
clip; water's lines are plain lines. `reference/` keeps the SVG that the code before the
change (commit bf430a4) drew for the busiest phase of four demo games: the standard board,
two maps on their real coastline (Lord of Hosts with its rivers over the land, Hoplite Wars
whose coastline runs far past the frame) and a drawn map (Middle-Earth VIII, each sea with
its own lines). Each is drawn as PNG beside today's SVG of the same phase.

The tolerance: where a shape's edge crosses a pixel, the pixel mixes the colours on either
side, and a path cut once is anti-aliased a little differently from the same path cut by a
clip at render time (a 0.8-unit line ending on a slanted edge, a coastline's pixel where two
province pieces meet). So pixels may differ by more than 8 of 255 on at most 0.2 % of the
picture, by at most a quarter of the scale, and by more than 24 only on an edge of the
reference picture (a pixel whose 3x3 neighbourhood spans more than 24). Off the edges a
pixel may differ by up to 24: the old picture had faint seams where a barren piece's parts
were joined along a cell's edge (Sutherland-Hodgman's edges there and back, rounded apart),
which today's pieces, cut into separate parts, no longer have. Measured: at most 0.08 % of
the pixels differ by more than 8, none by more than 40, none off an edge by more than 20.
A change anywhere else (a region filled otherwise, a piece or label moved) fails.

After a change that means to change the picture, rewrite the references with
`GM_UPDATE_GOLDEN=1 .venv/bin/pytest tests/draw/test_same_picture.py` and review them.
"""

from __future__ import annotations

import gzip
import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter

from gm.draw import draw_phase
from gm.draw.files import svg_to_png
from gm.draw.stored import all_boards

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = Path(__file__).resolve().parent / "reference"
CASES = [("standard", "A1905M"), ("lord-of-hosts", "A600M"), ("hoplite-wars", "S448M"),
         ("middle-earth-viii", "S3006M")]
CHANGED = 8  # of 255: a pixel that differs by more has changed
EDGE = 24  # of 255: a pixel whose neighbourhood spans more is on an edge; off the edges, a
# pixel may differ by up to this much (the old picture's faint seams)
MOST = 64  # of 255: no pixel differs by more
SHARE = 0.002  # of the picture's pixels: at most this many change


def _channels_max(image: Image.Image) -> Image.Image:
    """The largest of the red, green and blue values of each pixel, as a grey image."""
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def _png(svg: str) -> Image.Image:
    return Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB")


@pytest.mark.parametrize(("map_id", "phase"), CASES)
def test_todays_svg_draws_the_same_picture_as_the_clip_paths_and_patterns_did(
        replayed, map_id, phase):
    board = next(found for found in all_boards(
        replayed.store, replayed.game(ROOT / "games" / f"{map_id}-demo.txt"))
        if found.short == phase)
    svg = draw_phase(board.game_map, board.board)
    reference = REFERENCE / f"{map_id}-{phase}.svg.gz"
    if os.environ.get("GM_UPDATE_GOLDEN"):
        reference.write_bytes(gzip.compress(svg.encode("utf-8"), mtime=0))
    # what made the PNG slow is gone
    assert "<clipPath" not in svg and 'id="region-' in svg
    assert svg.count("<pattern") <= 2  # only the hatching of impassable ground (and its key)
    before = _png(gzip.decompress(reference.read_bytes()).decode("utf-8"))
    after = _png(svg)
    assert after.size == before.size
    difference = _channels_max(ImageChops.difference(before, after))
    assert max(value for value, count in enumerate(difference.histogram()) if count) <= MOST
    changed = difference.point(lambda v: 255 if v > CHANGED else 0)
    total = before.size[0] * before.size[1]
    assert changed.histogram()[255] <= SHARE * total
    spread = _channels_max(ImageChops.difference(before.filter(ImageFilter.MaxFilter(3)),
                                                 before.filter(ImageFilter.MinFilter(3))))
    edges = spread.point(lambda v: 255 if v > EDGE else 0)
    beyond_seams = difference.point(lambda v: 255 if v > EDGE else 0)
    off_edges = ImageChops.multiply(beyond_seams, ImageChops.invert(edges))
    assert off_edges.getbbox() is None, f"pixels changed off any edge within {off_edges.getbbox()}"
