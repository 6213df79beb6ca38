"""The Burning Sands levels (issue 25): ``easy`` is a beginner playing the rule-based policy with
blurred judgement, not the random bot. Behaviour only (the ladder is measured with bot games).
Issue 29: a beginner has good and bad games - the bot's seed draws easy's form for the game."""

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG
from sandsofplay.games.burning_sands import GAME, policy

from .helpers import new


def test_easy_is_the_policy_with_more_mistakes_than_normal():
    levels = GAME.bot_levels
    assert levels["easy"]["bot"] == "policy" == levels["normal"]["bot"]
    easy, normal = levels["easy"]["params"], levels["normal"]["params"]
    assert easy.get("noise", 0) > normal.get("noise", 0)
    # its mistakes are a beginner's (overlooked plays, blurred judgement), never a random answer
    assert not easy.get("eps") and not any(f.get("eps") for f in easy["forms"])
    assert all(f["miss"] > normal.get("miss", 0) for f in easy["forms"])
    assert type(make_bot(GAME, "easy", 0, 1)).__name__ == type(make_bot(GAME, "normal", 0, 1)).__name__


def _question(passing=False):
    """The first question of three or more answers with one best answer (a question whose best
    answers tie, e.g. two Holdings producing the same Copper, is answered and passed by); with
    ``passing``, one that may also be passed (an answer that is not a play, ``policy.SEEN``)
    and whose best answer is a play."""
    s = new(("senpet", "moto"))
    while True:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if len(legal) >= 3 and (not passing or any(a.kind in policy.SEEN for a in legal)):
            obs = GAME.observe(s, seat)
            best = {policy.choose(obs, legal, RNG(i), eps=0.0) for i in range(12)}
            if len(best) == 1 and not (passing and best.pop().kind in policy.SEEN):
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
    obs, legal = _question(passing=True)
    exact = {str(policy.choose(obs, legal, RNG(i), eps=0.0)) for i in range(12)}
    seen = {str(a) for a in legal if a.kind in policy.SEEN}
    assert seen and not exact & seen  # the best answer is a play, and passing is open
    # every play overlooked: the answer is one that is not a play (passing)
    blind = {str(policy.choose(obs, legal, RNG(i), eps=0.0, miss=1.0)) for i in range(12)}
    assert blind <= seen
    # overlooking some of the plays sometimes misses the best one, and answers only legal actions
    missed = [str(policy.choose(obs, legal, RNG(i), eps=0.0, miss=0.5)) for i in range(40)]
    assert set(missed) <= {str(a) for a in legal}
    assert 0 < sum(m not in exact for m in missed) < 40


def test_a_choice_that_must_be_made_is_never_overlooked():
    """A question with no answer that is not a play (a discard, which unit absorbs) is weighed
    whole: overlooking every play there would answer the first legal action, at random."""
    obs, legal = _question()
    assert not any(a.kind in policy.SEEN for a in legal)
    exact = {str(policy.choose(obs, legal, RNG(i), eps=0.0)) for i in range(12)}
    blind = {str(policy.choose(obs, legal, RNG(i), eps=0.0, miss=1.0)) for i in range(12)}
    assert blind == exact


def test_easy_plays_each_game_in_a_form_its_seed_draws():
    """Issue 29: easy's form - how much it overlooks - is drawn once a game from the bot's seed:
    the same seed always gives the same form (replays, tests), other seeds give both forms."""
    forms = {f["name"]: f for f in GAME.bot_levels["easy"]["params"]["forms"]}
    drawn = {seed: make_bot(GAME, "easy", 0, seed).form["name"] for seed in range(60)}
    assert set(drawn.values()) == set(forms) == {"sharp", "distracted"}
    assert 10 < sum(v == "sharp" for v in drawn.values()) < 50
    assert all(make_bot(GAME, "easy", 0, seed).form["name"] == name for seed, name in drawn.items())
    # the form is the easy bot's play: a distracted game overlooks plays a sharp one makes
    obs, legal = _question(passing=True)
    seen = {str(a) for a in legal if a.kind in policy.SEEN}
    passes = {"sharp": 0, "distracted": 0}
    for seed, name in drawn.items():
        passes[name] += str(make_bot(GAME, "easy", 0, seed).decide(obs, legal)) in seen
    share = {k: passes[k] / sum(v == k for v in drawn.values()) for k in passes}
    assert share["distracted"] > share["sharp"] + 0.2
