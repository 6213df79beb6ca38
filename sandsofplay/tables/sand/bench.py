"""Frame-time scenarios of the Sand table for tools/bench.py.

``main`` is wall time; ``full_game`` (four ``hard`` bots at a quick pace), ``hard_bot`` (two
``hard`` bots) and ``alhazred`` (a ``hard`` bot against Alhazred, expert) are the main thread's
CPU time (``time.thread_time``, so the other processes of a shared machine do not count), the
last two at the default watching pace with every sequence played (Alhazred's turns, the Upkeep,
the bots' moves)."""

from __future__ import annotations

import time

import pygame

from ...engine import Match, SeatSpec, Setup
from ...games import get_game


def _table(cls, app, seats, seed, options=()):
    game = get_game("sand")
    match = Match(game, Setup("sand", tuple(seats), tuple(options), seed))
    table = cls(app, match)
    app.reset(app.home_factory(app), table)
    app.apply_ops()
    return table


def scenarios(cls, app, quick=False):
    out = {}
    names = ("Amira", "Tariq", "Layla", "Omar")
    # 1. a person drags the Worm over the board for a while
    table = _table(cls, app, [SeatSpec("human", "", names[0], "crimson"),
                              SeatSpec("bot", "hard", names[1], "indigo")], 3)
    frames, cpu = [], []
    start = (300, 300)
    for i in range(240 if quick else 900):
        p = (start[0] + (i % 120) * 2, start[1] - (i % 60) * 2)
        pygame.mouse.set_pos(p)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(2, -2),
                                             buttons=(0, 0, 0)))
        t, c = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
        cpu.append(time.thread_time() - c)
    out["main"] = frames
    out["main_cpu"] = cpu
    # 1b. the board zoomed in (panned by keys, the pointer over it) and zoomed back out, in wall
    # and main-thread CPU time (the machine may be shared)
    for name, steps in (("zoomed_in", (4, 5)), ("zoomed_out", (0, 1))):
        table.board.cam.fit()
        for _ in range(steps[0]):
            table.board.cam.zoom_by(1)
        wall, cpu = [], []
        for i in range(240 if quick else 900):
            p = (40 + (i * 7) % 640, 60 + (i * 5) % 420)
            pygame.mouse.set_pos(p)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(2, -2),
                                                 buttons=(0, 0, 0)))
            if i % 10 == 0:
                k = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP)[(i // 10) % 4]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                                     scancode=0))
            if i % 45 == 0:  # the wheel between the two zooms of this scene
                up = table.board.cam.step < steps[1]
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if up else -1,
                                                     flipped=False))
            t, c = time.perf_counter(), time.thread_time()
            app.frame(1 / 60)
            wall.append(time.perf_counter() - t)
            cpu.append(time.thread_time() - c)
        out[name] = wall
        out[name + "_cpu"] = cpu
    table.board.cam.fit()
    # 2. hard bots play (4 seats) at a quick pace (CPU time)
    table = _table(cls, app, [SeatSpec("bot", "hard", names[i], c) for i, c in
                              enumerate(("crimson", "indigo", "palm", "saffron"))], 7)
    table.driver.pace_ticks = 6
    frames = []
    for _ in range(600 if quick else 2400):
        t = time.thread_time()
        app.frame(1 / 60)
        frames.append(time.thread_time() - t)
        if table.match.is_over():
            break
    out["full_game"] = frames
    # 3. at the default pace, CPU time: two hard bots; a hard bot against Alhazred
    for name, seats, opts, seed in (
            ("hard_bot", [SeatSpec("bot", "hard", names[0], "crimson"),
                          SeatSpec("bot", "hard", names[1], "indigo")], (), 5),
            ("alhazred", [SeatSpec("bot", "hard", names[0], "crimson")],
             (("alhazred", "expert"),), 5)):
        table = _table(cls, app, seats, seed, opts)
        frames = []
        for _ in range(900 if quick else 3600):
            c = time.thread_time()
            app.frame(1 / 60)
            frames.append(time.thread_time() - c)
            if table.match.is_over():
                break
        out[name] = frames
    return out
