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
