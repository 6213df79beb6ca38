"""Bot partners in the Timed Phase act like attentive people (issue 29): no level ends its turn
holding an Attack card that fits the top card, no pause before a considered action is longer
than a person's reaction, and a Torch roll after a Snake comes at a person's pace (Timed Phase:
Snakes and the Torch die)."""

import pytest

from sandsofplay.bots.driver import Driver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import A, RNG, Match, TICKS_PER_SECOND
from sandsofplay.games.sands_of_adventure import GAME
from sandsofplay.games.sands_of_adventure.strategy import LEVELS

from soa_support import deck_top, empty_hand, flip_now, give, new_game, on_pile, setup

PERSON_S = 1.6  # an attentive newcomer's reaction before a considered card play
ROLL_S = 0.9  # rolling the Torch die again after a miss


def _params(level):
    return {k: v for k, v in LEVELS[level].items()
            if k not in ("reaction_s", "quick_s", "quick_kinds")}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_draws_while_holding_a_fitting_attack(level):
    """Timed Phase, your turn: a bot with a playable Attack card plays one, whatever its level
    and whatever its randomness says."""
    for seed in range(40):
        s = new_game(2, seed=seed % 5 + 1, chars=("indiana", "marion"))
        empty_hand(s, 0)
        give(s, 0, "red Attack", "blue hat", "green hat")
        on_pile(s, "red book")
        flip_now(s, tip_g=10.0)
        obs = GAME.observe(s, 0)
        obs["tick"] += seed  # another moment: another draw of the policy's own randomness
        choice = GAME.policy(obs, GAME.legal_actions(s, 0), RNG(seed), **_params(level))
        assert choice.kind in ("play", "any"), (level, seed, choice)
        assert GAME.comp.cards[choice.args[0]].attack


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_reaction_times_are_a_persons(level):
    lo, hi = LEVELS[level]["reaction_s"]
    qlo, qhi = LEVELS[level]["quick_s"]
    assert 0 < lo <= hi <= PERSON_S
    assert 0 < qlo <= qhi <= ROLL_S and qhi < hi
    assert "roll_torch" in LEVELS[level]["quick_kinds"]


def _match_on(s):
    m = Match(GAME, setup(2, chars=("indiana", "marion")), track_hashes=False, keep_undo=False)
    m.state = s
    m.state_edited()
    return m


def _snake_drawn(seat_level):
    s = new_game(2, chars=("indiana", "marion"))
    flip_now(s, tip_g=10.0)
    deck_top(s, "Snake")
    GAME.apply(s, 0, A("draw"))
    m = _match_on(s)
    d = Driver(m, {0: make_bot(GAME, seat_level, 0, 5), 1: make_bot(GAME, seat_level, 1, 6)})
    return m, d


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_torch_roll_comes_at_a_persons_pace(level):
    """After a Snake, the bot rolls the Torch die within ROLL_S, not after a card play's
    thinking time; and it rolls (not waits)."""
    m, d = _snake_drawn(level)
    assert {a.kind for a in GAME.legal_actions(m.state, 0)} >= {"roll_torch"}
    now = m.game.now(m.state)
    d._sync()
    assert d.ready[0] - now <= ROLL_S * TICKS_PER_SECOND
    for _ in range(5):  # time runs on to the bot's moment, then it acts
        move = d.next_move()
        if move[0] == "act":
            break
        m.advance(move[1])
    assert move[0] == "act" and move[1] == 0 and move[2] == A("roll_torch")
    assert m.game.now(m.state) - now <= ROLL_S * TICKS_PER_SECOND


def test_a_considered_play_waits_its_reaction_time():
    """The quick pace is only for the quick kinds: a turn with cards to play takes the level's
    ordinary reaction time."""
    s = new_game(2, chars=("indiana", "marion"))
    empty_hand(s, 0)
    give(s, 0, "red Attack")
    on_pile(s, "red book")
    flip_now(s, tip_g=10.0)
    m = _match_on(s)
    d = Driver(m, {0: make_bot(GAME, "hard", 0, 5)})
    now = m.game.now(m.state)
    d._sync()
    lo, hi = LEVELS["hard"]["reaction_s"]
    assert lo * TICKS_PER_SECOND - 1 <= d.ready[0] - now <= hi * TICKS_PER_SECOND + 1


def _any_turn(extra=()):
    """Marcus (seat 0, holding a Play Any Card token) on his Timed Phase turn with a blue Attack
    card that does not fit the red book on the pile, plus ``extra``; Marion holds nothing."""
    s = new_game(2, chars=("marcus", "marion"), token="any")
    empty_hand(s, 0)
    empty_hand(s, 1)
    give(s, 0, "blue Attack", *extra)
    on_pile(s, "red book")
    flip_now(s, tip_g=10.0)
    assert GAME.has_token(s, 0, "any")
    return s


def _in_hand(s, seat, name):
    return next(c for c in s.hands[seat] if GAME.comp.cards[c].name == name)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_stuck_with_an_attack_card_the_play_any_token_plays_it(level):
    """Power Tokens (Play Any Card): with nothing in hand that fits the top card, both levels
    use the token on the Attack card rather than draw."""
    s = _any_turn(("green shovel",))
    choice = GAME.policy(GAME.observe(s, 0), GAME.legal_actions(s, 0), RNG(1), **_params(level))
    assert choice.kind == "any" and GAME.comp.cards[choice.args[0]].attack


def test_normal_thinks_of_play_any_only_when_stuck():
    """Power Tokens (Play Any Card): when a plain card fits the top card, a newcomer (normal)
    does not think of the token - it draws, keeping it; hard sees that the token turns the
    Attack card into damage now and uses it. The difference is what they look at, so every
    draw of their randomness gives the same answer."""
    s = _any_turn(("red shovel",))
    legal = GAME.legal_actions(s, 0)
    assert A("any", _in_hand(s, 0, "blue Attack")) in legal
    for seed in range(10):
        obs = GAME.observe(s, 0)
        obs["tick"] += seed
        normal = GAME.policy(obs, legal, RNG(seed), **_params("normal"))
        hard = GAME.policy(obs, legal, RNG(seed), **_params("hard"))
        assert normal == A("draw"), (seed, normal)
        assert hard.kind == "any" and GAME.comp.cards[hard.args[0]].attack, (seed, hard)


def test_a_partner_that_draws_holding_cards_that_fit_says_why():
    """Issue 29: a partner never ends its turn holding a playable card without saying why -
    the bot's words (``GAME.bot_why``, shown with its move) name the reason; a draw with
    nothing that fits needs none."""
    s = new_game(2, seed=1, chars=("indiana", "marion"))
    empty_hand(s, 0)
    empty_hand(s, 1)
    give(s, 0, "blue hat")
    give(s, 1, "yellow book")
    on_pile(s, "green hat")
    flip_now(s, tip_g=10.0)
    legal = GAME.legal_actions(s, 0)
    move = GAME.policy(GAME.observe(s, 0), legal, RNG(1), **_params("normal"))
    assert move == A("draw") and any(a.kind == "play" for a in legal)
    assert GAME.bot_why(s, 0, move) == \
        "none of the cards that fit the pile would set up an Attack card."
    # a card that fits and would set up the partner's Attack card, overlooked (easy's miss)
    give(s, 1, "blue Attack")
    assert GAME.bot_why(s, 0, A("draw")).startswith("it did not see")
    # nothing that fits: nothing to say
    empty_hand(s, 0)
    give(s, 0, "red book")
    assert GAME.bot_why(s, 0, A("draw")) == ""
