"""Every worked example in the rulebook, as a scenario test."""

from soa_support import (COMP, GAME, check, deck_top, empty_hand, explore, flip_now, give, kinds,
                         new_game, on_pile, put_tile, run_to, script, seat_of, set_round, threat,
                         torch, upgrade_top)

from sandsofplay.engine import A
import pytest
from sandsofplay.engine import IllegalAction


def test_example_marcus_in_the_map_room():
    """Rulebook: On Your Turn (example) - Marcus moves to the Map Room, draws two Action cards,
    chooses not to play, rolls one Threat die and adds one large gem."""
    s = new_game(2, chars=("marcus", "indiana"), leader=0)
    marcus = seat_of(s, "marcus")
    put_tile(s, 2, "map_room", "A")
    s.timer.tip_g = 49.0
    drawn = deck_top(s, "blue book", "red hat")
    hand_before = len(s.hands[marcus])
    GAME.apply(s, marcus, A("move", 2))
    assert all(c in s.hands[marcus] for c in drawn)
    assert len(s.hands[marcus]) == hand_before + 2
    # he could play a card, but chooses not to
    assert any(a.kind == "play" for a in GAME.legal_actions(s, marcus))
    GAME.apply(s, marcus, A("pass"))
    assert GAME.legal_actions(s, marcus) == [A("roll")]
    script(s, threat("large"))
    events = GAME.apply(s, marcus, A("roll"))
    rolled = [e for e in events if e.kind == "dice_rolled"][0]
    assert rolled.data["faces"] == ["large"]  # the Map Room shows one Threat die
    assert s.timer.gems == ["large"]
    assert s.current == seat_of(s, "indiana") and s.stage == "move"
    check(s)


def test_example_indiana_two_threat_dice_with_major_toht():
    """Rulebook: Activate the Villain (example) - Indiana rolls two Threat dice: he drops a large
    gem, then Major Toht moves one tile right and Marion and Sallah, on that tile, each add a
    small gem."""
    s = new_game(4, chars=("indiana", "marion", "sallah", "marcus"), leader=0)
    set_round(s, 2)
    indy, marion, sallah = seat_of(s, "indiana"), seat_of(s, "marion"), seat_of(s, "sallah")
    s.vpos = 1
    s.figures[marion] = s.figures[sallah] = 2
    put_tile(s, 3, "college", "A")  # two Threat dice
    s.timer.tip_g = 49.0
    explore(s, 3, ("large", "villain"), A("token", "ignore"), seat=indy)
    assert s.stage == "order"  # two different symbols: Indiana chooses the order
    events = GAME.apply(s, indy, A("die", "large"))
    assert s.vpos == 2
    moved = [e for e in events if e.kind == "villain_moved"][0]
    assert (moved.data["from"], moved.data["to"]) == (1, 2)
    assert s.timer.gems == ["large", "small", "small"]
    adders = [e.data["seat"] for e in events if e.kind == "gem_added"]
    assert adders == [indy, marion, sallah]
    check(s)


def test_example_sallah_buries_in_the_peril_in_the_market():
    """Rulebook: Burying Cards (example) - Sallah draws three Upgrade cards at the Peril in the
    Market; two show green, so he buries all three, in the order he chooses, at the bottom of the
    Action deck."""
    s = new_game(2, chars=("sallah", "marion"), leader=0)
    sallah = seat_of(s, "sallah")
    put_tile(s, 1, "market", "A")
    s.timer.tip_g = 49.0
    a, b, c = upgrade_top(s, "blue and green book", "red and yellow hat", "green and red hat")
    hand = list(s.hands[sallah])
    GAME.apply(s, sallah, A("move", 1))
    assert A("upgrades", 3) in GAME.legal_actions(s, sallah)
    GAME.apply(s, sallah, A("upgrades", 3))
    assert s.stage == "bury_aside" and sorted(s.aside) == sorted([a, b, c])
    GAME.apply(s, sallah, A("bury", b))
    GAME.apply(s, sallah, A("bury", a))  # the last one needs no choice
    assert s.deck[:3] == [c, a, b]  # b went first, then a under it, then c at the very bottom
    assert s.hands[sallah] == hand  # he keeps none of them
    assert s.stage == "roll"
    check(s)


def test_example_chain_of_plays():
    """Rulebook: Playing Cards (example) - Indiana plays a yellow book; Marcus plays a green and
    red book, matching the object; Marion plays a red Attack card, matching a colour."""
    s = new_game(3, chars=("indiana", "marcus", "marion"), leader=0)
    indy, marcus, marion = 0, 1, 2
    for seat in range(3):
        empty_hand(s, seat)
    yb, = give(s, indy, "yellow book")
    grb, = give(s, marcus, "green and red book")
    ra, = give(s, marion, "red Attack")
    flip_now(s, tip_g=10.0)
    assert s.phase == "timed" and s.current == indy
    health = s.health
    GAME.apply(s, indy, A("play", yb))
    # the red Attack shares nothing with a yellow book
    with pytest.raises(IllegalAction):
        GAME.apply(s, marion, A("interrupt", ra))
    GAME.apply(s, indy, A("draw"))
    GAME.apply(s, marcus, A("play", grb))  # book matches book
    GAME.apply(s, marcus, A("draw"))
    events = GAME.apply(s, marion, A("play", ra))  # red matches red
    assert s.pile[-3:] == [yb, grb, ra]
    assert s.health == health - 1 and "villain_damaged" in kinds(events)
    check(s)


def test_example_no_yellow_attack_on_the_red_shovel_attack():
    """Rulebook: Attack Cards (example) - the yellow Attack card cannot be played on the red
    shovel Attack card: the character in the centre never matches."""
    s = new_game(2, chars=("indiana", "marion"), leader=0)
    empty_hand(s, 0)
    ya, = give(s, 0, "yellow Attack")
    on_pile(s, "red shovel Attack")
    flip_now(s, tip_g=10.0)
    assert A("play", ya) not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, A("play", ya))
    assert "character" in exc.value.reason and exc.value.rule == "Attack Cards"


def test_example_indiana_attacks_then_the_sand_runs_out():
    """Rulebook: Damaging the Villain (example) - Indiana plays an Attack card, the Health cube
    moves down one, then the sand runs out: the players add two small gems before the next
    round."""
    s = new_game(2, chars=("indiana", "marion"), leader=0)
    s.health = 3
    empty_hand(s, 0)
    atk, = give(s, 0, "red Attack")
    flip_now(s, tip_g=10.0)
    GAME.apply(s, 0, A("play", atk))
    assert s.health == 2
    end = s.timer.fall_end_tick + s.sand_ticks
    events = run_to(s, end)
    assert "sand_out" in kinds(events) and s.results == ["sand"]
    assert s.phase == "prep" and s.round == 2
    assert COMP.villains[0].rows[2 - 1] == ("small", "small")
    assert s.timer.gems == ["small", "small"]  # in the top basket before round 2 starts
    check(s)


def test_example_timed_phase_turns_with_marions_snake():
    """Rulebook: Timed Phase, On Your Turn (example) - Indiana plays a yellow hat and a yellow
    Attack card and draws; Marcus plays a yellow and green shovel and draws; Marion plays a green
    Attack card, draws a Snake and rolls the Torch die until a torch shows; then Sallah's turn."""
    s = new_game(4, chars=("indiana", "marcus", "marion", "sallah"), token="any", leader=0)
    indy, marcus, marion, sallah = 0, 1, 2, 3
    for seat in range(4):
        empty_hand(s, seat)
    yh, ya = give(s, indy, "yellow hat", "yellow Attack")
    ygs, = give(s, marcus, "green and yellow shovel")  # the rulebook's "yellow and green shovel"
    ga, = give(s, marion, "green Attack")
    on_pile(s, "yellow book")
    flip_now(s, tip_g=10.0)
    health = s.health
    deck_top(s, "blue book", "blue hat", "Snake")
    GAME.apply(s, indy, A("play", yh))
    GAME.apply(s, indy, A("play", ya))
    GAME.apply(s, indy, A("draw"))
    GAME.apply(s, marcus, A("play", ygs))
    GAME.apply(s, marcus, A("draw"))
    GAME.apply(s, marion, A("play", ga))
    assert s.health == health - 2
    events = GAME.apply(s, marion, A("draw"))
    assert "snake_drawn" in kinds(events) and s.stage == "snake"
    # Sallah cannot start his turn while the Snake is out
    assert sallah not in GAME.to_act(s) and GAME.legal_actions(s, sallah) == []
    assert GAME.legal_actions(s, marion) == [A("roll_torch")]
    script(s, torch("snake", "torch"))
    GAME.apply(s, marion, A("roll_torch"))
    events = GAME.advance(s, GAME.roll_ticks)
    assert [e.data["face"] for e in events if e.kind == "torch_rolled"] == ["snake"]
    assert s.stage == "snake" and GAME.legal_actions(s, marion) == [A("roll_torch")]
    GAME.apply(s, marion, A("roll_torch"))
    events = GAME.advance(s, GAME.roll_ticks)
    assert [e.data["face"] for e in events if e.kind == "torch_rolled"] == ["torch"]
    assert s.stage == "turn" and s.current == sallah
    assert s.snakes[-1] in [c.id for c in COMP.cards if c.snake]
    check(s)
