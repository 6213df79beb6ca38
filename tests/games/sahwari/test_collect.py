"""Rulebook: 2. Collect (A. Finding an Artifact, B. Recruiting, C. Rallying a Caravan)."""

import pytest

from sandsofplay.engine import IllegalAction
from sandsofplay.games.sahwari.board import GUILD
from sandsofplay.games.sahwari.state import CUBE, EMPTY, NO_SPACE

from .helpers import (standard_board, D, act, cell, check, give_card,
                      legal, put, set_area, set_storage, set_tile, set_track)


def ready(clans=("merchant", "diplomat")):
    s, camels = standard_board(clans)
    return s, camels[0]


def test_collect_exactly_one_resource_of_the_tile():
    """Rulebook: 2. Collect - take one (and only one) available resource from the tile."""
    s, a1 = ready()
    set_tile(s, cell("B1"), art=2, pawn=1, guard=14)
    act(s, f"move {a1} {cell('B1')}")
    assert sorted(legal(s)) == ["take artifact", "take guarded", "take pawn"]
    with pytest.raises(IllegalAction):
        act(s, "end_turn")
    act(s, "take artifact")
    assert s.art[cell("B1")] == 1 and s.pawn[cell("B1")] == 1 and s.guard[cell("B1")] == 14
    act(s, "cube storage")
    assert s.step == "guild" and not s.pending


def test_artifact_goes_to_the_leftmost_empty_storage_space():
    """Rulebook: 2. Collect A - place the cube on the leftmost empty space of the storage."""
    s, a1 = ready()
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    assert "cube storage" in legal(s)
    act(s, "cube storage")
    assert s.storage[0] == 2
    check(s)


def test_artifact_on_an_empty_space_triggers_both_adjacent_abilities():
    """Rulebook: 2. Collect A - or on an empty Artifact space, triggering the abilities beside it."""
    s, a1 = ready()
    assert give_card(s, 0, 4, "right")  # blue spy | blue influence:1 joins the Merchant's blue edge
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    assert "cube 4" in legal(s)
    act(s, "cube 4")
    assert s.spaces[0][4] == CUBE
    assert s.pending[-1] == ("spy",)  # Spying (card) + Influence 1 (dashboard, passive)


def test_no_room_for_a_cube_discards_it():
    """Rulebook: 2. Collect A - with no storage space and no Artifact space, the cube is lost."""
    s, a1 = ready()
    set_storage(s, 0, D.clans["merchant"].capacity)
    supply = s.supply_art
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    assert not s.pending and s.supply_art == supply + 1
    check(s)


def test_storage_last_circle_space_is_never_empty():
    """Rulebook: Example 1 - the circle space is never an empty space: capacity is the squares."""
    s, a1 = ready(("diplomat", "merchant"))
    set_storage(s, 0, 4)
    supply = s.supply_art
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    assert s.pending == [] and s.storage[0] == 4 and s.supply_art == supply + 1


def test_recruit_pawn_goes_to_the_track_then_a_card_at_either_edge():
    """Rulebook: 2. Collect B.1-2 - pawn on the leftmost track space, one of the four cards placed
    at either edge of the clan."""
    s, a1 = ready()
    set_tile(s, cell("B1"), art=0, pawn=1)
    set_area(s, [4, 1, 10, 20])
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take pawn")
    assert s.track[0] == 1
    assert sorted(legal(s)) == ["card 1", "card 10", "card 20", "card 4"]
    act(s, "card 4")
    assert legal(s) == ["edge left", "edge right"]
    act(s, "edge right")
    assert s.right[0] == [4] and s.spaces[0][4] == EMPTY
    assert 4 not in s.area
    act(s, legal(s)[0])  # move a Guild camel
    act(s, "end_turn")
    assert len(s.area) == 4  # refilled at the end of the turn
    check(s)


def test_colour_connections_make_artifact_spaces_and_mismatches_do_not():
    """Rulebook: 2. Collect B.2 - same-colour connections create Artifact spaces."""
    s, _a1 = ready()
    assert not give_card(s, 0, 1, "right")  # green card against the Merchant's blue edge
    assert s.spaces[0][1] == NO_SPACE
    assert give_card(s, 0, 13, "right")  # its green left edge meets card 1's green right edge
    assert s.spaces[0][13] == EMPTY
    assert give_card(s, 0, 10, "left")  # gold | gold against the Merchant's gold left edge


def test_stored_cubes_move_onto_new_spaces_and_trigger_them():
    """Rulebook: 2. Collect B.3 and 4. Activate Abilities (Artifact space) - move a stored cube
    to an empty Artifact space and trigger its abilities."""
    s, a1 = ready()
    set_storage(s, 0, 2)
    give_card(s, 0, 4, "right")
    assert "space 4" in legal(s)
    act(s, "space 4")
    assert s.storage[0] == 1 and s.spaces[0][4] == CUBE
    assert s.pending[-1] == ("spy",)
    act(s, "skip")
    assert "space 4" not in legal(s)  # once per game and per space
    check(s)


def test_full_recruit_track_sends_the_pawn_to_the_guild():
    """Ruling (docs/rulings/sahwari.md, Recruit track full): the card is still taken."""
    s, a1 = ready()
    set_track(s, 0, len(D.clans["merchant"].track))
    set_tile(s, cell("B1"), art=0, pawn=1)
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take pawn")
    assert s.pawn[GUILD] == 1 and s.pending[-1] == ("card",)


def test_caravan_used_at_once_is_revealed_and_resolved():
    """Rulebook: 2. Collect C - use the ability now: the token stays ability side up."""
    s, a1 = ready()
    set_tile(s, cell("B1"), art=0, small=3)  # small caravan 3: Artifact
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take small")
    assert legal(s) == ["use", "keep"]
    supply = s.supply_art
    act(s, "use")
    assert s.held[0] == [3] and s.used >> 3 & 1 and s.revealed >> 3 & 1
    assert s.supply_art == supply - 1 and s.pending[-1] == ("cube",)
    act(s, "cube storage")
    assert "caravan 0" not in legal(s)  # used once per game


def test_caravan_kept_camel_side_up_is_used_later():
    """Rulebook: 2. Collect C and 4. Activate Abilities A - keep it hidden, use it in a later turn."""
    s, a1 = ready()
    set_tile(s, cell("B1"), art=0, small=3)
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take small")
    act(s, "keep")
    assert s.held[0] == [3] and not s.used >> 3 & 1 and not s.revealed >> 3 & 1
    assert s.known[0] >> 3 & 1 and not s.known[1] >> 3 & 1
    assert "caravan 0" in legal(s)
    act(s, "caravan 0")
    assert s.used >> 3 & 1 and s.pending[-1] == ("cube",)


def test_guild_tile_resources_can_be_collected():
    """Ruling (Guild tile): cubes and pawns on the Guild's spaces are resources of that tile."""
    s, a1 = ready()
    put(s, a1, cell("C1"))
    set_tile(s, cell("C2"), 2, art=0)  # an Oasis on the way
    s.art[GUILD] = 1
    s.supply_art -= 1
    act(s, f"move {a1} {GUILD}")
    assert legal(s) == ["take artifact"]


def test_stopping_on_an_empty_oasis_collects_nothing():
    """Ruling (Oasis): nothing to take, the turn goes on."""
    s, a1 = ready()
    set_tile(s, cell("B1"), 2, art=0)
    act(s, f"move {a1} {cell('B1')}")
    assert not s.pending and s.step == "guild"
