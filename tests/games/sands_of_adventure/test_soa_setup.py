"""Rulebook: Game Setup - the components laid out, characters and hands, the leader, the villain."""

import pytest

from sandsofplay.engine import A, IllegalAction

from soa_support import COMP, GAME, check, new_game, seat_of, setup


def fresh(players=2, seed=1, chars=None, **opts):
    return GAME.new_state(setup(players, seed, chars, **opts))


def test_setup_lays_out_round_one():
    """Rulebook: Game Setup - Ark on round 1, the Upgrade deck, three stacks of two Power tokens,
    the five round-1 tiles, the other two set aside, figures off the board, no gems."""
    s = fresh()
    assert s.round == 1 and s.phase == "setup"
    assert len(s.updeck) == 32 and sorted(s.updeck) == sorted(COMP.upgrade_cards)
    assert s.stacks == {"ignore": 2, "interrupt": 2, "any": 2}
    assert sorted(COMP.tiles[t].round for t, _ in s.row) == [1] * 5
    assert [COMP.tiles[t].round for t in s.tiles_aside] == [2, 3]
    assert s.figures == [-1, -1] and s.timer.gems == [] and s.pile == []
    check(s)


def test_round_one_tiles_in_random_order_on_their_a_sides():
    """Rulebook: Game Setup - randomly place the five round-1 tiles; A sides for a first game."""
    orders = {tuple(t for t, _ in fresh(seed=k).row) for k in range(10)}
    assert len(orders) > 5
    assert all(side == "A" for t, side in fresh(seed=3).row)


def test_mixed_sides_option():
    """Rulebook: Game Setup (note) - once learned, mix and match the sides."""
    sides = [side for k in range(10) for _, side in fresh(seed=k, sides="mixed").row]
    assert set(sides) == {"A", "B"}


def test_action_deck_is_every_other_card_shuffled():
    """Rulebook: Game Setup - shuffle all the remaining cards into the Action deck."""
    s = fresh(seed=4)
    dealt = sum(len(h) for h in s.hands) + len(s.snakes)
    assert len(s.deck) + dealt == len(COMP.action_cards)
    assert sorted(s.deck + s.snakes + [c for h in s.hands for c in h]) == \
        sorted(COMP.action_cards)
    assert s.deck != sorted(s.deck)


@pytest.mark.parametrize("seed", range(8))
def test_starting_hands_discard_snakes_without_replacing_them(seed):
    """Rulebook: Game Setup - draw four (Marion six); Snakes drawn are discarded and not
    replaced."""
    s = fresh(4, seed=seed, chars=("indiana", "marion", "sallah", "marcus"))
    assert all(COMP.cards[c].snake for c in s.snakes)
    total = sum(len(h) for h in s.hands) + len(s.snakes)
    assert total == 4 + 6 + 4 + 4
    for seat, ch in enumerate(s.chars):
        assert len(s.hands[seat]) <= COMP.characters[ch].hand
        assert not any(COMP.cards[c].snake for c in s.hands[seat])


def test_a_snake_in_the_starting_hand_is_not_replaced():
    """Rulebook: Game Setup - Snakes drawn for a starting hand are not replaced."""
    found = False
    for seed in range(40):
        s = fresh(2, seed=seed, chars=("marion", "indiana"))
        if s.snakes:
            found = True
            assert sum(len(h) for h in s.hands) == 10 - len(s.snakes)
    assert found


def test_marion_draws_six():
    """Rulebook: Game Setup (note) - Marion draws six cards instead of four."""
    seeds = [k for k in range(30) if not fresh(2, seed=k, chars=("marion", "sallah")).snakes]
    assert seeds
    for k in seeds:
        s = fresh(2, seed=k, chars=("marion", "sallah"))
        assert [len(h) for h in s.hands] == [6, 4]


def test_marcus_chooses_a_power_token_at_setup():
    """Rulebook: Game Setup (note) - Marcus chooses one Power token."""
    s = fresh(3, chars=("sallah", "marcus", "indiana"))
    marcus = seat_of(s, "marcus")
    assert s.stage == "token" and GAME.to_act(s) == (marcus,)
    assert GAME.legal_actions(s, marcus) == [A("token", k) for k in ("ignore", "interrupt", "any")]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, A("token", "any"))
    GAME.apply(s, marcus, A("token", "interrupt"))
    assert s.tokens[marcus] == [("interrupt", True)] and s.stacks["interrupt"] == 1
    assert s.stage == "leader"
    check(s)


def test_without_marcus_no_token_is_taken():
    """Rulebook: Game Setup (note) - only Marcus takes a token at set-up."""
    s = fresh(2, chars=("indiana", "marion"))
    assert s.stage == "leader" and s.stacks == {"ignore": 2, "interrupt": 2, "any": 2}


def test_excavation_leader_takes_dietrich_on_the_leftmost_tile():
    """Rulebook: Game Setup - choose the Excavation Leader; Colonel Dietrich's Health cube on the
    highest number and his mover on the leftmost tile; Exploration begins with the leader."""
    s = fresh(3, chars=("indiana", "marion", "sallah"))
    assert GAME.to_act(s) == (0,)  # seat 1 makes the group's choice
    GAME.apply(s, 0, A("leader", 2))
    assert s.phase == "explore" and s.leader == 2 and s.current == 2
    assert s.villain == 0 and COMP.villains[0].name == "Colonel Dietrich"
    assert s.health == COMP.villains[0].health and s.vpos == 0
    check(s)


def test_characters_can_be_chosen_per_seat():
    """Rulebook: Game Setup - each player chooses a character; the rest go back in the box."""
    s = fresh(3, chars=("sallah", "random", "marion"))
    assert s.chars[0] == "sallah" and s.chars[2] == "marion"
    assert s.chars[1] in ("indiana", "marcus")
    assert len(set(s.chars)) == 3


def test_two_seats_cannot_share_a_character():
    """Rulebook: Game Setup - each player takes a character's mat and figure."""
    with pytest.raises(ValueError):
        fresh(2, chars=("marion", "marion"))


def test_random_characters_differ_and_come_from_the_seed():
    """Rulebook: Game Setup - characters (a random pick for undecided seats)."""
    a, b = fresh(4, seed=9), fresh(4, seed=9)
    assert a.chars == b.chars and sorted(a.chars) == sorted(COMP.characters)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    """Rulebook: Game Setup - a game for two to four players."""
    with pytest.raises(ValueError):
        fresh(players)


def test_options_are_offered():
    """Rulebook: Game Setup - the sand time, tile sides and characters as options."""
    keys = [o.key for o in GAME.options]
    assert keys[:2] == ["sand", "sides"] and keys[2:] == ["char1", "char2", "char3", "char4"]
    with pytest.raises(ValueError):
        fresh(2, sand=7)


def test_new_game_helper_reaches_exploration():
    """Rulebook: Game Setup - Marcus's token and the leader lead into Exploration."""
    s = new_game(4, chars=("indiana", "marion", "sallah", "marcus"), token="ignore", leader=1)
    assert s.phase == "explore" and s.current == 1 and s.stage == "move"
    assert ("ignore", True) in s.tokens[3]
