"""A card's Strength and Ka given the statics in play worked out once (``cards.statics``: what
the table passes when it draws every card of one state) are the card's own Strength and Ka in
every state of random games (Rulebook: Heroes and Followers, Strength and Ka; Omens)."""

import pytest

from sandsofplay.engine import RNG, Setup
from sandsofplay.games.burning_sands import GAME, cards


@pytest.mark.parametrize("seats,seed", [(2, 3), (4, 8)])
def test_strength_and_ka_from_statics_found_once_equal_the_cards_own(seats, seed):
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * seats, seed=seed))
    rng = RNG(seed)
    checked = modified = 0
    for _ in range(900):
        if GAME.outcome(s) is not None:
            break
        found = cards.statics(s)
        for p in range(s.n):
            for h in s.heroes[p]:
                for u in (h, *s.att[h]):
                    if cards.card(s, u).type in ("hero", "follower"):
                        own = (cards.strength(s, u), cards.ka(s, u))
                        assert (cards.strength(s, u, found), cards.ka(s, u, found)) == own
                        checked += 1
                        c = cards.card(s, u)
                        modified += own != (c.s, c.k)
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[rng.randrange(len(legal))])
    assert checked > 200
    assert modified > 0  # some card's values were changed by what is in play
