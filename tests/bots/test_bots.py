"""Bots: legal choices, fairness (observation only), anytime stepping, levels, the driver."""

import math

import pytest

from sandsofplay.bots.driver import Driver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG, Match, Setup
from tests.support.tinygame import GAME


def fresh(seed=4, n=3):
    return GAME.new_state(Setup.make("tiny", ["human"] * n, seed=seed))


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random", "greedy", "ismcts"])
def test_bot_chooses_a_legal_action(level):
    s = fresh()
    bot = make_bot(GAME, level, 0, seed=1)
    legal = GAME.legal_actions(s, 0)
    assert bot.decide(GAME.observe(s, 0), legal) in legal


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_choice_does_not_change_when_hidden_information_is_reshuffled(level):
    s = fresh(seed=11)
    obs = GAME.observe(s, 0)
    other = GAME.determinize(obs, RNG(999))  # same observation, other hidden hands and deck
    assert GAME.observe(other, 0) == obs
    assert other.deck != s.deck or other.hands[1] != s.hands[1]
    a1 = make_bot(GAME, level, 0, seed=5).decide(GAME.observe(s, 0), GAME.legal_actions(s, 0))
    a2 = make_bot(GAME, level, 0, seed=5).decide(GAME.observe(other, 0),
                                                 GAME.legal_actions(other, 0))
    assert a1 == a2


def test_ismcts_is_anytime_and_slicing_does_not_change_the_answer():
    s = fresh(seed=2)
    obs, legal = GAME.observe(s, 0), GAME.legal_actions(s, 0)
    whole = make_bot(GAME, "ismcts", 0, seed=3).decide(obs, legal)
    sliced = make_bot(GAME, "ismcts", 0, seed=3)
    sliced.start(obs, legal)
    steps = 0
    while not sliced.step(0.0):  # the smallest slices: one iteration each
        steps += 1
        assert sliced.best() in legal
    assert steps > 10
    assert sliced.best() == whole


def test_unknown_level_lists_levels():
    with pytest.raises(KeyError) as exc:
        make_bot(GAME, "genius", 0)
    assert "easy" in str(exc.value)


def test_driver_plays_whole_games_and_is_deterministic():
    def run(seed):
        m = Match(GAME, Setup.make("tiny", ["bot:normal"] * 3, seed=seed), track_hashes=False)
        d = Driver(m, {i: make_bot(GAME, "normal", i, seed) for i in range(3)})
        d.run()
        return m
    a, b = run(8), run(8)
    assert a.is_over() and a.fingerprint() == b.fingerprint()


def test_driver_jumps_time_and_waits_for_humans():
    m = Match(GAME, Setup.make("tiny", ["bot:easy", "human"], seed=1, clock=5), track_hashes=False)
    d = Driver(m, {0: make_bot(GAME, "easy", 0, 1)})
    assert d.step()  # the bot acts at once
    assert GAME.to_act(m.state) == (1,)
    assert d.step() and m.tick == 300  # jumps straight to the human's 5 s deadline
    assert GAME.to_act(m.state) == (0,)


def test_driver_poll_releases_action_only_when_reaction_time_has_come():
    m = Match(GAME, Setup.make("tiny", ["bot:easy", "human"], seed=1), track_hashes=False)
    bot = make_bot(GAME, "easy", 0, 1)
    bot.reaction = (1.0, 1.0)
    d = Driver(m, {0: bot})
    assert d.poll(math.inf) is None  # scheduled 60 ticks from now
    assert d.next_tick() == 60
