"""Issue 33, point 13: the kiosk cannot be left. Its window asks for full screen, always on top
and the keyboard; close requests are ignored and logged; a minimised, hidden or unfocused window
is brought back; a window destroyed from outside restarts the kiosk; SIGHUP is ignored and
logged, SIGINT and SIGTERM end the loop with a log line. (What a real X server and window
manager do with these requests was checked by hand under Xvfb and openbox; here the kiosk's
side of it runs against a stand-in window under the dummy driver.)"""

from __future__ import annotations

import logging
import os
import signal
import sys

import pygame
import pytest

from sandsofplay.kiosk import healing, lockdown
from sandsofplay.kiosk.config import KioskConfig

DT = 1 / 60


class FakeWindow:
    """Records what the kiosk asks of its window, in order."""

    def __init__(self, handle=0x40000A):
        self.calls = []
        self.handle = handle

    def __setattr__(self, name, value):
        if name in ("always_on_top", "grab_keyboard", "borderless", "size", "position"):
            self.calls.append((name, value))
        object.__setattr__(self, name, value)

    def set_fullscreen(self, desktop=False):
        self.calls.append(("set_fullscreen", desktop))

    def set_windowed(self):
        self.calls.append(("set_windowed",))

    def show(self):
        self.calls.append(("show",))

    def restore(self):
        self.calls.append(("restore",))

    def focus(self, input_only=False):
        self.calls.append(("focus",))


@pytest.fixture
def kiosk(home):
    import sandsofplay.tables  # noqa: F401
    import tests.support.tinytable  # noqa: F401
    from sandsofplay.kiosk.app import make_kiosk
    app = make_kiosk(cfg=KioskConfig(games=["tiny"], title_seconds=1, pace="fast"), problems=[],
                     seed=3, fullscreen=False)
    app.start()
    yield app
    app.quit()
    healing.stop_logging()


def post(app, kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))
    app.frame(DT)


def test_the_window_is_asked_for_on_top_then_full_screen_then_the_keyboard():
    win = FakeWindow()
    assert lockdown.lock_window(win) == []
    # "always on top" first: SDL leaves it unchanged on a window already full screen
    assert win.calls == [("always_on_top", True), ("set_fullscreen", True),
                         ("grab_keyboard", True)]
    win.calls.clear()
    lockdown.unlock_window(win)
    assert ("grab_keyboard", False) in win.calls and ("set_windowed",) in win.calls
    assert ("always_on_top", False) in win.calls


def test_a_window_that_cannot_do_something_says_what(caplog):
    class Old:
        def set_fullscreen(self, desktop=False):
            raise pygame.error("no full screen here")
    with caplog.at_level(logging.WARNING, logger="sandsofplay"):
        assert lockdown.lock_window(Old()) == ["full screen"]
    assert "full screen not available" in caplog.text


def test_the_kiosks_full_screen_locks_its_window(kiosk, monkeypatch):
    from sandsofplay.ui.app import App
    win = FakeWindow()
    kiosk.window = win
    monkeypatch.setattr(App, "_full_screen", lambda self, on: None)  # the desktop's borderless
    kiosk._full_screen(True)
    assert ("set_fullscreen", True) in win.calls and ("grab_keyboard", True) in win.calls
    kiosk._full_screen(False)
    assert ("grab_keyboard", False) in win.calls


def test_hints_are_set_before_the_display_unless_the_operator_set_them(home, monkeypatch):
    env = {"SDL_GRAB_KEYBOARD": "0"}
    got = lockdown.set_hints(env)
    assert got == {"SDL_GRAB_KEYBOARD": "0", "SDL_ALLOW_ALT_TAB_WHILE_GRABBED": "0",
                   "SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS": "0"}
    # a full-screen kiosk sets them in the process environment, where SDL reads them
    for name in lockdown.HINTS:
        monkeypatch.delenv(name, raising=False)
    import sandsofplay.tables  # noqa: F401
    from sandsofplay.kiosk.app import make_kiosk
    app = make_kiosk(cfg=KioskConfig(games=["tiny"]), problems=[], seed=1, fullscreen=True)
    try:
        assert {n: os.environ.get(n) for n in lockdown.HINTS} == lockdown.HINTS
    finally:
        app.quit()
        healing.stop_logging()


def test_close_requests_are_ignored_and_logged(kiosk, caplog):
    with caplog.at_level(logging.INFO, logger="sandsofplay"):
        post(kiosk, pygame.QUIT)
        post(kiosk, pygame.WINDOWCLOSE, window=None)
    assert kiosk.running and kiosk.front.closes == 2
    assert "a quit request was ignored" in caplog.text
    assert "a request to close the window was ignored" in caplog.text


@pytest.mark.parametrize("kind, why", [(pygame.WINDOWMINIMIZED, "minimised"),
                                       (pygame.WINDOWFOCUSLOST, "left without the focus"),
                                       (pygame.WINDOWHIDDEN, "hidden")])
def test_a_window_sent_away_is_brought_back_until_it_has_the_focus(kiosk, caplog, kind, why):
    win = FakeWindow()
    kiosk.window = win
    kiosk.settings.fullscreen = True
    with caplog.at_level(logging.INFO, logger="sandsofplay"):
        post(kiosk, kind, window=None)
    assert f"the window was {why}; bringing it back" in caplog.text
    assert win.calls == [("show",), ("restore",), ("focus",)]
    for _ in range(30):  # half a second: not asked again yet
        kiosk.frame(DT)
    assert kiosk.front.tries == 1
    for _ in range(40):  # a second on, still away: asked again
        kiosk.frame(DT)
    assert kiosk.front.tries == 2
    post(kiosk, pygame.WINDOWFOCUSGAINED, window=None)
    assert kiosk.front.away is None
    for _ in range(120):
        kiosk.frame(DT)
    assert kiosk.front.tries == 2 and kiosk.running


def test_a_windowed_kiosk_is_not_pulled_to_the_front(kiosk):
    win = FakeWindow()
    kiosk.window = win
    kiosk.settings.fullscreen = False  # the staff chose a window in the settings
    post(kiosk, pygame.WINDOWFOCUSLOST, window=None)
    assert win.calls == []


def test_x_errors_are_logged_and_the_loss_of_the_window_noticed(caplog):
    trap = lockdown.XErrorTrap()
    trap.record(8, 12, 0x1234)  # BadMatch about something else: logged only
    with caplog.at_level(logging.WARNING, logger="sandsofplay"):
        assert trap.take(0x40000A) is False
        for _ in range(trap.MAX_KEPT + 5):
            assert trap.record(lockdown.BAD_WINDOW, 3, 0x40000A) == 0  # Xlib goes on
        assert trap.take(0x40000A) is True
    assert "X error 8 (request 12, resource 0x1234) ignored" in caplog.text
    assert "and 50 more X errors" in caplog.text
    assert trap.take(0x40000A) is False  # taken once


def test_a_window_destroyed_from_outside_restarts_the_kiosk(kiosk, monkeypatch):
    win = FakeWindow(handle=0x40000A)
    kiosk.window = win
    kiosk.settings.fullscreen = True
    restarts = []
    monkeypatch.setattr(lockdown, "restart", lambda: restarts.append(1))
    monkeypatch.setattr(lockdown.XTRAP, "installed", True)
    lockdown.XTRAP.record(lockdown.BAD_DRAWABLE, 72, 0x40000A)
    kiosk.frame(DT)
    assert restarts == [1]
    kiosk.frame(DT)
    assert restarts == [1]


def test_restart_runs_the_same_command_line_again(monkeypatch, caplog):
    monkeypatch.delenv(lockdown.RESTARTS_ENV, raising=False)
    monkeypatch.setattr(sys, "orig_argv", ["python3", "-m", "sandsofplay", "--kiosk"])
    ran = []
    with caplog.at_level(logging.WARNING, logger="sandsofplay"):
        lockdown.restart(execv=lambda path, args: ran.append((path, args)))
        lockdown.restart(execv=lambda path, args: (_ for _ in ()).throw(OSError("no exec")))
    assert ran == [(sys.executable, [sys.executable, "-m", "sandsofplay", "--kiosk"])]
    assert os.environ[lockdown.RESTARTS_ENV] == "2"
    assert "starting again (restart 1)" in caplog.text and "could not start again" in caplog.text


@pytest.fixture
def signals():
    saved = {s: signal.getsignal(s) for s in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM)}
    yield
    for s, h in saved.items():
        signal.signal(s, h)


def test_sighup_is_logged_and_ignored(kiosk, signals, caplog):
    installed = lockdown.install_signals(kiosk)
    assert set(installed) == {"SIGHUP", "SIGINT", "SIGTERM"}
    assert signal.getsignal(signal.SIGHUP) is installed["SIGHUP"]
    with caplog.at_level(logging.INFO, logger="sandsofplay"):
        os.kill(os.getpid(), signal.SIGHUP)
        kiosk.frame(DT)
    assert kiosk.running and "SIGHUP received and ignored" in caplog.text


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_sigint_and_sigterm_end_the_loop_with_a_log_line(kiosk, signals, caplog, name):
    lockdown.install_signals(kiosk)
    with caplog.at_level(logging.INFO, logger="sandsofplay"):
        os.kill(os.getpid(), getattr(signal, name))
        kiosk.frame(DT)
    assert not kiosk.running and f"stopped by {name}" in caplog.text
