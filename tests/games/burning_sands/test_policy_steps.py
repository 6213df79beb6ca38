"""The bots' policy is time-sliced (Bots: "their search time-sliced so a table never drops a
frame"): ``policy_steps`` does nothing when started, each ``step(0)`` does one bounded piece,
and the answer is the same however the search is sliced."""

import inspect

import pytest

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG, Setup
from sandsofplay.games.burning_sands import GAME, policy


def questions(n, seed, every=7, limit=40):
    """Questions met in a random game: (observation, legal) pairs with several answers."""
    decks = ("senpet", "moto", "assassin", "khadi")
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * n, seed=seed,
                                  **{f"deck{i + 1}": decks[(seed + i) % 4] for i in range(n)}))
    rng = RNG(seed)
    out = []
    steps = 0
    while GAME.outcome(s) is None and len(out) < limit and steps < 4000:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if len(legal) > 1 and steps % every == 0:
            out.append((seat, GAME.observe(s, seat), legal))
        GAME.apply(s, seat, rng.choice(legal))
        steps += 1
    return out


@pytest.fixture(scope="module")
def asked():
    return questions(3, 5) + questions(4, 6)


def test_start_does_no_search(asked):
    """Bots (time slicing): starting a decision only sets up the generator."""
    for seat, obs, legal in asked[:10]:
        bot = make_bot(GAME, "hard", seat, 3)
        assert not bot.instant
        bot.start(obs, legal)
        assert inspect.getgeneratorstate(bot._search) == inspect.GEN_CREATED
        assert not bot.done


def test_each_step_does_a_bounded_slice(asked, monkeypatch):
    """Bots (time slicing): a step(0) scores at most SLICE actions and deals at most one
    player's hidden cards, and a long question takes several steps."""
    counts = {"score": 0}
    for k, fn in list(policy.PICK.items()):
        def wrapped(s, me, f, a, fn=fn):
            counts["score"] += 1
            return fn(s, me, f, a)
        monkeypatch.setitem(policy.PICK, k, wrapped)
    many = 0
    for seat, obs, legal in asked:
        bot = make_bot(GAME, "hard", seat, 3)
        bot.start(obs, legal)
        steps = 0
        while True:
            counts["score"] = 0
            done = bot.step(0)
            assert counts["score"] <= policy.SLICE
            steps += 1
            if done:
                break
        if len(legal) > policy.SLICE:
            many += 1
            assert steps >= 2 + len(obs["deck"])  # fields, each player's cards, two score slices
    assert many  # the sample has long questions


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_sliced_answer_equals_the_unsliced_one(asked, level):
    """Bots (time slicing): the same answer in one go, a slice at a time and from game.policy."""
    for seat, obs, legal in asked:
        whole = make_bot(GAME, level, seat, 11).decide(obs, legal)
        sliced = make_bot(GAME, level, seat, 11)
        sliced.start(obs, legal)
        while not sliced.step(0):
            assert sliced.best() in legal
        assert sliced.best() == whole
        params = {k: v for k, v in GAME.bot_levels[level]["params"].items()}
        direct = GAME.policy(obs, legal, RNG(sliced._seed ^ sliced.question), **params)
        assert direct == whole


@pytest.mark.parametrize("deck", ["senpet", "moto", "assassin", "khadi"])
def test_policy_buys_the_suggested_city_sections(deck):
    """Game setup (City Points): the bots buy their deck's suggested City Sections, not as many
    copies of the cheapest one as the City Points allow."""
    from sandsofplay.games.burning_sands.cards import card
    from sandsofplay.games.burning_sands.data import get
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 2, seed=4, deck1=deck, deck2=deck))
    bots = [make_bot(GAME, "hard", q, 1) for q in range(2)]
    while s.stack and s.stack[-1]["k"] == "buy":
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, bots[seat].decide(GAME.observe(s, seat), GAME.legal_actions(s, seat)))
    plan = sorted(get().decks[deck].plan)
    for q in range(2):
        assert sorted(card(s, u).id for u in s.sections[q]) == plan
