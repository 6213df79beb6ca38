"""The app's icon (issue 24): drawn in code, given to the window and to the desktop entry."""

import pygame

from sandsofplay.ui import icon


def test_the_icon_is_a_square_picture_with_a_transparent_corner():
    pygame.init()
    for size in (32, 64, 256):
        surf = icon.draw_icon(size)
        assert surf.get_size() == (size, size)
        assert surf.get_at((0, 0)).a == 0  # the rounded tile leaves the corner clear
        mid = surf.get_at((size // 2, size // 2))
        assert mid.a == 255
        colours = {tuple(surf.get_at((x, y))) for x in range(0, size, max(1, size // 16))
                   for y in range(0, size, max(1, size // 16))}
        assert len(colours) > 6  # a picture, not a flat tile


def test_the_window_gets_the_icon_before_it_opens(monkeypatch):
    seen = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: seen.append(surf.get_size()))
    from sandsofplay.ui.app import App
    App()
    assert seen == [(64, 64)]
