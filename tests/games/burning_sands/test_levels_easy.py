"""The Burning Sands levels (issue 25): ``easy`` is a beginner playing the rule-based policy with
blurred judgement, not the random bot. Behaviour only (the ladder is measured with bot games)."""

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG
from sandsofplay.games.burning_sands import GAME, policy

from .helpers import new


def test_easy_is_the_policy_with_more_mistakes_than_normal():
    levels = GAME.bot_levels
    assert levels["easy"]["bot"] == "policy" == levels["normal"]["bot"]
    easy, normal = levels["easy"]["params"], levels["normal"]["params"]
    assert easy["eps"] > normal["eps"] and easy.get("noise", 0) > normal.get("noise", 0)
    assert type(make_bot(GAME, "easy", 0, 1)).__name__ == type(make_bot(GAME, "normal", 0, 1)).__name__


def _question():
    """The first question of three or more answers with one best answer (a question whose best
    answers tie, e.g. two Holdings producing the same Copper, is answered and passed by)."""
    s = new(("senpet", "moto"))
    while True:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if len(legal) >= 3:
            obs = GAME.observe(s, seat)
            if len({str(policy.choose(obs, legal, RNG(i), eps=0.0)) for i in range(12)}) == 1:
                return obs, legal
        GAME.apply(s, seat, legal[0])


def test_noise_blurs_the_choice_and_without_it_the_answer_is_the_normal_one():
    obs, legal = _question()
    exact = {str(policy.choose(obs, legal, RNG(i), eps=0.0)) for i in range(12)}
    assert len(exact) == 1
    assert str(policy.choose(obs, legal, RNG(3), eps=0.0, noise=0.0)) in exact
    blurred = {str(policy.choose(obs, legal, RNG(i), eps=0.0, noise=40.0)) for i in range(40)}
    assert len(blurred) > 1 and blurred <= {str(a) for a in legal}


def test_easy_overlooks_plays_but_always_sees_passing():
    assert GAME.bot_levels["easy"]["params"]["miss"] > GAME.bot_levels["normal"]["params"].get("miss", 0)
    obs, legal = _question()
    exact = {str(policy.choose(obs, legal, RNG(i), eps=0.0)) for i in range(12)}
    # every play overlooked: the answer is one that is not a play (passing), else the first
    blind = {str(policy.choose(obs, legal, RNG(i), eps=0.0, miss=1.0)) for i in range(12)}
    seen = {str(a) for a in legal if a.kind in policy.SEEN}
    assert len(blind) == 1 and blind <= (seen or {str(legal[0])})
    # overlooking some of the plays sometimes misses the best one, and answers only legal actions
    missed = [str(policy.choose(obs, legal, RNG(i), eps=0.0, miss=0.5)) for i in range(40)]
    assert set(missed) <= {str(a) for a in legal}
    assert 0 < sum(m not in exact for m in missed) < 40
