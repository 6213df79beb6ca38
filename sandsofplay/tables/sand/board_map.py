"""The desert board's routes and places at a zoom step, in the zoomed board picture's pixels:
worked out once a step, so a pan only shifts them (``Board.board_surface`` draws them)."""

from __future__ import annotations

import math

from .camera import ZOOMS
from .view import BOARD, D, LOC_RGB, ROUTE_RGB


def zoomed_map(geo, step: int):
    """([(colour, width, points, dashes or None, (min x, max x, min y, max y))] for the routes,
    [(kind, colour, centre)] for the places) at zoom step ``step``; a shortcut (orange) is drawn
    as dashes, told from a path at any zoom."""
    z = ZOOMS[step]

    def sh(p):
        return (int((p[0] - BOARD.x) * z), int((p[1] - BOARD.y) * z))
    routes = []
    for rid, pts in geo.curves.items():
        kind = D.routes[rid].kind
        pts2 = [sh(p) for p in pts]
        xs, ys = [p[0] for p in pts2], [p[1] for p in pts2]
        dashes = dash_segments(pts2, 9, 7) if kind == "orange" else None
        width = 3 if kind == "orange" else 5 if kind == "green" else 4
        routes.append((ROUTE_RGB[kind], width, pts2, dashes, (min(xs), max(xs), min(ys), max(ys))))
    places = [(l.kind, LOC_RGB[l.kind], sh(geo.centre[loc])) for loc, l in D.locations.items()]
    return routes, places


def dash_segments(pts, dash, gap) -> list:
    """The dashes of a dashed line along the polyline ``pts``: [(start, end)], ``dash`` pixels
    long and ``gap`` apart."""
    out = []
    on, left = True, dash
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        seg = math.hypot(bx - ax, by - ay)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                f0, f1 = pos / seg, (pos + step) / seg
                out.append(((ax + (bx - ax) * f0, ay + (by - ay) * f0),
                            (ax + (bx - ax) * f1, ay + (by - ay) * f1)))
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap
    return out
