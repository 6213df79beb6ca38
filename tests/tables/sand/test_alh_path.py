"""The Sand table draws Alhazred's path along the board's routes (Rulebook: Solo Mode - Alhazred
travels by the routes his Codex cards count), not as straight lines between the places."""

import math

import pygame

from sandsofplay.tables.sand.view import ALH_PATH_RGB, D
from tests.tables.sand.test_table import make_table
from tests.tables.sand.test_board import edited


def bent_route(table):
    """A route whose drawn curve passes well clear of the straight line between its ends."""
    best = None
    for rid, pts in table.board.geo.curves.items():
        r = D.routes[rid]
        a, b = table.board.geo.centre[r.a], table.board.geo.centre[r.b]
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
    curve = table.board.geo.curves[rid]
    # he walks the route backwards: the leg runs from r.b to r.a along the same curve
    table.board.alh_path = [(r.b, r.a, rid)]
    leg = table.board.alh_leg(r.b, r.a, rid)
    assert leg == [table.board.cam.to_screen(p) for p in reversed(curve)]
    surf = pygame.Surface((1280, 720))
    table.board.draw_board(surf, table.obs(), 0)
    on_curve = curve[len(curve) // 4]  # a quarter along: clear of the leg's number
    assert tuple(surf.get_at(on_curve))[:3] == ALH_PATH_RGB
    a, b = table.board.geo.centre[r.a], table.board.geo.centre[r.b]
    straight = (int(a[0] + (b[0] - a[0]) / 4), int(a[1] + (b[1] - a[1]) / 4))
    assert math.dist(straight, on_curve) > 8
    assert tuple(surf.get_at(straight))[:3] != ALH_PATH_RGB  # no straight line drawn


def test_his_worm_walks_along_the_route_too(app):
    """The Worm goes where the path is drawn: half-way it is on the route's curve, off the
    straight line between the two places."""
    table = make_table(app, ("human",), seed=5, alhazred="medium")
    app.frame(1 / 60)
    rid = bent_route(table)
    r = D.routes[rid]
    s = table.match.state
    s.alh["loc"] = r.a
    edited(table)
    table.board.worm_anim["alh"] = table.board.worm_home("alh", table.obs())
    start = table.board.worm_anim["alh"]
    s.alh["loc"] = r.b
    table.match.version += 1
    table.board.alh_path = [(r.a, r.b, rid)]
    goal = table.board.worm_home("alh", table.obs())
    dx, dy = start[0] - table.board.geo.centre[r.a][0], start[1] - table.board.geo.centre[r.a][1]
    curve = [(x + dx, y + dy) for x, y in table.board.geo.curves[rid]]
    off_line = []
    for _ in range(200):
        table.update_table()
        p = table.board.worm_anim["alh"]
        assert min(math.dist(p, q) for q in curve) < 8  # on the route all the way
        t = ((p[0] - start[0]) * (goal[0] - start[0]) + (p[1] - start[1]) * (goal[1] - start[1])) \
            / max(1, math.dist(start, goal) ** 2)
        if 0.3 < t < 0.7:
            line = (start[0] + (goal[0] - start[0]) * t, start[1] + (goal[1] - start[1]) * t)
            off_line.append(math.dist(p, line))
        if p == goal:
            break
    assert table.board.worm_anim["alh"] == goal
    assert off_line and max(off_line) > 8
