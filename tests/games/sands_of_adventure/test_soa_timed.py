"""Rulebook: Cards, Playing Cards, Timed Phase, Snakes, Power Tokens."""

import pytest

from sandsofplay.engine import A, IllegalAction, Match

from soa_support import (COMP, GAME, check, deck_top, empty_hand, flip_now, give, kinds,
                         new_game, on_pile, run_to, script, setup, torch)


def timed(players=3, chars=("indiana", "marion", "sallah"), leader=0, hands=None, pile=(),
          top=None, **kw):
    """A Timed Phase just started with the leader current; hands given by name."""
    s = new_game(players, chars=chars, leader=leader, **kw)
    if hands is not None:
        for seat in range(players):
            empty_hand(s, seat)
        for seat, names in hands.items():
            give(s, seat, *names)
    on_pile(s, *pile)
    flip_now(s, tip_g=10.0)
    if top:
        deck_top(s, *top)
    return s


def card(s, seat, name):
    return [c for c in s.hands[seat] if COMP.cards[c].name == name][0]


# --- matching ------------------------------------------------------------------------------------

def test_the_first_card_may_be_anything():
    """Rulebook: Playing Cards - after the first card, a card must match the top."""
    s = timed(hands={0: ["blue book", "red hat"]})
    assert {a.args[0] for a in GAME.legal_actions(s, 0) if a.kind == "play"} == set(s.hands[0])


def test_a_card_matches_by_colour_or_by_object():
    """Rulebook: Basic Cards - at least one colour or object must match the last card played."""
    s = timed(hands={0: ["blue book", "red hat", "green emblem", "red book"]},
              pile=["red emblem"])
    playable = {COMP.cards[a.args[0]].name for a in GAME.legal_actions(s, 0) if a.kind == "play"}
    assert playable == {"red hat", "green emblem", "red book"}


def test_upgrade_cards_match_on_their_extra_symbol():
    """Rulebook: Upgrade Cards - one more colour or object, easier to match."""
    s = timed(hands={0: ["blue and green book"]}, pile=["green hat"])
    assert A("play", s.hands[0][0]) in GAME.legal_actions(s, 0)


def test_attack_cards_match_by_their_corner_only():
    """Rulebook: Attack Cards (note) - the character in the centre cannot be used to match."""
    s = timed(hands={0: ["red Attack", "yellow Attack"]}, pile=["red shovel Attack"])
    legal = GAME.legal_actions(s, 0)
    assert A("play", card(s, 0, "red Attack")) in legal
    assert A("play", card(s, 0, "yellow Attack")) not in legal
    # two Attack cards showing the same character still do not match by it
    same = [c for c in COMP.cards if c.attack and c.character == COMP.cards[s.pile[-1]].character
            and not (c.mask & COMP.cards[s.pile[-1]].mask)]
    assert same


def test_snakes_are_never_played():
    """Rulebook: Snake Cards - Snakes have no colour or object to play."""
    for c in COMP.cards:
        if c.snake:
            assert c.mask == 0


# --- the Timed Phase turn ------------------------------------------------------------------------

def test_the_timed_phase_starts_at_once_with_the_current_player():
    """Rulebook: Timed Phase - starting with the current player."""
    s = new_game(3, chars=("indiana", "marion", "sallah"), leader=2)
    events = flip_now(s, tip_g=10.0)
    assert s.phase == "timed" and s.current == 2 and s.stage == "turn"
    assert "timer_flipped" in kinds(events)
    assert GAME.to_act(s) == (2,)


def test_play_any_number_then_draw_to_end_the_turn():
    """Rulebook: Timed Phase, On Your Turn - play any number of cards, then draw one."""
    s = timed(hands={0: ["red book", "red hat", "blue hat"], 1: ["green emblem"]},
              top=["yellow shovel"])
    for name in ("red book", "red hat", "blue hat"):
        GAME.apply(s, 0, A("play", card(s, 0, name)))
    assert s.current == 0 and A("draw") in GAME.legal_actions(s, 0)
    events = GAME.apply(s, 0, A("draw"))
    assert COMP.cards[s.hands[0][0]].name == "yellow shovel"
    assert s.current == 1 and "turn" in kinds(events)


def test_you_may_draw_without_playing():
    """Rulebook: Timed Phase - you may choose not to play, even with playable cards."""
    s = timed(hands={0: ["red book"]})
    GAME.apply(s, 0, A("draw"))
    assert s.current == 1


def test_turns_go_clockwise():
    """Rulebook: Timed Phase - proceeding clockwise."""
    s = timed()
    order = []
    for _ in range(5):
        order.append(s.current)
        deck_top(s, "blue book")
        GAME.apply(s, s.current, A("draw"))
    assert order == [0, 1, 2, 0, 1]


def test_only_the_current_player_plays():
    """Rulebook: Timed Phase - cards are played on your turn (or with Interrupt)."""
    s = timed(hands={1: ["blue book"]})
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, A("play", s.hands[1][0]))
    assert "own turn" in exc.value.reason
    assert GAME.state_to_json(s) == before


def test_drawing_from_an_empty_deck_ends_the_round():
    """Rulebook: Ending the Round - a player can't draw a card."""
    s = timed()
    s.pile.extend(c for c in s.deck if not COMP.cards[c].snake)
    s.snakes.extend(c for c in s.deck if COMP.cards[c].snake)
    s.deck.clear()
    events = GAME.apply(s, 0, A("draw"))
    assert "round_ended" in kinds(events) and s.results == ["deck"] and s.phase == "prep"


# --- Snakes --------------------------------------------------------------------------------------

def test_a_snake_blocks_the_next_player_until_a_torch_is_rolled():
    """Rulebook: Snakes - roll the Torch die until a torch; the next player cannot start."""
    s = timed(top=["Snake"])
    GAME.apply(s, 0, A("draw"))
    assert s.stage == "snake" and GAME.to_act(s) == (0,)
    assert GAME.legal_actions(s, 1) == [] and GAME.legal_actions(s, 0) == [A("roll_torch")]
    script(s, torch("snake", "snake", "torch"))
    for k in range(3):
        GAME.apply(s, 0, A("roll_torch"))
        assert GAME.legal_actions(s, 0) == []  # the die is still rolling
        lands = s.tick + GAME.roll_ticks
        assert GAME.next_event_tick(s) == min(lands, s.timer.fall_end_tick if
                                              s.timer.mode == "falling" else lands)
        events = GAME.advance(s, GAME.roll_ticks)
        assert [e.data["tick"] for e in events if e.kind == "torch_rolled"] == [lands]
    assert s.stage == "turn" and s.current == 1 and s.snakes


def test_each_torch_roll_costs_real_time():
    """Rulebook: Snakes - rolling the Torch die takes time while the sand runs."""
    s = timed(top=["Snake"])
    GAME.apply(s, 0, A("draw"))
    script(s, torch("torch"))
    t0 = s.tick
    GAME.apply(s, 0, A("roll_torch"))
    GAME.advance(s, GAME.roll_ticks - 1)
    assert s.stage == "snake"
    events = GAME.advance(s, 1)
    assert "torch_rolled" in kinds(events) and s.tick == t0 + GAME.roll_ticks > t0


def test_the_drawer_cannot_play_after_drawing():
    """Rulebook: Timed Phase - once you draw, you cannot play any more cards."""
    s = timed(hands={0: ["blue book"]}, top=["Snake"])
    GAME.apply(s, 0, A("draw"))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("play", s.hands[0][0]))
    assert "drawn" in exc.value.reason


# --- Power tokens --------------------------------------------------------------------------------

def hold(s, seat, *kinds_):
    for k in kinds_:
        s.stacks[k] -= 1
        s.tokens[seat].append((k, True))


def test_ignore_a_snake_discards_it_without_rolling():
    """Rulebook: Ignore a Snake - when any player draws a Snake, discard it without rolling."""
    s = timed(top=["Snake"])
    hold(s, 2, "ignore")
    GAME.apply(s, 0, A("draw"))
    assert set(GAME.to_act(s)) == {0, 2}
    events = GAME.apply(s, 2, A("ignore"))
    assert "snake_ignored" in kinds(events) and s.current == 1 and s.stage == "turn"
    assert s.tokens[2] == [("ignore", False)]
    check(s)


def test_the_drawer_may_ignore_their_own_snake():
    """Rulebook: Ignore a Snake - when any player draws a Snake."""
    s = timed(top=["Snake"])
    hold(s, 0, "ignore")
    GAME.apply(s, 0, A("draw"))
    assert A("ignore") in GAME.legal_actions(s, 0)


def test_ignore_also_cuts_a_roll_short():
    """Rulebook: Ignore a Snake - no more rolling once the token is used."""
    s = timed(top=["Snake"])
    hold(s, 1, "ignore")
    GAME.apply(s, 0, A("draw"))
    GAME.apply(s, 0, A("roll_torch"))
    GAME.apply(s, 1, A("ignore"))
    assert s.torch_land == -1 and GAME.next_event_tick(s) != s.tick + GAME.roll_ticks


def test_interrupt_plays_a_matching_card_on_another_players_turn():
    """Rulebook: Interrupt - on another player's turn, play a matching card; then the player you
    interrupted continues their turn."""
    s = timed(hands={0: ["red book"], 2: ["red Attack", "blue hat"]})
    hold(s, 2, "interrupt")
    GAME.apply(s, 0, A("play", s.hands[0][0]))
    assert GAME.to_act(s) == (0, 2)
    legal = GAME.legal_actions(s, 2)
    assert legal == [A("interrupt", card(s, 2, "red Attack"))]  # the blue hat does not match
    health = s.health
    GAME.apply(s, 2, A("interrupt", card(s, 2, "red Attack")))
    assert s.health == health - 1 and s.current == 0 and s.stage == "turn"
    assert s.tokens[2] == [("interrupt", False)] and 2 not in GAME.to_act(s)


def test_interrupt_is_not_for_your_own_turn():
    """Rulebook: Interrupt - on another player's turn."""
    s = timed(hands={0: ["red book"]})
    hold(s, 0, "interrupt")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("interrupt", s.hands[0][0]))
    assert "another player's turn" in exc.value.reason


def test_play_any_card_needs_no_match_on_your_turn():
    """Rulebook: Play Any Card - on your turn, play any card from your hand."""
    s = timed(hands={0: ["yellow Attack"]}, pile=["red shovel Attack"])
    hold(s, 0, "any")
    atk = s.hands[0][0]
    assert A("play", atk) not in GAME.legal_actions(s, 0)
    assert A("any", atk) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, A("any", atk))
    assert s.pile[-1] == atk and s.tokens[0] == [("any", False)]


def test_each_token_once_per_round_and_face_up_again_next_round():
    """Rulebook: Power Tokens - flip it face down when used; face up again before the next
    round; you keep it for the game."""
    s = timed(hands={0: ["yellow Attack", "blue Attack"]}, pile=["red shovel Attack"])
    hold(s, 0, "any")
    GAME.apply(s, 0, A("any", card(s, 0, "yellow Attack")))
    assert not any(a.kind == "any" for a in GAME.legal_actions(s, 0))
    run_to(s, s.timer.fall_end_tick + s.sand_ticks)
    assert s.phase == "prep" and s.tokens[0] == [("any", True)]


def test_several_tokens_of_a_kind_are_used_one_at_a_time():
    """Rulebook: Power Tokens - you may have several of the same token; each once per round."""
    s = timed(hands={0: ["yellow Attack", "blue Attack"]}, pile=["red shovel Attack"])
    hold(s, 0, "any", "any")
    GAME.apply(s, 0, A("any", card(s, 0, "yellow Attack")))
    assert s.tokens[0] == [("any", False), ("any", True)]
    assert A("any", card(s, 0, "blue Attack")) in GAME.legal_actions(s, 0)


def test_to_act_holds_every_seat_that_can_act():
    """Rulebook: Timed Phase / Power Tokens - in real time: the current player, a holder of
    Interrupt with a matching card, and during a Snake the drawer and every holder of Ignore a
    Snake."""
    s = timed(hands={0: ["red book"], 1: ["blue hat"], 2: ["green book"]},
              pile=["red emblem"], top=["Snake"])
    hold(s, 1, "interrupt")
    hold(s, 2, "interrupt")
    assert GAME.to_act(s) == (0,)  # neither interrupter has a matching card yet
    GAME.apply(s, 0, A("play", s.hands[0][0]))  # red book: seat 3's green book matches
    assert GAME.to_act(s) == (0, 2)
    hold(s, 1, "ignore")
    GAME.apply(s, 0, A("draw"))
    assert GAME.to_act(s) == (0, 1, 2)


def test_undo_is_refused_while_the_sand_runs():
    """Rulebook: Timed Phase - the sand is running: no taking back."""
    m = Match(GAME, setup(2, seed=3, chars=("indiana", "marion")))
    while m.state.phase == "setup":
        seat = GAME.to_act(m.state)[0]
        m.apply(seat, GAME.legal_actions(m.state, seat)[0])
    flip_now(m.state, tip_g=10.0)
    m.apply(m.state.current, A("draw"))
    ok, why = m.can_undo(m.log[-1].seat)
    assert not ok
    assert GAME.undo_allowed(m.state)[0] is False and "sand" in GAME.undo_allowed(m.state)[1]
