"""Reusable checks of the table contract (DESIGN.md, "The shape of a table") for every table.

* ``post_gesture`` posts a gesture's steps as real pygame events (mouse motion, button down/up,
  keys) and runs frames between them, as a person's hand would.
* ``play_by_gestures`` plays a whole game at a table: bots act on their own, and each human seat
  chooses only among the gestures the table offers, posted as events. At every decision it checks
  that every legal action of the seat has a gesture, that the chosen gesture performs exactly its
  action, and (optionally) the layout.
* ``layout_problems`` reads ``regions()``: everything on the 1280x720 screen, and no two of the
  prompt, the buttons, the bubbles and the panels overlapping.
* ``same_as_headless`` replays the table's log headless and compares the final state.

A new table is checked by adding it to ``sandsofplay.tables.TABLES``: test_contract.py
parametrizes over the registered tables.
"""

from __future__ import annotations

import random

import pygame

from sandsofplay.engine import Match
from sandsofplay.games import get_game
from tests.tables.helpers import make_table

SCREEN = pygame.Rect(0, 0, 1280, 720)
EXCLUSIVE = ("prompt", "button", "bubble", "panel")  # kinds that may not overlap each other
ON_SCREEN = EXCLUSIVE + ("hand", "buttons", "board", "mat", "tile")


def kind(name: str) -> str:
    return name.split(":", 1)[0]


def layout_problems(regions: dict) -> list[str]:
    """What is wrong with a table's layout now (empty when all is well)."""
    problems = []
    for name, r in regions.items():
        if kind(name) in ON_SCREEN and not SCREEN.contains(r):
            problems.append(f"{name} {tuple(r)} runs off the 1280x720 screen")
    names = sorted(n for n in regions if kind(n) in EXCLUSIVE)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if regions[a].colliderect(regions[b]):
                problems.append(f"{a} {tuple(regions[a])} overlaps {b} {tuple(regions[b])}")
    return problems


# --- posting events ---------------------------------------------------------------------------


def _frames(app, n=1):
    for _ in range(n):
        app.frame(1 / 60)


def _move(app, pos, buttons=(0, 0, 0)):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=buttons))


def post_gesture(app, gesture) -> None:
    """Post a gesture's steps as real pygame events, with frames in between."""
    for step in gesture.steps:
        if step[0] == "click":
            pos = step[1]
            _move(app, pos)
            _frames(app)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            _frames(app)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            _frames(app)
        elif step[0] == "drag":
            start, end = step[1], step[2]
            _move(app, start)
            _frames(app)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            _frames(app)
            for k in (1, 2, 3):
                p = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
                _move(app, p, (1, 0, 0))
                _frames(app)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            _frames(app)
        elif step[0] == "key":
            for t in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(t, key=step[1], mod=0, unicode="",
                                                     scancode=0))
        else:
            raise ValueError(f"unknown gesture step {step!r}")
    _frames(app)


# --- whole games ------------------------------------------------------------------------------


def start(app, game_id: str, seats, seed: int):
    """A table for ``seats`` ("human" / "bot:LEVEL"), bots without a watching pace."""
    return make_table(app, game_id, seats, seed, animation_speed=2.0)


class Held:
    """Holds the bots and the clock still while a person's gesture is posted, so the gesture is
    judged against the state it was chosen in."""

    def __init__(self, table):
        self.table = table

    def __enter__(self):
        t = self.table
        t.bots_may_act = lambda: False
        t.time_runs = lambda: False

    def __exit__(self, *exc):
        del self.table.bots_may_act
        del self.table.time_runs


def play_by_gestures(app, table, seed=0, keys_only=False, check_layout=True,
                     max_frames=60000, on_decision=None, wait_ticks=8, choose=None) -> dict:
    """Play the table's game to its end; humans choose among the offered gestures only
    (``choose(table, seat, offered, rng)`` picks one; default: at random).

    Returns counts: decisions made, layout moments checked."""
    rng = random.Random(seed)
    game, match = table.game, table.match
    stats = {"decisions": 0, "layouts": 0, "frames": 0}
    problems: list[str] = []
    while not match.is_over() and stats["frames"] < max_frames:
        if app.top is not table:
            # an overlay (the curtain between hot-seat players): the next player takes over
            post_gesture(app, type("G", (), {"steps": (("key", pygame.K_SPACE),)})())
            stats["frames"] += 1
            continue
        seat = next((s for s in game.to_act(match.state) if s in table.humans
                     and game.legal_actions(match.state, s)), None)
        if seat is None or table.tweens.busy:
            # nobody here decides: let the table run (updates only, then one drawn frame)
            for _ in range(wait_ticks):
                table.update()
                app.apply_ops()
                if app.top is not table or match.is_over():
                    break
            app.frame(1 / 60)
            stats["frames"] += 1
            if check_layout and stats["frames"] % 25 == 0:
                problems += layout_problems(table.regions())
                stats["layouts"] += 1
            continue
        legal = set(game.legal_actions(match.state, seat))
        offered = table.gestures(seat)
        if keys_only:
            offered = [g for g in offered if g.keys_only]
        missing = legal - {g.action for g in offered}
        assert not missing, (f"seat {seat} has no {'key ' if keys_only else ''}gesture for "
                             f"{sorted(map(str, missing))} at {match!r}")
        if not keys_only:  # mouse and touch alone reach every action too
            by_pointer = {g.action for g in offered if not g.keys_only}
            assert legal <= by_pointer, \
                f"no click or drag for {sorted(map(str, legal - by_pointer))}"
        wrong = {g.action for g in offered} - legal
        assert not wrong, f"gestures offered for illegal actions {sorted(map(str, wrong))}"
        if check_layout:
            problems += layout_problems(table.regions())
            stats["layouts"] += 1
        gesture = choose(table, seat, offered, rng) if choose else rng.choice(offered)
        if on_decision is not None:
            on_decision(table, seat, gesture)
        n = len(match.log)
        with Held(table):
            post_gesture(app, gesture)
        assert len(match.log) == n + 1, f"{gesture} did nothing ({table.toast.message!r})"
        entry = match.log[-1]
        assert (entry.seat, entry.action) == (seat, gesture.action), \
            f"{gesture} performed {entry.action} for seat {entry.seat}"
        stats["decisions"] += 1
        stats["frames"] += len(gesture.steps) * 3
    assert not problems, "layout problems:\n" + "\n".join(sorted(set(problems))[:20])
    assert match.is_over(), f"the game did not end within {max_frames} frames: {match!r}"
    return stats


def same_as_headless(match) -> bool:
    """Replaying the table's log headless (every hash checked) ends in the same state."""
    data = match.to_save()
    again = Match.from_save(data, get_game(data["game"]))
    return again.fingerprint() == match.fingerprint() and \
        again.game.outcome(again.state) == match.game.outcome(match.state)


def registered_tables() -> list[str]:
    """Every built table (the tests' own tiny table is left out)."""
    from sandsofplay.tables import TABLES
    from sandsofplay.ui.table import has_table
    return sorted(g for g in TABLES if has_table(g))
