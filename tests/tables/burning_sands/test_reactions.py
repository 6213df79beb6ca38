"""The setting "stop for reactions: always / when I have one / never" (Reactions; ruling R-3:
the rules ask only a player whose Reaction fits) changes when the table stops."""

import random

import pygame
import pytest

from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.games import get_game
from tests.tables.contract import Held, post_gesture
from tests.tables.helpers import save_and_open

from .helpers import bots_play_until
from .test_table import frames, start

GAME = get_game("burning_sands")


def at_a_reaction_window(app, tmp_path, on="duel"):
    """A table (human vs bot) whose human is asked in a Reaction window answering ``on`` (in a
    duel, seed 7: the duel's start, then the thrust's and the parry's windows)."""
    setup = Setup("burning_sands", (SeatSpec("human", "", "Amira", "crimson"),
                                    SeatSpec("bot", "normal", "Tariq", "indigo")), (), 7)
    match = bots_play_until(setup, lambda st: st.stack[-1]["k"] == "window"
                            and GAME.to_act(st) == (0,) and st.stack[-1]["trig"]["on"] == on)
    _match, table = save_and_open(app, match, tmp_path / "window.json")
    table.driver.pace_ticks = 0
    return table


def test_when_i_have_one_the_table_waits_in_the_window_with_the_reaction_and_a_pass(app,
                                                                                   tmp_path):
    app.settings.stop_reactions = "mine"
    table = at_a_reaction_window(app, tmp_path)
    n = len(table.match.log)
    frames(app, 30)
    assert len(table.match.log) == n  # the table stopped
    offered = {g.action.kind for g in table.gestures(0)}
    assert offered == {"react", "pass"}
    text = table.prompt.text(table.observation())
    assert "a duel is about to be fought" in text and "react with a glowing card" in text


@pytest.mark.parametrize("on,said", [("thrust", "after the thrust"),
                                     ("parry", "after the parry")])
def test_the_windows_of_a_duels_round_say_after_the_thrust_or_the_parry(app, tmp_path, on, said):
    """Challenges and Duels; Reactions: a window opens after each thrust and after each parry;
    the prompt says which, and the log line of a pass under "never" does too."""
    app.settings.stop_reactions = "mine"
    table = at_a_reaction_window(app, tmp_path, on)
    text = table.prompt.text(table.observation())
    assert said in text and "react with a glowing card" in text
    from sandsofplay.tables.burning_sands.reactions import WHAT
    assert said in WHAT[on]


def test_never_passes_for_the_human_at_once_and_says_so(app, tmp_path):
    app.settings.stop_reactions = "never"
    table = at_a_reaction_window(app, tmp_path)
    n = len(table.match.log)
    frames(app, 2)
    entry = table.match.log[n]
    assert (entry.seat, str(entry.action)) == (0, "pass")
    assert any("stop for reactions: never" in line for line in table.log.lines)


def until_reaction_hold(app, seed):
    """A human (choosing at random) against a bot, played until the table holds the bots after a
    Reaction window."""
    table = start(app, ("human", "bot:normal"), seed, limit=20)
    rng = random.Random(seed)
    for _ in range(3000):
        if table.reactions.hold is not None or table.match.is_over():
            break
        seat = table.acting_human()
        if seat is not None:
            with Held(table):
                table.perform(seat, rng.choice(GAME.legal_actions(table.match.state, seat)))
        frames(app)
    assert table.reactions.hold is not None
    return table


def test_always_holds_the_bots_after_a_window_that_passed_the_human_by(app):
    """With "always", a window in which nothing of the human's fitted stops the table too;
    Continue (a click on the real button) lets the bots go on."""
    app.settings.stop_reactions = "always"
    table = until_reaction_hold(app, 3)
    assert table.acting_human() is None  # the bots are to act, and wait
    n = len(table.match.log)
    frames(app, 40)
    assert len(table.match.log) == n
    regions = table.regions()
    assert "button:continue" in regions
    assert not regions["button:continue"].colliderect(regions["prompt"])
    assert "nothing of Seat 1's fits" in table.prompt.text(table.observation())
    post_gesture(app, type("G", (), {"steps": (("click", regions["button:continue"].center),)}))
    assert table.reactions.hold is None or len(table.match.log) > n
    frames(app, 40)
    assert len(table.match.log) > n


def test_always_also_answers_to_the_keyboard(app):
    app.settings.stop_reactions = "always"
    table = until_reaction_hold(app, 4)
    first = table.reactions.hold
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    frames(app)
    assert table.reactions.hold is None or table.reactions.hold is not first


def test_the_setting_is_offered_and_checked():
    from sandsofplay.ui.scenes.settings import ROWS
    from sandsofplay.ui.settings import Settings
    row = next(r for r in ROWS if r[0] == "stop_reactions")
    assert row[3] == ("Always", "When I have one", "Never")
    s = Settings(stop_reactions="sometimes")
    try:
        s.validate()
    except ValueError as exc:
        assert "stop_reactions" in str(exc)
    else:
        raise AssertionError("an unknown value was accepted")
