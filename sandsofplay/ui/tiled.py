"""Table layouts from Tiled maps (pytmx), in logical 1280x720 coordinates.

A layout map holds object layers only: every object is a named rectangle (or point) that the
table places things in; custom properties ride along (e.g. ``index`` for the n-th tile slot). A
missing, malformed or incomplete map is reported with the file and the problem.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import pygame
import pytmx

from ..engine import DataError
from . import paths


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
    try:
        ET.parse(path)  # a clear message for broken XML before pytmx sees it
    except FileNotFoundError:
        raise DataError(f"{name}: the map file is missing ({path})") from None
    except ET.ParseError as exc:
        raise DataError(f"{name}: the map file is not valid XML ({exc})") from None
    try:
        tmx = pytmx.TiledMap(path)
    except Exception as exc:  # noqa: BLE001 - pytmx raises many kinds; report them all plainly
        raise DataError(f"{name}: the map cannot be read: {exc}") from None
    size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
    regions: dict[str, Region] = {}
    for group in tmx.objectgroups:
        for obj in group:
            if not obj.name:
                raise DataError(f"{name}: an object in layer {group.name!r} has no name "
                                f"(at {obj.x:.0f},{obj.y:.0f})")
            if obj.name in regions:
                raise DataError(f"{name}: two objects are named {obj.name!r}")
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


def map_path(name: str):
    return paths.resource("maps", f"{name}.tmx")
