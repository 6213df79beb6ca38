"""Rulebook: Solo Mode - the player's turn, solo Theft, the Guildmaster's turn (deck, Collect by
the pick-up order and the resource loop, Block by the patrol order), its abilities, card priority,
scoring by difficulty, ties; and the worked example of Fabien's Guildmaster turn."""

import pytest

from sandsofplay.games.sahwari import guildmaster as gm
from sandsofplay.games.sahwari import scoring
from sandsofplay.games.sahwari.board import GUILD, gm_path
from sandsofplay.games.sahwari.state import CUBE, LOCKED

from .helpers import (D, DESERT, GAME, SOLO_CORNERS, act, bare_board, camels_of, cell, check,
                      give_card, guild_camels, legal, put, set_area, set_storage, set_tile,
                      start_step, theft_targets)


def solo(difficulty="merc", clan="merchant"):
    return bare_board((clan,), ("A5", "E1", "C1", "C5", "A3", "E3"), seed=3,
                      solo_difficulty=difficulty)[0]


def stack_gm(s, action, move):
    """Make the next flip show ``action`` and leave ``move`` on top of the deck."""
    rest = [c for c in s.gm_deck + s.gm_discard if c not in (action, move)]
    s.gm_discard = []
    s.gm_deck = rest + [move, action]


def stack_deck(s, cards):
    """The next cards drawn from the Recruit deck, first drawn first."""
    for c in cards:
        for lst in (s.deck, s.area, s.discard):
            if c in lst:
                lst.remove(c)
    s.deck = s.deck + list(reversed(cards))


def test_paths_cover_the_grid():
    """Rulebook: Guildmaster's Turn - every arrow runs over all 25 tiles from its starting tile."""
    for c in D.gm_cards:
        p = gm_path(c.start, c.path)
        assert sorted(p) == list(range(25))
        for a, b in zip(p, p[1:]):
            ra, ca = divmod(a, 5)
            rb, cb = divmod(b, 5)
            assert abs(ra - rb) + abs(ca - cb) == 1  # an unbroken arrow


def solo_corners():
    """A solo game with the player's camels on A1 and E5 and the Guild camels on the edges'
    middles; returns the state and the camel on A1."""
    s, (p1, *_r) = bare_board(("merchant",), SOLO_CORNERS, seed=3, solo_difficulty="merc")
    return s, p1


def test_player_turn_has_no_move_the_guild_step():
    """Rulebook: Solo Mode, Player Turn - Move, Collect, End of the turn (and abilities)."""
    s, p1 = solo_corners()
    start_step(s, 0)
    act(s, f"move {p1} {cell('B1')}")
    act(s, "take artifact")
    act(s, "cube storage")
    assert s.step == "end" and not any(a.startswith("guild") for a in legal(s))


def test_solo_theft_is_next_to_your_own_camels():
    """Rulebook: Solo Mode, Player abilities (Theft) - adjacent to any of your camels."""
    s, p1 = solo_corners()
    assert theft_targets(s) == sorted([cell("B1"), cell("A2"), cell("E4"), cell("D5")])


def fabien_setup():
    s = solo("merc", "merchant")
    p1, p2 = camels_of(s, 0)
    g0, g1, g2, g3 = guild_camels(s)
    put(s, p1, cell("A1"))
    put(s, p2, cell("D3"))
    put(s, g0, cell("A2"))  # first on the arrow, but it already blocks Fabien's camel on A1
    put(s, g1, cell("A4"))  # the next one: it moves
    put(s, g2, cell("C2"))
    put(s, g3, cell("E5"))  # the furthest along the arrow: it patrols
    set_tile(s, cell("B4"), art=0, pawn=1)  # the first Recruit pawn along the arrow
    stack_gm(s, 1, 5)  # action: Recruit pawn, Block 1, refresh; move: nw corner, by columns
    stack_deck(s, [6, 12, 31, 1])  # the four cards the refresh reveals
    return s, (p1, p2, g0, g1, g2, g3)


def test_fabien_guildmaster_collect_and_block():
    """Rulebook: Guildmaster's Turn, Examples (Fabien's Guildmaster Collect and Block) - the extra
    ability (refresh) first; the first camel on the arrow already blocks, so the next one goes to
    the first Recruit pawn on the arrow, collects it, takes a card by priority and activates it
    with its stored cube; then the furthest camel blocks the player camel numbered 1 on the
    arrow, on the first side of the priority diagram."""
    s, (p1, p2, g0, g1, g2, g3) = fabien_setup()
    start_step(s, 0, "end")
    ev = act(s, "end_turn")
    kinds = [e.kind for e in ev]
    assert kinds.index("gm_flip") < kinds.index("refresh") < kinds.index("gm_collect") \
        < kinds.index("gm_recruit") < kinds.index("gm_block")
    assert s.camel_cell[g0] == cell("A2")
    assert s.camel_cell[g1] == cell("B4") and s.pawn[cell("B4")] == 0 and s.gm_pawns == 1
    assert s.gm_cards == [[12, CUBE]]  # 3 Influence: the most
    assert s.gm_storage == 0
    assert s.camel_cell[g3] == cell("B1")  # east of A1 (north is off the board)
    assert s.gm_discard[-1] == 1 and s.gm_deck[-1] == 5
    assert s.cur == 0 and s.step == "move"
    check(s)


def test_pick_up_falls_back_through_the_resource_loop():
    """Rulebook: A. Pick-up order - no wanted resource: Artifact -> Card -> Small -> Guarded ->
    Artifact."""
    s, (p1, p2, g0, g1, g2, g3) = fabien_setup()
    set_tile(s, cell("B4"), art=1, pawn=0)
    for c in range(25):
        if c != GUILD:
            set_tile(s, c, art=0)
    set_tile(s, cell("C4"), art=0, small=2)
    set_tile(s, cell("D4"), art=0, guard=14)
    cell_, kind = gm.find_resource(s, gm_path("nw", "cols"), "pawn", g1)
    assert (cell_, kind) == (cell("C4"), "small")
    cell_, kind = gm.find_resource(s, gm_path("nw", "cols"), "guarded", g1)
    assert (cell_, kind) == (cell("D4"), "guarded")


def test_guild_camels_ignore_movement_restrictions_but_not_occupied_tiles():
    """Rulebook: Solo, Block - Guild camels are never blocked and may even stop on a Desert; they
    never share a Resources tile with another camel (ruling)."""
    s, (p1, p2, g0, g1, g2, g3) = fabien_setup()
    set_tile(s, cell("B1"), DESERT, art=0)
    start_step(s, 0, "end")
    act(s, "end_turn")
    assert s.camel_cell[g3] == cell("B1")  # a Desert, reached from E5 over everything
    s2, (_p1, _p2, _g0, g1b, *_r) = fabien_setup()
    put(s2, p2, cell("B4"))  # a camel on the first pawn tile: the Guild camel goes on
    set_tile(s2, cell("B3"), art=0, pawn=1)
    c, kind = gm.find_resource(s2, gm_path("nw", "cols"), "pawn", g1b)
    assert c == cell("B3")


def test_block_falls_back_to_the_other_camel_then_nothing():
    """Rulebook: B. Patrol order - if the targeted camel cannot be blocked, the other one is; if
    neither can, the Block is not carried out."""
    s, (p1, p2, g0, g1, g2, g3) = fabien_setup()
    set_tile(s, cell("B1"), 2, art=0)  # an Oasis east of A1: no block possible there
    act_card = D.gm_card(1)
    path = gm_path("nw", "cols")
    ev = []
    gm.gm_block(s, path, act_card, ev)
    assert ev[-1].data["target"] == p2  # A1 could not be blocked (its south is a Guild camel)
    s2, (q1, q2, *_r) = fabien_setup()
    set_tile(s2, cell("B1"), 2, art=0)
    for c in (cell("C3"), cell("E3"), cell("D2"), cell("D4")):
        set_tile(s2, c, 2, art=0)
    ev = []
    gm.gm_block(s2, path, act_card, ev)
    assert ev[-1].data["target"] is None


def test_pick_up_prefers_camels_that_do_not_block_and_patrol_takes_the_furthest():
    """Rulebook: A. Pick-up order (closest) and B. Patrol order (furthest), both preferring a
    camel that does not already block a player camel."""
    s, (p1, p2, g0, g1, g2, g3) = fabien_setup()
    path = gm_path("nw", "cols")
    assert gm.pick_up_camel(s, path) == g1
    assert gm.patrol_camel(s, path) == g3
    put(s, g3, cell("E3"))  # now next to Fabien's camel on D3: it blocks
    assert gm.patrol_camel(s, path) == g2  # E3 now blocks D3; C2 is the furthest free one


def test_deck_reshuffles_without_the_card_just_flipped():
    """Rulebook: Guild Action - an empty deck: shuffle the discards, not the card just flipped."""
    s = solo()
    s.gm_discard = list(range(1, 11))
    s.gm_deck = [11]
    ev = []
    action, move = gm.flip(s, ev)
    assert action == 11 and s.gm_discard == [11]
    assert sorted(s.gm_deck) == list(range(1, 11)) and move == s.gm_deck[-1]


def test_sandstorm_gives_the_guildmaster_another_turn():
    """Rulebook: Guildmaster Abilities (Sandstorm)."""
    s, _ = fabien_setup()
    stack_gm(s, 6, 2)  # card 6: sandstorm extra
    start_step(s, 0, "end")
    ev = act(s, "end_turn")
    assert s.gm_turns == 2
    assert [e.kind for e in ev].count("gm_flip") == 2


def test_guildmaster_small_caravan_by_difficulty():
    """Rulebook: Guildmaster Abilities (Small Caravan) - Recruit: taken unseen; Merc/Clan leader:
    revealed and applied."""
    for diff, seen in (("recruit", False), ("merc", True), ("clan_leader", True)):
        s = solo(diff)
        ev = []
        set_tile(s, cell("B2"), art=0, small=3)  # small: Artifact
        cards = len(s.gm_cards)
        gm.gm_take(s, cell("B2"), "small", ev)
        assert s.gm_tokens == [3]
        assert bool(s.revealed >> 3 & 1) == seen
        assert (s.gm_storage == 2) == seen  # the Artifact ability went to its storage
        assert len(s.gm_cards) == cards
        check(s)


def test_guildmaster_guarded_caravan_stays_hidden():
    """Rulebook: Guildmaster Abilities (Guarded Caravan)."""
    s = solo("clan_leader")
    set_tile(s, cell("B2"), art=0, guard=10)
    gm.gm_take(s, cell("B2"), "guarded", [])
    assert s.gm_tokens == [10] and not s.revealed >> 10 & 1


def test_guildmaster_artifact_placement_order():
    """Rulebook: Guildmaster Abilities (Artifact) - a card with no cube and no lock, else its
    storage, else the Guild tile, else the supply."""
    s = solo()
    s.gm_cards = [[4, LOCKED], [9, 0]]
    for lst in (s.deck, s.area):
        for c in (4, 9):
            if c in lst:
                lst.remove(c)
    s.supply_strat -= 1
    gm.gm_place_cube(s, [])
    s.supply_art -= 1
    assert s.gm_cards == [[4, LOCKED], [9, CUBE]]
    s.supply_art -= 1
    gm.gm_place_cube(s, [])
    assert s.gm_storage == 2
    s.gm_storage = len(D.gm_storage)
    s.supply_art -= len(D.gm_storage) - 2
    s.supply_art -= 1
    gm.gm_place_cube(s, [])
    assert s.art[GUILD] == 1
    check(s)


def test_guildmaster_card_choice_priority():
    """Rulebook: Priority - most Influence, then a clan ability, then a Recruitment icon."""
    s = solo()
    s.gm_storage = 0
    s.supply_art += 1
    set_area(s, [1, 31, 6, 2])  # Influence 2, clan 0, recruit 1, 1
    gm.gm_recruit(s, [])
    assert s.gm_cards[-1] == [1, 0]  # no cube in storage: inactive
    set_area(s, [2, 31, 6, 3])  # all 1 Influence except the clan card (0): 2, 6 and 3 tie on 1
    gm.gm_recruit(s, [])
    assert s.gm_cards[-1][0] == 6  # 1 Influence and a Recruitment icon
    set_area(s, [31, 32])
    gm.gm_recruit(s, [])
    assert s.gm_cards[-1][0] == 31  # equal: the first in the area


def test_guildmaster_attack_takes_a_stored_cube_or_locks_the_worst_space():
    """Rulebook: Guildmaster Abilities (Attack) - a stored cube; storage empty: the space whose
    loss costs the player most Influence, locked with a Strategy token."""
    s = solo("merc", "merchant")
    set_storage(s, 0, 1)
    gm.gm_attack(s, [])
    assert s.storage[0] == 0 and s.art[GUILD] == 1
    give_card(s, 0, 4, "right", cube=True)  # Merchant blue influence:1 | blue spy: 1 Influence
    give_card(s, 0, 10, "left", cube=True)  # Merchant gold artifact | gold influence:2: 2 Influence
    before = scoring.score(s, 0)
    gm.gm_attack(s, [])
    assert s.spaces[0][10] == LOCKED and s.spaces[0][4] == CUBE
    assert scoring.score(s, 0) == before - 2 - 1  # two Influence and the Merchant's cube pair
    check(s)


@pytest.mark.parametrize("diff,expected", [("recruit", 2 + 1 + 1 + 1 + 1), ("merc", 2 + 1 + 1 + 1 + 3 + 1),
                                           ("clan_leader", 2 + 1 + 1 + 3 + 3 + 1)])
def test_guildmaster_scoring_by_difficulty(diff, expected):
    """Rulebook: End of the Game (Solo) - base: 2 per activated card, 1 per guarded token, storage;
    extras by difficulty."""
    s = solo(diff)
    s.gm_cards = [[1, CUBE], [2, 0]]
    for c in (1, 2):
        for lst in (s.deck, s.area):
            if c in lst:
                lst.remove(c)
    s.supply_art -= 1
    s.gm_tokens = [10, 2, 6]  # guarded; small +1 with Spying; small with two Spying icons
    for t in (10, 2, 6):
        for lst in (s.small, s.guard):
            for c in range(25):
                if lst[c] == t:
                    lst[c] = 0
        if t in s.removed:
            s.removed.remove(t)
    s.gm_pawns = 3
    s.pawns_out -= 3
    b = scoring.gm_breakdown(s)
    assert b["cards"] == 2 and b["guarded"] == 1 and b["storage"] == D.gm_storage_value(1)
    assert b["total"] == expected
    check(s)


def test_guildmaster_wins_ties():
    """Rulebook: End of the Game (Solo) - in a tie the Guildmaster wins."""
    s = solo()
    target = scoring.gm_score(s)
    set_storage(s, 0, 1)
    diff = target - scoring.score(s, 0)
    from .helpers import set_track
    assert 0 <= diff <= 3
    set_track(s, 0, diff)
    assert scoring.score(s, 0) == target
    ev = []
    scoring.finish(s, ev)
    assert s.result["winners"] == [] and GAME.outcome(s).winners == ()


def test_solo_game_ends_after_the_guildmasters_turn():
    """Rulebook: End of the Game (Solo) - same trigger; the game ends with equal turns."""
    s, _ = fabien_setup()
    for c in range(25):
        if c != GUILD and c not in (cell("B4"), cell("C4"), cell("D4"), cell("B2"), cell("D2"), cell("E4")):
            set_tile(s, c, DESERT, art=0)
    start_step(s, 0, "end")
    act(s, "end_turn")
    assert s.over and s.gm_turns >= 1


def test_guildmaster_card_extra_attack_runs_in_its_turn():
    """Rulebook: Guildmaster's Turn, Extra abilities - an Attack extra hits the player's storage."""
    s, _ = fabien_setup()
    stack_gm(s, 4, 2)  # card 4: guarded wanted, Attack extra
    set_storage(s, 0, 2)
    start_step(s, 0, "end")
    ev = act(s, "end_turn")
    assert s.storage[0] == 1 and any(e.kind == "gm_attack" for e in ev)


def test_guildmaster_small_caravan_sandstorm_gives_another_turn_in_merc():
    """Rulebook: Guildmaster Abilities (Small Caravan, Sandstorm)."""
    s = solo("merc")
    set_tile(s, cell("B2"), art=0, small=7)  # small: Sandstorm
    assert gm.gm_take(s, cell("B2"), "small", []) is True
    s2 = solo("recruit")
    set_tile(s2, cell("B2"), art=0, small=7)
    assert gm.gm_take(s2, cell("B2"), "small", []) is False
