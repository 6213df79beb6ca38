"""Simulated visitors for the soak (``tools/soak.py``) and the tests: real pygame events posted
to the kiosk, exactly as a finger or a mouse would make them."""

from __future__ import annotations

import pygame

from ..ui import theme as T


def post_click(pos, touch: bool = False) -> list:
    """The events of one tap (a finger when ``touch``, else the mouse)."""
    if touch:
        x, y = pos[0] / T.W, pos[1] / T.H
        return [pygame.event.Event(kind, x=x, y=y, dx=0, dy=0, finger_id=0, touch_id=0,
                                   pressure=1.0) for kind in (pygame.FINGERDOWN, pygame.FINGERUP)]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def steps_events(step) -> list[list]:
    """A gesture step as groups of events (each group posted, then a frame run)."""
    kind = step[0]
    if kind == "click":
        pos = step[1]
        return [[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))],
                [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)],
                [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]]
    if kind == "drag":
        a, b = step[1], step[2]
        groups = [[pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))],
                  [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]]
        for k in range(1, 5):
            p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
            groups.append([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                              buttons=(1, 0, 0))])
        groups.append([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
        return groups
    if kind == "key":
        return [[pygame.event.Event(pygame.KEYDOWN, key=step[1], mod=0, unicode="", scancode=0),
                 pygame.event.Event(pygame.KEYUP, key=step[1], mod=0, unicode="", scancode=0)]]
    raise ValueError(f"unknown gesture step {step!r}")


def perform(app, gesture, dt: float = 1 / 60) -> None:
    """Post a gesture's steps as real events, running a frame after each group."""
    for step in gesture.steps:
        for group in steps_events(step):
            for ev in group:
                if ev.type == pygame.MOUSEMOTION:
                    pygame.mouse.set_pos(ev.pos)
                pygame.event.post(ev)
            app.frame(dt)
    app.frame(dt)


def tap(app, pos, touch: bool = True, dt: float = 1 / 60) -> None:
    for ev in post_click(pos, touch):
        pygame.event.post(ev)
        app.frame(dt)
    app.frame(dt)


def tap_button(app, name: str, dt: float = 1 / 60) -> None:
    """Tap a named button of the scene on top (mouse events, as a finger becomes)."""
    tap(app, app.top.buttons[name].rect.center, touch=False, dt=dt)


def key(app, code: int, mod: int = 0, unicode: str = "", dt: float = 1 / 60) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=unicode,
                                         scancode=0))
    app.frame(dt)
    app.frame(dt)
