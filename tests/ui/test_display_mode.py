"""The window's mode: a window of the logical size presents its own surface (no renderer, the
cheapest present); any other size, or full screen, is scaled by SDL. The decision is tested with
a stand-in window (headless runs have no window to resize)."""

import pygame


class FakeWindow:
    def __init__(self, size):
        self.size = size
        self.borderless = False
        self.position = (0, 0)
        self.minimum_size = (0, 0)


def with_window(app, monkeypatch, size, scaled):
    calls = []

    def set_display(scaled):
        calls.append(scaled)
        app.display_flags = pygame.RESIZABLE | (pygame.SCALED if scaled else 0)
        app.window.size = (1280, 720)  # as set_mode leaves it

    app.window = FakeWindow(size)
    app.display_flags = pygame.RESIZABLE | (pygame.SCALED if scaled else 0)
    monkeypatch.setattr(app, "_set_display", set_display)
    monkeypatch.setattr(app, "_desktop_fits", lambda: True)
    return calls


def test_a_window_resized_by_its_player_is_scaled_and_keeps_its_size(app, monkeypatch):
    calls = with_window(app, monkeypatch, (1600, 900), scaled=False)
    app._fit_display()
    assert calls == [True]
    assert app.window.size == (1600, 900)
    assert app.display_flags & pygame.SCALED


def test_a_window_back_at_the_logical_size_presents_its_surface_unscaled(app, monkeypatch):
    calls = with_window(app, monkeypatch, (1280, 720), scaled=True)
    app._fit_display()
    assert calls == [False]
    assert not app.display_flags & pygame.SCALED


def test_full_screen_stays_scaled_even_on_a_logical_size_screen(app, monkeypatch):
    calls = with_window(app, monkeypatch, (1280, 720), scaled=True)
    app.settings.fullscreen = True
    app._fit_display()
    assert calls == []


def test_full_screen_switches_to_scaling_and_back(app, monkeypatch):
    calls = with_window(app, monkeypatch, (1280, 720), scaled=False)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app.set_fullscreen(True)
    assert calls == [True] and app.window.size == (1920, 1080) and app.window.borderless
    app.set_fullscreen(False)
    assert calls == [True, False] and app.window.size == (1280, 720)
    assert not app.window.borderless


def test_a_size_change_event_makes_the_app_fit_its_display(app, monkeypatch):
    calls = with_window(app, monkeypatch, (1600, 900), scaled=False)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1600, y=900))
    app.frame(1 / 60)
    assert calls == [True]


def test_headless_runs_draw_on_the_plain_logical_surface(app):
    assert app.screen.get_size() == (1280, 720)
    assert app.window is None and app.display_flags == 0


# --- the first window fits the desktop (issue 31: any window size) ------------------------------

def test_the_fitted_size_keeps_the_logical_shape_inside_the_usable_area():
    from sandsofplay.ui.app import fitted_size
    assert fitted_size((1280, 720)) == (1280, 720)
    assert fitted_size((1920, 1000)) == (1280, 720)  # never larger than the logical size
    assert fitted_size((1280, 640)) == (1138, 640)  # a 720-line desktop less its title bar
    assert fitted_size((1024, 520)) == (924, 520)  # 1024x600 less its panels
    assert fitted_size((800, 1000)) == (800, 450)  # narrow: the width decides
    assert fitted_size((200, 100)) == (640, 360)  # never below half the logical size


def test_the_usable_area_leaves_room_for_a_title_bar_and_a_task_bar(monkeypatch):
    from sandsofplay.ui import app as app_mod
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    assert app_mod.usable_area() == (1280, 720 - app_mod.DECORATION_H)
    assert not app_mod.App._desktop_fits()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    assert app_mod.App._desktop_fits()  # a 1280x720 window and its decorations fit


def test_on_a_small_desktop_the_first_window_is_scaled_down_to_fit(app, monkeypatch):
    app.window = FakeWindow((1280, 720))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    app._first_window()
    assert app.window.size == (924, 520)
    assert app.window.position == pygame.WINDOWPOS_CENTERED


def test_on_a_large_desktop_the_first_window_is_the_logical_size(app, monkeypatch):
    app.window = FakeWindow((1280, 720))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app._first_window()
    assert app.window.size == (1280, 720) and app.window.position == (0, 0)


def test_leaving_full_screen_on_a_small_desktop_gives_a_window_that_fits(app, monkeypatch):
    calls = with_window(app, monkeypatch, (1024, 600), scaled=True)
    monkeypatch.setattr(app, "_desktop_fits", lambda: False)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    app.settings.fullscreen = True
    app.set_fullscreen(False)
    assert app.window.size == (924, 520) and calls == []  # stays scaled


def test_scaling_is_not_by_whole_numbers_only():
    """pygame's SCALED mode crops a window smaller than the canvas unless the hint it reads
    under its macro's name is true; the app sets it before any window opens."""
    import os
    import sandsofplay.ui.app  # noqa: F401
    assert os.environ.get("SDL_HINT_RENDER_SCALE_QUALITY") == "1"
