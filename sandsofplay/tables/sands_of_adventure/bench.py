"""Frame-time scenarios of the Sands of Adventure table for tools/bench.py."""

from __future__ import annotations

import time

import pygame

from ...engine import SeatSpec, Setup
from ...ui.table import start_table


def _table(cls, app, seats, seed):
    start_table(app, Setup("sands_of_adventure", tuple(seats), (), seed))
    app.apply_ops()
    return app.top


def _to_timed(table, max_steps=20000):
    """Let the bots play headless until the sand is pouring."""
    d = table.driver
    steps = 0
    while steps < max_steps and not table.match.is_over():
        obs = table.observation()
        if obs["phase"] == "timed" and obs["timer"]["mode"] == "inverted" and \
                obs["stage"] == "turn":
            return True
        if not d.step():
            return False
        steps += 1
    return False


def scenarios(cls, app, quick=False):
    out = {}
    names = ("Amira", "Tariq", "Layla", "Omar")
    # 1. the Timed Phase with sand pouring and a card dragged by a human
    for seed in range(1, 40):
        seats = [SeatSpec("human", "", names[0], "crimson")] + [
            SeatSpec("bot", "hard", names[i], c) for i, c in ((1, "indigo"), (2, "palm"))]
        table = _table(cls, app, seats, seed)
        table.driver.pace_ticks = 0
        # the human's turns are played by a stand-in bot until the sand pours
        from ...bots.levels import make_bot
        table.driver.bots[0] = make_bot(table.game, "normal", 0, seed)
        if _to_timed(table):
            break
    del table.driver.bots[0]
    table.driver.ready.pop(0, None)
    frames = []
    n = 240 if quick else 900
    obs = table.observation()  # (seat 0's: the person's)
    hand = table.hand_rects(0, obs["hands"][0])
    start = hand[0][1].center if hand else (400, 600)
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(n):
        p = (start[0] + (i % 120) * 2, start[1] - (i % 120) * 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(2, -2),
                                             buttons=(1, 0, 0)))
        t = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
        if table.match.is_over() or app.top is not table:
            break
    out["timed_drag"] = frames
    # 2. an all-bot game with hard bots: no frame may stall while they think
    table = _table(cls, app, [SeatSpec("bot", "hard", names[i], c) for i, c in
                              enumerate(("crimson", "indigo", "palm", "saffron"))], 7)
    frames = []
    for _ in range(600 if quick else 2400):
        t = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
        if app.top is not table:
            break
    out["hard_bots"] = frames
    app.go_home()
    app.apply_ops()
    if not quick:
        out["full_game"] = full_game(cls, app)
    return out


def full_game(cls, app, seed=7, max_frames=60000, on_frame=None):
    """A whole 4-seat game of hard bots at the table, one frame per 1/60 s, Timed Phases
    included: each frame's CPU time of this thread (other processes on the machine do not
    count)."""
    names = ("Amira", "Tariq", "Layla", "Omar")
    table = _table(cls, app, [SeatSpec("bot", "hard", names[i], c) for i, c in
                              enumerate(("crimson", "indigo", "palm", "saffron"))], seed)
    frames = []
    for _ in range(max_frames):
        t = time.thread_time()
        app.frame(1 / 60)
        frames.append(time.thread_time() - t)
        if on_frame is not None:
            on_frame(table)
        if app.top is not table or table.match.is_over():
            break  # the game is over (the results scene that follows is another scene)
    app.go_home()
    app.apply_ops()
    return frames
