"""The staff's kiosk settings (issue 31, Kiosk): the kiosk's own keys - idle and countdown time,
the bots, the games, the quiet hours, the PIN - are changed on the kiosk, apply at once, and are
written to kiosk.toml, which the configuration loader reads back to the same values."""

from __future__ import annotations

import pygame

from sandsofplay.kiosk import config as config_mod
from sandsofplay.kiosk.config import KioskConfig
from sandsofplay.kiosk.staff_config import KioskConfigScene, NewPinScene, to_toml
from sandsofplay.kiosk.visitors import key, tap_button
from tests.kiosk.test_kiosk import kiosk, start_tiny_attract  # noqa: F401 - the fixture


def kiosk_settings(app, pin="4321"):
    key(app, pygame.K_k, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    for d in pin:
        tap_button(app, f"key:{d}")
    tap_button(app, "key:OK")
    tap_button(app, "kiosk")
    assert isinstance(app.top, KioskConfigScene)
    return app.top


def test_the_written_file_reads_back_to_the_same_configuration(tmp_path):
    cfg = KioskConfig(games=["sand", "sahwari"], players=[2, 3], idle_seconds=120.0,
                      countdown_seconds=20.0, pace="slow", pin="97531", sound=False, volume=35,
                      quiet_hours="22:00-07:00", dim_percent=50,
                      options={"sands_of_adventure": {"sides": "mixed"}})
    path = tmp_path / "kiosk.toml"
    path.write_text(to_toml(cfg), encoding="utf-8")
    back, problems = config_mod.load(path)
    assert problems == []
    for f in ("games", "players", "idle_seconds", "countdown_seconds", "pace", "pin", "sound",
              "volume", "quiet_hours", "dim_percent", "options", "bot_level", "attract_level"):
        assert getattr(back, f) == getattr(cfg, f), f


def test_changes_apply_at_once_and_save_writes_kiosk_toml(kiosk, home):
    app = kiosk(pin="4321", idle_seconds=90)
    start_tiny_attract(app)
    scene = kiosk_settings(app)
    scene.change("idle_seconds", (30, 60, 90, 120, 180, 300), 1)
    assert app.cfg.idle_seconds == 120.0  # at once
    scene.change("quiet_hours", ("", "21:00-07:00", "22:00-07:00"), 1)
    assert app.cfg.quiet_hours == "21:00-07:00"
    tap_button(app, "save")
    back, problems = config_mod.load(config_mod.default_path())
    assert problems == [] and back.idle_seconds == 120.0 and back.quiet_hours == "21:00-07:00"
    assert back.pin == "4321" and back.games == ["tiny"]
    assert "Saved to" in scene.message


def test_a_game_is_shown_or_hidden_but_never_all_hidden(kiosk):
    app = kiosk(pin="4321", games=[])
    start_tiny_attract(app)
    scene = kiosk_settings(app)
    games = scene.games
    assert len(games) >= 2 and all(scene.shown(g) for g in games)
    scene.toggle_game(games[0])
    assert app.cfg.games == games[1:]
    for g in games[1:-1]:
        scene.toggle_game(g)
    assert app.cfg.games == [games[-1]]
    scene.toggle_game(games[-1])  # the last one shown stays
    assert app.cfg.games == [games[-1]] and "At least one" in scene.message
    for g in games[:-1]:
        scene.toggle_game(g)
    assert app.cfg.games == []  # every game again: the default


def test_a_new_pin_is_typed_twice(kiosk):
    app = kiosk(pin="4321")
    start_tiny_attract(app)
    kiosk_settings(app)
    tap_button(app, "pin")
    assert isinstance(app.top, NewPinScene)
    for digits in ("8642", "8643"):  # they differ: refused, start again
        for d in digits:
            tap_button(app, f"key:{d}")
        tap_button(app, "key:OK")
    assert app.cfg.pin == "4321" and "differ" in app.top.message
    for _ in range(2):
        for d in "8642":
            tap_button(app, f"key:{d}")
        tap_button(app, "key:OK")
    assert app.cfg.pin == "8642" and isinstance(app.top, KioskConfigScene)


def test_a_file_that_cannot_be_written_is_said_and_the_kiosk_goes_on(kiosk, tmp_path):
    app = kiosk(pin="4321")
    start_tiny_attract(app)
    scene = kiosk_settings(app)
    app.cfg.source = str(tmp_path)  # a folder: no file can be written there
    tap_button(app, "save")
    assert "could not be written" in scene.message and app.running
