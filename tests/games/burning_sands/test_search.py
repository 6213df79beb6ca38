"""The ``hard`` bot's look-ahead (Bots: battle tricks; fair: it reads only the observation)."""

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG
from sandsofplay.engine.store import canonical
from sandsofplay.games.burning_sands import GAME, policy, search

from .helpers import act, asking, charge_battle, legal, make, new, phase


def test_hard_plays_a_battle_trick_before_engaging():
    """Battle Action Segment: +3S is worth playing before the Hero engages (5 Water spilled
    instead of 2). The rule-based policy alone engages at once; the look-ahead plays Charge."""
    s, hero, charge, sec = charge_battle()
    obs = GAME.observe(s, 0)
    lg = GAME.legal_actions(s, 0)
    assert str(policy.choose(obs, lg, RNG(3), eps=0.0)) == f"engage {hero}"
    assert str(policy.choose(obs, lg, RNG(3), eps=0.0, search=2)) == f"play {charge}"
    bot = make_bot(GAME, "hard", 0, 5)
    while s.atk is not None and not s.over:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, bot.decide(GAME.observe(s, seat), GAME.legal_actions(s, seat)))
    assert s.water[sec] == 2 and charge in s.saved[0]


def test_look_ahead_only_in_battles_and_attack_questions():
    """Bots: the look-ahead is used where a battle or an attack is being fought (and for the
    choice of declaring an attack); other questions keep the rule-based answer."""
    s, hero, charge, sec = charge_battle()
    assert search.horizon(s, s.stack[-1], GAME.legal_actions(s, 0)) == "battle"
    s2 = new(("senpet", "khadi"))
    phase(s2, "night", 0)
    assert search.horizon(s2, s2.stack[-1], legal(s2)) is None


def test_the_look_ahead_sees_only_the_observation():
    """Bots (fair): changing what seat 0 cannot see (the other hand, every deck's order) changes
    neither its observation nor its answer."""
    s, hero, charge, sec = charge_battle()
    make(s, 1, "shield_wall", "hand")
    other = GAME.clone(s)
    # a different hidden card in the opponent's hand (swapped with its deck's top), decks reordered
    other.hand[1][0], other.deck[1][-1] = other.deck[1][-1], other.hand[1][0]
    other.deck[0].reverse()
    other._cache = None
    assert canonical(GAME.observe(s, 0)) == canonical(GAME.observe(other, 0))
    a = policy.choose(GAME.observe(s, 0), GAME.legal_actions(s, 0), RNG(9), search=2)
    b = policy.choose(GAME.observe(other, 0), GAME.legal_actions(other, 0), RNG(9), search=2)
    assert a == b
