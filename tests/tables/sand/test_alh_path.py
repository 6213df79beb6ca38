"""The Sand table draws Alhazred's path along the board's routes (Rulebook: Solo Mode - Alhazred
travels by the routes his Codex cards count), not as straight lines between the places."""

import math

import pygame

from sandsofplay.tables.sand.view import ALH_PATH_RGB, D
from tests.tables.sand.test_table import make_table


def bent_route(table):
    """A route whose drawn curve passes well clear of the straight line between its ends."""
    best = None
    for rid, pts in table.geo.curves.items():
        r = D.routes[rid]
        a, b = table.geo.centre[r.a], table.geo.centre[r.b]
        mid = pts[len(pts) // 2]
        off = math.dist(mid, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        if best is None or off > best[0]:
            best = (off, rid)
    assert best[0] > 12, best
    return best[1]


def test_alhazreds_path_follows_the_route_he_took(app):
    table = make_table(app, ("human",), seed=5, alhazred="medium")
    app.frame(1 / 60)
    rid = bent_route(table)
    r = D.routes[rid]
    curve = table.geo.curves[rid]
    # he walks the route backwards: the leg runs from r.b to r.a along the same curve
    table.alh_path = [(r.b, r.a, rid)]
    leg = table.alh_leg(r.b, r.a, rid)
    assert leg == [table.cam.to_screen(p) for p in reversed(curve)]
    surf = pygame.Surface((1280, 720))
    table.draw_board(surf, table.obs(), 0)
    on_curve = curve[len(curve) // 4]  # a quarter along: clear of the leg's number
    assert tuple(surf.get_at(on_curve))[:3] == ALH_PATH_RGB
    a, b = table.geo.centre[r.a], table.geo.centre[r.b]
    straight = (int(a[0] + (b[0] - a[0]) / 4), int(a[1] + (b[1] - a[1]) / 4))
    assert math.dist(straight, on_curve) > 8
    assert tuple(surf.get_at(straight))[:3] != ALH_PATH_RGB  # no straight line drawn
