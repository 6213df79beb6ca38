"""Rulebook: 1. Move (A. Direction, B. Optional stops, C. Blocked, Unable to move?, Before a
move), 3. Move the Guild, Clan Abilities (Explorer)."""

import pytest

from sandsofplay.engine import IllegalAction
from sandsofplay.games.sahwari.board import GUILD

from .helpers import (BLOCKED, BOXED_IN, DESERT, EXPLORER, OASIS, act, bare_board, cell, check,
                      legal, put, put_all, set_tile, start_step)


def two_player():
    # park everything but a1 (left off the board) out of the way
    s, camels = bare_board(where=(None, "A5", "C5", "E5", "E3", "A3"))
    start_step(s, 0)
    return s, camels


def dests(s, k):
    return sorted(int(a.split()[2]) for a in legal(s) if a.startswith(f"move {k} "))


def test_move_stops_on_the_next_free_resources_tile():
    """Rulebook: 1. Move A - one orthogonal direction, stop on the next free Resources tile."""
    s, (a1, *_r) = two_player()
    put(s, a1, cell("A1"))
    assert dests(s, a1) == [cell("B1"), cell("A2")]


def test_free_desert_tiles_are_skipped():
    """Rulebook: 1. Move A - free Desert tiles are never taken into account."""
    s, (a1, *_r) = two_player()
    put(s, a1, cell("A1"))
    set_tile(s, cell("B1"), DESERT, art=0)
    set_tile(s, cell("C1"), DESERT, art=0)
    assert cell("D1") in dests(s, a1)
    assert cell("B1") not in dests(s, a1) and cell("C1") not in dests(s, a1)


def test_guild_and_oasis_are_optional_stops():
    """Rulebook: 1. Move B - a camel may stop on or move through the Guild or an Oasis."""
    s, (a1, *_r) = two_player()
    put(s, a1, cell("C1"))
    set_tile(s, cell("C2"), OASIS, art=0)
    d = dests(s, a1)
    assert cell("C2") in d and GUILD in d and cell("C4") in d
    assert cell("C5") not in d  # C4 is a free Resources tile: the move must stop there


def test_moving_onto_guild_is_not_mandatory_nor_needed():
    """Rulebook: 1. Move A - stopping on the Guild tile is not mandatory."""
    s, (a1, *_r) = two_player()
    put(s, a1, cell("C2"))
    assert GUILD in dests(s, a1) and cell("C4") in dests(s, a1)


def test_other_colour_camels_block_resources_and_desert_tiles():
    """Rulebook: 1. Move C - tiles with camels of another colour block the way."""
    s, (a1, a2, b1, b2, g1, g2) = two_player()
    put(s, a1, cell("A1"))
    put(s, b1, cell("B1"))
    assert [d for d in dests(s, a1) if d in (cell("B1"), cell("C1"), cell("D1"))] == []
    set_tile(s, cell("A2"), DESERT, art=0)
    put(s, g1, cell("A2"))  # a Guild camel on a Desert blocks too
    assert dests(s, a1) == []


def test_camels_on_guild_or_oasis_never_block():
    """Rulebook: 1. Move C - no move is blocked by camels on the Guild or an Oasis."""
    s, (a1, a2, b1, b2, g1, g2) = two_player()
    put(s, a1, cell("C1"))
    set_tile(s, cell("C2"), OASIS, art=0)
    put(s, b1, cell("C2"))
    put(s, g1, GUILD)
    assert cell("C4") in dests(s, a1) and GUILD in dests(s, a1) and cell("C2") in dests(s, a1)


def test_same_colour_camels_are_passed():
    """Rulebook: 1. Move C - the moving camel may pass a camel of its own colour (never stop)."""
    s, (a1, a2, *_r) = two_player()
    put(s, a1, cell("A1"))
    put(s, a2, cell("B1"))
    assert cell("C1") in dests(s, a1) and cell("B1") not in dests(s, a1)


def test_illegal_move_is_refused_and_changes_nothing():
    """Rulebook: 1. Move - a move past the next free Resources tile is refused with a reason."""
    s, (a1, *_r) = two_player()
    put(s, a1, cell("A1"))
    before = s.clone()
    with pytest.raises(IllegalAction) as exc:
        act(s, f"move {a1} {cell('C1')}")
    assert "Move" in exc.value.rule
    from sandsofplay.games.sahwari.state import to_json
    assert to_json(before) == to_json(s)


def test_blocked_player_removes_a_camel_and_skips_collect():
    """Rulebook: 1. Move, Unable to move? - remove one blocked camel, skip Collect, go on to Move
    the Guild and End of the Turn."""
    s, camels = two_player()
    put_all(s, camels, BLOCKED)
    a1, a2 = camels[:2]
    moves = [x for x in legal(s) if x.startswith(("move", "blocked"))]
    assert sorted(moves) == sorted([f"blocked {a1}", f"blocked {a2}"])
    tiles_before = list(s.art)
    act(s, f"blocked {a1}")
    assert s.camel_cell[a1] == -1
    assert s.art == tiles_before and not s.pending  # no collect
    assert s.step == "guild"
    check(s)


def test_camel_beside_the_board_reenters_on_guild_or_an_oasis():
    """Rulebook: 1. Move, Before a move - a camel removed after being blocked must come back on
    the Guild tile or an Oasis of the player's choice."""
    s, (a1, a2, *_r) = two_player()
    put(s, a1, -1)
    set_tile(s, cell("B4"), OASIS, art=0)
    start_step(s, 0, "reenter")
    assert sorted(legal(s)) == sorted([f"reenter {a1} {GUILD}", f"reenter {a1} {cell('B4')}"])
    act(s, f"reenter {a1} {cell('B4')}")
    assert s.camel_cell[a1] == cell("B4") and s.step == "move"


def test_turn_starts_with_reentry_when_a_camel_is_off_board():
    """Rulebook: 1. Move, Before a move."""
    s, (a1, a2, b1, b2, g1, g2) = two_player()
    put(s, a1, cell("A1"))
    put(s, b1, -1)
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    act(s, "cube storage")
    act(s, legal(s)[0])  # move a Guild camel
    act(s, "end_turn")
    assert s.cur == 1 and s.step == "reenter"


def test_move_the_guild_like_a_camel_and_may_stop_on_free_desert():
    """Rulebook: 3. Move the Guild - a Guild camel moves as a player camel, and may stop on a free
    Desert on its path."""
    s, (a1, a2, b1, b2, g1, g2) = two_player()
    put(s, g2, cell("A3"))
    set_tile(s, cell("B3"), DESERT, art=0)
    start_step(s, 0, "guild")
    g = sorted(int(a.split()[2]) for a in legal(s) if a.startswith(f"guild {g2} "))
    assert cell("B3") in g and GUILD in g and cell("D3") in g
    act(s, f"guild {g2} {cell('B3')}")
    assert s.camel_cell[g2] == cell("B3") and s.step == "end"


def test_guild_camels_pass_each_other_but_not_player_camels():
    """Rulebook: 3. Move the Guild and 1. Move C - Guild camels share a colour."""
    s, (a1, a2, b1, b2, g1, g2) = two_player()
    put(s, g2, cell("A1"))
    put(s, g1, cell("B1"))
    put(s, a1, cell("D1"))
    start_step(s, 0, "guild")
    g = sorted(int(a.split()[2]) for a in legal(s) if a.startswith(f"guild {g2} "))
    assert cell("C1") in g and cell("D1") not in g and cell("E1") not in g


def test_explorer_moves_twice_without_backtracking_and_collects_last():
    """Rulebook: Clan Abilities (Explorer) - up to two moves, no backtracking, collect only on the
    last tile."""
    s, (a1, *_r) = bare_board(("explorer", "diplomat"), EXPLORER)
    start_step(s, 0)
    act(s, f"move {a1} {cell('C2')}")
    assert s.step == "move2" and not s.pending
    opts = legal(s)
    assert "stop" in opts
    assert f"move {a1} {cell('B2')}" not in opts  # back the way it came
    assert f"move {a1} {cell('D2')}" in opts and f"move {a1} {cell('C1')}" in opts
    art_c2 = s.art[cell("C2")]
    act(s, f"move {a1} {cell('C1')}")
    assert s.pending[-1] == ("collect", cell("C1"))
    act(s, "take artifact")
    assert s.art[cell("C2")] == art_c2


def test_non_explorer_moves_once():
    """Rulebook: 1. Move - one camel, one move (only the Explorer moves twice)."""
    s, (a1, *_r) = two_player()
    put(s, a1, cell("B2"))
    act(s, f"move {a1} {cell('C2')}")
    assert s.step == "guild" and s.pending[-1][0] == "collect"


def test_move_the_guild_is_mandatory_when_possible():
    """Rulebook: Game Turn - Move the Guild is one of the four mandatory steps."""
    s, (a1, *_r) = two_player()
    start_step(s, 0, "guild")
    assert "end_turn" not in legal(s)
    with pytest.raises(IllegalAction):
        act(s, "end_turn")


def test_move_the_guild_is_skipped_when_no_guild_camel_can_move():
    """Ruling (3. Move the Guild): with no legal Guild move the step is passed."""
    s, camels = two_player()
    put_all(s, camels, BOXED_IN)
    a1 = camels[0]
    start_step(s, 0)
    act(s, f"move {a1} {cell('E2')}")  # now both Guild camels are boxed in
    act(s, "take artifact")
    act(s, "cube storage")
    assert s.step == "end" and "end_turn" in legal(s)
