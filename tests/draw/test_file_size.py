"""The standard board's SVG stays small enough to mail and to put on a web page: under
150 KB for every phase of the demo game (coordinates rounded, borders merged, what a group's
elements share said once on it)."""

from __future__ import annotations

LIMIT = 150_000


def test_every_phase_of_the_standard_demo_is_drawn_in_under_150_kb(drawn):
    sizes = {found.short: len(svg.encode("utf-8"))
             for _row, _position, found, svg in drawn["standard-demo"]}
    assert len(sizes) > 40  # the whole game, its busiest phases included
    too_big = {phase: size for phase, size in sizes.items() if size >= LIMIT}
    assert not too_big, f"SVG files over {LIMIT} bytes: {too_big}"
