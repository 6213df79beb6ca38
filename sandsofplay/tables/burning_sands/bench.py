"""Frame-time scenario of the Burning Sands table for tools/bench.py: a 4-player table late in
a game (a stand-in bot plays the human seat until turn 5), then frames with the pointer moving
over the board and the hand while the human decides."""

from __future__ import annotations

import time

import pygame

from ...engine import SeatSpec, Setup
from ...ui.table import start_table


def scenarios(cls, app, quick=False):
    from ...bots.levels import make_bot
    names = ("Amira", "Tariq", "Layla", "Omar")
    seats = [SeatSpec("human", "", names[0], "crimson")] + [
        SeatSpec("bot", "hard", names[i], c) for i, c in ((1, "indigo"), (2, "palm"),
                                                          (3, "saffron"))]
    start_table(app, Setup("burning_sands", tuple(seats), (), 7))
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    game, match = table.game, table.match
    stand_in = make_bot(game, "normal", 0, 7)
    for _ in range(20000):
        st = match.state
        if match.is_over():
            break
        acting = game.to_act(st)
        if acting and acting[0] == 0:
            if st.turn >= 5 and st.stack[-1]["k"] == "prio":
                break
            table.perform(0, stand_in.decide(game.observe(st, 0), game.legal_actions(st, 0)))
        elif not table.driver.step():
            break
    frames = []
    for i in range(240 if quick else 900):
        p = (40 + (i * 7) % 940, 60 + (i * 5) % 640)
        pygame.mouse.set_pos(p)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        t = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
    return {"main": frames}
