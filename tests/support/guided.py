"""Playing a guided first game (issue 32) at its table the way a learner following the coach
would: at each of the person's decisions, the gesture of the action the coach suggests (the
shown step's ``choose``, else a stand-in bot's move of the expected kind, else the first of that
kind; the stand-in's move between steps), posted as real events. Every check a step needs is
made on the way: its region exists and lies on the screen, the layout (``panel:coach``
included) has no overlap, and the gesture does not land on the coach's panel."""

from __future__ import annotations

import fnmatch

import pygame

from sandsofplay.bots.levels import make_bot
from sandsofplay.ui.coach import start_guided
from tests.tables.contract import SCREEN, Held, layout_problems, post_gesture


def open_guided(app, game_id: str):
    """The guided game's table, started as "Learn to play" does; bots without a pace."""
    assert start_guided(app, game_id, ask=False)
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    app.settings.animation_speed = 2.0
    for _ in range(400):  # the table is set out a piece a frame
        if table.entering is None:
            break
        app.frame(1 / 60)
    assert table.coach is not None, "a guided game has a coach"
    return table


def step_regions(table) -> tuple[list, dict]:
    """The regions the shown step points at (names), and all regions now."""
    regions = table.regions()
    step = table.coach.coach.step
    return [n for n in regions if fnmatch.fnmatchcase(n, step.region)], regions


def play_guided(app, table, until=None, max_frames=40000, wait_ticks=6) -> dict:
    """Follow the coach until its last step is done (or ``until(table)``); returns what was
    seen: ``steps`` (index -> region names), ``decisions``, ``frames``, ``problems``, and
    ``off``: decisions made while the shown step's action could not be played (real time)."""
    view = table.coach
    coach = view.coach
    game, match = table.game, table.match
    stand_in = make_bot(game, "normal", 0, 99)
    seen: dict = {}
    stats = {"decisions": 0, "frames": 0, "steps": seen, "off": 0}
    problems: list = []
    while not coach.done and not match.is_over() and stats["frames"] < max_frames:
        if until is not None and until(table):
            break
        if app.top is not table:
            app.frame(1 / 60)
            stats["frames"] += 1
            continue
        mine = 0 in game.to_act(match.state) and game.legal_actions(match.state, 0)
        if not mine or table.tweens.busy or table.human_to_act() is None:
            for _ in range(wait_ticks):
                table.update()
                app.apply_ops()
                if app.top is not table or match.is_over():
                    break
            app.frame(1 / 60)
            stats["frames"] += 1
            continue
        app.frame(1 / 60)  # the coach and the layout see the question
        regions = table.regions()
        problems += layout_problems(regions)
        if coach.showing:
            names, regions = step_regions(table)
            assert names, (f"step {coach.index + 1} ({coach.step.title}) points at "
                           f"{coach.step.region!r}, which is not on screen; regions: "
                           f"{sorted(regions)}")
            for n in names:
                assert SCREEN.contains(regions[n]), f"{n} {tuple(regions[n])} is off screen"
            assert "panel:coach" in regions, "the coach's panel is a region while a step shows"
            seen.setdefault(coach.index, names)
        legal = game.legal_actions(match.state, 0)
        fallback = stand_in.decide(game.observe(match.state, 0), legal)
        action = coach.suggest(legal, fallback)
        if coach.showing and not any(coach.step.accepts(a) for a in legal):
            stats["off"] += 1  # (real time: the moment passed; the person plays on)
        if action is None:  # the stand-in waits (real time): so does the person
            for _ in range(wait_ticks):
                table.update()
            app.frame(1 / 60)
            stats["frames"] += 1
            continue
        offered = [g for g in table.gestures(0) if g.action == action]
        assert offered, f"no gesture for {action}"
        pointer = [g for g in offered if not g.keys_only]
        gesture = (pointer or offered)[0]
        panel = regions.get("panel:coach")
        if panel is not None:
            for step in gesture.steps:
                for p in step[1:] if step[0] != "key" else ():
                    assert not panel.collidepoint(p), \
                        f"the coach's panel {tuple(panel)} covers {gesture}"
        n = len(match.log)
        with Held(table):
            post_gesture(app, gesture)
        assert len(match.log) == n + 1 and match.log[-1].action == action, \
            f"{gesture} did not play {action} ({table.toast.message!r})"
        stats["decisions"] += 1
        stats["frames"] += 3 * len(gesture.steps)
    stats["problems"] = sorted(set(problems))
    return stats


def key(app, code):
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(t, key=code, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    app.frame(1 / 60)
