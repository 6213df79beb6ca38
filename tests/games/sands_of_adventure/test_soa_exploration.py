"""Rulebook: Exploration Phase - moving, doing the Adventure tile, the Threat dice, the villain."""

import pytest

from sandsofplay.engine import A, IllegalAction

from soa_support import (COMP, GAME, check, deck_top, empty_hand, explore, give, kinds, new_game,
                         put_tile, script, set_round, threat, upgrade_top)


def game(chars=("indiana", "marion", "sallah"), **kw):
    s = new_game(len(chars), chars=chars, **kw)
    s.timer.tip_g = 49.4
    return s


def finish_turn(s, seat):
    """Pass every tile choice and roll a small gem."""
    while s.stage not in ("roll",):
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, A("pass") if A("pass") in legal else legal[0])
    script(s, threat("small", "small"))
    GAME.apply(s, seat, A("roll"))


def test_exploration_starts_with_the_leader_and_goes_clockwise():
    """Rulebook: Exploration Phase - starting with the Excavation Leader, clockwise."""
    s = new_game(3, chars=("indiana", "marion", "sallah"), leader=1)
    s.timer.tip_g = 49.4
    order = []
    for _ in range(4):
        seat = GAME.to_act(s)[0]
        order.append(seat)
        GAME.apply(s, seat, A("move", 3 if s.figures[seat] != 3 else 4))
        finish_turn(s, seat)
    assert order == [1, 2, 0, 1]


def test_first_move_from_off_the_board_to_any_tile_but_the_villains():
    """Rulebook: On Your Turn, Move (note) - each round starts with figures off the tiles."""
    s = game(chars=("marion", "sallah"))
    assert s.figures == [-1, -1] and s.vpos == 0
    assert GAME.legal_actions(s, 0) == [A("move", t) for t in (1, 2, 3, 4)]


def test_you_cannot_stay_on_your_tile():
    """Rulebook: On Your Turn, Move - you cannot stay on your current tile."""
    s = game(chars=("marion", "sallah"))
    s.figures[0] = 2
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("move", 2))
    assert "stay" in exc.value.reason and exc.value.rule == "Exploration Phase: Move"
    assert A("move", 2) not in GAME.legal_actions(s, 0)


def test_only_indiana_may_move_onto_the_villains_tile():
    """Rulebook: On Your Turn, Move - not onto the villain's tile, unless you are Indiana."""
    s = game(chars=("marion", "indiana"))
    s.vpos = 3
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("move", 3))
    assert "Indiana" in exc.value.reason
    assert GAME.state_to_json(s) == before  # nothing changed
    finish = s.clone()
    GAME.apply(finish, 0, A("move", 1))
    finish_turn(finish, 0)
    assert A("move", 3) in GAME.legal_actions(finish, 1)
    GAME.apply(finish, 1, A("move", 3))
    assert finish.figures[1] == 3 == finish.vpos


def test_moves_to_any_tile_not_just_neighbours():
    """Rulebook: On Your Turn, Move - it doesn't matter whether the tile is next to yours."""
    s = game(chars=("marion", "sallah"))
    s.figures[0] = 1
    assert A("move", 4) in GAME.legal_actions(s, 0)


def test_a_may_sentence_can_be_declined():
    """Rulebook: Do the Adventure Tile - a "may" is your choice."""
    s = game()
    put_tile(s, 1, "map_room", "A")
    GAME.apply(s, 0, A("move", 1))
    assert s.stage == "step" and A("pass") in GAME.legal_actions(s, 0)
    hand = list(s.hands[0])
    GAME.apply(s, 0, A("pass"))
    assert s.hands[0] == hand and s.stage == "roll"


def test_cards_are_played_in_exploration_only_when_a_tile_says_so():
    """Rulebook: Playing Cards - in the Exploration Phase, only when a tile instructs you."""
    s = game()
    put_tile(s, 1, "college", "A")
    GAME.apply(s, 0, A("move", 1))
    GAME.apply(s, 0, A("token", "any"))
    card = s.hands[0][0]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("play", card))
    assert "Adventure tile" in exc.value.reason


def test_map_room_b_plays_up_to_two_matching_cards():
    """Rulebook: Do the Adventure Tile / Playing Cards - a tile's plays match the top like any
    other."""
    s = game()
    put_tile(s, 1, "map_room", "B")
    empty_hand(s, 0)
    give(s, 0, "red book", "red hat", "blue emblem")
    deck_top(s, "green shovel")
    GAME.apply(s, 0, A("move", 1))
    legal = GAME.legal_actions(s, 0)
    assert A("pass") in legal and len([a for a in legal if a.kind == "play"]) == 4
    red_book = [c for c in s.hands[0] if COMP.cards[c].name == "red book"][0]
    GAME.apply(s, 0, A("play", red_book))
    names = {COMP.cards[a.args[0]].name for a in GAME.legal_actions(s, 0) if a.kind == "play"}
    assert names == {"red hat"}  # only a red card or a book follows a red book
    red_hat = [c for c in s.hands[0] if COMP.cards[c].name == "red hat"][0]
    GAME.apply(s, 0, A("play", red_hat))
    assert s.stage == "roll" and s.pile[-2:] == [red_book, red_hat]


def test_snakes_drawn_in_exploration_are_discarded_not_replaced():
    """Rulebook: Snake Cards - in Exploration, discard a drawn Snake; draw nothing in its place."""
    s = game()
    put_tile(s, 1, "well", "A")  # not in play in round 1, swapped in for the test
    snake, blue = deck_top(s, "Snake", "blue hat")
    hand = len(s.hands[0])
    events = GAME.apply(s, 0, A("move", 1))
    assert snake in s.snakes and snake not in s.hands[0]
    assert len(s.hands[0]) == hand + 2  # three draws, one of them a Snake
    assert "snake_discarded" in kinds(events)
    check(s)


def test_drawing_from_an_empty_action_deck_ends_the_round():
    """Rulebook: Ending the Round - a player can't draw a card."""
    s = game()
    put_tile(s, 1, "map_room", "A")
    rest = list(s.deck)
    s.deck.clear()
    s.snakes.extend(c for c in rest if COMP.cards[c].snake)
    for c in rest:
        if not COMP.cards[c].snake:
            s.pile.append(c)
    events = GAME.apply(s, 0, A("move", 1))
    assert "deck_empty" in kinds(events) and s.results == ["deck"]
    assert s.phase == "prep" and s.round == 2


def test_upgrade_cards_are_drawn_into_the_hand():
    """Rulebook: Drawing Cards - draw the top card of the Upgrade deck."""
    s = game()
    put_tile(s, 1, "dig_site", "B")
    up, = upgrade_top(s, "blue emblem Attack")
    GAME.apply(s, 0, A("move", 1))
    assert up in s.hands[0]


def test_pick_upgrade_keeps_one_and_buries_the_other():
    """Rulebook: Drawing Cards / Burying Cards - Upgrade cards drawn; the one not kept is buried."""
    s = game()
    put_tile(s, 1, "dig_site", "A")
    a, b = upgrade_top(s, "green hat Attack", "blue and red emblem")
    GAME.apply(s, 0, A("move", 1))
    assert GAME.legal_actions(s, 0) == [A("keep", min(a, b)), A("keep", max(a, b))]
    GAME.apply(s, 0, A("keep", a))
    assert a in s.hands[0] and s.deck[0] == b and s.stage == "roll"


def test_risking_upgrades_keeps_them_when_fewer_than_two_show_the_colour():
    """Rulebook: Burying Cards (Peril in the Market) - fewer than two of the colour: keep
    them all."""
    s = game()
    put_tile(s, 1, "market", "A")
    cards = upgrade_top(s, "blue and green book", "red and yellow hat", "blue and red emblem")
    GAME.apply(s, 0, A("move", 1))
    assert GAME.legal_actions(s, 0) == [A("upgrades", k) for k in range(4)]
    GAME.apply(s, 0, A("upgrades", 3))
    assert all(c in s.hands[0] for c in cards) and s.aside == []


def test_risking_no_upgrades_is_a_choice():
    """Rulebook: Do the Adventure Tile - "may" draw: drawing none is a choice."""
    s = game()
    put_tile(s, 1, "market", "A")
    n = len(s.updeck)
    GAME.apply(s, 0, A("move", 1))
    GAME.apply(s, 0, A("upgrades", 0))
    assert len(s.updeck) == n and s.stage == "roll"


def test_taking_a_power_token():
    """Rulebook: Power Tokens - gained from tiles; keep them for the game."""
    s = game()
    put_tile(s, 1, "college", "A")
    GAME.apply(s, 0, A("move", 1))
    GAME.apply(s, 0, A("token", "interrupt"))
    assert s.tokens[0] == [("interrupt", True)] and s.stacks["interrupt"] == 1
    check(s)


def test_no_token_is_offered_when_the_stacks_are_empty():
    """Rulebook: Power Tokens - only six exist; an empty stack gives nothing."""
    s = game()
    put_tile(s, 1, "college", "A")
    for k in s.stacks:
        for _ in range(s.stacks[k]):
            s.tokens[2].append((k, True))
        s.stacks[k] = 0
    GAME.apply(s, 0, A("move", 1))
    assert s.stage == "roll"


def test_giving_a_card_is_two_small_choices():
    """Rulebook: Do the Adventure Tile - a give is a card, then a player."""
    s = game()
    put_tile(s, 1, "raven", "A")
    GAME.apply(s, 0, A("move", 1))
    card = s.hands[0][0]
    GAME.apply(s, 0, A("give", card))
    assert GAME.legal_actions(s, 0) == [A("to", 1), A("to", 2)]
    GAME.apply(s, 0, A("to", 2))
    assert card in s.hands[2] and card not in s.hands[0] and s.stage == "roll"


def test_moving_the_villain_from_a_tile():
    """Rulebook: Activate the Villain - only an activation punishes; a tile that moves him does
    not."""
    s = game()
    set_round(s, 3)
    put_tile(s, 1, "flying_wing", "A")
    s.figures[1] = 4
    GAME.apply(s, 0, A("move", 1))
    events = GAME.apply(s, 0, A("villain", "left"))
    assert s.vpos == 4  # the row wraps
    moved = [e for e in events if e.kind == "villain_moved"][0]
    assert moved.data["by"] == "tile"
    assert "villain_penalty" not in kinds(events) and s.timer.gems == []  # no penalty


def test_threat_dice_number_comes_from_the_tile():
    """Rulebook: Roll the Threat Dice - the number in the tile's corner."""
    s = game(chars=("indiana", "marion"))
    put_tile(s, 1, "college", "A")
    events = explore(s, 1, ("small", "small"))
    assert [e.data["faces"] for e in events if e.kind == "dice_rolled"] == [["small", "small"]]


def test_sallah_always_rolls_one_die():
    """Rulebook: Roll the Threat Dice - Sallah always rolls one."""
    s = game(chars=("sallah", "marion"))
    put_tile(s, 1, "college", "A")
    assert COMP.tile_by_id("college").a.dice == 2
    events = explore(s, 1, ("large",))
    assert [e.data["faces"] for e in events if e.kind == "dice_rolled"] == [["large"]]
    assert s.timer.gems == ["large"]


def test_two_of_the_same_symbol_are_done_twice():
    """Rulebook: Threat Dice - the same symbol on both dice: do it twice."""
    s = game(chars=("indiana", "marion"))
    put_tile(s, 3, "college", "A")
    explore(s, 3, ("villain", "villain"))
    assert s.vpos == 2 and s.stage == "move" and s.current == 1


def test_different_symbols_are_done_in_the_players_order():
    """Rulebook: Threat Dice - in the order of your choice."""
    s = game(chars=("indiana", "marion"))
    put_tile(s, 3, "college", "A")
    explore(s, 3, ("small", "villain"))
    assert s.stage == "order"
    assert GAME.legal_actions(s, 0) == [A("die", "small"), A("die", "villain")]
    GAME.apply(s, 0, A("die", "villain"))
    assert s.vpos == 1 and s.timer.gems == ["small"]


def test_the_villain_moves_right_and_wraps_to_the_leftmost_tile():
    """Rulebook: Activate the Villain - one tile right; from the rightmost, to the leftmost."""
    s = game(chars=("indiana", "marion"))
    s.vpos = 4
    put_tile(s, 1, "map_room", "A")
    events = explore(s, 1, ("villain",), A("pass"))
    moved = [e for e in events if e.kind == "villain_moved"][0]
    assert (moved.data["from"], moved.data["to"]) == (4, 0) and s.vpos == 0


def test_dietrich_makes_each_player_on_his_tile_bury_a_card():
    """Rulebook: Activate the Villain - each player on his tile suffers his mat's penalty
    (Colonel Dietrich's, as designed: bury a card of your choice)."""
    s = game(chars=("indiana", "marion", "sallah"))
    put_tile(s, 1, "map_room", "A")
    s.figures[1] = 1
    s.figures[2] = 3
    explore(s, 1, ("villain",), A("pass"))  # Indiana joins Marion on tile 1
    assert s.vpos == 1 and s.stage == "penalty"
    assert GAME.to_act(s) == (0,)  # clockwise from the current player: Indiana, then Marion
    card = s.hands[0][0]
    GAME.apply(s, 0, A("bury", card))
    assert s.deck[0] == card and GAME.to_act(s) == (1,)
    card = s.hands[1][-1]
    GAME.apply(s, 1, A("bury", card))
    assert s.deck[0] == card and s.stage == "move" and s.current == 1
    check(s)


def test_players_off_the_villains_tile_are_not_punished():
    """Rulebook: Activate the Villain - only players on his tile suffer the penalty."""
    set_s = game(chars=("indiana", "marion", "sallah"))
    s = set_s
    set_round(s, 2)  # Major Toht: a small gem each
    put_tile(s, 2, "map_room", "A")
    s.figures[1] = 3
    explore(s, 2, ("villain",), A("pass"))
    assert s.vpos == 1 and s.timer.gems == []


def test_belloqs_penalty_is_a_large_gem_each():
    """Rulebook: Activate the Villain - each player on his tile suffers his mat's penalty
    (Belloq's, designed)."""
    s = game(chars=("indiana", "marion", "sallah"))
    set_round(s, 3)
    put_tile(s, 2, "map_room", "A")
    s.figures[1] = s.figures[2] = 1
    explore(s, 2, ("villain",), A("pass"))
    assert s.timer.gems == ["large", "large"]


def test_power_tokens_cannot_be_used_in_exploration():
    """Rulebook: Power Tokens (note) - not during the Exploration Phase."""
    s = game(chars=("marcus", "marion"), token="any")
    card = s.hands[0][0]
    assert not any(a.kind == "any" for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("any", card))
    assert exc.value.rule == "Power Tokens" and "Exploration" in exc.value.reason


def test_attack_played_from_a_tile_damages_the_villain():
    """Rulebook: Playing Cards - an Attack card played even in Exploration damages the villain."""
    s = game()
    put_tile(s, 1, "map_room", "A")
    empty_hand(s, 0)
    atk, = give(s, 0, "blue Attack")
    GAME.apply(s, 0, A("move", 1))
    health = s.health
    GAME.apply(s, 0, A("play", atk))
    assert s.health == health - 1


def test_illegal_actions_change_nothing_and_say_why():
    """Rulebook: Exploration Phase - refusals name the rule and change nothing."""
    s = game()
    before = GAME.state_to_json(s)
    for seat, action in [(1, A("move", 2)), (0, A("draw")), (0, A("roll")), (0, A("move", 9)),
                         (0, A("bury", 3)), (0, A("replace", 1)), (0, A("dance"))]:
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, seat, action)
        assert exc.value.reason and exc.value.rule
        assert GAME.state_to_json(s) == before


def test_a_penalty_gem_that_flips_the_timer_ends_the_penalty():
    """Rulebook: The Sand Timer / Threat Dice (note) - once the timer flips, what is not yet done
    is ignored: later players on the villain's tile add no gem."""
    s = game(chars=("indiana", "marion", "sallah"))
    set_round(s, 2)
    put_tile(s, 2, "map_room", "A")
    s.figures[1] = s.figures[2] = 1
    s.timer.tip_g = 1.0  # the first gem tips it
    events = explore(s, 2, ("villain",), A("pass"))
    assert s.phase == "timed" and s.timer.gems == ["small"]
    assert [e.data["seat"] for e in events if e.kind == "villain_penalty"] == [1]
