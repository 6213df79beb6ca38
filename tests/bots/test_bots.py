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
    while GAME.to_act(m.state) == (0,):
        assert d.step() and m.tick == 0  # the bot acts at once (a lucky number, then a card)
    assert GAME.to_act(m.state) == (1,) and m.log
    assert d.step() and m.tick == 300  # jumps straight to the human's 5 s deadline
    assert GAME.to_act(m.state) == (0,)


def test_driver_poll_releases_action_only_when_reaction_time_has_come():
    m = Match(GAME, Setup.make("tiny", ["bot:easy", "human"], seed=1), track_hashes=False)
    bot = make_bot(GAME, "easy", 0, 1)
    bot.reaction = (1.0, 1.0)
    d = Driver(m, {0: bot})
    assert d.poll(math.inf) is None  # scheduled 60 ticks from now
    assert d.next_tick() == 60


# --- failing loudly, asking the same question, reaction times, time slicing, the driver --------

class Buggy(type(GAME)):
    """Climb with a rules bug: playing a 12 crashes."""

    def apply(self, s, seat, action):
        if action.kind == "play" and action.args == (12,):
            raise ZeroDivisionError("a rules bug")
        return super().apply(s, seat, action)


@pytest.mark.parametrize("level", ["greedy", "ismcts"])
def test_a_rules_bug_inside_a_search_fails_loudly(level):
    """Issue 8.14: bots catch only IllegalAction; any other exception propagates."""
    game = Buggy()
    for seed in range(40):
        s = game.new_state(Setup.make("tiny", ["human"] * 2, seed=seed))
        if 12 in s.hands[0]:
            break
    bot = make_bot(game, level, 0, seed=1)
    with pytest.raises(ZeroDivisionError):
        bot.decide(game.observe(s, 0), game.legal_actions(s, 0))


@pytest.mark.parametrize("level", ["greedy", "ismcts", "policy"])
def test_the_same_question_gets_the_same_answer(level):
    """Issue 8.12: a bot asked the same question in the same state answers the same, whatever it
    was asked in between."""
    a, b = fresh(seed=3), fresh(seed=5)
    bot = make_bot(GAME, level, 0, seed=2)
    qa = (GAME.observe(a, 0), GAME.legal_actions(a, 0))
    qb = (GAME.observe(b, 0), GAME.legal_actions(b, 0))
    first = bot.decide(*qa)
    for _ in range(3):
        bot.decide(*qb)
    assert bot.decide(*qa) == first
    assert bot.start(*qb) is True and bot.start(*qb) is False  # asked again: keeps its search


def test_the_random_bot_asked_again_at_once_answers_the_same_and_draws_nothing():
    """Issue 8.12: an undo probe puts the same state back; the random bot, asked the same
    question again, keeps its answer without drawing from its stream."""
    a, b = fresh(seed=3), fresh(seed=5)
    bot = make_bot(GAME, "random", 0, seed=2)
    qa = (GAME.observe(a, 0), GAME.legal_actions(a, 0))
    first = bot.decide(*qa)
    position = bot.rng.state
    assert bot.start(*qa) is False and bot.decide(*qa) == first and bot.rng.state == position
    assert bot.start(GAME.observe(b, 0), GAME.legal_actions(b, 0)) is True
    assert bot.rng.state != position


def test_every_bot_in_a_real_time_game_reacts_as_slowly_as_easy_at_least():
    """Issue 8.11: a random (or any kind named directly) bot gets the easy level's reaction time
    in a game whose levels react in real time; turn-based games have none."""
    from sandsofplay.games import get_game
    soa, sahwari = get_game("sands_of_adventure"), get_game("sahwari")
    easy = tuple(soa.bot_levels["easy"]["params"]["reaction_s"])
    for kind in ("random", "greedy", "policy"):
        assert make_bot(soa, kind, 0).reaction == easy
    assert make_bot(soa, "hard", 0).reaction == tuple(soa.bot_levels["hard"]["params"]["reaction_s"])
    assert make_bot(sahwari, "random", 0).reaction == (0.0, 0.0)
    assert make_bot(GAME, "random", 0).reaction == (0.0, 0.0)  # Climb's levels have none


class Searching(type(GAME)):
    """Climb with a resumable policy (``policy_steps``) that counts its slices."""

    slices = 0

    def policy_steps(self, observation, legal, rng, width=5, **_):
        best = None
        for i in range(width):
            Searching.slices += 1
            best = legal[(i * 7) % len(legal)]
            yield best
        return legal[-1]


def test_a_policy_search_is_time_sliced_and_slicing_does_not_change_the_answer():
    """Issue 10.7: every bot honours step(budget); a game's policy search runs a slice at a
    time through ``policy_steps``."""
    from sandsofplay.bots.simple import PolicyBot
    game = Searching()
    s = game.new_state(Setup.make("tiny", ["human"] * 2, seed=4))
    obs, legal = game.observe(s, 0), game.legal_actions(s, 0)
    whole = PolicyBot(game, 0, 1, width=5)
    assert not whole.instant and whole.decide(obs, legal) == legal[-1]
    sliced = PolicyBot(game, 0, 1, width=5)
    sliced.start(obs, legal)
    Searching.slices = 0
    steps = 0
    while not sliced.step(0.0):
        steps += 1
        assert Searching.slices == steps and sliced.best() in legal
    assert steps == 5 and sliced.best() == legal[-1]
    assert make_bot(GAME, "random", 0).instant and not make_bot(GAME, "hard", 0).instant


class Formed(type(GAME)):
    """Answers the legal action its ``pick`` parameter names (the form's, once drawn)."""

    def policy_steps(self, observation, legal, rng, pick=0, **params):
        assert "forms" not in params and "name" not in params and "weight" not in params
        yield None
        return legal[pick % len(legal)]


def test_a_policy_bot_plays_the_whole_game_in_the_form_its_seed_draws():
    """Issue 29: a level's ``forms`` - one is drawn per bot from its seed (by weight) and its
    parameters are the policy's for every decision; the same seed draws the same form."""
    from sandsofplay.bots.simple import PolicyBot
    game = Formed()
    s = game.new_state(Setup.make("tiny", ["human"] * 2, seed=4))
    obs, legal = game.observe(s, 0), game.legal_actions(s, 0)
    assert len(legal) >= 2
    forms = ({"name": "first", "pick": 0, "weight": 1}, {"name": "last", "pick": -1, "weight": 3},
             {"name": "never", "pick": 1, "weight": 0})
    drawn = {seed: PolicyBot(game, 0, seed, forms=forms).form["name"] for seed in range(80)}
    assert set(drawn.values()) == {"first", "last"}
    assert 8 < sum(v == "first" for v in drawn.values()) < 32  # a quarter of the games
    for seed, name in drawn.items():
        bot = PolicyBot(game, 0, seed, forms=forms)
        assert bot.form["name"] == name
        assert bot.decide(obs, legal) == (legal[0] if name == "first" else legal[-1])
        assert bot.decide(obs, legal[::-1]) == (legal[-1] if name == "first" else legal[0])
    assert PolicyBot(game, 0, 1).form == {} and PolicyBot(game, 0, 1).decide(obs, legal) == legal[0]


@pytest.mark.parametrize("level", ["greedy", "ismcts"])
def test_searching_bots_return_within_their_slice(level):
    """Issue 10.7: greedy and ISMCTS stop at the end of each slice and resume."""
    s = fresh(seed=6)
    obs, legal = GAME.observe(s, 0), GAME.legal_actions(s, 0)
    bot = make_bot(GAME, level, 0, seed=3)
    bot.start(obs, legal)
    slices = 1
    while not bot.step(0.0):
        slices += 1
    assert slices > 1
    assert bot.best() == make_bot(GAME, level, 0, seed=3).decide(obs, legal)


class Counting(type(GAME)):
    observed = 0

    def observe(self, s, seat):
        Counting.observed += 1
        return super().observe(s, seat)


def test_the_driver_asks_only_the_seats_that_act():
    """Issue 10.4: the driver observes once per bot decision (never every acting seat twice a
    step), and not at all for a bot that does not read observations (random)."""
    game = Counting()
    for level, per_action in (("normal", 1), ("easy", 0)):
        m = Match(game, Setup.make("tiny", ["bot:" + level] * 3, seed=8), track_hashes=False)
        d = Driver(m, {i: make_bot(game, level, i, 8) for i in range(3)})
        Counting.observed = 0
        d.run()
        assert m.is_over() and Counting.observed == per_action * len(m.log)


def test_undo_probe_in_simulate_leaves_no_trace():
    """Issue 8.12: simulate's checks (undo probes included) do not change what bots do: the
    checked and unchecked runs of a mixed table end in the same state."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
    import simulate
    from sandsofplay.games import get_game
    game = get_game("sands_of_adventure")
    levels = ["easy", "normal", "hard", "random"]
    setup = Setup.make(game.id, ["bot:" + lv for lv in levels], seed=81001)
    checked, _, failures = simulate.play(game, setup, levels, check=True)
    plain, _, _ = simulate.play(game, setup, levels, check=False)
    assert failures == [] and checked.fingerprint() == plain.fingerprint()


def test_a_noise_free_greedy_bot_breaks_ties_with_its_seeded_rng_and_finishes_games():
    """A seat may name the ``greedy`` kind directly (no noise). Always taking the first of equal
    choices went round in circles in Sahwari (2 players, seed 0: still playing after 3,000
    actions); ties are broken with the bot's own seeded RNG, so the game ends and replays the
    same."""
    from sandsofplay.games import get_game
    game = get_game("sahwari")

    def play(seed):
        m = Match(game, Setup.make("sahwari", ["bot:greedy"] * 2, seed=seed), track_hashes=False)
        Driver(m, {i: make_bot(game, "greedy", i, seed) for i in range(2)}).run(max_steps=3000)
        return m

    a, b = play(0), play(0)
    assert a.is_over() and len(a.log) < 3000
    assert a.fingerprint() == b.fingerprint()


def test_a_poll_shares_one_thinking_budget_among_the_seats(monkeypatch):
    """Issue 17 (no long frame): in a real-time game every seat may think at once; a search that
    ends early leaves only the rest of the frame's budget to the next seat, not a budget of its
    own, and the seats left over think in the next frame."""
    from types import SimpleNamespace

    from sandsofplay.bots import driver as driver_mod
    from sandsofplay.bots.base import Bot
    from sandsofplay.games import get_game
    soa = get_game("sands_of_adventure")
    m = Match(soa, Setup.make("sands_of_adventure", ["bot:normal"] * 3, seed=2),
              track_hashes=False)
    headless = Driver(m, {i: make_bot(soa, "normal", i, 2) for i in range(3)})
    while not (m.state.phase == "timed" and len(soa.to_act(m.state)) == 3):
        assert headless.step() and not m.is_over()
    clock = SimpleNamespace(t=100.0)

    class ThreeMs(Bot):
        """A search that takes 3 ms of the (fake) clock and is done."""
        worked = []

        def _work(self, deadline):
            ThreeMs.worked.append(self.seat)
            clock.t += 0.003
            return True
    bots = {i: ThreeMs(soa, i, 1) for i in range(3)}
    for b in bots.values():
        b.reaction = (5.0, 5.0)  # thinking ahead, none of them due yet
    d = Driver(m, bots)
    monkeypatch.setattr(driver_mod, "time", SimpleNamespace(perf_counter=lambda: clock.t))
    assert d.poll(0.004) is None
    assert len(ThreeMs.worked) == 2  # 3 ms + 3 ms spend the 4 ms; the third waits
    assert d.poll(0.004) is None
    assert sorted(ThreeMs.worked) == [0, 1, 2]  # ... and thinks in the next frame
