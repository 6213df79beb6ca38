"""The game says why a camel may not end its move on a tile (Rulebook: 1. Move; 3. Move the
Guild): ``board.why_not_move``, the sentence the table shows when a dragged camel snaps back
(the table no longer walks the grid itself; issue 27)."""

import random

from sandsofplay.engine import Setup
from sandsofplay.games.sahwari import GAME, board


def grid(camels):
    """A two-player state on an all-Resources grid (the Guild tile in the middle), with
    ``camels``: camel -> (cell, colour)."""
    s = GAME.new_state(Setup.make("sahwari", ["human"] * 2, seed=1))
    s.side = [board.RES] * 25
    s.side[board.GUILD] = board.GUILD_SIDE
    s.camel_cell = [-1] * 6
    for k, (cell, colour) in camels.items():
        s.camel_cell[k] = cell
        s.camel_colour[k] = colour
    return s


def test_a_camel_moves_in_one_straight_line():
    """Rulebook: 1. Move - north, east, south or west."""
    s = grid({2: (0, "green")})
    assert "one straight line" in board.why_not_move(s, 2, 6)
    assert board.why_not_move(s, 2, 0) == ""  # staying put needs no reason


def test_a_camel_stops_on_the_first_free_resources_tile():
    """Rulebook: 1. Move - the next free Resources tile is a mandatory stop."""
    s = grid({2: (0, "green")})
    assert board.why_not_move(s, 2, 1) == ""
    assert "first free Resources tile in its path (B1)" in board.why_not_move(s, 2, 2)


def test_only_guild_camels_stop_on_a_desert():
    """Rulebook: 1. Move and 3. Move the Guild - a free Desert is passed, except by the Guild."""
    s = grid({2: (0, "green")})
    s.side[1] = board.DESERT
    assert "Desert" in board.why_not_move(s, 2, 1)
    assert board.why_not_move(s, 2, 1, guild_move=True) == ""


def test_camels_of_another_colour_block_and_tiles_hold_one_camel():
    """Rulebook: 1. Move - other colours block (not on the Guild or an Oasis); only the Guild
    tile and Oases hold more than one camel."""
    s = grid({2: (0, "green"), 4: (1, "blue"), 3: (5, "green")})
    assert "another colour stands in the way" in board.why_not_move(s, 2, 2)
    assert "another colour stands in the way" in board.why_not_move(s, 2, 1)
    assert "more than one camel" in board.why_not_move(s, 2, 5)
    s.camel_cell[2] = -1
    assert "comes back only onto the Guild tile or an Oasis" in board.why_not_move(s, 2, 3)


def test_no_reason_is_given_against_a_legal_move():
    """Every tile the rules let a camel reach gets no refusal, in random games."""
    for seed in range(6):
        s = GAME.new_state(Setup.make("sahwari", ["human"] * (1 + seed % 4), seed=seed))
        rng = random.Random(seed)
        for _ in range(120):
            if GAME.outcome(s) is not None or not GAME.to_act(s):
                break
            for k in range(6):
                for guild in (False, True):
                    for cell in board.targets(s, k, guild):
                        assert board.why_not_move(s, k, cell, guild) == "", (seed, k, cell)
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
