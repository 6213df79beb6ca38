"""Bots: the cooperative team at three levels (a hand-written policy with reaction times), fair
(observation only), deterministic, and headless runs that jump from event to event."""

import pytest

from sandsofplay.bots.driver import Driver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import A, RNG, Match, TICKS_PER_SECOND
from sandsofplay.games.sands_of_adventure import GAME
from sandsofplay.games.sands_of_adventure.strategy import LEVELS

from soa_support import empty_hand, flip_now, give, new_game, on_pile, setup


def test_three_levels_slower_to_faster():
    """Bots act after level-dependent reaction delays in real time."""
    assert list(GAME.bot_levels) == ["easy", "normal", "hard"]
    assert all(v["bot"] == "policy" for v in GAME.bot_levels.values())
    # easy and normal partners are equally attentive (a person's pace, test_soa_partners); hard
    # is quicker still
    lo = [LEVELS[k]["reaction_s"] for k in ("easy", "normal", "hard")]
    assert lo[0] >= lo[1] > lo[2]
    assert LEVELS["easy"]["skill"] < LEVELS["normal"]["skill"] < LEVELS["hard"]["skill"]


def run_game(level, players, seed):
    m = Match(GAME, setup(players, seed), track_hashes=False, keep_undo=False)
    d = Driver(m, {i: make_bot(GAME, level, i, seed * 31 + i) for i in range(players)})
    steps = d.run()
    return m, steps


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_team_plays_a_whole_game(level):
    m, steps = run_game(level, 3, 2)
    assert m.is_over() and GAME.outcome(m.state).team in ("win", "loss")
    assert GAME.check_invariants(m.state) == []


def test_bot_games_are_deterministic():
    a, _ = run_game("normal", 3, 7)
    b, _ = run_game("normal", 3, 7)
    assert a.fingerprint() == b.fingerprint() and a.tick == b.tick


def test_headless_runs_jump_from_event_to_event():
    """Idle ticks are never stepped: each driver step is an action or a jump to the next
    scheduled thing (a bot's reaction coming due, the fall ending, a torch landing, the sand)."""
    m, steps = run_game("normal", 2, 3)
    # about two steps per action (a jump to the bot's reaction time, then the action)
    assert steps < 3 * len(m.log)
    assert m.tick > 60 * TICKS_PER_SECOND  # minutes of game time went by ...
    assert steps < m.tick // 10  # ... without stepping through them


def test_policy_answers_only_with_legal_actions_or_waits():
    m = Match(GAME, setup(4, 5), track_hashes=False, keep_undo=False)
    bots = {i: make_bot(GAME, "hard", i, 5) for i in range(4)}
    d = Driver(m, bots)
    checked = 0
    while not m.is_over() and checked < 3000:
        s = m.state
        for seat in GAME.to_act(s):
            legal = GAME.legal_actions(s, seat)
            for level in ("easy", "normal", "hard"):
                params = dict(LEVELS[level])
                params.pop("reaction_s")
                a = GAME.policy(GAME.observe(s, seat), legal, RNG(checked), **params)
                if a is None:
                    # only someone who is not taking a turn may wait
                    assert s.phase == "timed" and not (s.stage == "turn" and seat == s.current)
                    assert not (s.stage == "snake" and seat == s.snake_seat and s.torch_land < 0)
                else:
                    assert a in legal
            checked += 1
        d.step()
    assert m.is_over()


def test_the_same_observation_gives_the_same_choice():
    """Fairness: a bot sees only the observation; reshuffled hidden decks change nothing."""
    s = new_game(3, seed=4)
    obs = GAME.observe(s, s.current)
    other = GAME.determinize(obs, RNG(77))
    assert other.deck != s.deck
    for level in ("easy", "normal", "hard"):
        a = make_bot(GAME, level, s.current, 9).decide(GAME.observe(s, s.current),
                                                      GAME.legal_actions(s, s.current))
        b = make_bot(GAME, level, s.current, 9).decide(GAME.observe(other, s.current),
                                                      GAME.legal_actions(other, s.current))
        assert a == b


def test_normal_bot_plays_a_matching_attack_rather_than_drawing():
    s = new_game(2, chars=("indiana", "marion"))
    empty_hand(s, 0)
    give(s, 0, "red Attack", "blue hat")
    on_pile(s, "red book")
    flip_now(s, tip_g=10.0)
    params = {k: v for k, v in LEVELS["normal"].items() if k not in ("reaction_s", "mistake")}
    choice = GAME.policy(GAME.observe(s, 0), GAME.legal_actions(s, 0), RNG(1), **params)
    assert choice.kind == "play" and GAME.comp.cards[choice.args[0]].attack


def test_hard_bot_sets_up_its_own_attack():
    s = new_game(2, chars=("indiana", "marion"))
    empty_hand(s, 0)
    give(s, 0, "green Attack", "red and yellow hat", "green hat")
    on_pile(s, "red book")
    flip_now(s, tip_g=10.0)
    from soa_support import deck_top
    deck_top(s, "blue book")
    params = {k: v for k, v in LEVELS["hard"].items() if k != "reaction_s"}
    seq = []
    while s.current == 0:
        a = GAME.policy(GAME.observe(s, 0), GAME.legal_actions(s, 0), RNG(1), **params)
        seq.append(a)
        GAME.apply(s, 0, a)
    names = [GAME.comp.cards[a.args[0]].name for a in seq if a.kind == "play"]
    assert names == ["red and yellow hat", "green hat", "green Attack"] and seq[-1] == A("draw")


def test_bots_roll_the_torch_die_and_use_ignore():
    s = new_game(2, chars=("indiana", "marion"))
    flip_now(s, tip_g=10.0)
    from soa_support import deck_top
    deck_top(s, "Snake")
    GAME.apply(s, 0, A("draw"))
    params = {k: v for k, v in LEVELS["hard"].items() if k != "reaction_s"}
    a = GAME.policy(GAME.observe(s, 0), GAME.legal_actions(s, 0), RNG(1), **params)
    assert a == A("roll_torch")
    s.stacks["ignore"] -= 1
    s.tokens[1].append(("ignore", True))
    s.touch()  # changed by hand: what was worked out from the state before is forgotten
    a = GAME.policy(GAME.observe(s, 1), GAME.legal_actions(s, 1), RNG(1), **params)
    assert a == A("ignore")


def test_the_heuristic_rewards_damage_over_holding_an_attack():
    """For the generic greedy and ISMCTS bots: playing an Attack card must look better than
    keeping it."""
    s = new_game(2, chars=("indiana", "marion"))
    empty_hand(s, 0)
    atk, = give(s, 0, "red Attack")
    flip_now(s, tip_g=10.0)
    before = GAME.heuristic(s, 0)
    after = s.clone()
    GAME.apply(after, 0, A("play", atk))
    assert GAME.heuristic(after, 0) > before


def test_the_hard_bot_searches_in_time_slices_and_answers_as_unsliced():
    """The hard level's Timed Phase search is resumable (anytime Bot protocol): ``start`` only
    sets it up, each ``step`` does one slice, and the answer is the one the whole search gives -
    so the table's few milliseconds per frame apply to it too."""
    s = new_game(2, chars=("marion", "indiana"))
    flip_now(s, tip_g=10.0)
    for _ in range(5):  # a large hand that chains well: a deep search
        for c in list(s.deck):
            if not GAME.comp.cards[c].snake:
                s.deck.remove(c)
                s.hands[0].append(c)
                break
    s.hands[0].sort()
    obs, legal = GAME.observe(s, 0), GAME.legal_actions(s, 0)
    bot = make_bot(GAME, "hard", 0, seed=4)
    bot.start(obs, legal)
    assert not bot.done  # nothing searched yet
    slices = 0
    while not bot.step(0.0):  # a zero budget: one slice per step
        slices += 1
        assert bot.best() is None or bot.best() in legal
    assert slices >= 2
    params = {k: v for k, v in LEVELS["hard"].items() if k != "reaction_s"}
    assert bot.best() == GAME.policy(obs, legal, RNG(1), **params)
    whole = make_bot(GAME, "hard", 0, seed=4)
    assert whole.decide(obs, legal) == bot.best()
