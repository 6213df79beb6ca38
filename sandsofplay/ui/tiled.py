"""Table layouts from Tiled maps (pytmx), in logical 1280x720 coordinates.

A layout map holds object layers only: every object is a named rectangle (or point) that the
table places things in; custom properties ride along (e.g. ``index`` for the n-th tile slot). A
missing, malformed or incomplete map is reported with the file and the problem.

The file is read once, bounded (``engine.resources.read_resource``: a regular file, never a
pipe, at most 2 MB) and checked before pytmx sees it: no DTD or entities, only the elements of
an object-layer map (no tilesets, tile layers, images or templates, which would make pytmx open
more files or allocate per tile), a map size within :data:`MAX_MAP_PX`, finite coordinates.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import pygame
import pytmx

from ..engine import DataError
from ..engine.resources import read_resource
from . import paths

MAX_MAP_PX = 20_000  # a layout map's width or height in pixels (the table is 1280x720)
MAX_OBJECTS = 5_000
# the elements an object-layer map is made of
MAP_ELEMENTS = {"map", "objectgroup", "group", "object", "properties", "property", "point",
                "ellipse", "polygon", "polyline", "text", "editorsettings", "export", "chunksize"}


@dataclass
class Region:
    name: str
    rect: pygame.Rect
    layer: str
    kind: str = ""
    props: dict = field(default_factory=dict)

    @property
    def center(self):
        return self.rect.center


class Layout:
    def __init__(self, regions: dict[str, Region], size, source: str):
        self.regions = regions
        self.size = size
        self.source = source

    def __contains__(self, name):
        return name in self.regions

    def region(self, name: str) -> Region:
        try:
            return self.regions[name]
        except KeyError:
            raise DataError(f"{self.source}: the layout has no object named {name!r}") from None

    def rect(self, name: str) -> pygame.Rect:
        return self.region(name).rect.copy()

    def layer(self, layer: str) -> list[Region]:
        return [r for r in self.regions.values() if r.layer == layer]

    def series(self, prefix: str) -> list[pygame.Rect]:
        """Rects named ``prefix0``, ``prefix1``, ... in order."""
        out = []
        i = 0
        while f"{prefix}{i}" in self.regions:
            out.append(self.rect(f"{prefix}{i}"))
            i += 1
        return out


def load_layout(path, required=()) -> Layout:
    """Load a layout map; ``required`` names objects that must be there."""
    path = str(path)
    name = path.rsplit("/", 1)[-1]
    root = _checked_root(path, name)
    try:
        tmx = pytmx.TiledMap()
        tmx.filename = path
        tmx.parse_xml(root)
    except Exception as exc:  # noqa: BLE001 - pytmx raises many kinds; report them all plainly
        raise DataError(f"{name}: the map cannot be read: {str(exc)[:200]}") from None
    size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
    regions: dict[str, Region] = {}
    for group in tmx.objectgroups:
        for obj in group:
            if not obj.name:
                raise DataError(f"{name}: an object in layer {group.name!r} has no name "
                                f"(at {obj.x:.0f},{obj.y:.0f})")
            if obj.name in regions:
                raise DataError(f"{name}: two objects are named {obj.name!r}")
            nums = (obj.x, obj.y, obj.width or 0, obj.height or 0)
            if not all(isinstance(v, (int, float)) and math.isfinite(v) and abs(v) <= MAX_MAP_PX
                       for v in nums):
                raise DataError(f"{name}: object {str(obj.name)[:40]!r} has a position or size "
                                f"that is not a number within the map")
            w, h = int(round(obj.width or 0)), int(round(obj.height or 0))
            rect = pygame.Rect(int(round(obj.x)), int(round(obj.y)), w, h)
            if w < 0 or h < 0 or not pygame.Rect(0, 0, *size).inflate(2, 2).contains(
                    rect.inflate(-2 if w > 2 else 0, -2 if h > 2 else 0)):
                raise DataError(f"{name}: object {obj.name!r} lies outside the "
                                f"{size[0]}x{size[1]} map")
            regions[obj.name] = Region(obj.name, rect, group.name, obj.type or "",
                                       dict(obj.properties))
    missing = [r for r in required if r not in regions]
    if missing:
        raise DataError(f"{name}: the layout lacks {', '.join(missing)}")
    return Layout(regions, size, name)


def _checked_root(path: str, name: str):
    """The map's XML, read bounded and checked to be a plain object-layer map."""
    try:
        raw = read_resource(path, "map")
    except DataError as exc:
        raise DataError(f"{name}: the map file cannot be used: {exc}") from None
    if b"<!DOCTYPE" in raw or b"<!ENTITY" in raw:
        raise DataError(f"{name}: the map file declares a DTD or entities, which a map never has")
    try:
        root = ET.fromstring(raw)
    except (ET.ParseError, ValueError) as exc:
        raise DataError(f"{name}: the map file is not valid XML ({str(exc)[:120]})") from None
    if root.tag != "map":
        raise DataError(f"{name}: the map file's root is <{str(root.tag)[:30]}>, not <map>")
    count = 0
    for el in root.iter():
        if el.tag not in MAP_ELEMENTS:
            raise DataError(f"{name}: the map has a <{str(el.tag)[:30]}> element; a layout map "
                            f"holds object layers only")
        if el.tag == "object":
            count += 1
            if "template" in el.attrib:
                raise DataError(f"{name}: an object uses a template file; layout maps do not")
    if count > MAX_OBJECTS:
        raise DataError(f"{name}: the map has {count:,} objects (at most {MAX_OBJECTS:,})")
    dims = {}
    for key in ("width", "height", "tilewidth", "tileheight"):
        text = root.get(key, "")
        if not text.isdigit() or len(text) > 6:
            raise DataError(f"{name}: the map's {key} must be a whole number, not "
                            f"{text[:20]!r}")
        dims[key] = int(text)
    if not (0 < dims["width"] * dims["tilewidth"] <= MAX_MAP_PX and
            0 < dims["height"] * dims["tileheight"] <= MAX_MAP_PX):
        raise DataError(f"{name}: the map's size must be 1 to {MAX_MAP_PX:,} pixels each way")
    return root


def map_path(name: str):
    return paths.resource("maps", f"{name}.tmx")
