"""Keeping the kiosk in front: a real full-screen, always-on-top window that holds the keyboard,
comes back when it is minimised, hidden or loses the focus, survives close requests, a window
destroyed from outside and SIGHUP; SIGINT and SIGTERM end it cleanly.

* ``set_hints`` - SDL hints, set (as environment variables, unless the operator set them) before
  the display exists: a grab takes the whole keyboard (Alt+Tab, the Super key), Alt+Tab is not
  let through, and losing the focus does not minimise a full-screen window.
* ``lock_window`` / ``unlock_window`` - full screen (``SDL_WINDOW_FULLSCREEN_DESKTOP``: under a
  window manager that is ``_NET_WM_STATE_FULLSCREEN``), always on top (``_NET_WM_STATE_ABOVE``)
  and the keyboard grabbed (``XGrabKeyboard`` under X11: the window manager's own shortcuts do
  not fire while the kiosk has the focus).
* ``FrontKeeper`` - a minimised, hidden or unfocused window is restored, raised and focused
  again, once a second until it has the focus back; every such event is logged.
* ``XErrorTrap`` - under X11, Xlib's default error handler ends the process (``xdotool
  windowclose`` destroys the window and the next request about it fails). The trap logs X
  errors instead, and notes when the failing resource is the kiosk's own window; the kiosk then
  starts itself again (``restart``: SDL cannot let go of a window destroyed under it - closing
  the display waits for the window's unmapping for ever - so the process is replaced by a
  fresh one with the same command line).
* ``install_signals`` - SIGHUP (a closed terminal, a session ending) is logged and ignored;
  SIGINT and SIGTERM are logged and end the loop (the app closes normally).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import signal
import sys

import pygame

log = logging.getLogger("sandsofplay.kiosk")

HINTS = {
    "SDL_GRAB_KEYBOARD": "1",  # SDL_HINT_GRAB_KEYBOARD: a grab holds the whole keyboard
    "SDL_ALLOW_ALT_TAB_WHILE_GRABBED": "0",
    "SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS": "0",
}

WINDOW_EVENTS = {
    getattr(pygame, "WINDOWMINIMIZED", -11): "minimised",
    getattr(pygame, "WINDOWHIDDEN", -12): "hidden",
    getattr(pygame, "WINDOWFOCUSLOST", -13): "left without the focus",
}
FOCUS_GAINED = getattr(pygame, "WINDOWFOCUSGAINED", -14)
CLOSE_EVENTS = {pygame.QUIT: "a quit request", getattr(pygame, "WINDOWCLOSE", -15):
                "a request to close the window"}


def set_hints(environ=os.environ) -> dict:
    """Set the kiosk's SDL hints that the operator has not set; returns those in force."""
    for name, value in HINTS.items():
        environ.setdefault(name, value)
    return {name: environ[name] for name in HINTS}


def lock_window(win) -> list[str]:
    """Full screen, always on top, keyboard grabbed; returns what could not be done."""
    failed = []
    # on top first: SDL leaves a full-screen window's "always on top" as it is
    for what, act in (("always on top", lambda: setattr(win, "always_on_top", True)),
                      ("full screen", lambda: win.set_fullscreen(desktop=True)),
                      ("keyboard grab", lambda: setattr(win, "grab_keyboard", True))):
        try:
            act()
        except (pygame.error, AttributeError, TypeError) as exc:
            failed.append(what)
            log.warning("kiosk: window %s not available: %s", what, exc)
    return failed


def unlock_window(win) -> None:
    """Back to an ordinary window (the staff's settings may ask for one)."""
    for act in (lambda: setattr(win, "grab_keyboard", False), lambda: win.set_windowed(),
                lambda: setattr(win, "always_on_top", False)):
        try:
            act()
        except (pygame.error, AttributeError, TypeError):
            pass


def bring_to_front(win) -> None:
    """Show, un-minimise, raise and focus the window (each step as far as SDL can)."""
    for act in (win.show, win.restore, win.focus):
        try:
            act()
        except (pygame.error, AttributeError, TypeError):
            pass


class FrontKeeper:
    """Watches the window's events; while the window is away (minimised, hidden, without the
    focus) ``tick`` brings it back, at most once every ``RETRY_S`` seconds of kiosk time."""

    RETRY_S = 1.0

    def __init__(self):
        self.away: str | None = None  # why the window is away, or None
        self.last_try = float("-inf")
        self.tries = 0  # restore requests made (for the log and the tests)
        self.closes = 0  # close requests ignored

    def note(self, event) -> None:
        et = event.type
        if et in CLOSE_EVENTS:
            self.closes += 1
            log.info("kiosk: %s was ignored (the kiosk keeps running; staff exit: "
                     "Ctrl+Shift+K)", CLOSE_EVENTS[et])
        elif et in WINDOW_EVENTS:
            why = WINDOW_EVENTS[et]
            log.info("kiosk: the window was %s; bringing it back to the front", why)
            self.away = why
            self.last_try = float("-inf")
        elif et == FOCUS_GAINED and self.away is not None:
            log.info("kiosk: the window is back in front")
            self.away = None

    def tick(self, now: float, win) -> bool:
        """Bring the window back if it is away; True when a request was made."""
        if self.away is None or win is None or now - self.last_try < self.RETRY_S:
            return False
        self.last_try = now
        self.tries += 1
        bring_to_front(win)
        return True


class _XErrorEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("display", ctypes.c_void_p),
                ("resourceid", ctypes.c_ulong), ("serial", ctypes.c_ulong),
                ("error_code", ctypes.c_ubyte), ("request_code", ctypes.c_ubyte),
                ("minor_code", ctypes.c_ubyte)]


_HANDLER_TYPE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_XErrorEvent))
BAD_WINDOW, BAD_DRAWABLE = 3, 9


class XErrorTrap:
    """Xlib's error handler, replaced by one that records errors instead of ending the
    process. ``record`` is what the handler calls (it must not call Xlib itself); ``take``
    hands the records to the loop, which logs them and reopens a lost window."""

    MAX_KEPT = 50

    def __init__(self):
        self.errors: list[tuple[int, int, int]] = []  # (error code, request code, resource)
        self.dropped = 0
        self._callback = None  # kept alive while installed
        self.installed = False

    def record(self, error_code: int, request_code: int, resource: int) -> int:
        if len(self.errors) < self.MAX_KEPT:
            self.errors.append((error_code, request_code, resource))
        else:
            self.dropped += 1
        return 0

    def install(self) -> bool:
        """Install the handler (X11 only); False when there is no Xlib to talk to."""
        if not os.environ.get("DISPLAY") or os.environ.get("SDL_VIDEODRIVER", "x11") != "x11":
            return False
        try:
            lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        except OSError:
            return False
        if self._callback is None:
            def handler(display, event):
                try:
                    e = event.contents
                    return self.record(e.error_code, e.request_code, e.resourceid)
                except Exception:  # noqa: BLE001 - nothing may escape into Xlib
                    return 0
            self._callback = _HANDLER_TYPE(handler)
        lib.XSetErrorHandler.restype = ctypes.c_void_p
        lib.XSetErrorHandler.argtypes = [_HANDLER_TYPE]
        lib.XSetErrorHandler(self._callback)
        self.installed = True
        return True

    def take(self, window_id: int | None) -> bool:
        """Log the errors seen since the last call; True when one was about ``window_id`` being
        gone (the window was destroyed from outside)."""
        errors, self.errors = self.errors, []
        dropped, self.dropped = self.dropped, 0
        lost = False
        for code, request, resource in errors[:5]:
            log.warning("kiosk: X error %d (request %d, resource 0x%x) ignored", code, request,
                        resource)
        if len(errors) > 5 or dropped:
            log.warning("kiosk: ... and %d more X errors", len(errors) - 5 + dropped)
        for code, _request, resource in errors:
            if window_id and resource == window_id and code in (BAD_WINDOW, BAD_DRAWABLE):
                lost = True
        return lost


XTRAP = XErrorTrap()


def window_id(win) -> int | None:
    """The window's X11 id (None elsewhere). (``pygame.display.get_wm_info`` crashed pygame-ce
    2.5.8 under X11; ``Window.handle`` is the same number.)"""
    try:
        return int(win.handle) or None
    except (pygame.error, AttributeError, TypeError, ValueError):
        return None


RESTARTS_ENV = "SANDSOFPLAY_KIOSK_RESTARTS"


def restart_command() -> list[str]:
    """The command line that started this process (``python -m sandsofplay --kiosk``, the
    ``sandsofplay`` script, or a frozen build)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, *sys.argv[1:]]
    return [sys.executable, *getattr(sys, "orig_argv", [sys.executable, *sys.argv])[1:]]


def restart(execv=os.execv) -> None:
    """Replace this process by a fresh kiosk (the log says so first). Open files other than
    the standard three are closed on the way (the old X connection among them, so the X server
    lets go of what it held). Returns only when the exec failed."""
    count = int(os.environ.get(RESTARTS_ENV, "0") or 0) + 1
    os.environ[RESTARTS_ENV] = str(count)
    cmd = restart_command()
    log.warning("kiosk: starting again (restart %d): %s", count, " ".join(cmd))
    for handler in logging.getLogger("sandsofplay").handlers:
        try:
            handler.flush()
        except Exception:  # noqa: BLE001
            pass
    try:
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            if fd > 2:
                try:
                    os.set_inheritable(fd, False)
                except OSError:
                    pass
    except OSError:
        pass
    try:
        execv(cmd[0], cmd)
    except OSError as exc:
        log.error("kiosk: could not start again: %s", exc)


def install_signals(app) -> dict:
    """SIGHUP: logged, the kiosk goes on. SIGINT, SIGTERM: logged, the loop ends and the app
    closes normally. Returns {signal name: handler} of those installed."""
    installed = {}

    def hang_up(signum, frame):
        log.info("kiosk: SIGHUP received and ignored (the kiosk keeps running; SIGTERM or "
                 "SIGINT stop it)")

    def stop(signum, frame):
        log.info("kiosk: stopped by %s", signal.Signals(signum).name)
        app.running = False

    for name, handler in (("SIGHUP", hang_up), ("SIGINT", stop), ("SIGTERM", stop)):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            signal.signal(sig, handler)
            installed[name] = handler
        except (ValueError, OSError):  # not the main thread
            pass
    return installed
