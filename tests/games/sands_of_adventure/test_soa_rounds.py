"""Rulebook: Damaging/Defeating the Villain, Ending the Round, Preparing for the Next Round,
Winning the Game."""

import pytest

from sandsofplay.engine import A, IllegalAction

from soa_support import (COMP, GAME, check, empty_hand, flip_now, give, kinds, new_game,
                         put_tile, run_to, set_round)


def attack_ready(s, seat, name="blue Attack"):
    empty_hand(s, seat)
    return give(s, seat, name)[0]


def sand_out(s):
    return run_to(s, s.timer.fall_end_tick + s.sand_ticks)


def test_every_attack_card_lowers_health_by_one():
    """Rulebook: Damaging the Villain - any Attack card played lowers his health by one, wherever
    your figure is."""
    s = new_game(2, chars=("marion", "sallah"))
    empty_hand(s, 0)
    a1, a2 = give(s, 0, "blue Attack", "blue book Attack")
    flip_now(s, tip_g=10.0)
    assert s.figures[0] != s.vpos
    h = s.health
    GAME.apply(s, 0, A("play", a1))
    GAME.apply(s, 0, A("play", a2))
    assert s.health == h - 2


def test_defeating_the_villain_in_the_timed_phase_ends_the_round():
    """Rulebook: Defeating the Villain / Ending the Round - health at the skull ends the round."""
    s = new_game(2, chars=("marion", "sallah"))
    atk = attack_ready(s, 0)
    flip_now(s, tip_g=10.0)
    s.health = 1
    events = GAME.apply(s, 0, A("play", atk))
    k = kinds(events)
    assert k[:4] == ["card_played", "villain_damaged", "villain_defeated", "round_ended"]
    assert k[4] == "round_prepared" and "penalty_gems" not in k
    assert s.results == ["defeated"] and s.phase == "prep" and s.round == 2
    assert s.timer.gems == [] and GAME.next_event_tick(s) is None
    check(s)


def test_defeat_before_the_timed_phase_skips_it():
    """Rulebook: Defeating the Villain - defeated before the Timed Phase: skip it."""
    s = new_game(2, chars=("marion", "sallah"))
    put_tile(s, 1, "map_room", "A")
    atk = attack_ready(s, 0)
    s.health = 1
    GAME.apply(s, 0, A("move", 1))
    GAME.apply(s, 0, A("play", atk))
    assert s.results == ["defeated"] and s.phase == "prep"
    assert s.timer.released_tick == -1  # the timer never flipped
    check(s)


def test_the_sand_running_out_ends_the_round_and_the_health_cube_stays():
    """Rulebook: Ending the Round - if the villain was not defeated, leave the Health cube."""
    s = new_game(2, chars=("marion", "sallah"))
    flip_now(s, tip_g=10.0)
    s.health = 4
    events = sand_out(s)
    assert "sand_out" in kinds(events) and s.results == ["sand"]
    assert s.phase == "prep" and s.health == 4
    assert list(GAME.observe(s, None)["penalty_row"]) == list(COMP.villains[0].rows[3])


def _prep(seed=5, **kw):
    s = new_game(3, seed=seed, chars=("marion", "sallah", "indiana"), leader=1, **kw)
    flip_now(s, tip_g=10.0)
    empty_hand(s, 1)
    up = give(s, 1, "red shovel Attack")[0]  # an Upgrade card in a hand
    GAME.apply(s, 1, A("play", up))  # it goes to the play pile
    s.figures[0] = 2
    sand_out(s)
    return s, up


def test_preparing_the_next_round():
    """Rulebook: Preparing for the Next Round - Set Round, Reset Action Deck (hands, pile, Snake
    discard and deck shuffled together), Reset Players (figures back, tokens face up, four cards,
    six for Marion, Snakes discarded), Reset Sand Timer."""
    s, up = _prep()
    assert s.round == 2 and s.phase == "prep"
    assert s.figures == [-1, -1, -1] and s.pile == []
    assert up in s.deck or any(up in h for h in s.hands)  # Upgrade cards stay in the game
    assert all(COMP.cards[c].snake for c in s.snakes)
    assert sum(len(h) for h in s.hands) + len(s.snakes) == 6 + 4 + 4
    n_action = len(COMP.action_cards) + 1  # plus the Upgrade card that joined
    assert len(s.deck) + sum(len(h) for h in s.hands) + len(s.snakes) == n_action
    assert all(up for ts in s.tokens for _, up in ts)
    check(s)


def test_the_excavation_leader_makes_the_group_choices():
    """Rulebook: New Adventure / New Villain - choose the tile to replace, its side and the next
    Excavation Leader (the leader's seat chooses for the group)."""
    s, _ = _prep()
    assert GAME.to_act(s) == (1,)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("replace", 2))
    assert "Excavation Leader" in exc.value.reason
    assert GAME.legal_actions(s, 1) == [A("replace", i) for i in range(5)]
    old = s.row[2][0]
    GAME.apply(s, 1, A("replace", 2))
    assert GAME.legal_actions(s, 1) == [A("side", "A"), A("side", "B")]
    events = GAME.apply(s, 1, A("side", "B"))
    well = COMP.tile_by_id("well").index
    assert s.row[2] == (well, "B") and old not in [t for t, _ in s.row]
    assert [e.kind for e in events] == ["tile_replaced"]
    GAME.apply(s, 1, A("leader", 0))  # it can be anyone, the same player too
    assert s.phase == "explore" and s.leader == 0 and s.current == 0
    assert s.villain == 1 and COMP.villains[1].name == "Major Toht"
    assert s.health == COMP.villains[1].health and s.vpos == 0
    check(s)


def test_round_three_uses_the_round_three_tile():
    """Rulebook: New Adventure - take the Adventure tile for the next round."""
    s = new_game(2, chars=("marion", "sallah"))
    for rnd in (2, 3):
        flip_now(s, tip_g=10.0)
        sand_out(s)
        GAME.apply(s, s.leader, A("replace", 0))
        GAME.apply(s, s.leader, A("side", "A"))
        GAME.apply(s, s.leader, A("leader", 0))
        assert s.round == rnd and COMP.tiles[s.row[0][0]].round == rnd
    assert s.villain == 2 and s.tiles_aside == []


def _round_three(**kw):
    s = new_game(2, chars=("marion", "sallah"), **kw)
    set_round(s, 3)
    s.tiles_aside = []
    return s


def test_defeating_belloq_wins_the_game():
    """Rulebook: Winning the Game - defeat René Belloq and the players win."""
    s = _round_three()
    atk = attack_ready(s, 0)
    flip_now(s, tip_g=10.0)
    s.health = 1
    events = GAME.apply(s, 0, A("play", atk))
    assert "game_over" in kinds(events) and s.phase == "over"
    out = GAME.outcome(s)
    assert out.team == "win" and out.winners == (0, 1)
    assert GAME.to_act(s) == () and GAME.legal_actions(s, 0) == []
    assert GAME.next_event_tick(s) is None
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, A("draw"))


def test_the_sand_running_out_in_round_three_loses():
    """Rulebook: Winning the Game - if Belloq is not defeated, the players lose."""
    s = _round_three()
    flip_now(s, tip_g=10.0)
    sand_out(s)
    out = GAME.outcome(s)
    assert s.phase == "over" and out.team == "loss" and out.winners == ()
    assert "sand" in out.detail


def test_an_empty_deck_in_round_three_loses():
    """Rulebook: Ending the Round / Winning the Game - an empty deck in round 3 lets Belloq
    escape."""
    s = _round_three()
    flip_now(s, tip_g=10.0)
    s.pile.extend(c for c in s.deck if not COMP.cards[c].snake)
    s.snakes.extend(c for c in s.deck if COMP.cards[c].snake)
    s.deck.clear()
    GAME.apply(s, s.current, A("draw"))
    assert GAME.outcome(s).team == "loss"


def test_outcome_is_none_while_playing():
    """Rulebook: Winning the Game - decided only at the end of round 3."""
    s = new_game(2)
    assert GAME.outcome(s) is None
