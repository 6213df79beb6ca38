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
    s = new(("senpet", "moto"))
    while len(GAME.legal_actions(s, GAME.to_act(s)[0])) < 3:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    seat = GAME.to_act(s)[0]
    return GAME.observe(s, seat), GAME.legal_actions(s, seat)


def test_noise_blurs_the_choice_and_without_it_the_answer_is_the_normal_one():
    obs, legal = _question()
    exact = {str(policy.choose(obs, legal, RNG(i), eps=0.0)) for i in range(12)}
    assert len(exact) == 1
    assert str(policy.choose(obs, legal, RNG(3), eps=0.0, noise=0.0)) in exact
    blurred = {str(policy.choose(obs, legal, RNG(i), eps=0.0, noise=40.0)) for i in range(40)}
    assert len(blurred) > 1 and blurred <= {str(a) for a in legal}
