"""Sand's bots (DESIGN.md: bots are fair, anytime and time-sliced): every level answers with a
legal action from the observation alone; ``hard`` thinks in slices and answers the same however
its thinking is sliced; bots play whole games."""

import pytest

from sandsofplay.bots.levels import level_names, make_bot
from sandsofplay.engine import Match, Setup

from .helpers import GAME, scene


def test_levels():
    """easy, normal and hard exist."""
    assert level_names(GAME)[:3] == ["easy", "normal", "hard"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_answers_a_legal_action(level):
    """Every level chooses among the legal actions, seeing only the observation."""
    s = scene(tokens=("blue", "red", "white"), loc="okh_ham")
    seat = s.cur
    legal = GAME.legal_actions(s, seat)
    bot = make_bot(GAME, level, seat, 3)
    assert bot.decide(GAME.observe(s, seat), legal) in legal


def test_hard_is_time_sliced_and_slicing_does_not_change_its_choice():
    """The hard search resumes in small slices and ends with the same action as in one go."""
    s = scene(tokens=("blue", "red", "white"), loc="okh_ham")
    seat = s.cur
    obs, legal = GAME.observe(s, seat), GAME.legal_actions(s, seat)
    sliced = make_bot(GAME, "hard", seat, 5)
    sliced.start(obs, legal)
    slices = 1
    while not sliced.step(0.0):
        slices += 1
    assert slices > 3
    whole = make_bot(GAME, "hard", seat, 5)
    assert whole.decide(obs, legal) == sliced.best()


def test_bots_play_a_whole_game():
    """A hard and a normal bot finish a game without an illegal move."""
    from sandsofplay.bots.driver import Driver
    m = Match(GAME, Setup.make("sand", ["bot:hard", "bot:normal"], seed=4, travelers="choose"),
              track_hashes=False, keep_undo=False)
    d = Driver(m, {0: make_bot(GAME, "hard", 0, 1), 1: make_bot(GAME, "normal", 1, 2)})
    steps = 0
    while d.step():
        steps += 1
    assert m.is_over() and steps > 100
