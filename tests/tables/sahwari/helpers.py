"""Driving the Sahwari table headless: start a game, post a gesture's steps as real pygame events,
play whole games choosing only among the gestures the table offers."""

from __future__ import annotations

import random

import pygame

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import Match
from sandsofplay.games import get_game
from sandsofplay.ui.scenes.overlays import CurtainScene
from tests.tables import helpers as shared

GAME = get_game("sahwari")


def make_table(app, seats, seed=3, fast=True, **options):
    table = shared.make_table(app, "sahwari", seats, seed, **options)
    table.fast = fast
    return table


def frames(app, n=1):
    for _ in range(n):
        app.frame(1 / 60)


def post_step(app, step):
    kind = step[0]
    if kind == "key":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=step[1], mod=0, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=step[1], mod=0, unicode="",
                                             scancode=0))
        frames(app)
        return
    start = step[1]
    end = step[2] if kind == "drag" else start
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app)  # the pointer arrives before the press, as a hand's does
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    if kind == "drag":
        for k in (1, 2, 3):
            p = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
            pygame.mouse.set_pos(p)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app)


def post(app, gesture):
    for step in gesture.steps:
        post_step(app, step)


def wait_for_human(app, table, limit=4000):
    """Run frames (bots act, curtains are dismissed) until a human may act or the game ends."""
    for _ in range(limit):
        if table.match.is_over():
            return None
        if isinstance(app.top, CurtainScene):
            post_step(app, ("key", pygame.K_RETURN))
            continue
        if app.top is table:
            seat = table.actor()
            if seat is not None:
                return seat
        frames(app)
    raise AssertionError("no human got to act")


def play_by_gestures(app, table, seed=0, explore=0.25, limit=3000, keyboard=False):
    """Play to the end choosing every human action among ``table.gestures(seat)`` (a bot's
    favourite when it is offered, else a random one), each delivered as real events. Checks that
    the offered gestures cover every legal action and that each performs its action."""
    rng = random.Random(seed)
    bots = {}
    for _ in range(limit):
        seat = wait_for_human(app, table)
        if seat is None:
            return
        st = table.match.state
        legal = GAME.legal_actions(st, seat)
        offered = table.gestures(seat)
        assert {str(g.action) for g in offered} == {str(a) for a in legal}, \
            (sorted(str(a) for a in legal), sorted(str(g.action) for g in offered))
        if keyboard:
            offered = [g for g in offered if g.keys_only]
            assert {str(g.action) for g in offered} == {str(a) for a in legal}
        if rng.random() < explore:
            gesture = rng.choice(offered)
        else:
            bot = bots.setdefault(seat, make_bot(GAME, "easy", seat, seed * 7 + seat))
            want = bot.decide(GAME.observe(st, seat), legal)
            gesture = next(g for g in offered if g.action == want)
        n = len(table.match.log)
        post(app, gesture)
        assert len(table.match.log) > n, f"{gesture} did nothing ({table.toast.message})"
        entry = table.match.log[n]
        assert entry.seat == seat and entry.action == gesture.action
    raise AssertionError("the game did not end")


def replay_matches(table):
    """The logged actions replayed headless reach the same state and outcome."""
    m = Match(GAME, table.match.setup, track_hashes=False)
    for e in table.match.log:
        m.apply(e.seat, e.action)
    assert m.is_over() and table.match.is_over()
    assert m.fingerprint() == table.match.fingerprint()
    assert GAME.outcome(m.state) == GAME.outcome(table.match.state)
