"""The sand timer's stand and baskets are drawn once and blitted each frame: the kept pictures
must give exactly the picture of drawing them straight onto the table; a gem is one kept
picture too, whole and centred where it is put."""

import pygame

from sandsofplay.tables.sands_of_adventure import art
from sandsofplay.tables.sands_of_adventure.timer_view import TimerView, cup_rect


def same(a, b):
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_the_stand_and_the_baskets_from_kept_pictures_look_as_drawn_directly(app):
    tv = TimerView(app.text)
    for pivot in ((300, 330), (421, 287)):
        direct = pygame.Surface((1280, 720))
        direct.fill((90, 60, 30))
        kept = direct.copy()
        TimerView._stand_lines(direct, pivot)
        tv._stand(kept, pivot)
        assert same(direct, kept), pivot
    for anchor in ((300.3, 200.7), (511, 400), (100.9, 50.2)):
        cup = cup_rect(anchor)
        direct = pygame.Surface((800, 600))
        direct.fill((90, 60, 30))
        kept = direct.copy()
        TimerView._basket_lines(direct, cup)
        tv._basket(kept, cup)
        assert same(direct, kept), anchor


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
