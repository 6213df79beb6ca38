"""Shared art helpers: what is drawn faster must look exactly the same."""

import itertools

import pygame

from sandsofplay.ui import art
from sandsofplay.ui import theme as T


def whole_glow(surf, rect, colour, width, radius, pulse):
    """The glow as one blended layer (the picture glow_rect must give)."""
    rect = pygame.Rect(rect)
    g = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
    p = round(pulse * 8) / 8
    for i, a in enumerate((50, 90, 160)):
        pygame.draw.rect(g, (*colour, int(a * p)), g.get_rect().inflate(-i * 5, -i * 5),
                         width, border_radius=radius + 6 - i * 2)
    surf.blit(g, (rect.x - 8, rect.y - 8))


def test_a_glowing_frame_blended_as_four_strips_is_the_whole_layers_picture(app):
    sizes = [(300, 230), (60, 86), (20, 20), (5, 40), (200, 60)]
    for (w, h), width, radius, pulse in itertools.product(sizes, (2, 3, 6), (0, 12, 20),
                                                         (1.0, 0.6)):
        want = pygame.Surface((400, 300))
        want.fill((40, 80, 120))
        got = want.copy()
        whole_glow(want, (30, 20, w, h), T.GLOW, width, radius, pulse)
        art.glow_rect(got, (30, 20, w, h), width=width, radius=radius, pulse=pulse)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), \
            (w, h, width, radius, pulse)

