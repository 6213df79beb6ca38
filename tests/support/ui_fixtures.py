import pygame
import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SANDSOFPLAY_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home):
    import sandsofplay.tables  # noqa: F401 - registers the built tables
    import tests.support.tinytable  # noqa: F401 - registers the test table
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    a = make_app(settings=Settings())
    a.reset(a.home_factory(a))
    a.apply_ops()
    a.frame(1 / 60)
    yield a
    a.quit()


class Driver:
    """Posts real pygame events and runs frames."""

    def __init__(self, app):
        self.app = app

    def frames(self, n=2):
        for _ in range(n):
            self.app.frame(1 / 60)

    def move(self, pos):
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.frames(1)

    def click(self, pos):
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(2)

    def drag(self, start, end, steps=5):
        self.move(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames(1)
        for k in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * k // steps,
                 start[1] + (end[1] - start[1]) * k // steps)
            pygame.mouse.set_pos(p)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(2)

    def touch(self, pos):
        x, y = pos[0] / 1280, pos[1] / 720
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0, dy=0, finger_id=0,
                                                 touch_id=0, pressure=1.0))
            self.frames(1)
        self.frames(1)

    def key(self, key, mod=0, unicode=""):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        self.frames(2)

    def type(self, text):
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            self.frames(1)

    def button(self, name):
        return self.app.top.buttons[name]

    def click_button(self, name):
        self.click(self.button(name).rect.center)


@pytest.fixture
def ui(app):
    return Driver(app)
