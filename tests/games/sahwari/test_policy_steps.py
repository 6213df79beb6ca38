"""Sahwari's ``hard`` bot (DESIGN.md: bots are fair, anytime and time-sliced): its search resumes
in small slices, answers the same however it is sliced, and hides only refusals by the rules
(issue 8 point 14), never bugs."""

import pytest

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG, Setup
from sandsofplay.engine.playout import Raw, random_chooser, run
from sandsofplay.games import get_game
from sandsofplay.games.sahwari import strategy

GAME = get_game("sahwari")
PARAMS = GAME.bot_levels["hard"]["params"]


def decision_points(seeds=(1, 2), players=(1, 2, 3), every=9):
    points = []
    for seed in seeds:
        for n in players:
            s = GAME.new_state(Setup.make("sahwari", ["human"] * n, seed=seed))

            def sample(target, step, move, s=s):
                if step % every == 0:
                    for seat in GAME.to_act(s):
                        if len(GAME.legal_actions(s, seat)) > 1:
                            points.append((GAME.clone(s), seat))

            run(Raw(GAME, s), random_chooser(RNG(seed)), after=sample)
    return points


def test_search_slices_answer_as_in_one_go():
    """Run step by step, the search yields only legal actions (or None) and returns the same
    answer as the one-go policy and as the bot driven with zero-time slices."""
    points = decision_points()
    assert len(points) > 40
    for k, (s, seat) in enumerate(points[::3][:30]):
        obs, legal = GAME.observe(s, seat), GAME.legal_actions(s, seat)
        steps = GAME.policy_steps(obs, legal, RNG(k), **PARAMS)
        yields = 0
        while True:
            try:
                best = next(steps)
            except StopIteration as stop:
                answer = stop.value
                break
            yields += 1
            assert best is None or best in legal
        assert answer in legal and yields > 1
        assert GAME.policy(obs, legal, RNG(k), **PARAMS) == answer
        sliced = make_bot(GAME, "hard", seat, k)
        sliced.start(obs, legal)
        while not sliced.step(0.0):
            pass
        assert make_bot(GAME, "hard", seat, k).decide(obs, legal) == sliced.best()


def test_refusals_are_valued_as_hopeless_but_bugs_are_not_hidden(monkeypatch):
    s, seat = decision_points(seeds=(3,), players=(2,))[5]
    obs, legal = GAME.observe(s, seat), GAME.legal_actions(s, seat)
    real_apply = type(GAME).apply
    refused = legal[0]

    def refusing(self, state, who, action):
        if action == refused and state is not s:
            from sandsofplay.engine import IllegalAction
            raise IllegalAction("not in this sample", "test")
        return real_apply(self, state, who, action)

    monkeypatch.setattr(type(GAME), "apply", refusing)
    assert strategy.policy(GAME, obs, legal, RNG(1), **PARAMS) != refused

    def broken(self, state, who, action):
        raise KeyError("a bug")

    monkeypatch.setattr(type(GAME), "apply", broken)
    with pytest.raises(KeyError):
        strategy.policy(GAME, obs, legal, RNG(1), **PARAMS)
