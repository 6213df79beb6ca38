"""The app's icon, drawn in code: a sand timer over dunes under a low sun, on a rounded tile.

The window shows it (``pygame.display.set_icon``); ``tools/bundle.py`` saves it as the PNG the
freedesktop ``.desktop`` entry names. Drawn at any size from the same shapes, so it stays sharp.
"""

from __future__ import annotations

import pygame

SKY_TOP = (236, 148, 64)
SKY_LOW = (250, 206, 120)
SUN = (255, 240, 190)
DUNE_FAR = (214, 150, 78)
DUNE_NEAR = (176, 104, 48)
GLASS = (250, 246, 232)
FRAME = (92, 52, 26)
SAND = (232, 184, 96)


def draw_icon(size: int = 256) -> pygame.Surface:
    """A square icon of ``size`` pixels with a transparent rounded border."""
    big = size * 2  # drawn at twice the size and smoothed down: softer edges
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    u = big / 64.0  # one unit of a 64-unit grid

    def r(x, y, w, h):
        return pygame.Rect(round(x * u), round(y * u), round(w * u), round(h * u))

    def pts(*xy):
        return [(round(x * u), round(y * u)) for x, y in xy]

    tile = pygame.Surface((big, big), pygame.SRCALPHA)
    for y in range(big):  # the sky: a vertical gradient
        t = y / (big - 1)
        c = tuple(round(a + (b - a) * t) for a, b in zip(SKY_TOP, SKY_LOW))
        pygame.draw.line(tile, c, (0, y), (big - 1, y))
    pygame.draw.circle(tile, SUN, (round(46 * u), round(22 * u)), round(9 * u))
    pygame.draw.polygon(tile, DUNE_FAR, pts((0, 44), (14, 36), (30, 40), (46, 33), (64, 40),
                                            (64, 64), (0, 64)))
    pygame.draw.polygon(tile, DUNE_NEAR, pts((0, 52), (20, 45), (40, 52), (64, 47), (64, 64),
                                             (0, 64)))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), r(2, 2, 60, 60), border_radius=round(12 * u))
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(tile, (0, 0))

    # the sand timer: two bulbs between a top and a bottom plate, sand in both
    pygame.draw.polygon(s, GLASS, pts((21, 13), (43, 13), (34, 32), (43, 51), (21, 51), (30, 32)))
    pygame.draw.polygon(s, SAND, pts((25, 20), (39, 20), (33, 30), (31, 30)))
    pygame.draw.polygon(s, SAND, pts((31.5, 32), (32.5, 32), (33, 44), (31, 44)))
    pygame.draw.polygon(s, SAND, pts((32, 42), (41, 49), (23, 49)))
    pygame.draw.lines(s, FRAME, True, pts((21, 13), (43, 13), (34, 32), (43, 51), (21, 51),
                                          (30, 32)), max(1, round(1.4 * u)))
    pygame.draw.rect(s, FRAME, r(17, 9, 30, 5), border_radius=round(2 * u))
    pygame.draw.rect(s, FRAME, r(17, 50, 30, 5), border_radius=round(2 * u))
    return pygame.transform.smoothscale(s, (size, size))


def set_window_icon() -> None:
    """Give the app's window its icon (before the window opens, so the desktop shows it)."""
    pygame.display.set_icon(draw_icon(64))
