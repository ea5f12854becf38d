"""Find seeds that bring a coastline map's neighbours together on the picture.

    python3 tools/tune_seeds.py rise-of-rome-ii [--rounds 3] [--package world-atlas.tgz]

A map drawn on its real coastline (docs/pictures.md) divides the land among its land
provinces, and the water among its seas, by the nearest point: each province's `pos` and its
seeds. Two neighbours whose parts do not meet need a connector line on the picture. For each
such pair this script tries seeds on the straight line between the two places (a province's
seed on its own side, on its own kind of ground: land for land, water for seas, and never
nearer to a third province of that kind than to the pair). Two provinces that touch although
they are not neighbours need a barrier: for them it tries a seed of a province that
neighbours both, in the middle of where they touch. It keeps a seed when the picture has
fewer pairs that are wrong (a connector counts twice, a barrier once), and writes the seeds it
keeps to `tools/outline_seeds/ID.json`; then `tools/make_outlines.py ID` writes the outline
with them. The provinces and their neighbours are never changed: only the drawing aids.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import make_outlines  # noqa: E402  (a script beside this one)

from gm.draw.layout import coastline_layout  # noqa: E402
from gm.draw.outline import inside_ring, outline_from_data  # noqa: E402
from gm.maps import load_map  # noqa: E402

# where along the line between the two places a seed is tried, and how far to one side (of
# the line's length); the second halves were added when the first found no more
PLACES = (0.3, 0.42, 0.2, 0.48, 0.1, 0.36, 0.25, 0.15)
SIDEWAYS = (0.0, 0.25, -0.25, 0.12, -0.12, 0.4, -0.4)


def topology(package: str | None) -> dict:
    if package:
        with tarfile.open(package) as archive:
            return json.load(archive.extractfile(make_outlines.DATASET))
    with tempfile.TemporaryDirectory() as folder:
        return make_outlines.fetch_topology(Path(folder))


class Tuner:
    def __init__(self, map_id: str, topo: dict):
        self.map_id = map_id
        self.game_map = load_map(map_id)
        self.base = make_outlines.outline(map_id, topo, extra={})
        self.seeds = make_outlines.tuned_seeds(map_id)
        self.outline = outline_from_data(self.base)
        self.rings = [ring for ring in self.outline.land]

    def layout(self, seeds: dict):
        data = make_outlines.outline_with_seeds(self.map_id, self.base, seeds)
        return coastline_layout(self.game_map, outline_from_data(data))

    def score(self, layout) -> int:
        return 2 * len(layout.links) + len(layout.barriers)

    def on_land(self, lon: float, lat: float) -> bool:
        point = self.outline.project(lon, lat)
        return any(inside_ring(ring, point) for ring in self.rings)

    def fits(self, pid: str, pair: tuple[str, str], lon: float, lat: float) -> bool:
        """A seed for `pid` at this place: on its kind of ground, and no nearer to a third
        province of its kind than to the two of the pair."""
        sea = self.game_map.provinces[pid].kind == "sea"
        if self.on_land(lon, lat) == sea:
            return False
        same = [q for q, p in self.game_map.provinces.items()
                if p.pos and (p.kind == "sea") == sea and p.kind != "impassable"]
        nearest = min(same, key=lambda q: math.dist(self.game_map.provinces[q].pos,
                                                     (lon, lat)))
        return nearest in pair

    def candidates(self, a: str, b: str):
        """Extra seeds to try for two neighbours that do not touch."""
        pa, pb = self.game_map.provinces[a].pos, self.game_map.provinces[b].pos
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        for side in SIDEWAYS:
            for t in PLACES:
                near_a = (pa[0] + dx * t - dy * side, pa[1] + dy * t + dx * side)
                near_b = (pb[0] - dx * t - dy * side, pb[1] - dy * t + dx * side)
                yield from self._pairs(a, b, near_a, near_b)

    def _pairs(self, a: str, b: str, near_a, near_b):
        """Seeds at these two places: both, or either alone, where they fit."""
        both = {}
        if self.fits(a, (a, b), *near_a):
            both[a] = [near_a]
        if self.fits(b, (a, b), *near_b):
            both[b] = [near_b]
        if both:
            yield both
        for pid, points in both.items():
            if len(both) > 1:
                yield {pid: points}

    def between(self, layout, a: str, b: str):
        """For two provinces that touch but are not neighbours: a seed for a province that
        neighbours both, in the middle of where they touch (on its kind of ground)."""
        segments = layout.borders.get(frozenset((a, b)), [])
        if not segments or layout.mapped is None:
            return
        (x1, y1), (x2, y2) = segments[len(segments) // 2]
        x, y = (x1 + x2) / 2 - layout.mapped.left, (y1 + y2) / 2 - layout.mapped.top
        o = self.outline
        lon, lat = o.west + x / (o.lon_factor * o.scale), o.north - y / o.scale
        shared = sorted(self.game_map.neighbours(a) & self.game_map.neighbours(b))
        for c in shared:
            kind = self.game_map.provinces[c].kind
            if kind == "impassable" or (self.on_land(lon, lat) == (kind == "sea")):
                continue
            yield {c: [(lon, lat)]}

    def with_seeds(self, extra: dict) -> dict | None:
        """The seeds so far and `extra` ones (rounded to a hundredth of a degree), or None
        if they are all there already."""
        trial = {pid: list(points) for pid, points in self.seeds.items()}
        added = False
        for pid, points in extra.items():
            for x, y in points:
                point = (round(x, 2), round(y, 2))
                if point not in trial.setdefault(pid, []):
                    trial[pid].append(point)
                    added = True
        return trial if added else None

    def first_better(self, candidates, best: int, label: str):
        """The first of `candidates` (extra seeds) that makes the picture better, as (its
        layout, its score), or None."""
        for extra in candidates:
            trial = self.with_seeds(extra)
            if trial is None:
                continue
            found = self.layout(trial)
            if self.score(found) < best:
                self.seeds = trial
                print(f"  {label}: {len(found.links)} connectors, {len(found.barriers)} "
                      "barriers")
                return found, self.score(found)
        return None

    def run(self, rounds: int) -> None:
        layout = self.layout(self.seeds)
        best = self.score(layout)
        print(f"{self.map_id}: {len(layout.links)} connectors, {len(layout.barriers)} "
              f"barriers")
        for round_ in range(rounds):
            improved = False
            wrong = [(a, b, "-") for a, b in layout.links] + \
                [(a, b, "|") for a, b in layout.barriers]
            for a, b, sign in wrong:
                if (a, b) not in (layout.links if sign == "-" else layout.barriers):
                    continue  # put right by an earlier seed
                candidates = (self.candidates(a, b) if sign == "-"
                              else self.between(layout, a, b))
                better = self.first_better(candidates, best, f"{a}{sign}{b}")
                if better is not None:
                    (layout, best), improved = better, True
            if not improved:
                break
            print(f"round {round_ + 1}: {len(layout.links)} connectors, "
                  f"{len(layout.barriers)} barriers")
        target = make_outlines.SEEDS / f"{self.map_id}.json"
        target.parent.mkdir(exist_ok=True)
        target.write_text(json.dumps({pid: [list(p) for p in points]
                                      for pid, points in sorted(self.seeds.items())},
                                     indent=1) + "\n", encoding="utf-8")
        print(f"wrote {target.relative_to(make_outlines.ROOT)}; now run "
              f"'python3 tools/make_outlines.py {self.map_id}'")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map_id")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--package", help="world-atlas's .tgz, if already fetched")
    args = parser.parse_args(argv)
    Tuner(args.map_id, topology(args.package)).run(args.rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
