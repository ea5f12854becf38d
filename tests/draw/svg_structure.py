"""Reading a picture back: the SVG as XML, elements by class, and a picture's structure as
data (what the golden files hold)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The picture as XML; fails the test if it is not well-formed SVG."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg", root.tag
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose class list contains `name`."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def structure(svg: str) -> dict:
    """What a picture shows, as data a golden file can hold: the title, how many regions of
    each kind, every centre, piece, order and legend line, and the kinds of borders."""
    root = parse(svg)
    regions: dict[str, int] = {}
    for region in with_class(root, "region"):
        kind = [c for c in region.get("class").split() if c != "region"][0]
        regions[kind] = regions.get(kind, 0) + 1
    borders = {name: len(with_class(root, name)) for name in ("border", "barrier", "link")}
    centres = sorted(f"{e.get('data-province')} owner={e.get('data-owner') or '-'} "
                     f"value={e.get('data-value')} destroyed={e.get('data-destroyed')}"
                     for e in with_class(root, "centre"))
    pieces = sorted(f"{e.get('class')} {e.get('data-power')} {e.get('data-caption')} "
                    f"{e.get('data-location')}" for e in with_class(root, "piece"))
    orders = sorted(" ".join(p for p in (e.get("class"), e.get("data-power"),
                                          e.get("data-from"), e.get("data-target") or "",
                                          e.get("data-to") or "") if p)
                    for e in with_class(root, "order"))
    standings = [f"{e.get('data-power')} centres={e.get('data-centres')} "
                 f"units={e.get('data-units')}" for e in with_class(root, "standing")]
    title = with_class(root, "title")[0]
    subtitle = with_class(root, "subtitle")[0]
    return {"title": title.text, "subtitle": subtitle.text, "regions": regions,
            "labels": len(with_class(root, "label")), "borders": borders,
            "centres": centres, "pieces": pieces, "orders": orders, "standings": standings}
