"""Rulebook: Setup (A. Play Area, B. Clan dashboards and camels), Solo Setup, 3-Player Variant
Setup."""

import pytest

from sandsofplay.engine import IllegalAction
from sandsofplay.games.sahwari.board import CORNER_CELLS, GUILD, GUILD_SIDE, RES

from .helpers import D, GAME, act, check, game, legal, new, play_setup


@pytest.mark.parametrize("n,side", [(1, "12"), (2, "12"), (3, "34"), (4, "34")])
def test_guild_tile_side_by_player_count(n, side):
    """Rulebook: Setup A.1 - the Guild tile's 1/2 side for 1-2 players, 3/4 side for 3-4."""
    s = new(n)
    assert s.guild_side == side
    assert s.side[GUILD] == GUILD_SIDE


def test_grid_is_24_shuffled_tiles_around_the_guild_resources_side_up():
    """Rulebook: Setup A.2 - a 5x5 square, Guild in the centre, the other tiles shuffled."""
    a, b = new(2, seed=1), new(2, seed=2)
    for s in (a, b):
        assert sorted(t for c, t in enumerate(s.tiles) if c != GUILD) == list(range(1, 25))
        assert all(s.side[c] == RES for c in range(25) if c != GUILD)
    assert a.tiles != b.tiles


def test_recruitment_area_has_four_cards_from_a_shuffled_deck():
    """Rulebook: Setup A.3 - 36 cards shuffled, the top four revealed."""
    s = new(2)
    assert len(s.area) == 4 and len(s.deck) == 32
    assert sorted(s.area + s.deck) == list(range(1, 37))


def test_caravans_on_their_shapes_and_two_removed_unseen():
    """Rulebook: Setup A.4 - small and guarded tokens shuffled apart onto matching shapes; the two
    left over are removed without being revealed."""
    s = new(2)
    for c in range(25):
        if c == GUILD:
            continue
        t = D.tiles[s.tiles[c] - 1]
        assert bool(s.small[c]) == bool(t.small)
        assert bool(s.guard[c]) == bool(t.guarded)
        if s.small[c]:
            assert D.caravan(s.small[c]).kind == "small"
        if s.guard[c]:
            assert D.caravan(s.guard[c]).kind == "guarded"
    assert len(s.removed) == 2
    assert sorted(D.caravan(t).kind for t in s.removed) == ["guarded", "small"]
    assert s.revealed == 0 and all(k == 0 for k in s.known)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_corner_cubes_and_four_player_one_tiles(n):
    """Rulebook: Setup A.5 (an extra cube on each corner) and B.10 (4 players: one more on each
    "1" tile)."""
    s = new(n)
    for c in range(25):
        if c == GUILD:
            continue
        t = D.tiles[s.tiles[c] - 1]
        expected = t.artifacts + (c in CORNER_CELLS) + (n == 4 and t.one)
        assert s.art[c] == expected


def test_supply_holds_remaining_cubes_and_all_strategy_tokens():
    """Rulebook: Setup A.6."""
    s = new(3)
    assert s.supply_art == 30 - sum(s.art)
    assert s.supply_strat == 11
    play_setup(s, ("merchant", "spy", "thief"))
    assert s.supply_art == 30 - sum(s.art) - 3
    check(s)


def test_clans_are_chosen_from_the_last_player_to_the_first():
    """Rulebook: Setup B.7 - starting with the last player, going towards the first; each clan
    once."""
    s = new(3)
    assert s.cur == 2 and legal(s)[0].startswith("clan")
    act(s, "clan thief")
    act(s, "colour green")
    assert s.cur == 1
    assert "clan thief" not in legal(s)
    with pytest.raises(IllegalAction):
        act(s, "clan thief")
    act(s, "clan spy")
    act(s, "colour orange")
    assert s.cur == 0
    assert "colour green" not in legal(s) and "colour orange" not in legal(s)


def test_first_storage_cube_on_choosing_a_clan():
    """Rulebook: Setup B.8 - a cube from the supply on the leftmost storage space."""
    s = new(2)
    before = s.supply_art
    act(s, "clan merchant")
    assert s.storage[1] == 1 and s.supply_art == before - 1


@pytest.mark.parametrize("n,colours", [(2, ["green", "yellow"]), (3, ["green", "orange", "purple", "yellow"]),
                                       (1, ["green", "yellow"])])
def test_colours_offered_by_player_count(n, colours):
    """Rulebook: Components and Setup B.9 - 1 purple, 1 orange, 2 yellow, 2 green camels: two-camel
    seats take yellow or green."""
    s = new(n)
    act(s, "clan spy")
    assert sorted(a.split()[1] for a in legal(s)) == colours


def test_two_player_camel_placement():
    """Rulebook: Setup B.10, 2 players - each a Guild camel on a different free "1" tile, then
    alternately both camels on free tiles."""
    s = new(2)
    for p in (1, 0):
        act(s, legal(s)[0])
        act(s, legal(s)[0])
    order = [tuple(q) for q in s.queue]
    assert order == [(0, "guild"), (1, "guild"), (0, "own"), (1, "own"), (0, "own"), (1, "own")]
    ones = [c for c in range(25) if c != GUILD and D.tiles[s.tiles[c] - 1].one]
    assert sorted(int(a.split()[1]) for a in legal(s)) == sorted(ones)
    first = legal(s)[0]
    act(s, first)
    assert first not in legal(s)  # a different "1" tile
    play_setup(s)
    assert s.phase == "turn"
    assert sum(1 for k in range(6) if s.camel_cell[k] >= 0) == 6
    assert sum(1 for k in range(6) if s.camel_owner[k] < 0) == 2
    check(s)


def test_three_player_camel_placement():
    """Rulebook: Setup B.10, 3 players - three Guild camels, one camel each."""
    s = game(3, ("merchant", "spy", "thief"))
    assert sum(1 for k in range(6) if s.camel_owner[k] < 0) == 3
    assert [sum(1 for k in range(6) if s.camel_owner[k] == p) for p in range(3)] == [1, 1, 1]
    assert all(c >= 0 for c in s.camel_cell)


def test_four_player_camel_placement_last_player_places_two_guild_camels():
    """Rulebook: Setup B.10, 4 players - the last player places two Guild camels on "1" tiles, then
    each player in turn order places a camel."""
    s = new(4)
    for _ in range(8):
        act(s, legal(s)[0])
    assert [tuple(q) for q in s.queue] == [(3, "guild"), (3, "guild"), (0, "own"), (1, "own"),
                                           (2, "own"), (3, "own")]
    play_setup(s)
    assert all(c >= 0 for c in s.camel_cell)
    assert sum(1 for k in range(6) if s.camel_owner[k] < 0) == 2


def test_free_tile_for_placement_includes_the_guild():
    """Rulebook: Setup - a tile is free with no camel on it, or if it is the Guild or an Oasis."""
    s = new(2)
    for _ in range(6):
        act(s, legal(s)[0])
    assert f"place {GUILD}" in legal(s)
    act(s, f"place {GUILD}")
    assert f"place {GUILD}" in legal(s)  # the Guild holds several camels
    taken = next(c for c in s.camel_cell if c >= 0 and c != GUILD)
    assert f"place {taken}" not in legal(s)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_six_camels_always_in_play(n):
    """Rulebook: Setup - whatever the player count, six camels are in the play area."""
    s = game(n)
    assert sum(1 for c in s.camel_cell if c >= 0) == 6


def test_solo_setup():
    """Rulebook: Solo Mode, Setup 10-12 - four Guild camels on the four "1" tiles, the player's two
    camels on free tiles, a cube on the Guildmaster's 0 space, its deck shuffled Move side up."""
    s = new(1)
    ones = sorted(c for c in range(25) if c != GUILD and D.tiles[s.tiles[c] - 1].one)
    assert sorted(s.camel_cell[k] for k in range(4)) == ones
    assert all(s.camel_owner[k] < 0 for k in range(4))
    assert s.gm_storage == 1
    assert sorted(s.gm_deck) == list(range(1, 12))
    play_setup(s, ("explorer",))
    assert s.phase == "turn" and s.cur == 0
    assert all(c >= 0 for c in s.camel_cell)
    check(s)


def test_variant_setup_two_camels_each_no_guild():
    """Rulebook: 3-Player Variant, Setup 10 - two camels each (one player takes the two red ones),
    placed one at a time in turn order; no Guild camels."""
    s = new(3, variant="three_player_variant")
    assert all(o >= 0 for o in s.camel_owner)
    act(s, "clan spy")
    assert sorted(a.split()[1] for a in legal(s)) == ["green", "red", "yellow"]
    for _ in range(5):
        act(s, legal(s)[0])
    assert [tuple(q) for q in s.queue] == [(0, "own"), (1, "own"), (2, "own")] * 2
    play_setup(s)
    assert [sum(1 for k in range(6) if s.camel_owner[k] == p) for p in range(3)] == [2, 2, 2]


def test_variant_needs_three_players():
    """Rulebook: 3-Player Variant."""
    with pytest.raises(ValueError):
        new(2, variant="three_player_variant")


def test_game_starts_with_the_first_player():
    """Rulebook: Setup - the game plays clockwise from the first player."""
    s = game(4, ("merchant", "spy", "thief", "dealer"))
    assert s.cur == 0 and s.step == "move"
    assert GAME.to_act(s) == (0,)
