"""Hidden information (Rulebook: C. Rallying a Caravan, Ability Icons (Spying), Setup A.3-A.4,
Guildmaster's Turn): caravan tokens camel side up stay unknown until seen, spied or revealed;
spying shows one player only; deck orders stay hidden. Observations prove it."""

import json

from sandsofplay.engine import RNG
from sandsofplay.games.sahwari import GAME

from .helpers import (act, camels_of, cell, clear_board, clear_camels, game, give_token,
                      legal, new, play_setup, put, set_tile, start_step)


def tokens_shown(obs):
    out = []
    for g in obs["grid"]:
        out += [g["small"], g["guarded"]]
    for pl in obs["players"]:
        out += [h["token"] for h in pl["held"]]
    out += [r["token"] for r in obs["removed"]]
    if "gm" in obs:
        out += [t["token"] for t in obs["gm"]["tokens"]]
    return [t for t in out if t > 0]


def test_tokens_on_tiles_and_removed_are_hidden_at_the_start():
    """Rulebook: Setup A.4 - caravans camel side up; the two left over removed unseen."""
    s = game(2)
    for seat in (0, 1, None):
        obs = GAME.observe(s, seat)
        assert tokens_shown(obs) == []
        assert sum(1 for g in obs["grid"] for k in ("small", "guarded") if g[k] == -1) == 17
        assert [r["token"] for r in obs["removed"]] == [-1, -1]
        assert GAME.check_observation(s, seat, obs) == []


def test_the_collector_sees_the_token_others_do_not():
    """Rulebook: 2. Collect C - a token kept camel side up is known to its owner only."""
    s = game(2)
    clear_board(s)
    clear_camels(s)
    a1 = camels_of(s, 0)[0]
    for k, c in zip(range(6), ("A5", "C5", "E5", "E1", "A3", "E3")):
        put(s, k, cell(c))
    put(s, a1, cell("A1"))
    set_tile(s, cell("B1"), art=0, guard=12)
    start_step(s, 0)
    act(s, f"move {a1} {cell('B1')}")
    ev = act(s, "take guarded")
    assert any(e.reveal and e.data.get("private_to") == 0 for e in ev)
    act(s, "keep")
    assert GAME.observe(s, 0)["players"][0]["held"][0]["token"] == 12
    assert GAME.observe(s, 1)["players"][0]["held"][0]["token"] == -1
    assert GAME.observe(s, None)["players"][0]["held"][0]["token"] == -1
    assert GAME.observe(s, 1)["players"][0]["held"][0]["kind"] == "guarded"


def test_spying_shows_one_player_only():
    """Rulebook: Ability Icons (Spying) - peek at a token on the board or in another clan; only
    the spy learns it."""
    s = game(3, ("merchant", "diplomat", "thief"))
    give_token(s, 1, 14)
    s.known[0] = s.known[2] = 0
    give_token(s, 0, 2)  # small: Spying
    start_step(s, 0, "end")
    act(s, "caravan 0")
    assert "spy_clan 1 0" in legal(s)
    ev = act(s, "spy_clan 1 0")
    assert ev[-1].data["private_to"] == 0 and ev[-1].reveal
    assert GAME.observe(s, 0)["players"][1]["held"][0]["token"] == 14
    assert GAME.observe(s, 2)["players"][1]["held"][0]["token"] == -1
    for seat in (0, 1, 2, None):
        assert GAME.check_observation(s, seat, GAME.observe(s, seat)) == []


def test_used_tokens_are_public():
    """Rulebook: 2. Collect C - a used token stays ability side up for all to see."""
    s = game(2)
    give_token(s, 0, 9)
    s.known[1] = 0
    start_step(s, 0, "end")
    act(s, "caravan 0")
    assert GAME.observe(s, 1)["players"][0]["held"][0] == {"token": 9, "kind": "guarded", "used": True}


def test_deck_orders_are_not_in_observations():
    """Rulebook: Setup A.3 and Solo Setup 12 - the decks are face down (only the Guildmaster's top
    Move side shows)."""
    s = new(1, solo_difficulty="merc")
    play_setup(s, ("merchant",))
    obs = GAME.observe(s, 0)
    text = json.dumps(obs)
    assert "deck_size" in text and obs["deck_size"] == len(s.deck)
    assert "rng" not in obs and "known" not in obs and "deck" not in obs
    assert obs["gm"]["deck_top"] == s.gm_deck[-1] and obs["gm"]["deck_size"] == 11
    assert "gm_deck" not in obs


def test_check_observation_catches_a_leak():
    """The leak check itself: a hidden token id in an observation is reported."""
    s = game(2)
    obs = GAME.observe(s, 1)
    c = next(g for g in obs["grid"] if g["guarded"] == -1)
    c["guarded"] = s.guard[c["cell"]]
    assert GAME.check_observation(s, 1, obs)


def test_determinize_is_consistent_and_samples_hidden_tokens():
    """Observations prove the hidden parts: determinizing and observing again gives the same
    observation, while hidden tokens and the deck order vary."""
    s = game(2)
    give_token(s, 1, 13)
    s.known[0] = 0
    obs = GAME.observe(s, 0)
    worlds = [GAME.determinize(obs, RNG(i)) for i in range(6)]
    for w in worlds:
        assert GAME.observe(w, 0) == obs
        assert GAME.check_invariants(w) == []
    assert len({tuple(w.guard) for w in worlds}) > 1
    assert len({tuple(w.deck) for w in worlds}) > 1
    assert len({w.held[1][0] for w in worlds}) > 1


def test_determinize_keeps_what_the_seat_spied():
    """Rulebook: Ability Icons (Spying) - what a seat has spied stays known in every sample."""
    s = game(2)
    c = next(c for c in range(25) if s.guard[c])
    tok = s.guard[c]
    s.known[0] |= 1 << tok
    obs = GAME.observe(s, 0)
    for i in range(5):
        assert GAME.determinize(obs, RNG(i)).guard[c] == tok


def test_guildmaster_hidden_tokens_are_hidden_from_the_player():
    """Rulebook: Guildmaster Abilities (Guarded Caravan) - taken without revealing it."""
    s = new(1, solo_difficulty="recruit")
    play_setup(s, ("merchant",))
    from sandsofplay.games.sahwari import guildmaster as gm
    c = next(c for c in range(25) if s.guard[c])
    tok = s.guard[c]
    gm.gm_take(s, c, "guarded", [])
    obs = GAME.observe(s, 0)
    assert obs["gm"]["tokens"] == [{"token": -1, "kind": "guarded"}]
    assert GAME.observe(GAME.determinize(obs, RNG(1)), 0) == obs
    assert GAME.check_observation(s, 0, obs) == []
    assert tok not in tokens_shown(obs)


def test_guildmaster_score_is_public_and_shown():
    """Rulebook: End of the Game (Solo) - every part of its score is visible (counts and kinds)."""
    from sandsofplay.games.sahwari import scoring
    s = new(1, solo_difficulty="recruit")
    play_setup(s, ("merchant",))
    assert GAME.observe(s, 0)["gm"]["score"] == scoring.gm_score(s)


def test_visible_scores_leave_out_hidden_tokens_only():
    """Rulebook: End of the Game - hidden caravans are revealed only at the end: a seat's view of
    the scores leaves their Influence out."""
    from sandsofplay.games.sahwari import scoring
    from sandsofplay.games.sahwari.observe import visible_scores
    s = game(2)
    give_token(s, 1, 14)  # +5, seen by its owner only
    s.known[0] = 0
    mine = visible_scores(GAME.observe(s, 0))
    theirs = visible_scores(GAME.observe(s, 1))
    assert theirs[1]["total"] == scoring.score(s, 1)
    assert mine[1]["total"] == scoring.score(s, 1) - 5 and mine[1]["hidden_tokens"] == 1
    assert mine[0]["total"] == scoring.score(s, 0)
