"""Issue 31: a tile's "x2" count is seen on every tile - the corner tiles' second Artifact cube
was counted beside the cube, under the next resource's icon."""

import pygame

from sandsofplay.tables.sahwari.paint import BADGE

from .helpers import frames, make_table


def _badges(table, obs):
    """(cell, badge rect, the tile's other icons) of every count shown on the board."""
    keys = {"artifact": "artifacts", "pawn": "pawns"}
    out = []
    for g in obs["grid"]:
        rects = table.geo.resource_rects(g)
        for kind, rr in rects:
            if kind in keys and g[keys[kind]] > 1:
                out.append((g["cell"], table.geo.badge_rect(rr), [o for k, o in rects
                                                                  if o != rr]))
    return out


def _badge_pixels(surf, r) -> int:
    return sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom)
               if tuple(surf.get_at((x, y)))[:3] == BADGE)


def test_every_count_lies_on_its_tile_uncovered(app):
    """Set-up 5 (an extra Artifact cube on each corner tile): each corner shows its count, inside
    the tile, clear of the tile's other icons and of the camels, and drawn on the screen."""
    table = make_table(app, ["bot:easy", "bot:easy", "bot:easy"], seed=4, fast=False)
    frames(app, 3)
    seen_cells = set()
    for _ in range(200):
        obs = table.obs()
        badges = _badges(table, obs)
        table.timeline.clear()  # the pieces where the rules have them
        table.draw_table(app.screen, 0.0)
        for cell, r, others in badges:
            tile = table.geo.cell_rect(cell)
            assert tile.contains(r), (cell, r, tile)
            assert not any(r.colliderect(o) for o in others), (cell, r, others)
            camels = [cr for _k, cr in table.geo.camel_slots(obs, cell)]
            assert not any(r.colliderect(c) for c in camels), (cell, r, camels)
            assert _badge_pixels(app.screen, r) > r.w * r.h // 4, (cell, r)  # its pill is seen
            seen_cells.add(cell)
        if obs["phase"] == "turn" and len(table.match.log) > 40:
            break
        table.driver.step()
    assert {0, 4, 20, 24} & seen_cells  # the corners' counts were there to be seen


def test_a_crowded_tile_keeps_every_count_clear():
    """The fullest tile a game can show (a cube and a pawn counted, and a token): the counts stay
    inside the tile and off their neighbours, whatever the cell."""
    from sandsofplay.tables.sahwari.geometry import Geometry
    from sandsofplay.tables.sahwari.table import LAYOUT
    geo = Geometry(LAYOUT, 2, "standard")
    for cell in range(25):
        g = {"cell": cell, "side": "resources", "artifacts": 2, "pawns": 2, "small": 0,
             "guarded": 5}
        rects = geo.resource_rects(g)
        assert len(rects) == 3
        for kind, rr in rects[:2]:
            b = geo.badge_rect(rr)
            assert geo.cell_rect(cell).contains(b)
            assert not any(b.colliderect(o) for k, o in rects if o != rr)
    pygame.quit()
