"""Make the coastline file a map of a real place is drawn with: `maps/ID.outline.json`.

    python3 tools/make_outlines.py standard

Land comes from Natural Earth's 1:50m land polygons (public domain), as the npm package
`world-atlas` redistributes them in TopoJSON (its packaging is under the ISC licence). The
script fetches the package with `npm pack`, decodes the TopoJSON, keeps the map's area,
projects it (equirectangular, a degree of longitude scaled by the cosine of the area's middle
latitude, north up), simplifies the lines to about half a pixel and rounds them. gm reads the
file as it is and needs no geographic library: the projection's few numbers are in the file,
and the map file's `pos` values (longitude, latitude) are projected with them.

Islands and lakes: each land polygon's outer ring is kept; lakes inside land (the Caspian)
are land on the picture. `BARREN` names land that is no province (Ireland, Switzerland,
Crete ...): the picture shows it as impassable. `SEEDS` are more points of a province, for
the shape of its region; both are drawing aids, not facts of the game.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "world-atlas@2.0.2"
DATASET = "package/land-50m.json"
SOURCE = ("Natural Earth 1:50m land, version 4.1.0 (public domain), from the npm package "
          "world-atlas 2.0.2 (ISC licence)")
TOLERANCE = 0.9  # pixels: how far a simplified line may stray from the data
SMALLEST = 2.0  # square pixels: smaller islands are left out

MAPS = {
    # the draft maps: drawn on the coastline; their seeds are found by tools/tune_seeds.py
    # (tools/outline_seeds/ID.json)
    # (an island with no province's point on it is no province: "small_island" is high)
    "diadochi-v": {"lon": (-12.5, 49.5), "lat": (25.0, 54.5), "width": 1100.0,
                   "barren": {}, "seeds": {}, "small_island": 1e9},
    "rise-of-rome-ii": {"lon": (-11.5, 47.5), "lat": (26.0, 50.0), "width": 1150.0,
                        "barren": {}, "small_island": 1e9,
                        # the Atlantic reaches up into the Bay of Biscay and the Channel
                        "seeds": {"atl": [(-5.0, 46.5), (-10.0, 44.0), (-8.0, 48.6)]}},
    "hoplite-wars": {"lon": (19.3, 29.0), "lat": (35.3, 40.8), "width": 1300.0,
                     "barren": {}, "seeds": {}, "small_island": 1e9},
    "lord-of-hosts": {
        "lon": (28.0, 51.5), "lat": (26.0, 39.5), "width": 1000.0,
        "barren": {"Anatolia": [(31.5, 38.8), (36.0, 39.0), (39.5, 39.2)],
                   "Libyan Desert": [(29.3, 30.2), (29.5, 27.0), (30.3, 31.0)],
                   "Iran": [(51.0, 31.5)],
                   "Red Sea": [(34.0, 27.0), (33.0, 28.6), (34.7, 28.8)]},
        # the Red Sea and its gulfs are no spaces of the board
        "fill": {"Red Sea": [(32.2, 30.0), (32.6, 29.95), (35.0, 29.6), (37.5, 26.0),
                             (32.2, 26.0)]},
        # the rivers that are spaces, along their real courses (two arms of the Nile's delta)
        "rivers": {
            "nil": [[(31.2, 28.6), (31.25, 29.6), (31.23, 30.05), (31.3, 30.5), (31.5, 31.0),
                     (31.82, 31.55)],
                    [(31.23, 30.05), (31.05, 30.5), (30.8, 30.9), (30.38, 31.5)]],
            "jor": [[(35.62, 33.1), (35.58, 32.75), (35.56, 32.3), (35.55, 31.85),
                     (35.5, 31.45), (35.42, 31.0), (35.4, 30.8)]],
            "eup": [[(38.0, 37.2), (38.1, 36.8), (39.0, 35.95), (40.15, 35.33), (40.9, 34.45),
                     (41.9, 34.1), (42.8, 33.64), (43.78, 33.35), (44.3, 32.7), (44.4, 32.0),
                     (45.3, 31.3), (46.2, 31.05), (47.0, 30.95), (47.7, 30.3), (48.0, 29.8)]],
            "tig": [[(41.5, 37.6), (42.2, 37.3), (43.15, 36.35), (43.33, 36.1), (43.26, 35.46),
                     (43.87, 34.2), (44.4, 33.3), (45.8, 32.5), (47.15, 31.85), (48.0, 31.0),
                     (48.5, 30.4), (48.9, 29.85)]],
        },
        "seeds": {
            "mer": [(35.8, 36.9), (36.1, 36.75)], "all": [(36.6, 36.5)], "aqa": [(35.7, 29.8)],
            "edo": [(35.8, 30.4), (35.05, 30.95), (34.75, 30.55), (35.42, 30.85)],
            "ass": [(41.8, 35.9), (43.0, 34.9), (43.2, 34.45)], "ezi": [(35.1, 29.95)],
            "pet": [(35.3, 30.05)], "nis": [(41.2, 36.5)],
            "sip": [(43.4, 33.8)], "sam": [(45.5, 34.0), (44.2, 35.0)], "beh": [(46.3, 34.0)],
            "per": [(48.8, 29.6), (49.5, 27.8), (49.5, 29.8)], "sms": [(32.5, 33.3)],
            "isr": [(35.5, 33.25)], "dam": [(35.9, 33.3)], "kis": [(44.5, 32.9)],
            "gaz": [(34.7, 31.8)], "jab": [(36.5, 32.3), (35.68, 31.8)], "jeu": [(35.4, 31.6), (34.9, 31.3)], "sin": [(34.35, 30.9)],
            "jer": [(35.38, 31.1)],
            "mar": [(38.5, 38.3)], "ura": [(40.5, 38.6), (41.5, 38.3)],
            "syr": [(36.0, 36.3), (35.9, 34.8), (36.2, 36.45)], "mib": [(37.0, 26.8)],
            "sar": [(40.0, 26.5), (48.5, 27.5), (44.0, 29.5)], "mit": [(40.5, 37.5)],
            "nar": [(42.0, 32.5), (37.8, 33.8), (37.5, 29.9)], "wms": [(29.8, 31.9)],
            "nim": [(44.0, 35.6)], "sid": [(35.6, 34.2)], "sus": [(47.6, 31.9), (49.5, 30.6)],
            "amm": [(36.4, 31.7)], "moa": [(35.68, 31.6), (36.3, 31.2), (35.55, 31.0)], "ira": [(46.0, 31.6)], "cha": [(48.2, 30.4)],
            "ur": [(47.4, 30.2)], "tyr": [(35.45, 33.35)], "mai": [(42.6, 34.3), (38.5, 34.9), (41.0, 35.8)],
        },
    },
    "standard": {
        "lon": (-14.0, 45.0), "lat": (29.5, 72.0), "width": 1000.0,
        "barren": {"Ireland": [(-8.0, 53.2), (-6.6, 54.6)], "Switzerland": [(8.2, 46.8)],
                   "Iceland": [(-14.5, 65.0)], "Crete": [(24.9, 35.2)],
                   "Libya": [(15.0, 30.2), (20.0, 30.5)], "Egypt": [(28.0, 30.0)],
                   "Arabia": [(40.0, 31.0)], "Gotland": [(18.5, 57.4)], "Corsica and Sardinia": [(9.0, 41.0)]},
        # water that is part of a land province on the board: the straits of Constantinople
        # and of Denmark
        "fill": {"Sea of Marmara": [(26.6, 40.2), (29.3, 40.2), (29.3, 41.3), (26.6, 41.3)],
                 "Danish straits": [(9.4, 54.8), (12.8, 54.8), (12.8, 55.9), (9.4, 55.9)]},
        "seeds": {
            "alb": [(19.5, 42.3)], "tri": [(18.5, 43.0), (13.8, 45.6)],
            "apu": [(17.2, 40.6), (14.8, 42.3)], "nap": [(16.2, 39.0)],
            "ven": [(12.5, 43.8), (13.0, 45.8)], "smy": [(34.5, 37.5)], "arm": [(38.5, 38.5)],
            "kie": [(10.8, 54.2), (10.0, 52.0)], "bal": [(12.0, 54.6)],
            "den": [(11.8, 55.4)], "bul": [(27.3, 43.0)],
            "nwy": [(16.0, 67.5), (24.0, 70.0), (28.5, 70.3), (7.5, 58.5)],
            "nth": [(3.0, 52.5), (6.5, 56.5), (4.0, 58.5), (-1.5, 56.3)],
            "boh": [(17.2, 49.5), (13.5, 49.0)], "sil": [(18.2, 50.4), (15.5, 51.2)],
            "gal": [(19.3, 49.4)], "vie": [(17.8, 48.4)],
            "tyr": [(13.0, 47.8), (10.3, 46.4), (13.0, 46.5)],
            "mid": [(-13.0, 48.5), (-7.0, 46.5), (-12.0, 33.0), (-7.5, 36.0), (-4.0, 44.5)], "naf": [(-5.6, 35.1)],
            "adr": [(13.0, 44.8)], "bla": [(30.0, 43.5)], "ska": [(11.5, 57.0)],
            "iri": [(-4.5, 53.8)],
            "wes": [(-2.5, 36.5)], "spa": [(1.5, 41.6), (-5.6, 36.8)],
            "bur": [(4.2, 49.2), (6.8, 48.6)],
            "cly": [(-4.6, 55.9), (-5.5, 57.6)], "edi": [(-3.4, 58.3)], "lvp": [(-4.5, 55.0)], "wal": [(-4.5, 50.5)],
            "nat": [(-9.0, 56.5), (-6.0, 55.6), (-13.0, 53.5)], "nrg": [(-2.0, 59.8), (8.0, 68.0)], "bar": [(20.0, 72.0)],
            "fin": [(26.5, 67.8), (25.0, 60.9)], "lvn": [(25.5, 58.7)], "swe": [(12.5, 57.5), (11.8, 58.8), (20.5, 65.8)],
            "gre": [(21.8, 41.2)], "ser": [(21.5, 42.3)], "mun": [(10.5, 50.3), (12.5, 50.5)],
            "mar": [(3.2, 43.6), (6.3, 45.3)], "mos": [(28.0, 53.5)], "war": [(24.5, 52.5)],
            "stp": [(33.0, 67.5), (30.0, 59.5)], "pie": [(9.0, 45.8)],
            "rum": [(28.5, 46.0)], "sev": [(31.0, 46.8)],
            "tys": [(10.5, 42.0)], "gol": [(8.8, 43.6)], "ion": [(17.5, 39.0)],
            "eng": [(1.5, 50.6)],
        },
    },
}


def fetch_topology(folder: Path) -> dict:
    """world-atlas's land TopoJSON, through `npm pack` (the registry's own client)."""
    subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=folder, check=True,
                   capture_output=True)
    tarball = next(folder.glob("world-atlas-*.tgz"))
    with tarfile.open(tarball) as archive:
        member = archive.extractfile(DATASET)
        assert member is not None, f"{DATASET} is not in {tarball.name}"
        return json.load(member)


def land_rings(topology: dict) -> list[list[tuple[float, float]]]:
    """The outer ring of every land polygon, in longitude and latitude."""
    scale, translate = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * scale[0] + translate[0], y * scale[1] + translate[1]))
        arcs.append(points)

    def ring(indexes: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for index in indexes:
            arc = arcs[index] if index >= 0 else arcs[~index][::-1]
            points.extend(arc if not points else arc[1:])
        return points

    rings = []
    for geometry in topology["objects"]["land"]["geometries"]:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        rings += [unwrapped(ring(polygon[0])) for polygon in polygons]
    return rings


def unwrapped(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The ring without jumps across the antimeridian (Eurasia is cut there in the data):
    each longitude shifted by whole turns to stay near the one before it."""
    out = [ring[0]]
    for lon, lat in ring[1:]:
        while lon - out[-1][0] > 180:
            lon -= 360
        while out[-1][0] - lon > 180:
            lon += 360
        out.append((lon, lat))
    # then by whole turns so that most of it lies in the usual range
    shift = max((-720, -360, 0, 360, 720),
                key=lambda turn: sum(-180 <= lon + turn <= 180 for lon, _ in out))
    return [(lon + shift, lat) for lon, lat in out]


def clip(ring: list[tuple[float, float]], box: tuple[float, float, float, float]
         ) -> list[tuple[float, float]]:
    """The ring cut to a rectangle (Sutherland-Hodgman: a rectangle is convex)."""
    left, top, right, bottom = box
    sides = [(lambda p: p[0] >= left, lambda a, b: _at_x(a, b, left)),
             (lambda p: p[0] <= right, lambda a, b: _at_x(a, b, right)),
             (lambda p: p[1] >= top, lambda a, b: _at_y(a, b, top)),
             (lambda p: p[1] <= bottom, lambda a, b: _at_y(a, b, bottom))]
    for inside, cut in sides:
        if not ring:
            break
        out = []
        for i, current in enumerate(ring):
            previous = ring[i - 1]
            if inside(current):
                if not inside(previous):
                    out.append(cut(previous, current))
                out.append(current)
            elif inside(previous):
                out.append(cut(previous, current))
        ring = out
    return ring


def _at_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + (b[1] - a[1]) * t)


def _at_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + (b[0] - a[0]) * t, y)


def simplify_ring(points: list[tuple[float, float]], tolerance: float
                  ) -> list[tuple[float, float]]:
    """A closed ring (first point repeated last) simplified in two halves: from its first
    point to the point farthest from it, and back."""
    if len(points) < 4:
        return points
    far = max(range(len(points)), key=lambda i: math.dist(points[0], points[i]))
    return simplify(points[:far + 1], tolerance) + simplify(points[far:], tolerance)[1:]


def simplify(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas-Peucker on an open line (its ends are kept)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        length = math.hypot(bx - ax, by - ay) or 1e-9
        worst, index = 0.0, None
        for i in range(first + 1, last):
            px, py = points[i]
            distance = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
            if distance > worst:
                worst, index = distance, i
        if index is not None and worst > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, kept in zip(points, keep, strict=True) if kept]


def area(points: list[tuple[float, float]]) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                   in zip(points, points[1:] + points[:1], strict=True))) / 2


SEEDS = ROOT / "tools" / "outline_seeds"  # more seeds per map, found by tools/tune_seeds.py


def tuned_seeds(map_id: str) -> dict[str, list[tuple[float, float]]]:
    """The seeds `tools/tune_seeds.py` found for a map (longitude, latitude), if any."""
    path = SEEDS / f"{map_id}.json"
    if not path.exists():
        return {}
    return {pid: [tuple(p) for p in points]
            for pid, points in json.loads(path.read_text(encoding="utf-8")).items()}


def outline(map_id: str, topology: dict, extra: dict | None = None) -> dict:
    """The outline file's content; `extra` seeds (by default the tuned ones) are added to
    the map's own."""
    spec = dict(MAPS[map_id])
    extra = tuned_seeds(map_id) if extra is None else extra
    spec["seeds"] = {pid: [*spec["seeds"].get(pid, []), *extra.get(pid, [])]
                     for pid in {*spec["seeds"], *extra}}
    (west, east), (south, north) = spec["lon"], spec["lat"]
    lon_factor = math.cos(math.radians((south + north) / 2))
    scale = spec["width"] / ((east - west) * lon_factor)

    def project(lon: float, lat: float) -> tuple[float, float]:
        return ((lon - west) * lon_factor * scale, (north - lat) * scale)

    land = []
    for ring in land_rings(topology):
        cut = clip(ring, (west, south, east, north))
        if len(cut) < 3:
            continue
        projected = simplify_ring([project(lon, lat) for lon, lat in cut]
                                  + [project(*cut[0])], TOLERANCE)[:-1]
        if len(projected) >= 3 and area(projected) >= SMALLEST:
            land.append([round(c, 1) for point in projected for c in point])
    fill = {name: [round(c, 1) for lon, lat in points for c in project(lon, lat)]
            for name, points in spec.get("fill", {}).items()}
    rivers = {pid: [[round(c, 1) for lon, lat in course for c in project(lon, lat)]
                    for course in courses]
              for pid, courses in spec.get("rivers", {}).items()}
    size = [round(spec["width"], 1), round((north - south) * scale, 1)]
    return {
        "source": SOURCE,
        "made_by": "tools/make_outlines.py",
        "projection": {"west": west, "north": north, "lon_factor": round(lon_factor, 6),
                       "scale": round(scale, 6)},
        "size": size,
        "barren": {name: [list(project(*p)) for p in points]
                   for name, points in spec["barren"].items()},
        "seeds": {pid: [[round(c, 1) for c in project(*p)] for p in points]
                  for pid, points in sorted(spec["seeds"].items())},
        "land": land,
        "fill": fill,
        "rivers": rivers,
        **({"small_island": spec["small_island"]} if "small_island" in spec else {}),
    }


def outline_with_seeds(map_id: str, data: dict, extra: dict) -> dict:
    """`data` (an outline made without tuned seeds) with the map's own seeds and `extra`
    ones: cheaper than making the outline again."""
    spec = MAPS[map_id]
    west, north = spec["lon"][0], spec["lat"][1]
    projection = data["projection"]

    def project(lon: float, lat: float) -> list[float]:
        return [round((lon - west) * projection["lon_factor"] * projection["scale"], 1),
                round((north - lat) * projection["scale"], 1)]

    seeds = {pid: [*spec["seeds"].get(pid, []), *extra.get(pid, [])]
             for pid in {*spec["seeds"], *extra}}
    return {**data, "seeds": {pid: [project(*p) for p in points]
                              for pid, points in sorted(seeds.items())}}


def main(argv: list[str]) -> None:
    names = argv or sorted(MAPS)
    with tempfile.TemporaryDirectory() as folder:
        topology = fetch_topology(Path(folder))
    for name in names:
        data = outline(name, topology)
        target = ROOT / "maps" / f"{name}.outline.json"
        target.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        points = sum(len(ring) // 2 for ring in data["land"])
        print(f"wrote {target.relative_to(ROOT)}: {len(data['land'])} land outlines, "
              f"{points} points")


if __name__ == "__main__":
    main(sys.argv[1:])
