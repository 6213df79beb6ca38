"""Write Tiled maps (TMX) made only of named object layers, for the table layouts.

Used by the layout generators (tools/make_maps.py); the maps can then be edited in Tiled."""

from __future__ import annotations

from xml.sax.saxutils import quoteattr


def write_tmx(path, width_px: int, height_px: int, layers: dict, tile=16):
    """``layers``: {layer name: [(name, x, y, w, h, props dict), ...]}."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
           f'renderorder="right-down" width="{width_px // tile}" height="{height_px // tile}" '
           f'tilewidth="{tile}" tileheight="{tile}" infinite="0" nextlayerid="{len(layers) + 1}" '
           f'nextobjectid="1000">']
    oid = 1
    for lid, (layer, objects) in enumerate(layers.items(), start=1):
        out.append(f' <objectgroup id="{lid}" name={quoteattr(layer)}>')
        for name, x, y, w, h, props in objects:
            attrs = f'id="{oid}" name={quoteattr(name)} x="{x}" y="{y}"'
            if w or h:
                attrs += f' width="{w}" height="{h}"'
            if props:
                out.append(f'  <object {attrs}>')
                out.append('   <properties>')
                for k, v in props.items():
                    typ = "int" if isinstance(v, int) else "string"
                    out.append(f'    <property name={quoteattr(k)} type="{typ}" '
                               f'value={quoteattr(str(v))}/>')
                out.append('   </properties>')
                out.append('  </object>')
            else:
                out.append(f'  <object {attrs}/>')
            oid += 1
        out.append(' </objectgroup>')
    out.append('</map>')
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")
