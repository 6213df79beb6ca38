"""Issue 28 (every table's CPU p99 6 ms): what a frame spends besides drawing - a bot's thinking,
the prompt's buttons - comes out of what the frame's CPU goal leaves (``App.frame_left``)."""

import time

from sandsofplay.ui import app as app_module


def test_a_bot_thinks_in_what_the_frame_leaves(app):
    app._frame_started = time.thread_time()
    app._draw_s = 0.0
    assert app.think_budget() == app_module.THINK_MOST_S  # a fresh frame that draws nothing
    app._draw_s = app_module.FRAME_CPU_GOAL_S - 0.002
    assert 0.0015 < app.think_budget() <= 0.002  # the drawing takes most of the goal
    app._draw_s = app_module.FRAME_CPU_GOAL_S
    assert app.think_budget() == app_module.THINK_LEAST_S  # never nothing: bots get on


def test_frame_left_counts_what_the_frame_has_used(app):
    app._draw_s = 0.0
    app._frame_started = time.thread_time() - app_module.FRAME_CPU_GOAL_S  # all used already
    assert app.frame_left() == 0.0
    assert app.frame_left(0.0005, 0.003) == 0.0005


def test_a_frame_records_its_drawing_time(app):
    app.frame(1 / 60)
    assert 0.0 < app._draw_s < 1.0


def _busy(seconds):
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_the_drawing_expected_is_the_longest_of_the_last_frames(app, monkeypatch):
    """A frame expects its drawing to take as long as the longest of the last few frames' (one
    cheap frame after a costly one must not let a bot think the frame over its goal)."""
    draw = app.draw
    cost = {"s": 0.004}

    def slow_draw():
        draw()
        _busy(cost["s"])
    monkeypatch.setattr(app, "draw", slow_draw)
    app.frame(1 / 60)
    assert app._draw_s >= 0.004
    cost["s"] = 0.0
    for _ in range(app_module.DRAWS_KEPT - 1):
        app.frame(1 / 60)
        assert app._draw_s >= 0.004  # the costly frame is still among the last ones
    for _ in range(2):
        app.frame(1 / 60)
    assert app._draw_s < 0.004  # it has dropped out


def test_a_bot_move_found_with_no_room_left_is_played_next_frame(app, ui, monkeypatch):
    """Issue 28: a bot's move costs its frame a millisecond or more; one found when the frame
    has less than that left waits for the start of the next frame, which then thinks no
    more, and a move found with room to spare is played at once."""
    from sandsofplay.engine import SeatSpec, Setup
    from sandsofplay.ui.table import start_table
    start_table(app, Setup("tiny", (SeatSpec.parse("bot:easy"), SeatSpec.parse("bot:easy")),
                           (), 2))
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    room = {"left": 1.0}
    monkeypatch.setattr(app, "frame_left", lambda least=0.0, most=float("inf"):
                        min(most, max(least, room["left"])))
    polls = []
    poll = table.driver.poll
    monkeypatch.setattr(table.driver, "poll", lambda budget: polls.append(1) or poll(budget))
    for _ in range(300):  # room to spare: a move as soon as one is found
        n = len(table.match.log)
        table.update()
        if len(table.match.log) > n:
            break
    assert len(table.match.log) == 1 and table._held is None
    room["left"] = 0.0  # no room: the move found is held, and nothing is played
    for _ in range(300):
        table.update()
        if table._held is not None:
            break
    assert table._held is not None and len(table.match.log) == 1
    held = table._held[1]
    polls.clear()
    table.update()  # the next frame plays it first, without thinking again
    assert polls == [] and table._held is None
    assert len(table.match.log) == 2 and table.match.log[-1].action == held[1]
