"""Choices the rulebook gives that earlier rulings narrowed (issue 8, point 10):

* The Sand Timer: "the current player may choose to finish any actions they are taking" after the
  flip, and Threat Dice (note): the dice not yet done "can" be ignored - so finishing them is the
  current player's choice (``finish``), and any other action of theirs ignores them;
* Game Setup (note): once the game is known, players "can mix and match" the sides of the
  Adventure tiles - option ``sides = choose`` asks the group for each round-1 tile's side.
"""

import pytest

from sandsofplay.engine import A, IllegalAction, Match

from soa_support import GAME, check, kinds, rolled_before_a_flip, set_round, setup


def flip_with_dice_left(first="large", second="villain", chars=("indiana", "marion")):
    """Seat 0 moves to tile 2 and rolls ``first`` and ``second``; doing ``first`` first tips the
    timer (a low tipping point), so ``second`` is left undone."""
    s = rolled_before_a_flip(first, second, chars)
    events = GAME.apply(s, 0, A("die", first))
    assert s.phase == "timed" and s.current == 0
    return s, events


def test_the_current_player_may_finish_a_villain_die_left_at_the_flip():
    """The Sand Timer: the current player may choose to finish what they were doing - here the
    villain die left when the gem tipped the timer. Colonel Dietrich moves and a player on his new
    tile buries a card of their choice before acting again (Activate the Villain)."""
    s, _ = flip_with_dice_left()
    assert s.finish == ["villain"]
    assert A("finish") in GAME.legal_actions(s, 0)
    assert A("finish") not in GAME.legal_actions(s, 1)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, A("finish"))
    assert exc.value.rule == "The Sand Timer"
    s.figures[1] = (s.vpos + 1) % 5
    hand = list(s.hands[1])
    assert hand
    vpos = s.vpos
    events = GAME.apply(s, 0, A("finish"))
    assert "dice_finished" in kinds(events) and "villain_penalty" in kinds(events)
    assert s.vpos == (vpos + 1) % 5 and s.finish == []
    assert s.penalty == [1] and 1 in GAME.to_act(s)
    assert GAME.legal_actions(s, 1) == [A("bury", c) for c in hand]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, A("draw"))
    assert "bury" in exc.value.reason
    check(s)
    card = hand[-1]
    GAME.apply(s, 1, A("bury", card))
    assert card not in s.hands[1] and s.deck[0] == card and s.penalty == []
    assert A("finish") not in GAME.legal_actions(s, 0)
    check(s)


def test_declining_to_finish_ignores_the_dice_left():
    """Threat Dice (note): the dice not yet done "can" be ignored - any action of the current
    player's Timed Phase turn ignores them for good; another player's Interrupt does not."""
    s, _ = flip_with_dice_left()
    vpos = s.vpos
    events = GAME.apply(s, 0, A("draw"))
    assert "dice_ignored" in kinds(events)
    assert s.finish == [] and s.vpos == vpos
    assert all(a.kind != "finish" for seat in (0, 1) for a in GAME.legal_actions(s, seat))
    check(s)


def test_only_a_villain_die_can_still_be_finished():
    """The Sand Timer: a gem die left at the flip is not offered - no gem can go into a timer that
    has already flipped, so finishing it would change nothing."""
    s, _ = flip_with_dice_left("large", "small")
    assert s.finish == [] and A("finish") not in GAME.legal_actions(s, 0)


def test_a_finished_villain_die_adds_no_gem_for_a_gem_penalty():
    """Activate the Villain (Major Toht, round 2): finished after the flip, he moves, but the
    punished players add no gem - the timer has flipped already."""
    s, _ = flip_with_dice_left()
    set_round(s, 2)  # Major Toht: a small gem for each player on his tile
    s.vpos = 0
    s.figures[1] = 1
    gems = list(s.timer.gems)
    events = GAME.apply(s, 0, A("finish"))
    assert s.vpos == 1 and s.timer.gems == gems and s.penalty == []
    assert "gem_skipped" in kinds(events) and "gem_added" not in kinds(events)
    check(s)


def test_the_choice_to_finish_survives_save_and_observation():
    s, _ = flip_with_dice_left()
    back = GAME.state_from_json(GAME.state_to_json(s))
    assert back.finish == ["villain"]
    obs = GAME.observe(s, 1)
    assert list(obs["turn"]["finish"]) == ["villain"]
    from sandsofplay.engine import RNG
    world = GAME.determinize(obs, RNG(3))
    assert world.finish == ["villain"] and A("finish") in GAME.legal_actions(world, 0)


# --- Game Setup (note): mix and match the sides -------------------------------------------------------
def test_the_group_chooses_each_round_one_tiles_side():
    """Game Setup (note): after a first game, players can mix and match the Adventure tiles'
    sides. With ``sides = choose`` seat 1 answers, for the group, one ``side A|B`` per tile,
    left to right; then the usual set-up questions follow."""
    s = GAME.new_state(setup(3, seed=8, chars=("marcus", "indiana", "sallah"), sides="choose"))
    plain = GAME.new_state(setup(3, seed=8, chars=("marcus", "indiana", "sallah")))
    assert s.stage == "sides" and GAME.to_act(s) == (0,)
    assert [t for t, _ in s.row] == [t for t, _ in plain.row]  # same tiles, same order
    assert s.hands == plain.hands and s.deck == plain.deck
    picks = ["B", "A", "B", "B", "A"]
    for pos, side in enumerate(picks):
        assert s.choice == pos
        assert GAME.legal_actions(s, 0) == [A("side", "A"), A("side", "B")]
        assert GAME.legal_actions(s, 1) == []
        assert f"side {side}" in GAME.describe(s, 0, A("side", side))
        events = GAME.apply(s, 0, A("side", side))
        assert kinds(events) == ["tile_side_chosen"]
        check(s)
    assert [side for _, side in s.row] == picks
    assert s.choice == -1 and s.stage == "token"  # Marcus's token comes next
    GAME.apply(s, GAME.to_act(s)[0], A("token", "ignore"))
    GAME.apply(s, 0, A("leader", 2))
    assert s.phase == "explore" and [side for _, side in s.row] == picks


def test_the_side_choice_is_an_option_next_to_a_sides_and_a_random_mix():
    """Game Setup (note): A sides for a first game; afterwards a random mix or a chosen one."""
    spec = {o.key: o for o in GAME.options}["sides"]
    assert spec.choices == ("A", "mixed", "choose") and spec.default == "A"
    s = GAME.new_state(setup(2, seed=8, sides="A"))
    assert s.stage != "sides" and all(side == "A" for _, side in s.row)


def test_bots_and_a_match_play_a_game_with_chosen_sides():
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    m = Match(GAME, setup(2, seed=9, sides="choose"), track_hashes=False, keep_undo=False)
    d = Driver(m, {i: make_bot(GAME, "normal", i, 9 + i) for i in range(2)})
    d.run()
    assert m.is_over()
    assert sum(1 for e in m.log if e.action.kind == "side") >= 5
