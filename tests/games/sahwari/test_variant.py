"""Rulebook: 3-Player Variant - two camels each, no Guild (no Move the Guild step), its Theft."""

from .helpers import (BLOCKED, act, bare_board, camels_of, cell, check, give_token, legal, put,
                      put_all, set_tile, start_step, theft_targets)


def variant():
    s, _camels = bare_board(("merchant", "diplomat", "thief"), ("A1", "E5", "C1", "C5", "A3", "E3"),
                            variant="three_player_variant")
    start_step(s, 0)
    return s


def test_two_identical_camels_each_and_no_guild_camels():
    """Rulebook: 3-Player Variant - two camels each, one player with the red ones; no Guild."""
    s = variant()
    assert [len(camels_of(s, p)) for p in range(3)] == [2, 2, 2]
    assert all(o >= 0 for o in s.camel_owner)
    assert len({s.camel_colour[k] for k in camels_of(s, 1)}) == 1


def test_no_move_the_guild_step():
    """Rulebook: 3-Player Variant, Game Turn - Move, Collect, End of the Turn (and abilities)."""
    s = variant()
    a1 = camels_of(s, 0)[0]
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    act(s, "cube storage")
    assert s.step == "end" and not any(x.startswith("guild") for x in legal(s))
    act(s, "end_turn")
    assert s.cur == 1
    check(s)


def test_variant_theft_next_to_your_own_camels():
    """Rulebook: 3-Player Variant, Abilities (Theft)."""
    s = variant()
    assert theft_targets(s) == sorted([cell("B1"), cell("A2"), cell("E4"), cell("D5")])


def test_variant_attacks_start_only_from_your_own_camels():
    """Rulebook: Ability Icons (Attack) - with no Guild, an attack starts from your camel."""
    s = variant()
    give_token(s, 0, 10)
    b = camels_of(s, 1)[0]
    put(s, b, cell("B1"))
    start_step(s, 0, "end")
    act(s, "caravan 0")
    assert f"attack {b}" in legal(s)
    c = camels_of(s, 2)[0]
    assert f"attack {c}" not in legal(s)


def test_variant_blocked_camel_reenters():
    """Rulebook: 1. Move, Unable to move? in the variant - two camels, remove one."""
    s = variant()
    a1, a2 = camels_of(s, 0)
    put_all(s, camels_of(s, 0) + camels_of(s, 1) + camels_of(s, 2), BLOCKED)
    set_tile(s, cell("C1"), art=1)
    moves = [x for x in legal(s) if x.startswith(("move", "blocked"))]
    assert sorted(moves) == sorted([f"blocked {a1}", f"blocked {a2}"])
    act(s, f"blocked {a2}")
    assert s.step == "end"
    act(s, "end_turn")
    start_step(s, 0, "reenter")
    assert all(x.startswith(f"reenter {a2}") for x in legal(s))
