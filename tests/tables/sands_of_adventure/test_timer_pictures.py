"""The sand timer's stand and baskets are drawn once and blitted each frame: the kept pictures
must give exactly the picture of drawing them straight onto the table; a gem is one kept
picture too, whole and centred where it is put."""

import pygame

from sandsofplay.tables.sands_of_adventure import art
from sandsofplay.tables.sands_of_adventure.timer_view import TimerView, cup_rect


def drawn_both_ways(size, direct, kept) -> bool:
    """The same cloth drawn on straight (``direct``) and from the kept picture (``kept``)."""
    a = pygame.Surface(size)
    a.fill((90, 60, 30))
    b = a.copy()
    direct(a)
    kept(b)
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_the_stand_and_the_baskets_from_kept_pictures_look_as_drawn_directly(app):
    tv = TimerView(app.text)
    for pivot in ((300, 330), (421, 287)):
        assert drawn_both_ways((1280, 720), lambda s: TimerView._stand_lines(s, pivot),
                               lambda s: tv._stand(s, pivot)), pivot
    for anchor in ((300.3, 200.7), (511, 400), (100.9, 50.2)):
        cup = cup_rect(anchor)
        assert drawn_both_ways((800, 600), lambda s: TimerView._basket_lines(s, cup),
                               lambda s: tv._basket(s, cup)), anchor


def test_a_gem_is_drawn_whole_around_its_centre(app):
    for size, scale in (("large", 1.0), ("small", 1.0), ("small", 1.6), ("large", 1.3)):
        surf = pygame.Surface((100, 100))
        surf.fill((0, 0, 0))
        art.gem(surf, size, (50, 50), scale)
        lit = pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255))
        lit.invert()
        r = lit.get_bounding_rects()[0]
        radius = art.GEM_RADIUS[size] * scale
        assert abs(r.centerx - 50) <= 1 and abs(r.centery - 50) <= 1, (size, scale, r)
        assert 2 * radius - 2 <= max(r.w, r.h) <= 2 * radius + 2, (size, scale, r)
