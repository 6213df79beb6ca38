"""Issue 33, point 14: the staff PIN cannot be brute-forced. Three wrong PINs in a row lock the
pad for 30 s, then each wrong PIN locks it twice as long again; the pad shows a countdown; the
lock outlives closing and reopening the pad; every wrong try is logged without its digits. Time
is the kiosk's clock, moved on by frames, never slept."""

from __future__ import annotations

import logging

import pygame
import pytest

from sandsofplay.kiosk import healing, pinlock
from sandsofplay.kiosk.config import KioskConfig
from sandsofplay.kiosk.pinlock import PinLock
from sandsofplay.kiosk.scenes import PinScene, StaffMenu
from sandsofplay.kiosk.visitors import key, tap_button

DT = 1 / 60


@pytest.fixture
def app(home):
    import sandsofplay.tables  # noqa: F401
    import tests.support.tinytable  # noqa: F401
    from sandsofplay.kiosk.app import make_kiosk
    a = make_kiosk(cfg=KioskConfig(games=["tiny"], title_seconds=1, pace="fast", pin="97531"),
                   problems=[], seed=3, fullscreen=False)
    a.start()
    yield a
    a.quit()
    healing.stop_logging()


def open_pad(app):
    key(app, pygame.K_k, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert isinstance(app.top, PinScene)
    return app.top


def enter(app, digits):
    for d in digits:
        tap_button(app, f"key:{d}")
    tap_button(app, "key:OK")


def wait(app, seconds):
    """Move the kiosk clock on by frames (the pad closes itself after 30 idle seconds, so
    longer waits happen with the pad closed)."""
    for _ in range(int(seconds * 60)):
        app.frame(DT)


def test_the_lock_grows_and_the_right_pin_clears_it():
    lock = PinLock()
    assert [lock.wrong_try(0.0) for _ in range(2)] == [0.0, 0.0]
    assert lock.wrong_try(10.0) == 30.0 and lock.locked_for(10.0) == 30.0
    assert lock.locked_for(25.0) == 15.0 and lock.locked_for(40.0) == 0.0
    assert lock.wrong_try(40.0) == 60.0  # after the first lock, every wrong PIN locks again
    assert lock.wrong_try(100.0) == 120.0
    assert lock.wrong_try(220.0) == 240.0
    for _ in range(20):
        last = lock.wrong_try(1e6)
    assert last == pinlock.MAX_LOCK_S
    lock.right()
    assert lock.locked_for(1e6) == 0.0 and lock.wrong_try(1e6) == 0.0


def test_three_wrong_pins_lock_the_pad_with_a_countdown(app, caplog):
    pad = open_pad(app)
    with caplog.at_level(logging.INFO, logger="sandsofplay"):
        for _ in range(3):
            enter(app, "1111")
    assert app.top is pad and pad.locked_for() == 30
    assert pad.lock_line() == "Too many wrong PINs. Try again in 30 s."
    wrong = [r.getMessage() for r in caplog.records if "wrong staff PIN" in r.getMessage()]
    assert len(wrong) == 3 and "locked for 30 s" in wrong[-1]
    assert "1111" not in caplog.text and "97531" not in caplog.text
    # locked: the right PIN, typed or tapped, is not even tried
    enter(app, "97531")
    for d in "97531":
        key(app, getattr(pygame, f"K_{d}"), unicode=d)
    key(app, pygame.K_RETURN)
    assert app.top is pad and pad.digits == ""
    assert "was not tried" in caplog.text
    wait(app, 10)
    assert 19 <= pad.locked_for() <= 20  # the countdown runs on the kiosk clock


def test_the_lock_outlives_closing_and_reopening_the_pad(app):
    pad = open_pad(app)
    for _ in range(3):
        enter(app, "2222")
    tap_button(app, "cancel")
    assert not isinstance(app.top, PinScene)
    pad = open_pad(app)
    assert pad.locked_for() > 25  # a new pad, the same lock
    enter(app, "97531")
    assert app.top is pad
    tap_button(app, "cancel")
    wait(app, 31)
    pad = open_pad(app)
    assert pad.locked_for() == 0
    enter(app, "3333")  # one more wrong PIN locks it again, twice as long
    assert pad.locked_for() == 60
    tap_button(app, "cancel")
    wait(app, 61)
    pad = open_pad(app)
    enter(app, "97531")
    assert isinstance(app.top, StaffMenu)
    assert app.pin_lock.wrong == 0 and app.pin_lock.locks == 0


def test_sixty_tries_in_sixty_five_seconds_get_only_a_handful_tried(app):
    """The attack of the issue: a PIN a second. Almost all of them meet a locked pad."""
    tried = 0
    for n in range(60):
        if not isinstance(app.top, PinScene):
            open_pad(app)
        pad = app.top
        before = app.pin_lock.wrong
        enter(app, f"{1000 + n}")
        tried += app.pin_lock.wrong - before
        wait(app, 65 / 60 - 8 * DT)
    assert tried <= 4


def test_the_locked_pad_draws_its_countdown(app):
    pad = open_pad(app)
    for _ in range(3):
        enter(app, "4444")

    def red_right_of_the_box():
        surf = pygame.Surface((1280, 720))
        pad.draw(surf, 0.0)
        return sum(1 for x in range(1000, 1260, 2) for y in range(150, 230, 2)
                   if surf.get_at((x, y))[0] > 150 and surf.get_at((x, y))[1] < 110)

    assert red_right_of_the_box() > 20  # the countdown line (longer than "Wrong PIN.")
    app.clock_s += 31
    assert pad.lock_line() == "" and pad.message == "Wrong PIN."
    assert red_right_of_the_box() == 0
