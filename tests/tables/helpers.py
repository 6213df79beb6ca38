"""Starting a table for a test and letting stand-in bots play it headless to a situation, for
every table's tests."""

from __future__ import annotations

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.ui.table import open_save, start_table


def make_table(app, game_id: str, seats, seed: int = 3, animation_speed=None, **options):
    """A table for a new game of ``game_id``: ``seats`` are "human" / "bot:LEVEL" (or SeatSpecs),
    ``options`` the game's options; its bots play without a watching pace. ``animation_speed``,
    when given, is set in the settings once the table stands."""
    specs = tuple(SeatSpec.parse(s) if isinstance(s, str) else s for s in seats)
    start_table(app, Setup(game_id, specs, tuple(sorted(options.items())), seed))
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    if animation_speed is not None:
        app.settings.animation_speed = animation_speed
    return table


def play_until(table, cond, stand_in=None, limit=20000, seed=99):
    """The table's driver plays headless until ``cond(state)``; stand-in bots (level normal, seat
    ``s`` seeded ``seed + s``) answer for the human seats in ``stand_in`` (default: every human
    seat). True when ``cond`` was met; False when the game ended, the driver had nothing to do or
    ``limit`` steps passed first. The stand-ins then leave, and the table's animations are
    finished at once (what the stand-ins did is not left playing)."""
    d = table.driver
    seats = list(table.humans if stand_in is None else stand_in)
    for seat in seats:
        d.bots[seat] = make_bot(table.game, "normal", seat, seed + seat)
    try:
        for _ in range(limit):
            if cond(table.match.state):
                return True
            if table.match.is_over() or not d.step():
                return False
        return False
    finally:
        for seat in seats:
            d.bots.pop(seat, None)
            d.ready.pop(seat, None)
            d.thinking.pop(seat, None)
        table.settle()


def save_and_open(app, match, path):
    """Save ``match`` to ``path`` and open that save as a player would; returns the opened Match
    (None when it was refused) and the scene now on top (its table, or the curtain before it)."""
    match.save(str(path))
    opened = open_save(app, str(path))
    app.apply_ops()
    return opened, app.top


def finished_replay(app, table, frames: int):
    """Let ``table``'s bots play (fast) to the end within ``frames`` frames, then open the
    finished game's replay at the table as the results offer it; returns the replay scene."""
    from sandsofplay.ui.table import open_replay_data
    table.fast = True
    for _ in range(frames):
        app.frame(1 / 60)
        if table.match.is_over():
            break
    assert table.match.is_over()
    open_replay_data(app, table.match.to_save())
    app.apply_ops()
    replay = app.top
    assert replay.mode == "replay"
    return replay
