"""Complete logs (issue 30, point 1), for the tables' tests: the log a table's panel should
hold - the match log played again headless, each action's event sentences or, when its events
say nothing, the action said ("Seat: the rules' sentence") - and bots playing at a table frame
by frame, their animations watched to the end or skipped with a click."""

from __future__ import annotations

import pygame

from sandsofplay.engine import Match


def expected_lines(table) -> list[str]:
    """The match log played again headless: each action's lines, and the lines of the clock's
    events between actions and after the last (real-time games)."""
    match = table.match
    game = match.game
    again = Match(game, match.setup, track_hashes=False, keep_undo=False)
    out: list[str] = []

    def clock(ticks):
        for e in again.advance(ticks):
            if e.text:
                out.append(table.named(e.text))

    for entry in match.log:
        if entry.tick > again.tick:
            clock(entry.tick - again.tick)
        told = game.describe(again.state, entry.seat, entry.action)
        texts = [table.named(e.text) for e in again.apply(entry.seat, entry.action) if e.text]
        assert texts or told, f"{entry.action} has no line"
        out.extend(texts or [table.action_line(entry.seat, told, entry.action)])
    if match.tick > again.tick:
        clock(match.tick - again.tick)
    return out


def click(pos=(640, 80)):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))


def play(app, table, busy, skip: bool, actions: int, frames: int = 60_000, pos=(640, 80),
         until=None, dt: float = 1 / 60):
    """The bots play at the table, frame by frame, until ``actions`` actions or the end; each
    animation (``busy()``) is watched to its end, or skipped with a click as soon as it shows
    (or until ``until()``). ``dt``: the time each frame lasts (a long game at the table's
    fixed steps with fewer frames drawn: each frame runs ``dt * 60`` updates).
    Returns the frames an animation was watched and the clicks that skipped one."""
    table.log.max_lines = 100_000  # (the panel keeps its last 400 lines; the test reads all)
    watched = skipped = 0
    for _ in range(frames):
        if table.match.is_over() or len(table.match.log) >= actions or (until and until()):
            break
        if busy():
            if skip:
                click(pos)
                skipped += 1
            else:
                watched += 1
        app.frame(dt)
    for _ in range(2000):  # the last animation: watched to its end, or skipped
        if not busy() and not table.tweens.busy:
            break
        if skip:
            click(pos)
        app.frame(1 / 60)
    return watched, skipped
