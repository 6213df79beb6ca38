"""Frame-time scenarios of the Sahwari table for tools/bench.py: a person dragging a camel on a
busy board, a ``hard`` bot against the Guildmaster, and four ``hard`` bots, all at watching pace."""

from __future__ import annotations

import time

import pygame

from ...bots.levels import make_bot
from ...engine import SeatSpec, Setup
from ...ui.table import start_table

NAMES = ("Amira", "Tariq", "Layla", "Omar")
COLOURS = ("crimson", "indigo", "palm", "saffron")


def _table(app, kinds, seed, **options):
    seats = [SeatSpec("human", "", NAMES[i], COLOURS[i]) if k == "human" else
             SeatSpec("bot", k, NAMES[i], COLOURS[i]) for i, k in enumerate(kinds)]
    start_table(app, Setup("sahwari", tuple(seats), tuple(sorted(options.items())), seed))
    app.apply_ops()
    return app.top


def _timed(app, table, n):
    frames = []
    for _ in range(n):
        t = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
        if app.top is not table or table.match.is_over():
            break
    return frames


def scenarios(cls, app, quick=False):
    out = {}
    # 1. a person drags a camel around the board in the middle of a three-player game
    table = _table(app, ("human", "hard", "hard"), 7)
    table.driver.pace_ticks = 0
    d = table.driver
    d.bots[0] = make_bot(table.game, "normal", 0, 7)
    for _ in range(3000):
        st = table.obs()  # seat 0's view: the table's only person
        if st["phase"] == "turn" and st["cur"] == 0 and st["step"] == "move" and \
                not st["pending"] and st["players"][0]["turns"] >= 4:
            break
        if not d.step():
            break
    del d.bots[0]
    d.ready.pop(0, None)
    d.thinking.pop(0, None)
    table.settle()
    app.frame(1 / 60)
    drag = next((g for g in table.gestures(0) if g.steps[0][0] == "drag"), None)
    start = drag.steps[0][1] if drag else (200, 200)
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames = []
    for i in range(300 if quick else 900):
        p = (40 + (i * 3) % 420, 60 + (i * 7) % 420)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(3, 7),
                                             buttons=(1, 0, 0)))
        t = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    out["main"] = frames
    # 2. a hard bot against the Guildmaster, watched at the normal pace
    table = _table(app, ("hard",), 3, solo_difficulty="clan_leader")
    out["solo_hard_vs_guildmaster"] = _timed(app, table, 900 if quick else 3600)
    # 3. four hard bots
    table = _table(app, ("hard", "hard", "hard", "hard"), 5)
    out["four_hard_bots"] = _timed(app, table, 900 if quick else 3600)
    app.go_home()
    app.apply_ops()
    return out
