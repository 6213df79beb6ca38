"""Frame-time scenarios of the Burning Sands table for tools/bench.py.

``main``/``cpu``: a 4-player table late in a game (a stand-in bot plays the human seat until
turn 8, so every row is full; the first seed from 11 where the human is still in then), then
frames with the pointer moving over the board and the hand while the human decides - wall time
and the main thread's CPU time of each frame (the machine may be shared). ``think``/``think_cpu``:
frames while the three ``hard`` bots think and act at full speed (no watching pace, every
animation playing), the human's turns answered by the stand-in between frames."""

from __future__ import annotations

import time

import pygame

from ...engine import SeatSpec, Setup
from ...ui.table import start_table


def _late_table(app, turn=8):
    """A table whose human seat is still in and has priority at ``turn``; seeds are tried in turn
    (which seed gets there depends on the rules and bots, so none is fixed here)."""
    from ...bots.levels import make_bot
    names = ("Amira", "Tariq", "Layla", "Omar")
    seats = [SeatSpec("human", "", names[0], "crimson")] + [
        SeatSpec("bot", "hard", names[i], c) for i, c in ((1, "indigo"), (2, "palm"),
                                                          (3, "saffron"))]
    for seed in range(11, 60):
        start_table(app, Setup("burning_sands", tuple(seats), (("limit", 30),), seed))
        app.apply_ops()
        table = app.top
        table.driver.pace_ticks = 0
        game, match = table.game, table.match
        stand_in = make_bot(game, "normal", 0, 7)
        reached = False
        for _ in range(20000):
            st = table.seen()  # seat 0's view: the table's only person
            if match.is_over():
                break
            acting = game.to_act(st)
            if acting and acting[0] == 0:
                if st.turn >= turn and st.stack[-1]["k"] == "prio":
                    reached = True
                    break
                table.perform(0, stand_in.decide(table.observation(),
                                                 game.legal_actions(st, 0)))
            elif not table.driver.step():
                break
        if reached:
            break
    table.settle()
    return table, stand_in


def _frame(app):
    t, c = time.perf_counter(), time.thread_time()
    app.frame(1 / 60)
    return time.perf_counter() - t, time.thread_time() - c


def scenarios(cls, app, quick=False):
    table, stand_in = _late_table(app)
    game, match = table.game, table.match
    for _ in range(30):  # the first frames render the table's text once
        app.frame(1 / 60)
    wall, cpu = [], []
    for i in range(240 if quick else 900):
        p = (40 + (i * 7) % 940, 60 + (i * 5) % 640)
        pygame.mouse.set_pos(p)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        w, c = _frame(app)
        wall.append(w)
        cpu.append(c)
    think, think_cpu = [], []
    for _ in range(600 if quick else 2400):
        if match.is_over() or app.top is not table:
            break
        st = table.seen()
        acting = game.to_act(st)
        if acting and acting[0] == 0:
            table.perform(0, stand_in.decide(table.observation(), game.legal_actions(st, 0)))
        w, c = _frame(app)
        if table.driver.thinking or table.tweens.busy:
            think.append(w)
            think_cpu.append(c)
    return {"main": wall, "cpu": cpu, "think": think, "think_cpu": think_cpu}
